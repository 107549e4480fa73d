/**
 * What users copy stays whole at every width: thread URLs in `vis forum`, cited URLs in
 * `vis answers runs`, topic pages, task URLs and a pitch's share link. A URL too long for
 * the terminal is alone on its line, whole, past the width (the terminal soft-wraps it);
 * every other line fits. Real sandbox payloads, no colour, through the renderer's safety
 * net.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { renderTable, type TableOptions } from '../../src/output/table.js';
import { isUrlWord } from '../../src/output/views/wrap.js';
import { displayWidth } from '../../src/text/width.js';
import { fetchViewCases, findCase, type ViewCase } from './sandbox-envelopes.js';

type Rec = Record<string, any>;
let cases: ViewCase[] = [];
beforeAll(async () => {
  cases = await fetchViewCases();
});

function draw(id: string, width: number, edit?: (data: Rec) => void): string {
  const c = findCase(cases, id);
  const env = structuredClone(c.envelope) as Rec;
  edit?.(env.data);
  const opts: TableOptions = { spec: c.spec, width, color: false, tty: true, wide: false };
  return renderTable(env, opts);
}

/** Each URL on a line of its own, whole; no line over the width but those. */
function expectWhole(out: string, urls: readonly string[], width: number): void {
  const lines = out.split('\n');
  for (const url of urls)
    expect(
      lines.some((l) => l.includes(url)),
      url,
    ).toBe(true);
  for (const line of lines) {
    const word = line.trim();
    if (displayWidth(line) > width) expect(!/\s/.test(word) && isUrlWord(word), line).toBe(true);
  }
}

describe('forum', () => {
  it.each([40, 50, 80])('at %i columns every thread URL is whole on its line', (width) => {
    const data = findCase(cases, 'forum').envelope.data as Rec;
    const urls: string[] = data.topics.flatMap((t: Rec) => t.threads.map((th: Rec) => th.url));
    expect(urls.length).toBeGreaterThan(10);
    const out = draw('forum', width);
    expectWhole(out, urls, width);
    for (const url of urls) expect(out.split('\n').some((l) => l.trim() === url)).toBe(true);
  });
});

describe('answers runs', () => {
  it.each([40, 50])('at %i columns every cited URL is whole', (width) => {
    const data = findCase(cases, 'answers.runs').envelope.data as Rec;
    const urls: string[] = data.runs.flatMap((r: Rec) => r.citations ?? []);
    expect(urls.length).toBeGreaterThan(5);
    expectWhole(draw('answers.runs', width), urls, width);
  });

  it('cited URLs that all fit stay beside the label, one a line', () => {
    const out = draw('answers.runs', 100);
    // The first run that cites two or more: its URLs one a line, under each other, beside the label.
    const runs = (findCase(cases, 'answers.runs').envelope.data as Rec).runs as Rec[];
    const cited = runs.find((r) => (r.citations?.length ?? 0) >= 2)!.citations as string[];
    expect(out).toContain(
      `  Cited: ${cited[0]}\n${cited
        .slice(1)
        .map((u) => `         ${u}\n`)
        .join('')}`,
    );
  });

  it.each([40, 60])('at %i columns a wrapped status line keeps to the card indent', (width) => {
    const lines = draw('answers.runs', width).split('\n');
    const heads = lines.filter((l) => /^(Copilot|Claude|Gemini|ChatGPT|Perplexity) · /.test(l));
    expect(heads.length).toBeGreaterThan(3);
    expect(lines.filter((l) => /Northwind CRM (not )?named/.test(l) && !l.startsWith('  '))).toEqual([]);
    expect(lines.filter((l) => /Northwind CRM (not )?named/.test(l)).length).toBeGreaterThan(3);
  });
});

describe('topics <id>', () => {
  const urlsOf = (data: Rec): string[] => [...data.sources.map((s: Rec) => s.url), ...data.pages.map((p: Rec) => p.url)];

  it.each([40, 50, 80])('at %i columns the URLs of cited sources and of the brand pages are whole', (width) => {
    const data = findCase(cases, 'topics.get').envelope.data as Rec;
    expect(urlsOf(data).length).toBeGreaterThan(5);
    expectWhole(draw('topics.get', width), urlsOf(data), width);
  });

  it.each(['topics.get', 'visibility'] as const)('%s at 40 columns: each week goes by its first date, whole, under the header `week of`', (id) => {
    const data = findCase(cases, id).envelope.data as Rec;
    const out = draw(id, 40);
    const section = id === 'topics.get' ? out.slice(out.indexOf('Visibility by week'), out.indexOf('Question 1')) : out;
    expect(section).toMatch(/^week of {2}/m);
    expect(section.slice(section.search(/^week of/m))).not.toContain('…');
    for (const w of data.history) expect(section.split('\n').some((l: string) => l.startsWith(`${w.week_start} `))).toBe(true);
  });

  it.each(['topics.get', 'visibility'] as const)('%s at 50 columns: each week is its first and last date, the change’s header over two lines', (id) => {
    const data = findCase(cases, id).envelope.data as Rec;
    const out = draw(id, 50);
    const section = id === 'topics.get' ? out.slice(out.indexOf('Visibility by week'), out.indexOf('Question 1')) : out;
    expect(section).toMatch(/^week {2,}visibility {2,}before$/m);
    for (const w of data.history) expect(section).toContain(`${w.week_start} – ${w.week_end}`);
  });

  it('at 80 columns, with room, each week is its first and last date', () => {
    const data = findCase(cases, 'topics.get').envelope.data as Rec;
    const out = draw('topics.get', 80);
    expect(out).not.toMatch(/^week of/m);
    for (const w of data.history) expect(out).toContain(`${w.week_start} – ${w.week_end}`);
  });

  it('head to head does not call the ahead counts answers naming both: they can be more than those', () => {
    const data = findCase(cases, 'topics.get').envelope.data as Rec;
    // The payload itself: an answer can put one ahead without naming the other.
    expect(data.head_to_heads.some((h: Rec) => h.brand_ahead + h.competitor_ahead > h.both_named)).toBe(true);
    for (const width of [50, 100]) {
      const out = draw('topics.get', width);
      expect(out).not.toContain('answers naming both: who came first');
      expect(out.replace(/\n/g, ' ')).toContain('answers with each ahead, and answers naming both');
    }
    expect(draw('topics.get', 100)).toMatch(/Northwind CRM ahead {2,}rival ahead {2,}both named/);
  });
});

describe('topics', () => {
  it('at 160 columns questions and rivals are columns of their own, one line a topic', () => {
    const data = findCase(cases, 'topics').envelope.data as Rec;
    const lines = draw('topics', 160).split('\n');
    expect(lines.some((l) => /questions\s+rivals named instead$/.test(l))).toBe(true);
    for (const t of data.topics) {
      const line = lines.find((l) => l.startsWith(`${t.id} `));
      expect(line, t.id).toContain(t.rivals.join(', '));
    }
    expect(lines.some((l) => l.includes('rivals named instead:'))).toBe(false);
    for (const line of lines) expect(displayWidth(line)).toBeLessThanOrEqual(160);
  });

  it.each([80, 50])('at %i columns the rivals stay on the line under the topic', (width) => {
    expect(draw('topics', width)).toContain('rivals named instead:');
  });
});

describe('tasks <id>', () => {
  it.each([40, 50])('at %i columns evidence URLs and topic ids are whole', (width) => {
    const data = findCase(cases, 'tasks.get').envelope.data as Rec;
    const out = draw('tasks.get', width);
    expectWhole(
      out,
      data.evidence.map((e: Rec) => e.url),
      width,
    );
    const lines = out.split('\n');
    for (const id of [...data.task.topics, ...data.topics.map((t: Rec) => t.id)])
      expect(
        lines.some((l) => l.includes(id)),
        id,
      ).toBe(true);
    // At the top, each topic by its name where the brief gives one; its id is in the table below.
    const head = out.slice(0, out.indexOf('Why it matters')).replace(/\s+/g, ' ');
    const names = new Map<string, string>(data.topics.map((t: Rec) => [t.id, t.name]));
    for (const id of data.task.topics as string[]) expect(head, id).toContain(names.get(id) ?? id);
    expect([...names.keys()].filter((id) => head.includes(id))).toEqual([]);
  });

  it('at 50 columns the topics table keeps the ids whole and wraps the names at spaces; only a word wider than the column is cut', () => {
    const out = draw('tasks.get', 50);
    const table = out.slice(out.indexOf('Topics it moves'));
    const data = findCase(cases, 'tasks.get').envelope.data as Rec;
    for (const id of data.task.topics as string[]) expect(table, id).toContain(id);
    expect(table).toMatch(/^Reporting +[\d.]+%.*\nand\ndashboards\n/m);
    expect(table).toMatch(/^Sales +[\d.]+%.*\npipeline\n/m);
  });
});

describe('pitches <id>', () => {
  it.each([40, 50])('at %i columns the share URL is whole, under its label', (width) => {
    const data = findCase(cases, 'pitches.get').envelope.data as Rec;
    const out = draw('pitches.get', width);
    expectWhole(out, [data.share_url], width);
    expect(out).toMatch(/^share\n\s*https:\/\//m);
  });

  it('at 100 columns it stays beside its label', () => {
    const data = findCase(cases, 'pitches.get').envelope.data as Rec;
    expect(draw('pitches.get', 100)).toContain(`share ${data.share_url}`);
  });
});
