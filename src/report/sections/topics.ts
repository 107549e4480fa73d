/**
 * Topics, weakest first (GET /topics): the brand's visibility per topic as bars, then each
 * topic with its change, rank, share of voice and the rivals AI names instead. A topic not
 * measured (visibility null) comes last: it is not known to be weak.
 */
import type { ChartValue } from '../../domain/report.js';
import { escapeMarkup, html, plainText } from '../escape.js';
import { dash, figure, listOf, spanText, windowOf, num, numCell, records, shareReader, strings, table, text, type Obj, type SectionView } from './kit.js';

export function weakestFirst(topics: readonly Obj[]): Obj[] {
  const key = (t: Obj) => num(t, 'visibility') ?? Number.POSITIVE_INFINITY;
  return [...topics].sort((a, b) => key(a) - key(b));
}

export const topics: SectionView = {
  title: 'Topics',
  lead: 'Visibility per topic, weakest first, with the rivals AI names instead.',
  known: (data): data is Obj =>
    listOf(data, 'topics', 'name', { visibility: 'number', change: 'number', rank: 'number', share_of_voice: 'number', rivals: 'strings' }),
  fields: ['period', 'topics'],
  // id, questions: the id is for commands, not for a client; the count of questions is the buyer questions' section's.
  records: { topics: { name: 'name', known: ['id', 'name', 'visibility', 'change', 'rank', 'share_of_voice', 'rivals', 'questions'] } },
  async render(data, ctx) {
    const list = weakestFirst(records(data, 'topics'));
    const { fmt } = ctx;
    const percent = shareReader(
      'share_of_voice',
      list.map((t) => t.share_of_voice),
    );
    const values: ChartValue[] = list.map((t) => ({ label: plainText(text(t, 'name') ?? ''), value: num(t, 'visibility') }));
    const chart =
      list.length === 0
        ? ''
        : await figure((size) =>
            ctx.charts.bars(values, {
              title: 'Visibility per topic',
              unit: 'score',
              locale: fmt.locale,
              accent: ctx.model.look.accent,
              order: 'smallest first',
              ...size,
            }),
          );
    const rows = list.map((t) => {
      const rivals = strings(t, 'rivals');
      return [
        html(text(t, 'name') ?? ''),
        numCell(num(t, 'visibility'), fmt.score),
        fmt.change(num(t, 'change'), 'points', 'higher'),
        numCell(num(t, 'rank'), fmt.number),
        numCell(percent(num(t, 'share_of_voice')), fmt.percent),
        rivals.length === 0 ? dash() : rivals.map(html).join(', '),
      ];
    });
    // Said, so a topic's figure is not read against "What changed", whose figures are the recorded days'.
    const period = windowOf(data.period);
    const over = period === null ? '' : `<p class="small muted">Over ${escapeMarkup(spanText(period, fmt))}; each change against the same days before.</p>`;
    return [
      over,
      chart,
      table(
        [
          'Topic',
          { head: 'Visibility', numeric: true },
          { head: 'Change', numeric: true },
          { head: 'Rank', numeric: true },
          { head: 'Share of voice', numeric: true },
          'Named instead',
        ],
        rows,
      ),
    ]
      .filter((x) => x !== '')
      .join('\n');
  },
};
