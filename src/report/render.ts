/**
 * The client report as one self-contained HTML file (docs/report.md): the cover (the
 * agency's title and logo, the period), with several brand × market scopes a page
 * comparing them, then each scope's sections in the order of REPORT_SECTIONS.
 *
 * Nothing in it runs or fetches: no script at all, a Content-Security-Policy that would
 * refuse one anyway and any request but to `data:`, the style sheet inline, the fonts the
 * system's, the logo a data URL, the charts inline SVG checked inert. Every text from the
 * API passes escape.ts; the only links are http(s) URLs from the API and the report's own
 * `#anchors`.
 *
 * A section never sinks the report: one not in the plan, failed or empty says so in place;
 * an answer of a shape the report does not know, or one its view cannot draw, is shown as
 * a plain table in place.
 */
import { REPORT_SECTIONS, type ChartKit, type ReportModel, type ScopeReport, type SectionId, type SectionResult } from '../domain/report.js';
import { anchorIds, attr, escapeMarkup, html, logoDataUrl } from './escape.js';
import { formatsFor, type Formats } from './format.js';
import { SECTION_VIEWS } from './sections/index.js';
import { engineNames, genericTable, isObj, num, obj, otherFields, otherRecordFields, shareReader, table, type SectionContext } from './sections/kit.js';
import { reportStyle } from './style.js';

export const CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; font-src data:";

/** `Needs Pro or Growth`, whether the model says `Pro or Growth` or the whole sentence. */
export function planNote(needs: string): string {
  return `Needs ${needs.replace(/^\s*needs\s+/i, '')}`;
}

/** A section that holds no answer to draw: why, in place. */
export function sectionNote(result: Exclude<SectionResult, { kind: 'data' }>): string {
  switch (result.kind) {
    case 'plan':
      return `<p class="note plan">${html(planNote(result.needs))}</p>`;
    case 'failed':
      return `<p class="note failed">Could not be read: <code>${html(result.code)}</code> ${html(result.message)}</p>`;
    case 'none':
      return `<p class="note none">${html(result.why)}</p>`;
  }
}

/** The body of one section: its view when the answer is of a shape it knows, else a plain table. */
export async function sectionBody(id: SectionId, result: SectionResult, ctx: SectionContext): Promise<string> {
  if (result.kind !== 'data') return sectionNote(result);
  const view = SECTION_VIEWS[id];
  const unknown = () => `<p class="note">Shown as a plain table: the answer is not of the shape this report draws.</p>\n${genericTable(result.data)}`;
  if (!view.known(result.data)) return unknown();
  try {
    const others = [otherRecordFields(result.data, view.records), otherFields(result.data, view.fields)].filter((s) => s !== '');
    return `${await view.render(result.data, ctx)}\n${others.join('\n')}`;
  } catch {
    return unknown();
  }
}

function sectionId(anchor: string, id: SectionId): string {
  return `${anchor}-${id}`;
}

async function renderSection(id: SectionId, result: SectionResult, anchor: string, ctx: SectionContext): Promise<string> {
  const view = SECTION_VIEWS[id];
  return `<section class="section" id="${sectionId(anchor, id)}">\n<h3>${escapeMarkup(view.title)}</h3>\n<p class="lead">${escapeMarkup(view.lead)}</p>\n${await sectionBody(id, result, ctx)}\n</section>`;
}

function marketText(scope: ScopeReport): string {
  if (scope.market === null) return 'every market';
  return scope.market.label === null ? scope.market.code : `${scope.market.label} (${scope.market.code})`;
}

function periodText(model: ReportModel, fmt: Formats): string {
  const { from, to, days } = model.period;
  return `${fmt.date(from)} – ${fmt.date(to)} (${fmt.number(days)} ${days === 1 ? 'day' : 'days'})`;
}

async function renderScope(
  model: ReportModel,
  scope: ScopeReport,
  anchor: string,
  first: boolean,
  charts: ChartKit,
  fmt: Formats,
  engine: (id: string) => string,
): Promise<string> {
  const ctx: SectionContext = { model, scope, charts, fmt, engine };
  const meta = [
    `<span>${html(marketText(scope))}</span>`,
    `<span>${escapeMarkup(periodText(model, fmt))}</span>`,
    scope.plan === null ? '' : `<span>${html(scope.plan)} plan</span>`,
    `<span>Data read ${escapeMarkup(fmt.time(scope.readAt))}</span>`,
  ];
  const sections: string[] = [];
  // A model made by other code than the command's may lack a section: it is said, not skipped.
  const missing: SectionResult = { kind: 'none', why: 'Not read for this report.' };
  for (const id of REPORT_SECTIONS) sections.push(await renderSection(id, (scope.sections[id] as SectionResult | undefined) ?? missing, anchor, ctx));
  return `<section class="scope${first ? ' first' : ''}" id="${anchor}">\n<header><h2>${html(scope.brand.name)}</h2><div class="meta">${meta.join('')}</div></header>\n${sections.join('\n')}\n</section>`;
}

/** The first page of a report of several scopes: each brand × market's score, change and share of voice, linked. */
export function comparePage(scopes: readonly ScopeReport[], anchors: readonly string[], fmt: Formats): string {
  const rows = scopes.map((s, i) => {
    const overview = s.sections.headline;
    const data = overview.kind === 'data' && isObj(overview.data) ? overview.data : null;
    const visibility = data === null ? null : obj(data, 'visibility');
    const share = data === null ? null : obj(data, 'share_of_voice');
    const score = visibility === null ? null : num(visibility, 'score');
    const shareValue = share === null ? null : shareReader('share_of_voice', [share.value])(num(share, 'value'));
    const missing = data === null ? '<span class="muted small">not read</span>' : '<span class="muted">–</span>';
    return [
      `<a href="#${anchors[i]}">${html(s.brand.name)}</a>`,
      html(marketText(s)),
      score === null ? missing : escapeMarkup(fmt.score(score)),
      visibility === null ? missing : fmt.change(num(visibility, 'change'), 'points', 'higher'),
      shareValue === null ? missing : escapeMarkup(fmt.percent(shareValue)),
    ];
  });
  const cols = ['Brand', 'Market', ...['Visibility', 'Change', 'Share of voice'].map((head) => ({ head, numeric: true }))];
  const heading = new Set(scopes.map((s) => s.brand.id)).size > 1 ? 'Every brand at a glance' : 'Every market at a glance';
  // The shared table, so a phone shows its rows as cards as it does every other table's.
  return `<section class="compare" id="compare">\n<h2>${heading}</h2>\n${table(cols, rows)}\n</section>`;
}

export async function renderReport(model: ReportModel, charts: ChartKit): Promise<string> {
  const fmt = formatsFor(model.look.locale);
  const anchors = anchorIds(model.scopes.map((s) => [s.brand.name, s.market?.code ?? '']));
  const several = model.scopes.length > 1;
  const scopes: string[] = [];
  // One name per engine in the whole file: its label where any answer gives one.
  const engine = engineNames(model.scopes.flatMap((s) => Object.values(s.sections).map((r) => (r.kind === 'data' ? r.data : null))));
  for (const [i, scope] of model.scopes.entries()) scopes.push(await renderScope(model, scope, anchors[i] as string, i === 0 && !several, charts, fmt, engine));
  const logo = model.look.logo === null ? '' : `<img src=${attr(logoDataUrl(model.look.logo))} alt="">`;
  // One file holding several clients is the agency's own: it says so wherever it is opened or printed.
  const title = html(model.internal === true ? `${model.look.title}: internal overview` : model.look.title);
  // A client's file names the client in its tab and its PDF's Title, so several mailed reports tell apart.
  const brands = [...new Set(model.scopes.map((s) => s.brand.name))];
  const docTitle = model.internal !== true && brands.length === 1 ? html(`${model.look.title}: ${brands[0]}`) : title;
  const internal =
    model.internal === true ? '<p class="note internal">Every brand’s figures in one file, for the agency’s own use: each client gets its own report.</p>' : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${CSP}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${docTitle}</title>
<style>${reportStyle(model.look)}</style>
</head>
<body>
<header class="cover">${logo}<div><h1>${title}</h1><p class="meta">${escapeMarkup(periodText(model, fmt))} · made ${escapeMarkup(fmt.time(model.madeAt))}</p>${internal}</div></header>
${several ? comparePage(model.scopes, anchors, fmt) : ''}
${scopes.join('\n')}
<footer>Figures from the Brand AI-Visibility API, read with vis. Times are UTC.</footer>
</body>
</html>
`;
}
