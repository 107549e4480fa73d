/**
 * The report's charts (the ChartKit of src/domain/report.ts). Vega and Vega-Lite weigh
 * about 1.5 MB: they are loaded here, when a report draws a chart it has not drawn before
 * (src/report/charts/drawn.ts keeps those it has), and the build bundles them apart
 * (dist/lib/charts.cjs), so no other command ever reads them. The plans are made here,
 * without Vega, so a chart already drawn costs its plan and one file read.
 */
import type { Chart, ChartKit } from '../../domain/report.js';
import { drawnCharts } from './drawn.js';
import { barsPlan, stackedPlan, trendPlan, type ChartPlan } from './specs.js';

/** The chart kit; with `env`, one that keeps what it draws in that environment's cache folder. */
export async function createChartKit(env?: Readonly<Record<string, string | undefined>>): Promise<ChartKit> {
  const drawn = env === undefined ? undefined : drawnCharts(env);
  let vega: Promise<typeof import('./kit.js')> | undefined;
  const draw = async (plan: () => ChartPlan): Promise<Chart> => {
    const { spec, alt } = plan();
    const svg = drawn?.read(spec);
    if (svg !== undefined) return { svg, alt };
    const { drawChart } = await (vega ??= import('./kit.js'));
    const chart = await drawChart({ spec, alt });
    drawn?.write(spec, chart.svg);
    return chart;
  };
  return {
    trend: (points, o) => draw(() => trendPlan(points, o)),
    bars: (values, o) => draw(() => barsPlan(values, o)),
    stacked: (stacks, o) => draw(() => stackedPlan(stacks, o)),
  };
}
