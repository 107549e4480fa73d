/**
 * The report's charts as built: dist/lib/charts.cjs holds the chart kit with Vega and
 * Vega-Lite, loads in a plain Node with nothing but itself (no canvas, no fetch client),
 * draws the same bytes as the source does in any time zone, and is never loaded by another
 * command, nor by a report whose charts were all drawn before (src/report/charts/drawn.ts);
 * dist/vis.cjs holds none of Vega, and the notices carry its licences and d3's.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Chart, ChartStack, ChartValue, DatedValue } from '../../src/domain/report.js';
import { vegaChartKit } from '../../src/report/charts/kit.js';
import { svgProblem } from '../../src/report/charts/svg-safety.js';
import { cleanEnv, modulesLoaded, VIS } from './helpers.js';

const ROOT = resolve(dirname(VIS), '..');
const LIB = join(ROOT, 'dist', 'lib', 'charts.cjs');

const TREND: DatedValue[] = ['2026-09-03', '2026-09-10', '2026-09-17', '2026-09-24', '2026-10-01'].map((date, i) => ({ date, value: i === 2 ? null : 30 + i }));
const BARS: ChartValue[] = [
  { label: 'Globex <script>alert(1)</script>', value: 31.5 },
  { label: 'Acme', value: 25, own: true },
  { label: 'Initech', value: 12.25 },
];
const STACKS: ChartStack[] = [
  {
    label: 'ChatGPT',
    parts: [
      { part: 'recommended', value: 12 },
      { part: 'absent', value: 3 },
    ],
  },
  { label: 'Gemini', parts: [{ part: 'mentioned', value: 9 }] },
];
const INPUT = {
  trend: [TREND, { title: 'Visibility score', unit: 'score', locale: 'de-DE' }],
  bars: [BARS, { title: 'Share of voice', unit: '%', locale: 'en-US', accent: '#7b2cbf' }],
  stacked: [STACKS, { title: 'Buyer questions', order: ['recommended', 'mentioned', 'absent'], locale: 'en-US' }],
} as const;

/** Draws the three charts with the built file in a Node of its own, logging every module it asks for. */
const DRIVER = `
const Module = require('module');
const asked = [];
const load = Module._load;
Module._load = function (request) { asked.push(request); return load.apply(this, arguments); };
const input = JSON.parse(process.argv[2]);
const kit = require(process.argv[1]).vegaChartKit();
(async () => {
  const charts = {};
  for (const [name, [data, o]] of Object.entries(input)) charts[name] = await kit[name](data, o);
  process.stdout.write(JSON.stringify({ charts, asked }));
})().catch((err) => { console.error(err); process.exit(1); });
`;

function drawBuilt(tz: string): { charts: Record<string, Chart>; asked: string[] } {
  const r = spawnSync(process.execPath, ['-e', DRIVER, LIB, JSON.stringify(INPUT)], {
    encoding: 'utf8',
    cwd: mkdtempSync(join(tmpdir(), 'vis-charts-')),
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', TZ: tz, LANG: 'C.UTF-8', NODE_PATH: '' },
  });
  expect(r.status, r.stderr).toBe(0);
  return JSON.parse(r.stdout) as { charts: Record<string, Chart>; asked: string[] };
}

beforeAll(() => {
  if (!existsSync(LIB)) throw new Error('dist/lib/charts.cjs is missing: run `npm run build` first (npm test does)');
});

describe('the built charts', () => {
  it('load with nothing but Node built-ins and draw the bytes the source draws, in any time zone', async () => {
    const kit = vegaChartKit();
    const here = {
      trend: await kit.trend(...INPUT.trend),
      bars: await kit.bars(...INPUT.bars),
      stacked: await kit.stacked(...INPUT.stacked),
    };
    const kiritimati = drawBuilt('Pacific/Kiritimati');
    const honolulu = drawBuilt('Pacific/Honolulu');
    expect(kiritimati.charts).toEqual(here);
    expect(honolulu.charts).toEqual(here);
    for (const chart of Object.values(here)) expect(svgProblem(chart.svg)).toBeNull();
    expect(here.trend.alt).toContain('on 03.09.2026');
    // The driver's own require of the file, then only what Node has built in.
    expect(kiritimati.asked.filter((m) => m !== LIB)).toEqual(['fs']);
  });

  it('are left out of dist/vis.cjs, which a data command never leaves to load them', () => {
    const core = readFileSync(join(ROOT, 'dist', 'vis.cjs'), 'utf8');
    const lib = readFileSync(LIB, 'utf8');
    for (const marker of ['vega.github.io/schema', 'vega-lite', 'toSVG']) {
      expect(lib).toContain(marker);
      expect(core).not.toContain(marker);
    }
    const { status, stderr, loaded } = modulesLoaded(['--demo', 'topics', '-f', 'json']);
    expect(status, stderr).toBe(0);
    expect(loaded).toContain('sandbox.cjs');
    expect(loaded).not.toContain('charts.cjs');
    expect(loaded).not.toMatch(/vega/);
  });

  it('are not loaded by a report whose charts were all drawn before, which gives the same bytes', () => {
    const env = cleanEnv({ VIS_API_KEY: 'vis_demo_growth' });
    const dir = mkdtempSync(join(tmpdir(), 'vis-drawn-'));
    const first = modulesLoaded(['--demo', 'report', '-q', '-o', join(dir, 'first.html')], env);
    expect(first.status, first.stderr).toBe(0);
    expect(first.loaded).toContain('charts.cjs');
    const again = modulesLoaded(['--demo', 'report', '-q', '-o', join(dir, 'again.html')], env);
    expect(again.status, again.stderr).toBe(0);
    expect(again.loaded).not.toContain('charts.cjs');
    const charts = (file: string) => readFileSync(join(dir, file), 'utf8').match(/<svg[\s\S]*?<\/svg>/g);
    expect(charts('again.html')).toEqual(charts('first.html'));
    expect(charts('first.html')?.length).toBeGreaterThan(0);
  });

  it("ship Vega's, Vega-Lite's and d3's licences", () => {
    const notices = readFileSync(join(ROOT, 'dist', 'THIRD_PARTY_NOTICES.md'), 'utf8');
    for (const pkg of ['vega', 'vega-lite', 'vega-util', 'd3-scale', 'd3-format', 'd3-time-format']) expect(notices).toMatch(new RegExp(`^## ${pkg} \\d`, 'm'));
    expect(notices).toContain('vega-util ships no licence file; the text below is the one its repository (vega/vega) ships with');
    expect(notices).not.toMatch(/^## (node-fetch|canvas) /m);
  });
});
