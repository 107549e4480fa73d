/**
 * What the section views share: reading fields of an answer of any shape without trusting
 * it, the HTML pieces (tables, tags, figures), and the marks and tones the terminal views
 * use (src/output/views/marks.ts), so a state reads the same in the report as in `vis`.
 */
import type { ChartKit, ReportModel, ScopeReport } from '../../domain/report.js';
import { PHONE_CHART_WIDTH, type Chart } from '../../domain/report.js';
import { percentScale } from '../../domain/shares.js';
import { toneOf, type Tone } from '../../domain/tones.js';
import { cellText, discoverColumns, flattenFigures, flattenRecord, isPlainObject, selectRows, type FlatCell } from '../../output/flatten.js';
import { attr, escapeMarkup, html, inertSvg, linkTarget, link } from '../escape.js';
import type { Formats } from '../format.js';
import { topicNamesIn } from '../../text/topic-names.js';

export type Obj = Record<string, unknown>;

export interface SectionContext {
  model: ReportModel;
  scope: ScopeReport;
  charts: ChartKit;
  fmt: Formats;
  /** An engine's name as the report says it everywhere: its label where an answer gives one, else its id (engineNames). */
  engine?: (id: string) => string;
}

/** A topic's name where the scope's topics answer gives it (`CRM pricing` for `crm-pricing`), else its id; text still to escape. */
export function topicName(ctx: Pick<SectionContext, 'scope'>, id: string): string {
  const topics = ctx.scope.sections.topics;
  return (topics?.kind === 'data' ? topicNamesIn(topics.data).get(id) : undefined) ?? id;
}

/** The engine's name for this report, as text still to escape. */
export function engineName(ctx: Pick<SectionContext, 'engine'>, id: string): string {
  return ctx.engine?.(id) ?? id;
}

/** An engine record's name (perception's and the technical scan's engines): its own label, else the report's name of its id; text still to escape. */
export function engineLabel(ctx: Pick<SectionContext, 'engine'>, e: Obj): string {
  return text(e, 'label') ?? engineName(ctx, text(e, 'engine') ?? '');
}

/** The engines a record names (a claim's, an issue's), by the report's names, escaped and parted by commas. */
export function enginesNamed(ctx: Pick<SectionContext, 'engine'>, o: Obj): string {
  return strings(o, 'engines')
    .map((e) => html(engineName(ctx, e)))
    .join(', ');
}

/**
 * The label of each engine id that any answer of the report gives one for (an `engine`
 * with a `label` beside it: perception's and the technical scan's engines), first found
 * first: the questions, claims and issues that name engines by id then say `ChatGPT` too.
 */
export function engineNames(answers: readonly unknown[]): (id: string) => string {
  const labels = new Map<string, string>();
  const walk = (v: unknown, depth: number): void => {
    if (depth > 6) return;
    if (Array.isArray(v)) for (const x of v) walk(x, depth + 1);
    else if (isObj(v)) {
      if (typeof v.engine === 'string' && typeof v.label === 'string' && v.label.trim() !== '' && !labels.has(v.engine)) labels.set(v.engine, v.label);
      for (const x of Object.values(v)) walk(x, depth + 1);
    }
  };
  for (const a of answers) walk(a, 0);
  return (id) => labels.get(id) ?? id;
}

/**
 * The API's prose (an issue's description, its fix) as HTML: escaped, and what it quotes
 * between backticks (`Disallow: /`) set as code rather than shown with its backticks.
 */
export function prose(words: string): string {
  return html(words).replace(/`([^`\n]+)`/g, '<code>$1</code>');
}

/** An answer state in words (`no answer`, not the API's `no_answer`), as the terminal says it. */
export { stateWord as stateWords } from '../../text/move-words.js';

/** A section's designed view of one endpoint's answer. */
export interface SectionView {
  title: string;
  /** One line under the title: what the section shows. */
  lead: string;
  /** True when `data` has the shape this view draws (the fields it needs, of their types). */
  known(data: unknown): data is Obj;
  /** Every top-level field the view knows (drawn, or left out on purpose); others are listed under it. */
  fields: readonly string[];
  /** The lists of records the view draws, by field: the fields of a record it knows; others are listed under it. */
  records: Readonly<Record<string, RecordFields>>;
  render(data: Obj, ctx: SectionContext): Promise<string>;
}

// ---------------------------------------------------------------------------------------
// Reading

export const isObj = isPlainObject;

export function text(o: Obj, k: string): string | null {
  const v = o[k];
  return typeof v === 'string' ? v : null;
}

export function num(o: Obj, k: string): number | null {
  const v = o[k];
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
}

export function obj(o: Obj, k: string): Obj | null {
  const v = o[k];
  return isObj(v) ? v : null;
}

/** The records of an array field (items that are not objects are left out). */
export function records(o: Obj, k: string): Obj[] {
  const v = o[k];
  return Array.isArray(v) ? v.filter(isObj) : [];
}

/** The strings of an array field. */
export function strings(o: Obj, k: string): string[] {
  const v = o[k];
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
}

/** What a view reads a field as. */
export type FieldType = 'string' | 'number' | 'boolean' | 'strings' | 'object';

const IS: Readonly<Record<FieldType, (v: unknown) => boolean>> = {
  string: (v) => typeof v === 'string',
  number: (v) => Number.isFinite(v),
  boolean: (v) => typeof v === 'boolean',
  strings: (v) => Array.isArray(v) && v.every((x) => typeof x === 'string'),
  object: (v) => isObj(v),
};

/**
 * True when `o` is an object whose fields named in `types`, where it holds them (null is
 * "not measured"), are of their types. A view reads a figure it finds as text or as an
 * object as missing: such an answer is not the shape it draws, and goes to the plain
 * table, where the value shows as sent, rather than be drawn without it.
 */
export function typed(o: unknown, types: Readonly<Record<string, FieldType>>): o is Obj {
  if (!isObj(o)) return false;
  return Object.entries(types).every(([k, t]) => o[k] === undefined || o[k] === null || IS[t](o[k]));
}

/** True when `o[k]` is an array of objects each holding `field` as a string, and the fields of `types` of their types (typed). */
export function listOf(o: unknown, k: string, field: string, types: Readonly<Record<string, FieldType>> = {}): boolean {
  if (!isObj(o)) return false;
  const v = o[k];
  return Array.isArray(v) && v.every((item) => isObj(item) && typeof item[field] === 'string' && typed(item, types));
}

/**
 * A share's values as percentages: the API's 0–100 as they are, 0–1 fractions (0.31 for
 * 31%, told by the field's name and the range of every value of it in the answer,
 * src/domain/shares.ts) × 100. `of` is every value of the field, so one list reads at one
 * scale, and its changes are read with the same reader.
 */
export function shareReader(name: string, of: readonly unknown[]): (v: number | null) => number | null {
  const scale = percentScale(name, of);
  return (v) => (v === null ? null : v * scale);
}

/** A window of the API (`{ from, to, days }`: `period`, `window`), its days when it says them; null when it is not one. */
export function windowOf(v: unknown): { from: string; to: string; days: number | null } | null {
  if (!isObj(v)) return null;
  const from = text(v, 'from');
  const to = text(v, 'to');
  if (from === null || to === null) return null;
  const days = num(v, 'days') ?? 0;
  return { from, to, days: Number.isInteger(days) && days > 0 ? days : null };
}

/** `Oct 28, 2026 – Nov 26, 2026 (30 days)`, the days left out when not known or not asked; text, still to escape. */
export function spanText(w: { from: string; to: string; days: number | null }, fmt: Formats, withDays = true): string {
  const days = withDays && w.days !== null ? ` (${fmt.number(w.days)} ${w.days === 1 ? 'day' : 'days'})` : '';
  return `${fmt.date(w.from)} – ${fmt.date(w.to)}${days}`;
}

// ---------------------------------------------------------------------------------------
// Marks and tones

export type { Tone };

export interface StateMark {
  state: string;
  mark: string;
  label: string;
  tone: Tone;
}

/** Answer states best first, with the terminal's marks. */
export const ANSWER_STATES: readonly StateMark[] = [
  { state: 'recommended', mark: '●', label: 'recommended', tone: 'good' },
  { state: 'mentioned', mark: '◐', label: 'mentioned', tone: 'info' },
  { state: 'absent', mark: '○', label: 'absent (rivals named)', tone: 'bad' },
  { state: 'open', mark: '◌', label: 'open (no one named)', tone: 'warn' },
  { state: 'no_answer', mark: '–', label: 'no answer', tone: 'muted' },
];

export const UNKNOWN_MARK = '?';

/**
 * The chart colour of each tone (Okabe–Ito, as the charts' palette, src/report/charts/specs.ts;
 * grey for the muted): a stacked part coloured as its state is in the table under it. The
 * blue of `info` (mentioned) is the style sheet's own, dark enough for text, so the chart
 * and the marks under it draw `mentioned` alike rather than light blue beside dark teal.
 */
export const TONE_COLOURS: Readonly<Record<Tone | 'unknown', string>> = {
  good: '#009E73',
  info: '#0072B2',
  warn: '#E69F00',
  bad: '#D55E00',
  alarm: '#D55E00',
  muted: '#999999',
  unknown: '#CC79A7',
};

/** The report's own words beside the terminal's: perception's sentiments. */
const REPORT_TONES: Readonly<Record<string, Tone>> = { positive: 'good', negative: 'bad' };

/** An API word (`critical`, `in_progress`) as a coloured tag; unknown words plain. */
export function tag(word: string): string {
  const tone = toneOf(word) ?? (Object.hasOwn(REPORT_TONES, word) ? REPORT_TONES[word] : undefined);
  return `<span class="tag${tone === undefined ? '' : ` ${tone}`}">${html(word.replace(/_/g, ' '))}</span>`;
}

/** An answer state as its mark and word, coloured as the terminal colours it. */
export function stateMark(state: string, withLabel = true): string {
  const known = ANSWER_STATES.find((s) => s.state === state);
  if (known === undefined) return `<span class="state">${UNKNOWN_MARK}${withLabel ? ` ${html(state)}` : ''}</span>`;
  const label = withLabel ? ` ${escapeMarkup(known.state.replace(/_/g, ' '))}` : '';
  return `<span class="state ${known.tone}" title="${escapeMarkup(known.label)}">${known.mark}${label}</span>`;
}

export function yesNo(v: unknown): string {
  if (v === true) return '<span class="good">✓ yes</span>';
  if (v === false) return '<span class="bad">✗ no</span>';
  return '<span class="muted">–</span>';
}

// ---------------------------------------------------------------------------------------
// HTML pieces

export interface Column {
  head: string;
  /** Numbers are right-aligned. */
  numeric?: boolean;
}

/**
 * A table: headings are text (a state or an engine can be the API's), cells are HTML already escaped.
 * On a phone a table's rows become cards, each value after its column's label; a `grid` (a
 * label column, then columns of marks or counts) stays a table, its heads turned upright, as
 * its symbols fit a phone's width and a card per row would only make it long.
 */
export function table(
  columns: readonly (Column | string)[],
  rows: readonly (readonly string[])[],
  caption?: string,
  layout: 'cards' | 'grid' = 'cards',
): string {
  const cols = columns.map((c) => (typeof c === 'string' ? { head: c } : c));
  const cls = (c: Column) => (c.numeric === true ? ' class="num"' : '');
  const head = cols.map((c) => `<th scope="col"${cls(c)}>${html(c.head)}</th>`).join('');
  // Each cell carries its column's name: a phone shows the rows as cards, each value under its label.
  const body = rows
    .map((r) => `<tr>${r.map((cell, i) => `<td${cls(cols[i] ?? { head: '' })} data-label=${attr(cols[i]?.head ?? '')}>${cell}</td>`).join('')}</tr>`)
    .join('\n');
  // In a box of its own that scrolls sideways on a narrow screen, so a wide table never runs off the page.
  return `<div class="table${layout === 'grid' ? ' grid' : ''}"><table>${caption === undefined ? '' : `<caption>${escapeMarkup(caption)}</caption>`}<thead><tr>${head}</tr></thead>\n<tbody>\n${body}\n</tbody></table></div>`;
}

export function dash(): string {
  return '<span class="muted">–</span>';
}

/** A number cell: `–` when not measured. */
export function numCell(v: number | null, format: (v: number) => string): string {
  return v === null ? dash() : escapeMarkup(format(v));
}

/** The line of counts under a section's lead, an item per key; '' when the answer gives no counts. */
export function countsLede(
  counts: Obj | null,
  keys: (counts: Obj) => readonly string[],
  item: (key: string, count: number | null) => string,
  sep: string,
): string {
  return counts === null
    ? ''
    : `<p class="lede">${keys(counts)
        .map((k) => item(k, num(counts, k)))
        .join(sep)}</p>`;
}

/** A paragraph of the report's own words. */
export function note(words: string, cls = 'note'): string {
  return `<p class="${cls}">${escapeMarkup(words)}</p>`;
}

/** A chart and its text alternative, or the text alone when the drawing is not inert. */
/**
 * A chart and its text alternative. It is drawn twice: for the page's column, and as wide
 * as a phone's screen, which the style sheet shows instead at 600 px or less, so its
 * labels keep their size rather than shrink with a drawing twice as wide. A phone's
 * drawing that fails or is not inert is left out: the page's then shows, smaller.
 */
export async function figure(draw: (size: { width?: number }) => Promise<Chart>): Promise<string> {
  let chart: Chart;
  try {
    chart = await draw({});
  } catch (e) {
    // The library's message can quote a label, which is the API's text.
    return `<p class="note">The chart could not be drawn (${html(e instanceof Error ? e.message : String(e))}); the table shows its figures.</p>`;
  }
  const alt = html(chart.alt);
  if (!inertSvg(chart.svg))
    return `<figure class="chart"><p class="note">Chart left out: its drawing was not plain SVG.</p><figcaption>${alt}</figcaption></figure>`;
  const phone = await draw({ width: PHONE_CHART_WIDTH }).then(
    (c) => (inertSvg(c.svg) ? c.svg.trim() : null),
    () => null,
  );
  const page = `<div class="svg${phone === null ? '' : ' wide'}" role="img" aria-label="${alt}">${chart.svg.trim()}</div>`;
  const small = phone === null ? '' : `<div class="svg phone" role="img" aria-label="${alt}">${phone}</div>`;
  return `<figure class="chart">${page}${small}<figcaption>${alt}</figcaption></figure>`;
}

/**
 * A URL from the API: a link when it is http(s), under its page's title when there is one.
 * The URL itself is in a `.url` span, which the style sheet keeps on one line: a URL split
 * inside a cell reads as two.
 */
export function urlCell(url: string, title?: string | null): string {
  const target = linkTarget(url);
  const titled = title !== undefined && title !== null && title !== '';
  const shown = titled ? title : url;
  const under = titled ? `<br><span class="small muted url">${html(url)}</span>` : '';
  const main = target === null ? html(shown) : link(url, shown);
  return `${titled ? main : `<span class="url">${main}</span>`}${under}`;
}

// ---------------------------------------------------------------------------------------
// What the view does not know

/** Rows above this are counted, not drawn: a report is read, not searched. */
export const GENERIC_ROWS = 200;

function cellHtml(cell: FlatCell | undefined): string {
  if (cell === null || cell === undefined) return '';
  if (typeof cell === 'string') return linkTarget(cell) === null ? html(cell) : link(cell);
  return escapeMarkup(cellText(cell));
}

/** Any answer as plain tables: its rows (flattened as csv flattens them), or its figures as key and value. */
export function genericTable(data: unknown): string {
  const { rows, key } = selectRows(data, {});
  if (isObj(data) && key === null) {
    const figures = flattenFigures(data);
    if (figures.size === 0) return note('The answer holds no fields.');
    return table(
      ['Field', 'Value'],
      [...figures].map(([k, v]) => [html(k), cellHtml(v)]),
    );
  }
  if (rows.length === 0) return note(`No rows${key === null ? '' : ` in ${key}`}.`);
  const shown = rows.slice(0, GENERIC_ROWS);
  const columns = discoverColumns(shown);
  const body = shown.map((r) => {
    const rec = flattenRecord(r);
    return columns.map((c) => cellHtml(rec.get(c)));
  });
  const more = rows.length - shown.length;
  const rest = isObj(data) && key !== null ? Object.fromEntries(Object.entries(data).filter(([k]) => k !== key)) : {};
  return [
    key === null ? '' : `<p class="small muted">${html(key)}</p>`,
    table(
      columns.map((c) => ({ head: c })),
      body,
    ),
    more > 0 ? note(`And ${more} more rows (vis shows them all).`) : '',
    Object.keys(rest).length > 0 ? genericTable(rest) : '',
  ].join('\n');
}

/** The top-level fields of a known answer the view does not know, as a compact table; '' when none. */
export function otherFields(data: Obj, known: readonly string[]): string {
  const extra = Object.keys(data).filter((k) => !known.includes(k));
  if (extra.length === 0) return '';
  const rest = Object.fromEntries(extra.map((k) => [k, data[k]]));
  return `<div class="other"><p class="small muted">Other fields in the answer</p>${genericTable(rest)}</div>`;
}

/** The fields a view knows in each record of a list. */
export interface RecordFields {
  /** The field that names a record (`name`, `url`, `title`), shown beside its other fields. */
  name: string;
  /** Every field the view knows (drawn, or left out on purpose). */
  known: readonly string[];
  /** Lists inside each record, by field, with the fields known in their records. */
  lists?: Readonly<Record<string, RecordFields>>;
}

/** Each record of `list` holding fields the view does not know: its name, then those fields; lists inside it likewise. */
function recordsWithOthers(list: readonly Obj[], spec: RecordFields, path: string, within: string | null, out: Map<string, Obj[]>): void {
  for (const rec of list) {
    const name = rec[spec.name];
    const label = typeof name === 'string' || typeof name === 'number' ? String(name) : '';
    const shown = within === null ? label : `${within} › ${label}`;
    const extra = Object.keys(rec).filter((k) => !spec.known.includes(k));
    if (extra.length > 0) {
      const rows = out.get(path) ?? [];
      rows.push(Object.fromEntries([[spec.name, shown], ...extra.map((k) => [k, rec[k]])]));
      out.set(path, rows);
    }
    for (const [k, inner] of Object.entries(spec.lists ?? {})) recordsWithOthers(records(rec, k), inner, `${path} › ${k}`, shown, out);
  }
}

/**
 * The fields inside the records of a known answer's lists that the view does not know, a
 * plain table per list (each record named, its other fields flattened as csv flattens
 * them): a field the server added to a topic or a task is shown, not dropped. '' when none.
 */
export function otherRecordFields(data: Obj, lists: Readonly<Record<string, RecordFields>>): string {
  const out = new Map<string, Obj[]>();
  for (const [k, spec] of Object.entries(lists)) recordsWithOthers(records(data, k), spec, k, null, out);
  return [...out]
    .map(([path, rows]) => `<div class="other"><p class="small muted">Other fields of each record in ${html(path)}</p>${genericTable(rows)}</div>`)
    .join('\n');
}
