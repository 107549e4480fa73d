/**
 * The report's charts (the ChartKit of src/domain/report.ts). Vega and Vega-Lite weigh
 * about 1.5 MB: they are loaded here, when a report draws its first chart, and the build
 * bundles them apart (dist/lib/charts.cjs), so no other command ever reads them.
 */
import type { ChartKit } from '../../domain/report.js';

export async function createChartKit(): Promise<ChartKit> {
  const { vegaChartKit } = await import('./kit.js');
  return vegaChartKit();
}
