/**
 * The charts kept in the cache folder (src/report/charts/drawn.ts): a chart drawn once is
 * taken back for the same plan, byte for byte, and only when its file is whole, names its
 * own key, is a regular file in a private folder and holds static SVG; anything else is
 * drawn again. A cache that cannot be used only means drawing.
 */
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ChartValue } from '../../../src/domain/report.js';
import { drawingKey, drawnCharts, MAX_FILES } from '../../../src/report/charts/drawn.js';
import { createChartKit } from '../../../src/report/charts/index.js';
import { barsPlan } from '../../../src/report/charts/specs.js';

const RIVALS: ChartValue[] = [
  { label: 'Globex', value: 31.5 },
  { label: 'Acme', value: 25, own: true },
];
const BARS_O = { title: 'Share of voice', unit: '%', locale: 'en-US', accent: '#7b2cbf' };
const SVG = '<svg xmlns="http://www.w3.org/2000/svg"><rect width="1" height="1"></rect></svg>';

function cacheHome(): { env: Record<string, string>; dir: string } {
  const home = mkdtempSync(join(tmpdir(), 'vis-drawn-'));
  return { env: { XDG_CACHE_HOME: home }, dir: join(home, 'vis', 'charts') };
}

describe('the charts drawn before', () => {
  it('give back the same bytes for the same plan, without drawing, and keep each file 0600', async () => {
    const { env, dir } = cacheHome();
    const first = await (await createChartKit(env)).bars(RIVALS, BARS_O);
    const [name] = readdirSync(dir);
    expect(name).toBe(`${drawingKey(barsPlan(RIVALS, BARS_O).spec)}.svg`);
    expect(statSync(join(dir, name!)).mode & 0o777).toBe(0o600);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    // Marked, so what comes back is seen to come from the file, not from Vega again.
    const file = join(dir, name!);
    const marked = first.svg.replace('<g', '<g class="kept"');
    const [magic, key] = readFileSync(file, 'utf8').split(' ');
    const { createHash } = await import('node:crypto');
    writeFileSync(file, `${magic} ${key} ${createHash('sha256').update(marked).digest('hex')}\n${marked}`);
    const again = await (await createChartKit(env)).bars(RIVALS, BARS_O);
    expect(again).toEqual({ svg: marked, alt: first.alt });
    // Without an environment (the tests' kits), nothing is kept.
    expect(await (await createChartKit()).bars(RIVALS, BARS_O)).toEqual(first);
  });

  it('are drawn again when another plan, or the same data at another width, is asked for', async () => {
    const { env, dir } = cacheHome();
    const kit = await createChartKit(env);
    await kit.bars(RIVALS, BARS_O);
    await kit.bars(RIVALS, { ...BARS_O, width: 380 });
    await kit.bars([{ label: 'Globex', value: 31.6 }], BARS_O);
    expect(readdirSync(dir)).toHaveLength(3);
  });

  it.each([
    ['a file cut short', (text: string) => text.slice(0, -10)],
    ['another drawing under its checksum', (text: string) => text.replace('width="1"', 'width="2"')],
    ['another key named', (text: string) => text.replace(/^(\S+ )\S/, '$10')],
    ['no header', (text: string) => text.slice(text.indexOf('\n') + 1)],
  ])('refuse %s and draw again', async (_what, spoil) => {
    const { env, dir } = cacheHome();
    const drawn = drawnCharts(env)!;
    const spec = barsPlan(RIVALS, BARS_O).spec;
    drawn.write(spec, SVG);
    const file = join(dir, `${drawingKey(spec)}.svg`);
    expect(drawn.read(spec)).toBe(SVG);
    writeFileSync(file, spoil(readFileSync(file, 'utf8')));
    expect(drawn.read(spec)).toBeUndefined();
  });

  it('refuse SVG that is not static, even when its file is whole', () => {
    const { env } = cacheHome();
    const drawn = drawnCharts(env)!;
    const spec = { a: 1 };
    drawn.write(spec, '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    expect(drawn.read(spec)).toBeUndefined();
  });

  it('follow no link, and use no folder others can write to', () => {
    const { env, dir } = cacheHome();
    const spec = { a: 2 };
    const other = cacheHome();
    drawnCharts(other.env)!.write(spec, SVG);
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    symlinkSync(join(other.dir, `${drawingKey(spec)}.svg`), join(dir, `${drawingKey(spec)}.svg`));
    expect(drawnCharts(env)!.read(spec)).toBeUndefined();

    const open = cacheHome();
    mkdirSync(open.dir, { recursive: true });
    drawnCharts(open.env)!.write(spec, SVG);
    chmodSync(open.dir, 0o777);
    expect(drawnCharts(open.env)!.read(spec)).toBeUndefined();
  });

  it('are none where the environment names no cache folder', () => {
    expect(drawnCharts({})).toBeUndefined();
  });

  it('keep at most MAX_FILES, the oldest going first', () => {
    const { env, dir } = cacheHome();
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    for (let i = 0; i < MAX_FILES; i++) {
      const file = join(dir, `${i}.svg`);
      writeFileSync(file, '');
      utimesSync(file, 1000 + i, 1000 + i);
    }
    drawnCharts(env)!.write({ a: 3 }, SVG);
    const left = readdirSync(dir);
    expect(left).toHaveLength(MAX_FILES);
    expect(existsSync(join(dir, '0.svg'))).toBe(false);
    expect(existsSync(join(dir, '1.svg'))).toBe(true);
  });
});

describe('the charts drawn before, read back', () => {
  const sha = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
  const MAX_BYTES = 4 * 1024 * 1024;

  it('are keyed by the libraries that drew them (from source, none) and the whole spec', () => {
    expect(drawingKey({ a: 1 })).toBe(sha(`source\n${JSON.stringify({ a: 1 })}`));
  });

  it.each([
    ['another format', (text: string) => text.replace(/^vis-chart-1 /, 'vis-chart-2 ')],
    ['a header with more in it', (text: string) => text.replace('\n', ' more\n')],
  ])('refuse a file of %s, though its key and checksum are right', (_what, spoil) => {
    const { env, dir } = cacheHome();
    const drawn = drawnCharts(env)!;
    const spec = { b: 1 };
    drawn.write(spec, SVG);
    const file = join(dir, `${drawingKey(spec)}.svg`);
    expect(drawn.read(spec)).toBe(SVG);
    writeFileSync(file, spoil(readFileSync(file, 'utf8')));
    expect(drawn.read(spec)).toBeUndefined();
  });

  it('take a file of 4 MiB at most, and no larger', () => {
    const { env, dir } = cacheHome();
    const drawn = drawnCharts(env)!;
    const open = '<svg xmlns="http://www.w3.org/2000/svg">';
    const header = `vis-chart-1 ${drawingKey({ c: 1 })} ${sha('')}\n`.length;
    const svg = (bytes: number) => `${open}${' '.repeat(bytes - header - open.length - '</svg>'.length)}</svg>`;
    drawn.write({ c: 1 }, svg(MAX_BYTES));
    expect(statSync(join(dir, `${drawingKey({ c: 1 })}.svg`)).size).toBe(MAX_BYTES);
    expect(drawn.read({ c: 1 })).toBe(svg(MAX_BYTES));
    drawn.write({ c: 1 }, svg(MAX_BYTES + 1));
    expect(statSync(join(dir, `${drawingKey({ c: 1 })}.svg`)).size).toBe(MAX_BYTES + 1);
    expect(drawn.read({ c: 1 })).toBeUndefined();
  });
});

describe('the charts drawn before, pruned', () => {
  /** `count` drawings in a new cache folder, their ages shuffled against their names and the order they were made in. */
  function filled(count: number): { env: Record<string, string>; dir: string; byAge: string[] } {
    const { env, dir } = cacheHome();
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const aged: Array<{ name: string; t: number }> = [];
    for (let i = 0; i < count; i++) {
      const name = `${i}.svg`;
      const t = 1000 + ((i * 37 + 11) % count);
      writeFileSync(join(dir, name), '');
      utimesSync(join(dir, name), t, t);
      aged.push({ name, t });
    }
    return { env, dir, byAge: aged.sort((a, b) => a.t - b.t).map((a) => a.name) };
  }

  it('remove the oldest by their age, not by their name or order, down to one under MAX_FILES before writing', () => {
    const { env, dir, byAge } = filled(MAX_FILES + 5);
    drawnCharts(env)!.write({ d: 1 }, SVG);
    expect(readdirSync(dir)).toHaveLength(MAX_FILES);
    for (const name of byAge.slice(0, 6)) expect(existsSync(join(dir, name))).toBe(false);
    for (const name of byAge.slice(6)) expect(existsSync(join(dir, name))).toBe(true);
    expect(existsSync(join(dir, `${drawingKey({ d: 1 })}.svg`))).toBe(true);
  });

  it('remove nothing under MAX_FILES, and count only drawings: no temporary file, nothing else', () => {
    const { env, dir, byAge } = filled(MAX_FILES - 1);
    // Older than every drawing, so they would go first if they were counted.
    for (const other of ['notes.txt', '.tmp.half.svg']) {
      writeFileSync(join(dir, other), '');
      utimesSync(join(dir, other), 10, 10);
    }
    drawnCharts(env)!.write({ d: 2 }, SVG);
    expect(readdirSync(dir)).toHaveLength(MAX_FILES + 2);
    for (const name of [...byAge, 'notes.txt', '.tmp.half.svg']) expect(existsSync(join(dir, name))).toBe(true);
  });

  it('prune once for a run: its own drawings are not removed as it writes them', () => {
    const { env, dir, byAge } = filled(MAX_FILES - 2);
    const drawn = drawnCharts(env)!;
    drawn.write({ d: 3 }, SVG);
    drawn.write({ d: 4 }, SVG);
    drawn.write({ d: 5 }, SVG);
    expect(readdirSync(dir)).toHaveLength(MAX_FILES + 1);
    expect(existsSync(join(dir, byAge[0]!))).toBe(true);
  });

  it('take a drawing gone or dangling while it looks as the oldest, and still write the new one', () => {
    const { env, dir } = filled(MAX_FILES);
    symlinkSync(join(dir, 'nowhere'), join(dir, 'dangling.svg'));
    drawnCharts(env)!.write({ d: 6 }, SVG);
    expect(readdirSync(dir)).not.toContain('dangling.svg');
    expect(existsSync(join(dir, `${drawingKey({ d: 6 })}.svg`))).toBe(true);
  });
});
