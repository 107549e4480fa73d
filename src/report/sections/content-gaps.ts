/**
 * Content gaps to write and improve (GET /content-gaps): the buyer questions with no page
 * to cite (`write`), then those whose page AI does not cite (`improve`), then any action
 * the report does not know; the questions to `leave` are counted, not listed. A reason
 * speaks of the answers to its own question, which the section says beside Cited pages' counts.
 */
import { escapeMarkup, html } from '../escape.js';
import { countsLede, listOf, note, obj, records, table, tag, text, topicName, urlCell, type Obj, type SectionView, typed } from './kit.js';

const FIRST = ['write', 'improve'];

export function gapsToShow(gaps: readonly Obj[]): Obj[] {
  const rank = (g: Obj) => {
    const a = text(g, 'action') ?? '';
    const i = FIRST.indexOf(a);
    return i >= 0 ? i : FIRST.length;
  };
  return gaps.filter((g) => text(g, 'action') !== 'leave').sort((a, b) => rank(a) - rank(b));
}

export const contentGaps: SectionView = {
  title: 'Content gaps',
  lead: 'Buyer questions to write a page for, and pages to improve so AI cites them.',
  known: (data): data is Obj =>
    listOf(data, 'gaps', 'prompt', { topic: 'string', action: 'string', page_url: 'string', reason: 'string' }) && typed(data, { summary: 'object' }),
  fields: ['window', 'summary', 'gaps'],
  // The ids are for commands; whether a page exists and is cited, its citations and the
  // engines citing it are what the action and its reason already say.
  records: {
    gaps: {
      name: 'prompt',
      known: ['prompt_id', 'prompt', 'topic_id', 'topic', 'has_page', 'page_url', 'cited', 'citations', 'cited_by', 'action', 'reason'],
    },
  },
  async render(data, ctx) {
    const { fmt } = ctx;
    const counts = countsLede(
      obj(data, 'summary'),
      () => ['write', 'improve', 'leave'],
      (k, n) => `${tag(k)} <strong>${escapeMarkup(fmt.number(n ?? 0))}</strong>`,
      ' &nbsp; ',
    );
    const gaps = gapsToShow(records(data, 'gaps'));
    const rows = gaps.map((g) => {
      const page = text(g, 'page_url');
      return [
        html(text(g, 'prompt') ?? ''),
        html(text(g, 'topic') ?? topicName(ctx, text(g, 'topic_id') ?? '')),
        tag(text(g, 'action') ?? ''),
        page === null ? '<span class="muted">no page</span>' : urlCell(page),
        html(text(g, 'reason') ?? ''),
      ];
    });
    // A reason counts the answers to its one question; Cited pages counts every answer: said, so a page
    // "no answer cited" here is not read against its citations there.
    const scopeNote = '<p class="small muted">Each reason counts the answers to its own question; Cited pages counts every answer.</p>';
    return [
      counts,
      gaps.length === 0 ? note('Nothing to write or improve.') : `${scopeNote}\n${table(['Question', 'Topic', 'Action', 'Page', 'Why'], rows)}`,
    ].join('\n');
  },
};
