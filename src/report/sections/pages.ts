/**
 * Cited pages gained and lost (GET /pages): the brand's pages AI cites more, then less, than
 * in the previous period, a first citation or a last one lost said in words; how many held
 * steady; then the pages AI does not cite and what it cites instead.
 */
import { escapeMarkup } from '../escape.js';
import { listOf, note, spanText, windowOf, num, numCell, records, table, text, urlCell, type Obj, type SectionView } from './kit.js';

function movement(p: Obj): string {
  const now = num(p, 'citations');
  const before = num(p, 'previous_citations');
  if (before === 0 && now !== null && now > 0) return '<span class="tag good">first citation</span>';
  if (now === 0 && before !== null && before > 0) return '<span class="tag bad">last citation lost</span>';
  return '';
}

/** The change of a page: its own `change`, else citations − previous citations. */
export function pageChange(p: Obj): number | null {
  const change = num(p, 'change');
  if (change !== null) return change;
  const now = num(p, 'citations');
  const before = num(p, 'previous_citations');
  return now === null || before === null ? null : now - before;
}

export const pages: SectionView = {
  title: 'Cited pages',
  lead: 'The brand’s pages AI cites, gained and lost against the previous period.',
  known: (data): data is Obj => listOf(data, 'pages', 'url', { title: 'string', citations: 'number', previous_citations: 'number', change: 'number' }),
  fields: ['period', 'previous_period', 'pages', 'uncited'],
  // topic_id: for commands; a page's citations per engine add up to the count shown; the
  // domain of a page cited instead is in its URL.
  records: {
    pages: { name: 'url', known: ['url', 'title', 'topic_id', 'citations', 'previous_citations', 'change', 'engines'] },
    uncited: {
      name: 'url',
      known: ['url', 'title', 'topic_id', 'cited_instead'],
      lists: { cited_instead: { name: 'url', known: ['url', 'domain', 'citations'] } },
    },
  },
  async render(data, ctx) {
    const { fmt } = ctx;
    const all = records(data, 'pages');
    const gained = all.filter((p) => (pageChange(p) ?? 0) > 0).sort((a, b) => (pageChange(b) ?? 0) - (pageChange(a) ?? 0));
    const lost = all.filter((p) => (pageChange(p) ?? 0) < 0).sort((a, b) => (pageChange(a) ?? 0) - (pageChange(b) ?? 0));
    const steady = all.length - gained.length - lost.length;
    const rows = (list: Obj[]) =>
      list.map((p) => [
        `${urlCell(text(p, 'url') ?? '', text(p, 'title'))} ${movement(p)}`,
        numCell(num(p, 'citations'), fmt.number),
        numCell(num(p, 'previous_citations'), fmt.number),
        fmt.change(pageChange(p), 'count', 'higher'),
      ]);
    const cols = ['Page', { head: 'Citations', numeric: true }, { head: 'Before', numeric: true }, { head: 'Change', numeric: true }];
    const uncited = records(data, 'uncited');
    // Every count says what it counts.
    const citations = (n: number) => `${fmt.number(n)} ${n === 1 ? 'citation' : 'citations'}`;
    // Said, so a page's citations are not read against "What changed", whose figures are the recorded days'.
    const period = windowOf(data.period);
    const previous = windowOf(data.previous_period);
    const over =
      period === null
        ? ''
        : `<p class="small muted">Citations over ${escapeMarkup(spanText(period, fmt))}${previous === null ? '' : `; before: ${escapeMarkup(spanText(previous, fmt))}`}.</p>`;
    return [
      over,
      `<h4>Gained</h4>`,
      gained.length === 0 ? note('No page gained citations.') : table(cols, rows(gained)),
      `<h4>Lost</h4>`,
      lost.length === 0 ? note('No page lost citations.') : table(cols, rows(lost)),
      steady > 0 ? `<p class="small muted">${escapeMarkup(fmt.number(steady))} ${steady === 1 ? 'page' : 'pages'} cited as often as before.</p>` : '',
      uncited.length === 0
        ? ''
        : `<h4>Not cited</h4>${table(
            ['Page', 'AI cites instead (citations)'],
            uncited.map((u) => [
              urlCell(text(u, 'url') ?? '', text(u, 'title')),
              records(u, 'cited_instead')
                .map((c) => `${urlCell(text(c, 'url') ?? '')} <span class="muted small">${escapeMarkup(citations(num(c, 'citations') ?? 0))}</span>`)
                .join('<br>'),
            ]),
          )}`,
    ]
      .filter((s) => s !== '')
      .join('\n');
  },
};
