/**
 * A ChartKit for the renderer's tests: a small SVG holding the values as text (escaped, as
 * the real kit's must be), and a sentence saying them. Every call is recorded, so a test
 * can check what each section asked to draw.
 */
import type { Chart, ChartKit, ChartStack, ChartValue, DatedValue } from '../../src/domain/report.js';

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function svg(kind: string, lines: readonly string[]): string {
  const texts = lines.map((l, i) => `<text x="4" y="${14 * (i + 1)}">${esc(l)}</text>`).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" class="fake-${kind}" width="320" height="${14 * (lines.length + 1)}" viewBox="0 0 320 ${14 * (lines.length + 1)}"><g>${texts}</g></svg>`;
}

export type ChartCall =
  | { kind: 'trend'; points: readonly DatedValue[]; title: string }
  | { kind: 'bars'; values: readonly ChartValue[]; title: string; accent: string }
  | { kind: 'stacked'; stacks: readonly ChartStack[]; title: string; order: readonly string[]; colours?: readonly string[] };

export class FakeCharts implements ChartKit {
  /** The page's drawings, in order. */
  readonly calls: ChartCall[] = [];
  /** The phone's drawings (a `width` asked for), in order, and the width each asked for. */
  readonly phoneCalls: ChartCall[] = [];
  readonly phoneWidths: number[] = [];

  private record(call: ChartCall, width: number | undefined): void {
    if (width === undefined) this.calls.push(call);
    else {
      this.phoneCalls.push(call);
      this.phoneWidths.push(width);
    }
  }

  async trend(points: readonly DatedValue[], o: { title: string; width?: number }): Promise<Chart> {
    this.record({ kind: 'trend', points, title: o.title }, o.width);
    const lines = points.map((p) => `${p.date} ${p.value ?? '–'}`);
    return { svg: svg('trend', lines), alt: `${o.title}: ${lines.join(', ')}.` };
  }

  async bars(values: readonly ChartValue[], o: { title: string; accent: string; width?: number }): Promise<Chart> {
    this.record({ kind: 'bars', values, title: o.title, accent: o.accent }, o.width);
    const lines = values.map((v) => `${v.own === true ? '*' : ''}${v.label} ${v.value ?? '–'}`);
    return { svg: svg('bars', lines), alt: `${o.title}: ${lines.join(', ')}.` };
  }

  async stacked(stacks: readonly ChartStack[], o: { title: string; order: readonly string[]; colours?: readonly string[]; width?: number }): Promise<Chart> {
    this.record({ kind: 'stacked', stacks, title: o.title, order: o.order, ...(o.colours === undefined ? {} : { colours: o.colours }) }, o.width);
    const lines = stacks.map((s) => `${s.label} ${s.parts.map((p) => `${p.part} ${p.value}`).join(' ')}`);
    return { svg: svg('stacked', lines), alt: `${o.title}: ${lines.join('; ')}.` };
  }
}
