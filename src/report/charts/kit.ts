/**
 * The report's charts drawn: each plan of src/report/charts/specs.ts compiled by Vega-Lite
 * and rendered to SVG by Vega's headless renderer (`renderer: 'none'`: no canvas, no
 * browser, no DOM). Bundled apart as dist/lib/charts.cjs with Vega and Vega-Lite, which
 * only `vis report` loads (src/report/charts/index.ts; scripts/build.mjs).
 *
 * Vega can fetch data and images from URLs; these charts have their data inline, so the
 * loader refuses every request rather than make one. Without a canvas package Vega
 * measures text by estimate (scripts/build.mjs keeps one found on the machine out), which
 * is what makes the same data give the same bytes everywhere.
 */
import { parse, View, type Loader, type LoggerInterface } from 'vega';
import { compile } from 'vega-lite';
import type { Chart, ChartKit } from '../../domain/report.js';
import { barsPlan, stackedPlan, trendPlan, type ChartPlan } from './specs.js';
import { assertSafeSvg } from './svg-safety.js';

/** A loader that loads nothing, and notes what it was asked for so the chart fails rather than draw without it. */
function noLoading(asked: string[]): Loader {
  const refuse = (what: string) => {
    asked.push(what);
    return Promise.reject(new Error(`a report chart asked to load ${JSON.stringify(what)}: charts are drawn from their own data only`));
  };
  return { load: refuse, sanitize: refuse, http: refuse, file: refuse };
}

/** Vega's and Vega-Lite's messages: warnings kept for the caller (tests want none), errors thrown. */
function logger(warnings: string[], errors: string[]): LoggerInterface {
  const text = (args: readonly unknown[]) => args.map((a) => (a instanceof Error ? a.message : String(a))).join(' ');
  let level = 2;
  const log: LoggerInterface = {
    level: ((l?: number) => {
      if (l === undefined) return level;
      level = l;
      return log;
    }) as LoggerInterface['level'],
    error: (...args) => (errors.push(text(args)), log),
    warn: (...args) => (warnings.push(text(args)), log),
    info: () => log,
    debug: () => log,
  };
  return log;
}

/** One chart drawn: its SVG, checked static (src/report/charts/svg-safety.ts), and its text alternative. `warnings` collects what Vega said. */
export async function drawChart(plan: ChartPlan, warnings: string[] = []): Promise<Chart> {
  const errors: string[] = [];
  const asked: string[] = [];
  const log = logger(warnings, errors);
  const { spec } = compile(plan.spec, { logger: log });
  const view = new View(parse(spec), { renderer: 'none', loader: noLoading(asked), logger: log, logLevel: 2 });
  try {
    const svg = await view.toSVG();
    if (asked.length > 0) throw new Error(`a report chart asked to load ${JSON.stringify(asked[0])}: charts are drawn from their own data only`);
    if (errors.length > 0) throw new Error(`a report chart could not be drawn: ${errors[0]}`);
    return { svg: assertSafeSvg(svg), alt: plan.alt };
  } finally {
    view.finalize();
  }
}

export function vegaChartKit(): ChartKit {
  return {
    trend: (points, o) => drawChart(trendPlan(points, o)),
    bars: (values, o) => drawChart(barsPlan(values, o)),
    stacked: (stacks, o) => drawChart(stackedPlan(stacks, o)),
  };
}
