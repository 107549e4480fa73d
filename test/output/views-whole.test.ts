/**
 * What users copy stays whole in the score, competitor and visitor views, and long series
 * fit the terminal: topic ids in `overview`, question texts and ids in `competitors
 * <name>`, the brand's card in `competitors` at narrow widths, sparklines of 90 days.
 * Real sandbox payloads (90-day ones fetched here), no colour, views in strict mode so a
 * line wider than the terminal fails the test instead of being clamped.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpointById, type EndpointId } from '../../src/endpoints.js';
import { renderView } from '../../src/output/table.js';
import { startSandbox, type Sandbox } from '../../src/sandbox/server.js';
import { bucketSeries, fitSeries, perNote, seriesStep } from '../../src/output/views/sparkline.js';
import { displayWidth } from '../../src/text/width.js';
import { fetchViewCases, SANDBOX_NOW, type ViewCase } from './sandbox-envelopes.js';

let cases: ViewCase[] = [];
let sandbox: Sandbox;
beforeAll(async () => {
  cases = await fetchViewCases();
  sandbox = await startSandbox({ now: () => new Date(SANDBOX_NOW), rateLimitPerMinute: 100_000 });
});
afterAll(async () => {
  await sandbox.close();
});

type Rec = Record<string, any>;

async function fetchEnvelope(path: string): Promise<Rec> {
  const res = await fetch(`${sandbox.baseUrl}${path}`, { headers: { authorization: 'Bearer vis_demo_growth' } });
  if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
  return (await res.json()) as Rec;
}

function draw(id: EndpointId, envelope: Rec, width: number): string {
  const out = renderView(envelope, { spec: endpointById(id), width, color: false, tty: true, wide: false }, true);
  if (out === null) throw new Error(`no view for ${id}`);
  // The one line allowed past the width: a URL alone on it, for the terminal to fold.
  for (const line of out.split('\n')) if (!/^\s*https?:\/\/\S+$/.test(line)) expect(displayWidth(line), line).toBeLessThanOrEqual(width);
  return out;
}

function envelopeOf(id: string): Rec {
  const c = cases.find((x) => x.id === id);
  if (!c) throw new Error(`no sandbox envelope for ${id}`);
  return structuredClone(c.envelope) as Rec;
}

describe('overview', () => {
  it.each([40, 50])('at %i columns: the weakest topics keep their ids whole, the names are shortened instead', (width) => {
    const env = envelopeOf('overview');
    const out = draw('overview', env, width);
    const weakest = env.data.weakest_topics as Rec[];
    expect(weakest.length).toBeGreaterThan(0);
    for (const t of weakest)
      expect(
        out.split('\n').some((l) => new RegExp(`(^|\\s)${t.id}$`).test(l.trimEnd())),
        t.id,
      ).toBe(true);
  });
});

describe('a series fitted to the room it has', () => {
  it.each([
    [7, 7, 1],
    [90, 90, 1],
    [90, 89, 7],
    [90, 13, 7],
    [90, 12, 8],
    [90, 10, 9],
    [90, 0, 90],
  ])('%i values in %i characters: a point every %i', (length, room, per) => {
    expect(seriesStep(length, room)).toBe(per);
    expect(fitSeries(new Array<number>(length).fill(1), room).values.length).toBeLessThanOrEqual(Math.max(1, room));
  });

  it('each point the average of its values, nulls left out, a bucket of nulls a gap, the last one shorter', () => {
    expect(bucketSeries([1, 2, null, null, 5, null, 6], 2)).toEqual([1.5, null, 5, 6]);
    expect(fitSeries([1, null, 3], 3)).toEqual({ values: [1, null, 3], per: 1 });
    expect([perNote(1), perNote(7), perNote(12)]).toEqual([null, 'by week', 'by 12 days']);
  });
});

describe('sparklines of 90 days', () => {
  // A sparkline ends its line in these views (the big digits above are made of ▀ too).
  const SPARK = /[▁▂▃▄▅▆▇█]{5,}$/;

  it.each([50, 80])('overview at %i columns: each series by week, 13 points, whole', async (width) => {
    const env = await fetchEnvelope('/overview?days=90');
    expect(env.data.daily).toHaveLength(90);
    const out = draw('overview', env, width);
    expect(out).toContain('by week');
    const sparks = out.split('\n').flatMap((l) => SPARK.exec(l.trimEnd())?.[0] ?? []);
    expect(sparks.length).toBeGreaterThanOrEqual(4);
    for (const s of sparks) expect([...s]).toHaveLength(13);
  });

  it('overview at 160 columns: one point a day, as before', async () => {
    const out = draw('overview', await fetchEnvelope('/overview?days=90'), 160);
    expect(out).not.toContain('by week');
    expect(out).toMatch(/daily visibility/);
    // The brand's row against its rivals ends with its daily visibility, gaps and all.
    const brandRow = out.split('\n').find((l) => l.startsWith('▶ ')) ?? '';
    expect([...(/\d {2}([▁▂▃▄▅▆▇█][▁▂▃▄▅▆▇█ ]*[▁▂▃▄▅▆▇█])$/.exec(brandRow.trimEnd())?.[1] ?? '')]).toHaveLength(90);
  });

  it.each([40, 50, 80])('ai-visitors at %i columns: the visits per day by week on one line that says so', async (width) => {
    const env = await fetchEnvelope('/ai-visitors?days=90');
    expect(env.data.daily).toHaveLength(90);
    const out = draw('ai-visitors', env, width);
    const line = out.split('\n').find((l) => l.startsWith('Visits per day')) ?? '';
    expect(line).toMatch(/^Visits per day {2}[▁▂▃▄▅▆▇█ ]{13} by week/);
    expect(line).not.toContain('…');
  });

  it('ai-visitors: a week of nothing measured stays a gap, the others are the average of their days', async () => {
    const env = await fetchEnvelope('/ai-visitors?days=90');
    const daily = env.data.daily as Rec[];
    daily.forEach((d, i) => (d.visits = i < 7 ? null : i < 14 ? 10 : 20));
    const line =
      draw('ai-visitors', env, 50)
        .split('\n')
        .find((l) => l.startsWith('Visits per day')) ?? '';
    expect(line).toMatch(/^Visits per day {3}▁█{11} by week/);
  });
});

describe('the brand among its rivals, as cards on a narrow terminal', () => {
  /** The key/value lines of each card, the rule lines left out. */
  function cards(out: string): string[][] {
    const found: string[][] = [];
    for (const line of out.split('\n')) {
      if (/^── \d+\/\d+ ─/.test(line)) found.push([]);
      else if (line === '') found.push([]);
      else found[found.length - 1]?.push(line);
    }
    return found.filter((c) => c.length > 0);
  }

  it.each([40, 50])('competitors at %i columns: keys line up, values start in one column, ▶ in the gutter of the brand', (width) => {
    const env = envelopeOf('competitors');
    const out = draw('competitors', env, width);
    const list = (env.data.competitors as Rec[]).map((c) => c.name as string);
    const found = cards(out.slice(out.indexOf('── 1/')));
    expect(found).toHaveLength(list.length);
    const starts = new Set<number>();
    found.forEach((lines, i) => {
      const brand = (env.data.competitors as Rec[])[i]?.is_brand === true;
      expect(lines[0]).toBe(`${brand ? '▶' : ' '} competitor  ${list[i]}`);
      for (const l of lines) {
        expect(l).toMatch(/^[▶ ] [a-z]+ +\S/);
        starts.add(l.search(/(?<=[a-z] {2,})\S/));
      }
    });
    expect([...starts]).toEqual([14]);
  });

  it('overview at 40 columns: the rivals cards too', () => {
    const out = draw('overview', envelopeOf('overview'), 40);
    const lines = out.split('\n');
    expect(lines).toContain('▶ vs rivals         Northwind CRM');
    expect(lines.some((l) => /^ {2}vs rivals {9}\S/.test(l))).toBe(true);
    expect(lines.some((l) => /^vs rivals/.test(l))).toBe(false);
  });
});

describe('competitors <name>', () => {
  const words = (s: string) => s.split(/\s+/).join(' ');

  it.each([40, 50, 80])('at %i columns: every question it wins whole (wrapped), its id and the topic ids whole', (width) => {
    const env = envelopeOf('competitors.get');
    const out = draw('competitors.get', env, width);
    const lines = out.split('\n').map((l) => l.trim());
    const won = env.data.questions_won as Rec[];
    expect(won.length).toBeGreaterThan(0);
    for (const q of won) {
      expect(words(out)).toContain(words(q.prompt));
      expect(
        lines.some((l) => l === q.prompt_id || l.startsWith(`${q.prompt_id} `) || l.endsWith(` ${q.prompt_id}`)),
        q.prompt_id,
      ).toBe(true);
    }
    for (const t of env.data.topics as Rec[])
      expect(
        lines.some((l) => l === `id             ${t.id}` || l.endsWith(` ${t.id}`)),
        t.id,
      ).toBe(true);
  });

  it('at 50 columns: each page URL whole, on a line of its own under its title', () => {
    const env = envelopeOf('competitors.get');
    const lines = draw('competitors.get', env, 50).split('\n');
    for (const p of env.data.pages as Rec[]) expect(lines).toContain(`  ${p.url}`);
  });

  it('at 160 columns: the questions in a table, one row each, as before', () => {
    const env = envelopeOf('competitors.get');
    const lines = draw('competitors.get', env, 160).split('\n');
    const first = (env.data.questions_won as Rec[])[0] as Rec;
    expect(lines.some((l) => l.startsWith(first.prompt) && l.trimEnd().endsWith(first.prompt_id))).toBe(true);
  });
});
