/**
 * No view drops a field it does not know: for every view, at every
 * level of its sandbox payload (`data` itself, each record of each list, each nested
 * object or map), an unknown scalar, an unknown object and unknown lists are put in, one
 * at a time. The view must still draw (an unknown field never takes it down), and each
 * key and value must be in its terminal table at 80 and 160 columns: the view's own
 * blocks, then the generic rendering of what it left over.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { renderTable, renderView, type TableOptions } from '../../src/output/table.js';
import { VIEW_IDS } from '../../src/output/views/index.js';
import { isPlainObject } from '../../src/output/flatten.js';
import { Reader } from '../../src/output/views/read.js';
import { Shown, unshown } from '../../src/output/views/shown.js';
import { fetchViewCases, findCase, type ViewCase } from './sandbox-envelopes.js';

type Rec = Record<string, unknown>;

let cases: ViewCase[] = [];
beforeAll(async () => {
  cases = await fetchViewCases();
});

/** Where an object sits: the keys and indexes from `data` to it. */
type Path = ReadonlyArray<string | number>;

/**
 * Each object in `data` whose place (list indexes left out) is new: the first record of a
 * list stands for the others, but every key of a map (`engines.chatgpt`) is a place.
 */
function places(data: unknown): Path[] {
  const seen = new Set<string>();
  const out: Path[] = [];
  const walk = (v: unknown, path: Path, pattern: string): void => {
    if (Array.isArray(v)) {
      v.forEach((item, i) => walk(item, [...path, i], `${pattern}[]`));
      return;
    }
    if (!isPlainObject(v)) return;
    if (!seen.has(pattern)) {
      seen.add(pattern);
      out.push(path);
    }
    for (const k of Object.keys(v)) walk(v[k], [...path, k], `${pattern}.${JSON.stringify(k)}`);
  };
  walk(data, [], 'data');
  return out;
}

function at(data: unknown, path: Path): Rec {
  let v = data;
  for (const step of path) v = (v as Record<string | number, unknown>)[step];
  return v as Rec;
}

/** The unknown fields, one at a time, and the texts each must put on screen. */
const UNKNOWN: ReadonlyArray<{ field: Rec; texts: string[] }> = [
  { field: { zq_scalar: 'zq-value-1' }, texts: ['zq_scalar', 'zq-value-1'] },
  { field: { zq_owner: { zq_name: 'zq-name', zq_team: 'zq-team' } }, texts: ['zq_owner', 'zq_name', 'zq-name', 'zq_team', 'zq-team'] },
  { field: { zq_tags: ['zq-tag-1', 'zq-tag-2'] }, texts: ['zq_tags', 'zq-tag-1', 'zq-tag-2'] },
  { field: { zq_items: [{ zq_kind: 'zq-kind' }] }, texts: ['zq_items', 'zq_kind', 'zq-kind'] },
];

/**
 * The texts of `texts` the table at `width` does not show. A value must be there whole.
 * A key may be part of a dotted name (`engines.chatgpt.zq_owner.zq_name`) that the
 * generic layout shortened with `…` to fit the terminal (as docs/guide.md says, `--wide`
 * keeps it whole): it counts as shown when the `--wide` table has that name whole and
 * this one has it cut at a `…`.
 */
function notShown(out: string, wideOut: () => string, texts: readonly string[]): string[] {
  return texts.filter((text) => {
    if (out.includes(text)) return false;
    if (text.startsWith('zq-')) return true;
    const names = wideOut().match(new RegExp(`[\\w.]*${text}[\\w.]*`, 'g')) ?? [];
    const cut = out.match(/[\w.]+…/g) ?? [];
    return !names.some((name) => cut.some((c) => c.length > 2 && name.startsWith(c.slice(0, -1))));
  });
}

function missing(c: ViewCase, width: number): string[] {
  const failures: string[] = [];
  for (const path of places(c.envelope.data)) {
    for (const { field, texts } of UNKNOWN) {
      const env = structuredClone(c.envelope) as Rec;
      Object.assign(at(env.data, path), structuredClone(field));
      const opts: TableOptions = { spec: c.spec, width, color: false, tty: true, wide: false };
      const where = `${['data', ...path].join('.')}: ${Object.keys(field)[0]}`;
      // The view keeps drawing what it knows (strict: a bug throws instead of falling back).
      const viewed = renderView(env, opts, true);
      if (viewed === null) failures.push(`${where}: the view fell back`);
      const out = viewed ?? renderTable(env, opts);
      for (const text of notShown(out, () => renderTable(env, { ...opts, wide: true }), texts)) failures.push(`${where}: ${text}`);
    }
  }
  return failures;
}

describe('an unknown field at any level of any view is shown', () => {
  it('covers every view', () => {
    expect(cases.map((c) => c.id)).toEqual([...VIEW_IDS]);
  });

  describe.each(VIEW_IDS.map((id) => [id]))('%s', (id) => {
    it.each([80, 160])('at %i columns', (width) => {
      const c = findCase(cases, id);
      expect(places(c.envelope.data).length).toBeGreaterThan(0);
      expect(missing(c, width)).toEqual([]);
    });
  });
});

describe('what a view leaves over', () => {
  /** `data` read the way a view reads a topic list and its threads: each title shown. */
  function readForum(data: Rec): Shown {
    const shown = new Shown();
    const read = new Reader(shown);
    for (const t of read.records(data, 'topics', 'topic')) {
      read.text(t, 'topic');
      for (const th of read.records(t, 'threads', 'title')) read.text(th, 'title');
    }
    return shown;
  }

  it('records left over inside a row are a table of their own under the dotted path, each led by its row’s label', () => {
    const data = {
      topics: [
        { topic: 'Pricing', threads: [{ title: 'Cheap CRM?', votes: 3 }, { title: 'Seen it all' }] },
        { topic: 'Setup', threads: [{ title: 'Day one', votes: 5, links: [{ href: 'https://a.example/' }] }], mood: 'calm' },
      ],
    };
    expect(unshown(data, readForum(data))).toEqual({
      topics: [{ topic: 'Setup', mood: 'calm' }],
      'topics.threads': [
        { topic: 'Pricing', title: 'Cheap CRM?', votes: 3 },
        { topic: 'Setup', title: 'Day one', votes: 5 },
      ],
      'topics.threads.links': [{ title: 'Day one', href: 'https://a.example/' }],
    });
  });

  it('the tables come after the rest, shallower paths first; nothing left but them: only them; nothing at all: undefined', () => {
    const nested = { topics: [{ topic: 'Setup', threads: [{ title: 'Day one', links: [{ href: 'h' }] }], mood: 'calm' }] };
    expect(Object.keys(unshown(nested, readForum(nested)) as Rec)).toEqual(['topics', 'topics.threads.links']);
    const deeper = { topics: [{ topic: 'Setup', threads: [{ title: 'Day one', votes: 2, links: [{ href: 'h' }] }] }] };
    expect(Object.keys(unshown(deeper, readForum(deeper)) as Rec)).toEqual(['topics.threads', 'topics.threads.links']);
    const onlyLists = { topics: [{ topic: 'P', threads: [{ title: 'T', votes: 1 }] }] };
    expect(unshown(onlyLists, readForum(onlyLists))).toEqual({ 'topics.threads': [{ topic: 'P', title: 'T', votes: 1 }] });
    const whole = { topics: [{ topic: 'P', threads: [{ title: 'T' }] }] };
    expect(unshown(whole, readForum(whole))).toBeUndefined();
  });

  it('what stays in the row: an empty list, a list not all records, an empty object, a field named like the label', () => {
    const data = { topics: [{ topic: 'P', threads: [{ title: 'T', topic: 'own', votes: 1 }], none: [], mixed: [{ a: 1 }, 'x'], blank: {} }] };
    expect(unshown(data, readForum(data))).toEqual({
      topics: [{ topic: 'P', none: [], mixed: [{ a: 1 }, 'x'], blank: {} }],
      'topics.threads': [{ title: 'T', topic: 'own', votes: 1 }],
    });
  });

  it('the path starts where the list is, inside an object of data; a list as data keeps its rows whole (no room beside it)', () => {
    const shown = new Shown();
    const read = new Reader(shown);
    const data = { board: { rows: [{ name: 'A', items: [{ k: 1 }] }] } };
    for (const r of read.records(read.object(data, 'board'), 'rows', 'name')) read.text(r, 'name');
    expect(unshown(data, shown)).toEqual({ 'board.rows.items': [{ name: 'A', k: 1 }] });
    const list = [{ name: 'A', items: [{ k: 1 }] }];
    shown.walk(list, 'name');
    shown.key(list[0] as Rec, 'name');
    expect(unshown(list, shown)).toEqual([{ name: 'A', items: [{ k: 1 }] }]);
  });

  it('a row that holds 100,000 levels: the walk stops at its depth, no RangeError', () => {
    let deep: Rec = { end: 1 };
    for (let i = 0; i < 100_000; i++) deep = { k: deep };
    const data = { topics: [{ topic: 'P', threads: [], deep }] };
    expect(() => unshown(data, readForum(data))).not.toThrow();
  });

  it('a list walked without a label: rows shown whole stay as empty rows, lists are taken out as they are', () => {
    const shown = new Shown();
    const data = { rows: [{ a: 1 }, { a: 2, b: 3, items: [{ k: 1 }], box: { more: [{ m: 1 }] } }] };
    shown.walk(data.rows, null);
    for (const r of data.rows) shown.key(r, 'a');
    const rest = unshown(data, shown);
    expect(rest).toStrictEqual({ rows: [{}, { b: 3 }], 'rows.items': [{ k: 1 }], 'rows.box.more': [{ m: 1 }] });
  });

  it('a record without its label field gets none; a label left over keeps its place in the row', () => {
    const shown = new Shown();
    const data = { rows: [{ extra: 1, name: 'A' }, { other: 2 }] };
    shown.walk(data.rows, 'name');
    const rest = unshown(data, shown) as Rec;
    expect(rest).toStrictEqual({ rows: [{ extra: 1, name: 'A' }, { other: 2 }] });
    expect(Object.keys((rest.rows as Rec[])[0] as Rec)).toEqual(['extra', 'name']);
  });

  it('an empty object a view looked into is shown; one it did not look into stays; text is text', () => {
    const shown = new Shown();
    const seen = {};
    shown.visit(seen);
    expect(unshown({ seen, unseen: {} }, shown)).toStrictEqual({ unseen: {} });
    expect(shown.isVisited(seen)).toBe(true);
    expect(unshown('text', shown)).toBe('text');
  });

  it('a list of records in an object of a row is taken out too; a list of text stays in the row', () => {
    const data = { topics: [{ topic: 'Pricing', threads: [], meta: { sources: [{ url: 'u' }], tags: ['a', 'b'] } }] };
    expect(unshown(data, readForum(data))).toEqual({
      topics: [{ topic: 'Pricing', meta: { tags: ['a', 'b'] } }],
      'topics.meta.sources': [{ topic: 'Pricing', url: 'u' }],
    });
  });

  it('a field of the payload spelled like the path keeps its place; the records go beside it', () => {
    const data = { 'topics.threads': 'sent by the server', topics: [{ topic: 'Pricing', threads: [{ title: 'T', votes: 1 }] }] };
    expect(unshown(data, readForum(data))).toEqual({ 'topics.threads': 'sent by the server', 'topics.threads#': [{ topic: 'Pricing', title: 'T', votes: 1 }] });
    const twice = { ...data, 'topics.threads#': 'this one too' };
    expect(unshown(twice, readForum(twice))).toEqual({
      'topics.threads': 'sent by the server',
      'topics.threads#': 'this one too',
      'topics.threads##': [{ topic: 'Pricing', title: 'T', votes: 1 }],
    });
  });

  it('a `__proto__` field stays a field, wherever it is', () => {
    const data = JSON.parse('{"__proto__": {"x": 1}, "topics": [{"topic": "P", "threads": [{"title": "T", "__proto__": "y"}]}]}') as Rec;
    const rest = unshown(data, readForum(data)) as Rec;
    expect(Object.getPrototypeOf(rest)).toBe(Object.prototype);
    expect(Object.keys(rest)).toEqual(['__proto__', 'topics.threads']);
    expect(Object.getOwnPropertyDescriptor(rest, '__proto__')).toEqual({ value: { x: 1 }, writable: true, enumerable: true, configurable: true });
    const thread = (rest['topics.threads'] as Rec[])[0] as Rec;
    expect(Object.getOwnPropertyDescriptor(thread, '__proto__')).toEqual({ value: 'y', writable: true, enumerable: true, configurable: true });
  });

  it('a row whose label the view never showed keeps it, though its list of records was taken out', () => {
    const data = { topics: [{ topic: 'Pricing', threads: [{ title: 'T', votes: 1 }] }] };
    const shown = new Shown();
    const read = new Reader(shown);
    for (const t of read.records(data, 'topics', 'topic')) for (const th of read.records(t, 'threads', 'title')) read.text(th, 'title');
    expect(unshown(data, shown)).toEqual({ topics: [{ topic: 'Pricing' }], 'topics.threads': [{ topic: 'Pricing', title: 'T', votes: 1 }] });
  });
});

describe('maps a view reads', () => {
  it('entries and counts leave what is not an engine or a count to the generic rendering instead of failing', () => {
    const shown = new Shown();
    const read = new Reader(shown);
    const o: Rec = {
      engines: { chatgpt: { state: 'absent' }, updated: '2026-11-20', gemini: { state: 'open' } },
      counts: { content: 7, note: 'beta', technical: null },
    };
    expect(read.entries(o, 'engines').map((e) => e.raw)).toEqual(['chatgpt', 'gemini']);
    expect(read.counts(o, 'counts')).toEqual([
      { name: 'content', raw: 'content', value: 7 },
      { name: 'technical', raw: 'technical', value: null },
    ]);
    for (const e of read.entries(o, 'engines')) read.text(e.value, 'state');
    expect(unshown(o, shown)).toEqual({ engines: { updated: '2026-11-20' }, counts: { note: 'beta' } });
  });
});
