/**
 * The report's renderer, charts and PDF printer, loaded when a report is made (each is
 * bundled apart: vega and playwright-core weigh more than the rest of vis).
 */
import type { ReportDeps } from './run.js';

export async function defaultDeps(): Promise<ReportDeps> {
  const [{ renderReport }, { createChartKit }, { findChromium }] = await Promise.all([
    import('../../../report/render.js'),
    import('../../../report/charts/index.js'),
    import('../../../report/chromium.js'),
  ]);
  return {
    render: renderReport,
    charts: createChartKit,
    findChromium,
    // The printer is loaded only for --pdf.
    async pdf(html, o) {
      const { printPdf } = await import('../../../report/pdf.js');
      return printPdf(html, o);
    },
  };
}
