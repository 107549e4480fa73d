/**
 * The top technical issues (GET /technical): the AI readiness score and each engine's,
 * then the issues most severe first (critical, high, medium, low, then words the report
 * does not know), the first TOP_ISSUES of them with what is wrong and the fix.
 */
import { escapeMarkup, html } from '../escape.js';
import { engineLabel, enginesNamed, listOf, note, prose, num, numCell, records, table, tag, text, type Obj, type SectionView, typed } from './kit.js';

export const TOP_ISSUES = 8;

const SEVERITIES = ['critical', 'high', 'medium', 'low'];

export function bySeverity(issues: readonly Obj[]): Obj[] {
  const rank = (i: Obj) => {
    const at = SEVERITIES.indexOf(text(i, 'severity') ?? '');
    return at < 0 ? SEVERITIES.length : at;
  };
  return [...issues].sort((a, b) => rank(a) - rank(b));
}

export const technical: SectionView = {
  title: 'Technical issues',
  lead: 'What keeps AI crawlers and engines from reading the site, most severe first.',
  known: (data): data is Obj =>
    listOf(data, 'issues', 'title', { severity: 'string', description: 'string', fix: 'string', affected_pages: 'number', engines: 'strings' }) &&
    typed(data, { readiness_score: 'number', scanned_at: 'string' }),
  fields: ['scanned_at', 'readiness_score', 'engines', 'summary', 'issues'],
  // An issue's id and category are for commands and filters; its pages are counted, not
  // listed: a client report names the fix, not every URL.
  records: {
    engines: { name: 'engine', known: ['engine', 'label', 'score'] },
    issues: { name: 'title', known: ['id', 'title', 'severity', 'category', 'engines', 'affected_pages', 'pages', 'description', 'fix'] },
  },
  async render(data, ctx) {
    const { fmt } = ctx;
    const score = num(data, 'readiness_score');
    const scanned = text(data, 'scanned_at');
    const engines = records(data, 'engines')
      .map((e) => `${html(engineLabel(ctx, e))} <strong>${numCell(num(e, 'score'), fmt.number)}</strong>`)
      .join(' · ');
    const lede = `<p class="lede">AI readiness <strong>${numCell(score, fmt.number)}</strong> <span class="muted small">out of 100${scanned === null ? '' : `, scanned ${html(fmt.isoTime(scanned))}`}</span></p>${engines === '' ? '' : `<p class="small">${engines}</p>`}`;
    const all = bySeverity(records(data, 'issues'));
    const top = all.slice(0, TOP_ISSUES);
    const rows = top.map((i) => [
      tag(text(i, 'severity') ?? ''),
      `<strong>${html(text(i, 'title') ?? '')}</strong><br><span class="small">${prose(text(i, 'description') ?? '')}</span>`,
      prose(text(i, 'fix') ?? ''),
      `${numCell(num(i, 'affected_pages'), fmt.number)}<br><span class="small muted">${enginesNamed(ctx, i)}</span>`,
    ]);
    const more = all.length - top.length;
    return [
      lede,
      top.length === 0 ? note('No issue found.') : table(['Severity', 'Issue', 'Fix', { head: 'Pages', numeric: true }], rows),
      more > 0 ? `<p class="small muted">${escapeMarkup(fmt.number(more))} more ${more === 1 ? 'issue' : 'issues'} of lower severity.</p>` : '',
    ].join('\n');
  },
};
