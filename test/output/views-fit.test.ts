/**
 * What a narrow terminal or a detail view must not lose when it gets smaller: the usage
 * figures at 50 columns, the tasks' titles, a labelled share-of-voice change, and a
 * heading without doubled brackets. Real sandbox payloads, no colour.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { renderTable, type TableOptions } from '../../src/output/table.js';
import { displayWidth } from '../../src/text/width.js';
import { fetchViewCases, type ViewCase } from './sandbox-envelopes.js';

let cases: ViewCase[] = [];
beforeAll(async () => {
  cases = await fetchViewCases();
});

function draw(id: string, width: number, edit?: (data: Record<string, any>) => void): string {
  const c = cases.find((x) => x.id === id);
  if (!c) throw new Error(`no sandbox envelope for ${id}`);
  const env = structuredClone(c.envelope) as Record<string, any>;
  edit?.(env.data);
  const opts: TableOptions = { spec: c.spec, width, color: false, tty: true, wide: false };
  return renderTable(env, opts);
}

describe('views that fit', () => {
  it.each([50, 40])('usage at %i columns: every figure whole, no line too wide', (width) => {
    const out = draw('usage', width);
    expect(out).not.toContain('…');
    expect(out).toMatch(/151,787 left/);
    for (const line of out.split('\n')) expect(displayWidth(line), line).toBeLessThanOrEqual(width);
  });

  it.each([80, 100, 50])('tasks at %i columns: each title whole, wrapped, in order', (width) => {
    const c = cases.find((x) => x.id === 'tasks')!;
    const titles = ((c.envelope.data as any).tasks as Array<{ title: string }>).map((t) => t.title);
    const out = draw('tasks', width);
    expect(out).not.toContain('…');
    const words = out.split(/\s+/).join(' ');
    for (const title of titles) expect(words).toContain(title);
    for (const line of out.split('\n')) expect(displayWidth(line), line).toBeLessThanOrEqual(width);
  });

  it('competitor detail: the share-of-voice change says what it is', () => {
    const out = draw('competitors.get', 100, (d) => (d.competitor.change = 0));
    expect(out).toMatch(/share of voice [\d.]+% \(0\.0 points vs the previous \d+ days\)/);
    const down = draw('competitors.get', 100, (d) => (d.competitor.change = -1.25));
    expect(down).toMatch(/\(▼ 1\.3 points vs the previous \d+ days\)/);
  });

  it('heading: market code and label side by side, no doubled brackets', () => {
    const first = draw('tasks', 100).split('\n')[0];
    expect(first).toBe('Northwind CRM · US-en · United States (English)');
    expect(draw('tasks', 30).split('\n')[0]).toBe('Northwind CRM · US-en');
  });
});

describe('competitor detail on a narrow terminal', () => {
  it.each([40, 50])('at %i columns the share-of-voice change goes whole on the next line, not shortened', (width) => {
    const out = draw('competitors.get', width, (d) => (d.competitor.change = -1.25));
    expect(out).toMatch(/share of voice [\d.]+%(?: ·)?\n\(▼ 1\.3 points vs the previous \d+ days\)/);
    expect(out.split('\n').slice(0, 6).join('\n')).not.toContain('…');
  });
});
