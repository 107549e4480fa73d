/**
 * Share of voice against the top rivals (GET /competitors): the brand's own bar apart
 * (`own`), the rivals largest first, then the figures of each as a table.
 */
import type { ChartValue } from '../../domain/report.js';
import { escapeMarkup, html, plainText } from '../escape.js';
import { figure, listOf, num, numCell, records, shareReader, spanText, table, text, windowOf, type Obj, type SectionView } from './kit.js';

/** Rivals drawn beside the brand. */
export const TOP_RIVALS = 6;

export const shareOfVoice: SectionView = {
  title: 'Share of voice',
  lead: 'How often AI names the brand against its top rivals.',
  known: (data): data is Obj =>
    listOf(data, 'competitors', 'name', {
      share_of_voice: 'number',
      change: 'number',
      visibility: 'number',
      mentions: 'number',
      position: 'number',
      is_brand: 'boolean',
    }),
  fields: ['window', 'competitors'],
  // domain, questions, citations: the table keeps to share of voice and how it is made.
  records: {
    competitors: {
      name: 'name',
      known: ['name', 'domain', 'is_brand', 'share_of_voice', 'change', 'visibility', 'mentions', 'position', 'questions', 'citations'],
    },
  },
  async render(data, ctx) {
    const all = records(data, 'competitors');
    const percent = shareReader(
      'share_of_voice',
      all.map((c) => c.share_of_voice),
    );
    const byShare = (a: Obj, b: Obj) => (num(b, 'share_of_voice') ?? -1) - (num(a, 'share_of_voice') ?? -1);
    const own = all.filter((c) => c.is_brand === true);
    const rivals = all.filter((c) => c.is_brand !== true).sort(byShare);
    const shown = [...own, ...rivals.slice(0, TOP_RIVALS)].sort(byShare);
    const values: ChartValue[] = shown.map((c) => ({
      label: plainText(text(c, 'name') ?? ''),
      value: percent(num(c, 'share_of_voice')),
      ...(c.is_brand === true ? { own: true } : {}),
    }));
    const chart = await figure((size) =>
      ctx.charts.bars(values, { title: 'Share of voice', unit: '%', locale: ctx.fmt.locale, accent: ctx.model.look.accent, ...size }),
    );
    const { fmt } = ctx;
    const rows = shown.map((c) => [
      `${c.is_brand === true ? '<strong>' : ''}${html(text(c, 'name') ?? '')}${c.is_brand === true ? '</strong> <span class="tag own">you</span>' : ''}`,
      numCell(percent(num(c, 'share_of_voice')), fmt.percent),
      fmt.change(percent(num(c, 'change')), 'points', c.is_brand === true ? 'higher' : 'neither'),
      numCell(num(c, 'visibility'), fmt.score),
      numCell(num(c, 'mentions'), fmt.number),
      numCell(num(c, 'position'), fmt.decimal),
    ]);
    const more = rivals.length - Math.min(rivals.length, TOP_RIVALS);
    const window = windowOf(data.window);
    return [
      window === null ? '' : `<p class="small muted">Over ${escapeMarkup(spanText(window, fmt))}.</p>`,
      chart,
      table(
        [
          'Brand',
          { head: 'Share of voice', numeric: true },
          { head: 'Change', numeric: true },
          { head: 'Visibility', numeric: true },
          { head: 'Mentions', numeric: true },
          { head: 'Position', numeric: true },
        ],
        rows,
      ),
      more > 0 ? `<p class="small muted">${more} more ${more === 1 ? 'rival' : 'rivals'} with a smaller share.</p>` : '',
    ].join('\n');
  },
};
