/**
 * What a user copies from the views of `vis prompts`, `vis pages`, `vis content-gaps`,
 * `vis search-performance` and `vis answers` (ids, URLs, question texts) is shown whole at
 * every width, on the sandbox's payloads: never shortened with `…`, never broken inside a
 * word, and no line past the width but one holding a single word (a URL kept whole). And
 * `--wide` wraps instead of running every line past the width.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { renderView } from '../../src/output/table.js';
import { displayWidth } from '../../src/text/width.js';
import { fetchViewCases, findCase, type ViewCase } from './sandbox-envelopes.js';

type Rec = Record<string, any>;

let cases: ViewCase[] = [];
beforeAll(async () => {
  cases = await fetchViewCases();
});

const WIDTHS = [40, 50, 80, 160] as const;

function draw(id: string, width: number, wide = false, change?: (data: Rec) => void): string {
  const c = findCase(cases, id);
  const envelope = structuredClone(c.envelope) as Rec;
  change?.(envelope.data);
  const out = renderView(envelope, { spec: c.spec, width, color: false, tty: true, wide }, true);
  if (out === null) throw new Error(`${id}: the view fell back`);
  return out;
}

/** Lines past the width that hold more than one word. */
function overWidth(out: string, width: number): string[] {
  return out.split('\n').filter((l) => displayWidth(l) > width && /\s/.test(l.trim()));
}

/**
 * Whether `value` is shown whole: a word of it on one line, each of its words whole and
 * in order (a wrapped cell's later lines come after the row's other cells).
 */
function shownWhole(out: string, value: string): boolean {
  const words = out.split(/\s+/);
  let at = 0;
  for (const word of value.split(/\s+/)) {
    at = words.indexOf(word, at);
    if (at < 0) return false;
    at++;
  }
  return true;
}

function expectWhole(out: string, values: readonly string[], label: string): void {
  const missing = values.filter((v) => !shownWhole(out, v));
  expect(missing, `${label}: not shown whole`).toEqual([]);
}

describe.each(WIDTHS)('at %i columns', (width) => {
  it('prompts: every question text and question id whole', () => {
    const data = findCase(cases, 'prompts').envelope as Rec;
    const out = draw('prompts', width);
    expectWhole(
      out,
      data.data.prompts.map((p: Rec) => p.prompt),
      'question',
    );
    expectWhole(
      out,
      data.data.prompts.map((p: Rec) => p.id),
      'question id',
    );
    expect(overWidth(out, width)).toEqual([]);
  });

  it('content-gaps: every question text, page path and question id whole; the site named once', () => {
    const data = (findCase(cases, 'content-gaps').envelope as Rec).data;
    const out = draw('content-gaps', width);
    expectWhole(
      out,
      data.gaps.map((g: Rec) => g.prompt),
      'question',
    );
    expectWhole(
      out,
      data.gaps.map((g: Rec) => g.prompt_id),
      'question id',
    );
    const urls: string[] = data.gaps.map((g: Rec) => g.page_url).filter(Boolean);
    const origin = 'https://northwindcrm.example';
    expect(urls.every((u) => u.startsWith(origin))).toBe(true);
    expectWhole(out, [origin, ...urls.map((u) => u.slice(origin.length) || '/')], 'page');
    expect(overWidth(out, width)).toEqual([]);
  });

  it('pages: other sites’ URLs whole, the brand’s paths whole under a title naming the site', () => {
    const data = (findCase(cases, 'pages').envelope as Rec).data;
    const out = draw('pages', width);
    const origin = 'https://northwindcrm.example';
    expectWhole(out, [origin], 'site');
    expectWhole(
      out,
      data.pages.map((p: Rec) => p.url.slice(origin.length) || '/'),
      'path',
    );
    expectWhole(
      out,
      data.uncited.map((u: Rec) => u.url.slice(origin.length) || '/'),
      'path',
    );
    expectWhole(
      out,
      data.uncited.flatMap((u: Rec) => u.cited_instead.map((c: Rec) => c.url)),
      'url',
    );
    expect(overWidth(out, width)).toEqual([]);
  });

  it('search-performance: every page path and topic id whole, the site named once', () => {
    const data = (findCase(cases, 'search-performance').envelope as Rec).data;
    const out = draw('search-performance', width);
    const origin = 'https://northwindcrm.example';
    expectWhole(out, [origin, ...data.rows.map((r: Rec) => r.page.slice(origin.length) || '/')], 'page');
    expectWhole(out, data.rows.map((r: Rec) => r.topic_id).filter(Boolean), 'topic id');
    expect(overWidth(out, width)).toEqual([]);
  });

  it('answers: every topic id, question id and question text whole', () => {
    const data = (findCase(cases, 'answers').envelope as Rec).data;
    const out = draw('answers', width);
    expectWhole(
      out,
      data.answers.map((a: Rec) => a.topic_id),
      'topic id',
    );
    expectWhole(
      out,
      data.answers.map((a: Rec) => a.id),
      'question id',
    );
    expectWhole(
      out,
      data.answers.map((a: Rec) => a.prompt),
      'question',
    );
    expect(overWidth(out, width)).toEqual([]);
  });
});

describe('answers: a topic name beside its id', () => {
  it('is shortened to leave the id whole, and the id gets a line of its own when the name would get too little room', () => {
    const at40 = draw('answers', 40).split('\n');
    expect(at40).toContain('Sales pipeline manageme…  sales-pipeline');
    const long = draw('answers', 40, false, (d) => {
      d.answers[0].topic_id = 'crm-for-startups-and-other-small-teams';
    }).split('\n');
    const i = long.indexOf('crm-for-startups-and-other-small-teams');
    expect(i).toBeGreaterThan(0);
    expect(long[i - 1]).toBe('CRM for startups');
  });
});

describe('content-gaps: grouped by action', () => {
  it('write first, then improve, leave last, each under a line naming it and its count', () => {
    const out = draw('content-gaps', 100).split('\n');
    const groups = out.filter((l) => /^\S.* · \d+ questions?$/.test(l));
    expect(groups).toEqual(['write · 4 questions', 'improve · 6 questions', 'leave · 8 questions']);
    // Each question sits under its action's line (found by its id, shown under it).
    const data = (findCase(cases, 'content-gaps').envelope as Rec).data;
    for (const g of data.gaps) {
      const at = out.findIndex((l) => l.includes(`question ${g.prompt_id}`));
      expect(at, g.prompt_id).toBeGreaterThan(0);
      const group = out
        .slice(0, at)
        .reverse()
        .find((l) => groups.includes(l));
      expect(group, g.prompt).toBe(groups.find((x) => x.startsWith(`${g.action} `)));
    }
  });

  it('an action the view does not know goes between improve and leave, in the order sent', () => {
    const out = draw('content-gaps', 100, false, (d) => {
      d.gaps[0].action = 'merge';
      d.gaps[1].action = 'review';
    }).split('\n');
    const groups = out.filter((l) => /^\S.* · \d+ questions?$/.test(l));
    expect(groups).toEqual(['write · 4 questions', 'improve · 5 questions', 'merge · 1 question', 'review · 1 question', 'leave · 7 questions']);
  });

  it('says who cites a page once: no `cited by` line when the reason names the engines already', () => {
    const data = (findCase(cases, 'content-gaps').envelope as Rec).data;
    const out = draw('content-gaps', 100);
    const naming = data.gaps.filter((g: Rec) => g.cited_by?.length && g.cited_by.every((e: string) => g.reason.includes(e)));
    const notNaming = data.gaps.filter((g: Rec) => g.cited_by?.length && !g.cited_by.every((e: string) => g.reason.includes(e)));
    expect(naming.length).toBeGreaterThan(0);
    expect(notNaming.length).toBeGreaterThan(0);
    const citedByLines = out.split('\n').filter((l) => l.includes('cited by '));
    expect(citedByLines).toHaveLength(notNaming.length);
  });
});

describe('--wide', () => {
  it.each(['prompts', 'topics'])('%s at 80 columns: nothing shortened, no line past the width', (id) => {
    const out = draw(id, 80, true);
    expect(out).not.toContain('…');
    expect(overWidth(out, 80)).toEqual([]);
    expect(out.split('\n').filter((l) => displayWidth(l) > 80)).toEqual([]);
  });

  it('prompts: the questions wrap in their column rather than run past the width', () => {
    const data = (findCase(cases, 'prompts').envelope as Rec).data;
    const out = draw('prompts', 80, true);
    expectWhole(
      out,
      data.prompts.map((p: Rec) => p.prompt),
      'question',
    );
  });
});
