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
