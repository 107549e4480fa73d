/**
 * The rules the views follow (docs/guide.md, Output formats; src/output/views/*), one case each:
 * when a view is used at all, what falls back, that nothing is dropped, the marks and
 * colours, and the small pieces (sparkline, bars, numbers, wrapping) on their own.
 */
import { Chalk } from 'chalk';
import { beforeAll, describe, expect, it } from 'vitest';
import wrapAnsi from 'wrap-ansi';
import { renderGenericTable, renderTable, renderView, type TableOptions } from '../../src/output/table.js';
import { bar, gauge } from '../../src/output/views/bar.js';
import { bigDigits } from '../../src/output/views/big-digits.js';
import { viewFor } from '../../src/output/views/index.js';
import { endpointById } from '../../src/endpoints.js';
import { changeText, columnFormat, formatCount, formatPercent } from '../../src/output/views/numbers.js';
import { Reader } from '../../src/output/views/read.js';
import { Shown, unshown } from '../../src/output/views/shown.js';
import { sparkline } from '../../src/output/views/sparkline.js';
import { wrapRanges, wrapText } from '../../src/output/views/wrap.js';
import { displayWidth } from '../../src/text/width.js';
import { fetchViewCases, findCase, type ViewCase } from './sandbox-envelopes.js';

type Rec = Record<string, any>;
const TTY: Omit<TableOptions, 'spec'> = { width: 100, color: false, tty: true, wide: false };
const META = { api_version: 'v1', brand: { id: 1, name: 'Acme CRM' }, market: { id: 2, code: 'US-en', label: 'United States' } };

let cases: ViewCase[] = [];
beforeAll(async () => {
  cases = await fetchViewCases();
});
const caseOf = (id: string): ViewCase => findCase(cases, id);
const clone = (c: ViewCase): Rec => structuredClone(c.envelope) as Rec;
const strip = (s: string): string => s.replace(/\u001b\[[0-9;]*m/g, '');

describe('when a view is used', () => {
  it('piped output is always the generic tab-separated rendering', () => {
    for (const c of cases) {
      const piped = { ...TTY, tty: false, spec: c.spec };
      expect(renderTable(c.envelope, piped)).toBe(renderGenericTable(c.envelope, piped));
    }
  });

  it('--rows asks for one table: the generic renderer draws it (--columns: views-columns.test.ts)', () => {
    const c = caseOf('topics');
    expect(renderTable(c.envelope, { ...TTY, spec: c.spec, rows: 'topics' })).toBe(renderGenericTable(c.envelope, { ...TTY, spec: c.spec, rows: 'topics' }));
  });

  it('an endpoint without a view, or data that is not an object, is shown generically', () => {
    const answers = { data: { answers: [{ prompt: 'q', rate: 1 }] }, meta: META };
    const spec = { id: 'no-such-endpoint', collection: 'answers', noun: 'answers' };
    expect(renderView(answers, { ...TTY, spec })).toBeNull();
    expect(renderView({ data: [{ id: 'x' }], meta: META }, { ...TTY, spec: { id: 'topics', collection: 'topics', noun: 'topics' } })).toBeNull();
  });

  it('the generic heading takes data.window when there is no data.period', () => {
    const out = renderTable(
      { data: { window: { from: '2026-11-16', to: '2026-11-22', days: 7 }, answers: [{ a: 1 }] }, meta: META },
      { ...TTY, spec: { id: 'answers', collection: 'answers', noun: 'answers' } },
    );
    expect(out.split('\n')[0]).toBe('Acme CRM · US-en · United States · 2026-11-16 – 2026-11-22 (7 days)');
    expect(out).not.toContain('window');
  });
});

describe('views drop nothing', () => {
  it('a field a view does not know is shown after it, generically', () => {
    const c = caseOf('topics');
    const env = clone(c);
    env.data.next_cursor = 'abc';
    env.data.topics[1].trend = 'rising';
    const out = renderView(env, { ...TTY, spec: c.spec }, true) ?? '';
    expect(out).toMatch(/\nnext_cursor +abc\n/);
    // The leftover field comes with the record's label, so the row can be matched.
    expect(out).toMatch(new RegExp(`topics\\nname +trend\\n[─ ]+\\n${env.data.topics[1].name} +rising\\n`));
  });

  it('every sandbox payload is drawn whole by its view: nothing left over for the generic part', () => {
    for (const c of cases) {
      const shown = new Shown();
      const view = viewFor(c.id);
      view?.(c.envelope.data as Rec, {
        width: 100,
        wide: false,
        chalk: new Chalk({ level: 0 }),
        read: new Reader(shown),
        brand: 'Northwind CRM',
        noun: c.spec.noun,
      });
      const rest = (unshown(c.envelope.data, shown) ?? {}) as Rec;
      // The heading shows the period (or window) from, to and days.
      for (const key of ['period', 'window']) {
        if (rest[key] && Object.keys(rest[key]).every((k) => ['from', 'to', 'days'].includes(k))) delete rest[key];
      }
      expect(rest, c.id).toEqual({});
    }
  });

  it('--wide keeps every text whole, even on a narrow terminal', () => {
    const c = caseOf('topics.get');
    const out = renderView(c.envelope, { ...TTY, width: 40, wide: true, spec: c.spec }, true) ?? '';
    expect(out).not.toContain('…');
    expect(out).toContain('https://forbes.com/advisor/business/software/best-crm-small-business/');
  });
});

describe('empty collections are one sentence', () => {
  it.each([
    ['topics', 'topics', 'No topics match.'],
    ['prompts', 'prompts', 'No questions match.'],
    ['competitors', 'competitors', 'No competitors match.'],
    ['tasks', 'tasks', 'No tasks match.'],
    ['content-gaps', 'gaps', 'No content gaps match.'],
    ['search-performance', 'rows', 'No search rows match.'],
  ])('%s', (id, key, sentence) => {
    const c = caseOf(id);
    const env = clone(c);
    env.data[key] = [];
    const out = renderView(env, { ...TTY, spec: c.spec }, true) ?? '';
    expect(out.split('\n')).toContain(sentence);
    expect(out).not.toContain('──');
  });
});

describe('marks and colours', () => {
  const colour = { ...TTY, color: true };

  it('prompts: each state has a mark that reads without colour, unknown states get ? and a legend entry', () => {
    const c = caseOf('prompts');
    const env = clone(c);
    const engines = env.data.prompts[0].engines;
    const names = Object.keys(engines);
    ['recommended', 'mentioned', 'absent', 'open', 'no_answer'].forEach((state, i) => (engines[names[i] as string].state = state));
    env.data.prompts[1].engines[names[0] as string].state = 'hallucinated';
    const out = renderView(env, { ...TTY, spec: c.spec }, true) ?? '';
    const first = out.split('\n').find((l) => l.includes('What is the best CRM')) ?? '';
    expect(first).toMatch(/● +[\d.]+%.*◐ +[\d.]+%.*○ +[\d.]+%.*◌ +[\d.]+%.*– /);
    expect(out).toContain('● recommended');
    expect(out).toContain('? hallucinated');
    const coloured = renderView(env, { ...colour, spec: c.spec }, true) ?? '';
    expect(coloured).toContain('\u001b[32m●\u001b[39m');
    expect(coloured).toContain('\u001b[31m○\u001b[39m');
  });

  it('runs: the open mark is not the · that separates the engine, the time and the state', () => {
    const c = caseOf('answers.runs');
    const env = clone(c);
    const run = env.data.runs[0];
    run.state = 'open';
    const out = renderView(env, { ...TTY, spec: c.spec }, true) ?? '';
    const head = out.split('\n').find((l) => l.includes(' open')) ?? '';
    expect(head).toMatch(/ · ◌ open/);
    expect(head).not.toContain('· ·');
  });

  it('changes: ▲/▼ follow the news, green when better: up for visibility, down for a position', () => {
    const c = caseOf('overview');
    const env = clone(c);
    env.data.visibility.change = 2.5;
    env.data.position.change = -0.3;
    env.data.citations.change = -4;
    const out = renderView(env, { ...colour, spec: c.spec }, true) ?? '';
    expect(out).toContain('\u001b[32m▲ 2.5\u001b[39m');
    expect(out).toContain('\u001b[32m▲ 0.3\u001b[39m');
    expect(out).toContain('\u001b[31m▼ 4\u001b[39m');
  });

  it('topics: a note under the table says what rank is, as equal ranks (6, 6, 6) would read as a mistake', () => {
    const c = caseOf('topics');
    const out = renderView(clone(c), { ...TTY, spec: c.spec }, true) ?? '';
    expect(out.replace(/\s+/g, ' ')).toContain(
      "rank: Northwind CRM's place among the brands named in that topic, by visibility; 1 is first, and equal visibility shares a place.",
    );
  });

  it('a position that got worse (a larger number) reads as bad news with no colour too', () => {
    const c = caseOf('overview');
    const env = clone(c);
    env.data.position = { value: 2, change: 0.2 };
    const out = renderView(env, { ...TTY, spec: c.spec }, true) ?? '';
    const line = out.split('\n').find((l) => l.startsWith('Position')) ?? '';
    expect(line).toMatch(/2\.0 +▼ 0\.2 /);
    expect(line).not.toContain('▲');
    expect(changeText(0.2, 'decimal', 'lower')).toBe('▼ 0.2');
    expect(changeText(-0.1, 'decimal', 'lower')).toBe('▲ 0.1');
    expect(changeText(0, 'decimal', 'lower')).toBe('0.0');
    // A rival's lead over the brand is a gap, not a move: a sign, red when the rival is ahead.
    expect(changeText(62.6, 'points', 'rival-gap')).toBe('+62.6');
    expect(changeText(-3, 'points', 'rival-gap')).toBe('-3.0');
    expect(changeText(0, 'points', 'rival-gap')).toBe('0.0');
  });

  it('usage: green, yellow past 80 % used, red past 95 %', () => {
    const c = caseOf('usage');
    const at = (used: number): string => {
      const env = clone(c);
      env.data.reads = { limit: 1000, used, left: 1000 - used };
      return (renderView(env, { ...colour, spec: c.spec }, true) ?? '').split('\n').find((l) => strip(l).startsWith('Reads')) ?? '';
    };
    expect(at(800)).toContain('\u001b[32m80.0%');
    expect(at(801)).toContain('\u001b[33m80.1%');
    expect(at(951)).toContain('\u001b[31m95.1%');
    expect(strip(at(951))).toContain('951  of 1,000 used');
  });

  it('answers runs: the brand is highlighted wherever the answer names it', () => {
    const c = caseOf('answers.runs');
    const out = renderView(c.envelope, { ...colour, spec: c.spec }, true) ?? '';
    expect(out).toContain('\u001b[1m\u001b[33mNorthwind CRM\u001b[39m\u001b[22m');
    expect(strip(out)).toBe(renderView(c.envelope, { ...TTY, spec: c.spec }, true));
  });

  it('competitors: the brand is marked ▶ in the bars and the table', () => {
    const c = caseOf('competitors');
    const out = renderView(c.envelope, { ...TTY, spec: c.spec }, true) ?? '';
    expect(out.split('\n').filter((l) => l.startsWith('▶ Northwind CRM'))).toHaveLength(2);
  });

  it('no colour at all when colour is off', () => {
    for (const c of cases) expect(renderView(c.envelope, { ...TTY, spec: c.spec }, true), c.id).not.toContain('\u001b');
  });
});

describe('the pieces', () => {
  it('sparkline: lowest to highest over the series, a gap for null, flat in the middle', () => {
    expect(sparkline([1, 2, 3, 4, 5, 6, 7, 8])).toBe('▁▂▃▄▅▆▇█');
    expect(sparkline([30, null, 38])).toBe('▁ █');
    expect(sparkline([5, 5])).toBe('▄▄');
    expect(sparkline([null])).toBe(' ');
  });

  it('bars in eighths, never nothing for a value above zero; gauges exactly as wide as asked', () => {
    expect(bar(0.5, 10)).toBe('█████');
    expect(bar(0.55, 10)).toBe('█████▌');
    expect(bar(0.001, 10)).toBe('▏');
    expect(bar(0, 10)).toBe('');
    expect(bar(2, 4)).toBe('████');
    const g = gauge(0.241, 20);
    expect(g.filled + g.track).toHaveLength(20);
    expect(g.filled).toBe('█████');
  });

  it('numbers: one decimal for percentages, separators for counts, arrows for changes', () => {
    expect(formatPercent(41.8)).toBe('41.8%');
    expect(formatPercent(47)).toBe('47.0%');
    expect(formatCount(122955)).toBe('122,955');
    expect(formatCount(-1234)).toBe('-1,234');
    expect(changeText(1.8, 'points')).toBe('▲ 1.8');
    expect(changeText(-3.4, 'points')).toBe('▼ 3.4');
    expect(changeText(0, 'count')).toBe('0');
    expect(changeText(9, 'percent')).toBe('▲ 9.0%');
  });

  it('a column of numbers: one decimal for all when any has one, whole when none does', () => {
    const mixed = columnFormat([8, 7.7, null, undefined, 6]);
    expect([8, 7.7, 6].map(mixed)).toEqual(['8.0', '7.7', '6.0']);
    const whole = columnFormat([8, null, 6]);
    expect([8, 6].map(whole)).toEqual(['8', '6']);
    expect(columnFormat([])(12)).toBe('12');
  });

  it('the impact column of vis tasks writes every figure with the same decimals', () => {
    const tasks = [8, 7.7, 6].map((impact, i) => ({ id: i + 1, title: `Task ${i + 1}`, priority: 'high', status: 'todo', layer: 'content', impact }));
    const out = renderView({ data: { tasks } }, { spec: endpointById('tasks'), width: 80, color: false, tty: true, wide: false }, true) ?? '';
    const impacts = out
      .split('\n')
      .filter((l) => /^ *\d+ /.test(l))
      .map((l) => l.trim().split(/\s+/)[4]);
    expect(impacts).toEqual(['8.0', '7.7', '6.0']);
  });

  it('technical: each engine by the label the API gives, its scores with the same decimals', () => {
    const env = clone(caseOf('technical'));
    env.data.engines[0].label = 'GPT by OpenAI';
    env.data.engines[1].score = 81.5;
    const out = renderView(env, { ...TTY, spec: caseOf('technical').spec }, true) ?? '';
    const section = out.slice(out.indexOf('Per engine'), out.indexOf('issues'));
    const rows = section.split('\n').filter((l) => l.includes('█'));
    expect(rows.map((l) => l.split(' ')[0])).toEqual(['GPT', 'Perplexity', 'Gemini', 'Claude', 'Copilot']);
    expect(rows.map((l) => l.trim().split(/\s+/).at(-1))).toEqual(['66.0', '81.5', '87.0', '66.0', '83.0']);
    expect(out).toContain('GPT by OpenAI');
  });

  it('big digits: three lines of equal width, null for what has no glyph', () => {
    const d = bigDigits('27.0%');
    expect(d).not.toBeNull();
    expect(new Set(d?.map((l) => displayWidth(l))).size).toBe(1);
    expect(bigDigits('n/a')).toBeNull();
  });

  it('wrap: by display width, line breaks kept, long words broken, list items hang', () => {
    expect(wrapText('one two three four', 9)).toEqual(['one two', 'three', 'four']);
    expect(wrapText('a\nb', 10)).toEqual(['a', 'b']);
    expect(wrapText('abcdefghij', 4)).toEqual(['abcd', 'efgh', 'ij']);
    expect(wrapText('漢字漢字漢字', 5)).toEqual(['漢字', '漢字', '漢字']);
    // A path or link breaks after a / near the end of the line, else a -, never too early.
    expect(wrapText('/advisor/business/software/best-crm-small-business/', 30)).toEqual(['/advisor/business/software/', 'best-crm-small-business/']);
    expect(wrapText('best-crm-for-small-business-teams', 20)).toEqual(['best-crm-for-small-', 'business-teams']);
    expect(wrapText('/a/bcdefghijklmnopqrstuvwxyz', 12)).toEqual(['/a/bcdefghij', 'klmnopqrstuv', 'wxyz']);
    const text = '1. Northwind CRM: known for a fast setup';
    const lines = wrapRanges(text, 20, { hang: true });
    expect(lines.map((l) => ' '.repeat(l.indent) + text.slice(l.start, l.end))).toEqual(['1. Northwind CRM:', '   known for a fast', '   setup']);
  });

  it('wrap is not wrap-ansi: that cuts a path at the column, has no hang, and measures Devanagari too narrow', () => {
    const path = '/advisor/business/software/best-crm-small-business/';
    expect(wrapAnsi(path, 30, { hard: true }).split('\n')).toEqual(['/advisor/business/software/bes', 't-crm-small-business/']);
    const item = '1. Northwind CRM: known for a fast setup';
    expect(wrapAnsi(item, 20, { hard: true }).split('\n')).toEqual(['1. Northwind CRM:', 'known for a fast', 'setup']);
    const hindi = '\u0939\u093f\u0928\u094d\u0926\u0940'; // 5 cells in a terminal
    expect(wrapText(`${hindi} ${hindi}`, 10)).toEqual([hindi, hindi]);
    expect(wrapAnsi(`${hindi} ${hindi}`, 10, { hard: true })).toBe(`${hindi} ${hindi}`); // 11 cells on a 10-cell line
  });
});
