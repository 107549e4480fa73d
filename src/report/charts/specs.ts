/**
 * The report's charts as Vega-Lite specifications, with their text alternatives, built
 * from the data alone (no Vega here: src/report/charts/kit.ts draws them). Pure, so the
 * same input gives the same spec and, drawn, the same SVG bytes.
 *
 * What makes them read in print and for everyone:
 * - Colours from the Okabe–Ito palette, which stays distinct for the common colour-vision
 *   deficiencies; nothing is told by colour alone. The brand's own bar has the agency's
 *   accent AND a dark outline AND its value in bold, so it stands out in greyscale too.
 *   Stacked parts keep the caller's order (best first: green first, vermillion last, as on
 *   the terminal), are parted by white lines, carry their counts where they fit, and the
 *   legend gives each part's total. A line has a marker on every measured point, so a
 *   point between two gaps still shows.
 * - Axes titled with their unit; ticks, values and dates in the report's locale (the d3
 *   locale each spec carries, src/report/charts/locale.ts); dates in UTC, so the time
 *   zone of the machine making the report moves nothing.
 * - A fixed width for an A4 column (640 px) with autosize, so nothing is cut; a phone's
 *   drawing (`width`, PHONE_CHART_WIDTH) is as wide as its screen, so its text is drawn at its size
 *   rather than shrunk with the page's, and its bar labels are cut shorter.
 *
 * What keeps the SVG static: text from the API goes into the data only, never into an
 * expression, a signal or a format string (Vega evaluates those); the only expressions
 * are the fixed ones written here (`datum.own`, and the label axis's split at the line break
 * the charts put in a wrapped label). Bars are placed by their drawn label,
 * which src/report/charts/labels.ts keeps unique.
 */
import type { Config, TopLevelSpec } from 'vega-lite';
import { DAY_MS, daysBetween, utcDay } from '../../domain/dates.js';
import type { BarOrder, ChartStack, ChartValue, DatedValue } from '../../domain/report.js';
import { barLabels, cleanText, FONT_SIZE, LABEL_COLUMNS, LINE_BREAK, textWidth, wrappedBarLabels } from './labels.js';
import { countFormatter, dateAxisFormat, dayFormatter, numberLocale, valueFormatter } from './locale.js';

/** A chart before it is drawn: what Vega-Lite compiles, and the text that says the same. */
export interface ChartPlan {
  spec: TopLevelSpec;
  alt: string;
}

/** The width of every chart, for a column of an A4 or Letter page. */
export const CHART_WIDTH = 640;
/** A line of a bar's label on a phone's chart, in terminal columns: the bars keep half the width. */
const PHONE_LABEL_COLUMNS = 20;

/** How wide a chart is drawn: the page's column unless a phone's width is asked for. */
export interface ChartSize {
  width?: number;
}

function widthOf(o: ChartSize): number {
  return o.width ?? CHART_WIDTH;
}

/** How long a line of a bar's label may be at that width. */
function labelColumns(o: ChartSize): number {
  return widthOf(o) < CHART_WIDTH ? PHONE_LABEL_COLUMNS : LABEL_COLUMNS;
}
const TREND_HEIGHT = 260;
const BAR_STEP = 22;
const STACK_STEP = 28;
/** More bars than fit a page's column are left out (the smallest) and counted in the text alternative. */
export const MAX_BARS = 20;
export const MAX_STACKS = 20;
/** Above this many points a line's markers are drawn smaller, so they do not merge. */
const DENSE_POINTS = 60;

/** The Okabe–Ito palette (Okabe and Ito, "Color Universal Design", 2002). */
export const OKABE_ITO = {
  orange: '#E69F00',
  skyBlue: '#56B4E9',
  bluishGreen: '#009E73',
  yellow: '#F0E442',
  blue: '#0072B2',
  vermillion: '#D55E00',
  reddishPurple: '#CC79A7',
  black: '#000000',
} as const;

/** The line of a trend, and the bars that are not the brand's own. */
export const SERIES_COLOUR = OKABE_ITO.blue;
/** The outline that marks the brand's own bar without colour. */
export const OWN_OUTLINE = '#1a1a1a';
const OWN_OUTLINE_WIDTH = 2.5;
/** Between the best part (first) and the worst (last), the rest in this order. */
const MIDDLE_PARTS = [OKABE_ITO.skyBlue, OKABE_ITO.orange, OKABE_ITO.reddishPurple, OKABE_ITO.yellow, OKABE_ITO.blue, OKABE_ITO.black];

/** The colour of each of `count` stacked parts, best first: green, …, vermillion. */
export function partColours(count: number): string[] {
  if (count <= 0) return [];
  if (count === 1) return [OKABE_ITO.bluishGreen];
  const middle = Array.from({ length: count - 2 }, (_, i) => MIDDLE_PARTS[i % MIDDLE_PARTS.length] as string);
  return [OKABE_ITO.bluishGreen, ...middle, OKABE_ITO.vermillion];
}

function luminance(hex: string): number {
  const channel = (at: number) => {
    const c = Number.parseInt(hex.slice(at, at + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** Black or white, whichever contrasts more with the `#rrggbb` fill under it. */
export function inkOn(fill: string): '#000000' | '#ffffff' {
  const l = luminance(fill);
  return (l + 0.05) / 0.05 >= 1.05 / (l + 0.05) ? '#000000' : '#ffffff';
}

const FONT = 'Helvetica, Arial, sans-serif';

function config(locale: string, time?: Config['locale']): Config {
  return {
    // The report gives each chart its text alternative; Vega's own per-mark labels would
    // repeat every datum (and write the axis titles into generated expressions).
    aria: false,
    font: FONT,
    background: '#ffffff',
    view: { stroke: null },
    title: { fontSize: 14, fontWeight: 'bold', anchor: 'start', color: '#111111', offset: 10 },
    axis: {
      labelFontSize: 11,
      titleFontSize: 11,
      titleFontWeight: 'bold',
      labelColor: '#222222',
      titleColor: '#222222',
      domainColor: '#555555',
      tickColor: '#555555',
      gridColor: '#e4e4e4',
    },
    legend: { labelFontSize: 11, labelColor: '#222222', symbolType: 'square', symbolStrokeWidth: 0 },
    locale: { number: numberLocale(locale), ...time },
  };
}

/** The value axis's title: the chart's title with its unit, unless the title already names it. */
export function valueTitle(title: string, unit: string): string {
  if (unit === '' || title.toLowerCase().includes(unit.toLowerCase())) return title;
  return `${title} (${unit})`;
}

/** Tick labels: grouped, up to one decimal, trailing zeros dropped (`1,250`, `2.5`). */
const TICK_FORMAT = ',.1~f';

function finite(v: number | null | undefined): number | null {
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
}

function plural(n: number, one: string, many: string = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** A chart that says there is nothing to draw, with the title it would have had. */
export function emptyPlan(title: string, message: string, alt: string, locale: string, size: ChartSize = {}): ChartPlan {
  return {
    spec: {
      width: widthOf(size),
      height: 48,
      autosize: { type: 'fit', contains: 'padding' },
      title: { text: cleanText(title) },
      data: { values: [{ message }] },
      mark: { type: 'text', fontSize: 12, color: '#555555', fontStyle: 'italic' },
      encoding: { text: { field: 'message', type: 'nominal' } },
      config: config(locale),
    },
    alt,
  };
}

const EVERY_WEEK = 7;

function trendSpan(dates: readonly string[]): string {
  const weekly = dates.length > 1 && dates.every((d, i) => i === 0 || daysBetween(dates[i - 1] as string, d) === EVERY_WEEK);
  return weekly ? plural(dates.length, 'week') : plural(dates.length, 'date');
}

/** The visibility trend: a line over dates, a gap where a value is missing, a marker on every value. */
export function trendPlan(points: readonly DatedValue[], o: { title: string; unit: string; locale: string } & ChartSize): ChartPlan {
  const title = cleanText(o.title);
  const dated = points.filter((p) => Number.isFinite(utcDay(p.date))).map((p) => ({ date: p.date, value: finite(p.value) }));
  const measured = dated.filter((p): p is { date: string; value: number } => p.value !== null);
  const day = dayFormatter(o.locale);
  const value = valueFormatter(
    o.locale,
    o.unit,
    measured.map((p) => p.value),
  );
  if (dated.length === 0) return emptyPlan(o.title, 'No data for this period', `${title}: no data for this period.`, o.locale, o);
  const first = dated[0] as { date: string };
  const last = dated[dated.length - 1] as { date: string };
  if (measured.length === 0) {
    const span = dated.length === 1 ? `on ${day(first.date)}` : `on the ${dated.length} dates from ${day(first.date)} to ${day(last.date)}`;
    return emptyPlan(o.title, 'No value measured in this period', `${title}: no value measured ${span}.`, o.locale, o);
  }

  const a = measured[0] as { date: string; value: number };
  const z = measured[measured.length - 1] as { date: string; value: number };
  const low = measured.reduce((m, p) => (p.value < m.value ? p : m));
  const high = measured.reduce((m, p) => (p.value > m.value ? p : m));
  const gaps = dated.length - measured.length;
  const alt =
    measured.length === 1
      ? `${title}: ${value(a.value)} on ${day(a.date)}, the only value measured.`
      : `${title} over ${trendSpan(dated.map((p) => p.date))}, from ${value(a.value)} on ${day(a.date)} to ${value(z.value)} on ${day(z.date)}; ` +
        `lowest ${value(low.value)} (${day(low.date)}), highest ${value(high.value)} (${day(high.date)}).` +
        (gaps > 0 ? ` No value on ${plural(gaps, 'date')}.` : '');

  const span = daysBetween(first.date, last.date);
  const dates = dateAxisFormat(o.locale, span);
  const from = utcDay(first.date);
  const to = utcDay(last.date);
  // One date has no extent to draw over: give it a week, centred.
  const domain = span === 0 ? [from - 3.5 * DAY_MS, to + 3.5 * DAY_MS] : [from, to];
  return {
    spec: {
      width: widthOf(o),
      height: TREND_HEIGHT,
      autosize: { type: 'fit', contains: 'padding' },
      title: { text: title },
      data: { values: dated.map((p) => ({ t: utcDay(p.date), v: p.value })) },
      encoding: {
        x: {
          field: 't',
          type: 'temporal',
          scale: { type: 'utc', domain },
          axis: { title: 'Date', format: dates.pattern, tickCount: Math.min(8, Math.max(2, span)), labelOverlap: true, grid: false },
        },
        y: {
          field: 'v',
          type: 'quantitative',
          scale: { zero: false, nice: true },
          axis: { title: valueTitle(title, o.unit), format: TICK_FORMAT, tickCount: 6 },
        },
      },
      layer: [
        { mark: { type: 'line', color: SERIES_COLOUR, strokeWidth: 2, invalid: 'break-paths-filter-domains' } },
        {
          mark: {
            type: 'point',
            shape: 'circle',
            filled: true,
            color: SERIES_COLOUR,
            stroke: '#ffffff',
            strokeWidth: 1,
            opacity: 1,
            size: measured.length > DENSE_POINTS ? 16 : 44,
          },
        },
      ],
      config: config(o.locale, { time: dates.time }),
    },
    alt,
  };
}

/** The bars shown when there are more than MAX_BARS: the largest, and the brand's own even when it is not among them. */
function capBars(values: readonly ChartValue[]): ChartValue[] {
  if (values.length <= MAX_BARS) return [...values];
  const shown = values.slice(0, MAX_BARS);
  const own = values.findIndex((v) => v.own === true);
  if (own >= MAX_BARS) shown[MAX_BARS - 1] = values[own] as ChartValue;
  return shown;
}

/**
 * Horizontal bars in the order given (largest first unless `order` says otherwise), the
 * brand's own bar marked apart. What is left out of too many is said as the order makes it:
 * all smaller, all larger, or (a value not measured among them, kept last) just counted.
 */
export function barsPlan(
  values: readonly ChartValue[],
  o: { title: string; unit: string; locale: string; accent: string; order?: BarOrder } & ChartSize,
): ChartPlan {
  const order = o.order ?? 'largest first';
  const title = cleanText(o.title);
  if (values.length === 0) return emptyPlan(o.title, 'No data for this period', `${title}: no data for this period.`, o.locale, o);
  if (values.every((v) => finite(v.value) === null)) {
    return emptyPlan(o.title, 'No value measured in this period', `${title}: no value measured for ${plural(values.length, 'entry', 'entries')}.`, o.locale, o);
  }
  const shown = capBars(values);
  const left = values.length - shown.length;
  const value = valueFormatter(
    o.locale,
    o.unit,
    shown.flatMap((v) => finite(v.value) ?? []),
  );
  const drawn = wrappedBarLabels(
    shown.map((v) => v.label),
    labelColumns(o),
  );
  const rows = shown.map((v, i) => {
    const n = finite(v.value);
    // A bar without a value is drawn empty (zero wide) in its place, its text saying so.
    // `at`: where the value is written, after the bar's end; a negative bar's end is its left
    // one, where the text would run over the bar, so its value is written after zero instead.
    return { k: drawn[i] as string, x: n ?? 0, at: Math.max(n ?? 0, 0), own: v.own === true, text: n === null ? 'no value' : value(n) };
  });
  const listed = shown.map((v) => {
    const n = finite(v.value);
    return `${cleanText(v.label)} ${n === null ? 'no value' : value(n)}${v.own === true ? ' (this brand)' : ''}`;
  });
  const rest = values.slice(shown.length);
  const beyond = order === 'largest first' ? 'all smaller' : rest.every((v) => finite(v.value) !== null) ? 'all larger' : '';
  const alt =
    `${title}, ${shown.length > 1 ? order : 'one entry'}: ${listed.join(', ')}.` +
    (left > 0 ? ` ${left} more not shown${beyond === '' ? '' : `, ${beyond}`}.` : '');

  const isOwn = 'datum.own';
  return {
    spec: {
      ...barFrame(title, widthOf(o), rows.length * bandStep(BAR_STEP, drawn), rows, drawn),
      layer: [
        {
          mark: { type: 'bar' },
          encoding: {
            x: { field: 'x', ...valueAxis(title, o.unit) },
            color: { condition: { test: isOwn, value: o.accent }, value: SERIES_COLOUR },
            stroke: { condition: { test: isOwn, value: OWN_OUTLINE }, value: null },
            strokeWidth: { condition: { test: isOwn, value: OWN_OUTLINE_WIDTH }, value: 0 },
          },
        },
        // The value beside each bar; the brand's own in bold (a mark that needs no colour).
        ...[false, true].map((own) => ({
          transform: [{ filter: own ? isOwn : `!${isOwn}` }],
          mark: {
            type: 'text' as const,
            align: 'left' as const,
            baseline: 'middle' as const,
            dx: 5,
            fontSize: 11,
            color: '#222222',
            fontWeight: own ? ('bold' as const) : ('normal' as const),
          },
          encoding: { x: { field: 'at', type: 'quantitative' as const }, text: { field: 'text', type: 'nominal' as const } },
        })),
      ],
      config: config(o.locale),
    },
    alt,
  };
}

/**
 * What both bar charts are drawn in: the page's width, one band per label down the side,
 * in the order given. The height is a number, not `{ step }`: the plot is this tall, and
 * only its width is fitted.
 */
function barFrame(title: string, width: number, height: number, rows: readonly object[], drawn: readonly string[]) {
  return {
    width,
    height,
    autosize: { type: 'fit-x', contains: 'padding' },
    title: { text: title },
    data: { values: rows },
    // `sort: null`: the order given, which is the data's.
    encoding: { y: { field: 'k', type: 'nominal', sort: null, axis: labelAxis(drawn) } },
  } as const;
}

/** The value axis along the bars: from zero, titled with its unit. */
function valueAxis(title: string, unit: string) {
  return { type: 'quantitative', scale: { zero: true, nice: true }, axis: { title: valueTitle(title, unit), format: TICK_FORMAT, tickCount: 6 } } as const;
}

/** The height of a line of a wrapped bar label, in px. */
const LABEL_LINE_HEIGHT = FONT_SIZE + 2;

/** A bar's band: `base`, or taller where a label wraps, so its lines never meet the next band's. */
function bandStep(base: number, labels: readonly string[]): number {
  const lines = Math.max(...labels.map((l) => l.split(LINE_BREAK).length));
  return Math.max(base, lines * LABEL_LINE_HEIGHT + 8);
}

/**
 * The axis of bar labels: no title, no cut (they are wrapped and cut already), each label's
 * lines drawn apart (split at the line break the charts put in; API text holds none), and
 * room for the widest line as real type draws it.
 */
function labelAxis(labels: readonly string[]) {
  const widest = Math.max(...labels.flatMap((l) => l.split(LINE_BREAK).map((line) => textWidth(line))));
  return {
    title: null,
    labelLimit: 0,
    ticks: false,
    domain: false,
    labelPadding: 6,
    labelLineHeight: LABEL_LINE_HEIGHT,
    labelExpr: "split(datum.label, '\\n')",
    minExtent: widest + 6,
  };
}

/** A legend entry's width besides its label: the symbol and the gaps around it. */
const LEGEND_ENTRY = 30;

/**
 * The legend under the bars starts where they do, after the label column, so its labels
 * are cut to what is left of the width, and laid out in as many columns as fit it, judged
 * by the larger of Vega's estimate of text width and the charts' own (textWidth).
 */
function legendLayout(labels: readonly string[], labelColumn: number, chartWidth: number): { labels: string[]; columns: number } {
  const room = chartWidth - labelColumn - 12;
  const width = (l: string) => Math.max(textWidth(l), 0.8 * FONT_SIZE * l.length) + LEGEND_ENTRY;
  let columns = 40;
  let cut = barLabels(labels, columns);
  while (columns > 8 && Math.max(...cut.map(width)) > room) cut = barLabels(labels, --columns);
  const widest = Math.max(...cut.map(width));
  return { labels: cut, columns: Math.max(1, Math.min(4, Math.floor(room / widest))) };
}

/** Whether a segment's count fits inside it, judged against a plot narrower than any this chart gets (`plot`, a phone's, when less). */
function countFits(count: string, value: number, largest: number, plot: number): boolean {
  const NARROWEST_PLOT = Math.min(360, plot);
  return (value / largest) * NARROWEST_PLOT >= count.length * 7 + 6;
}

/** Stacked horizontal bars: each stack's parts in the order given, counted in place and in the legend. */
export function stackedPlan(
  stacks: readonly ChartStack[],
  o: { title: string; order: readonly string[]; locale: string; unit?: string; colours?: readonly string[] } & ChartSize,
): ChartPlan {
  const title = cleanText(o.title);
  const count = countFormatter(o.locale);
  const shown = stacks.slice(0, MAX_STACKS);
  const left = stacks.length - shown.length;
  const amount = (v: number) => (Number.isFinite(v) && v > 0 ? v : 0);
  const totals = shown.map((s) => s.parts.reduce((sum, p) => sum + amount(p.value), 0));
  if (shown.length === 0 || totals.every((t) => t === 0)) {
    return emptyPlan(o.title, 'No data for this period', `${title}: no data for this period.`, o.locale, o);
  }

  // The parts in the caller's order, then any it did not name, as first seen.
  const parts = [...o.order];
  for (const s of shown) for (const p of s.parts) if (!parts.includes(p.part)) parts.push(p.part);
  const partTotal = parts.map((part) => shown.reduce((sum, s) => sum + s.parts.filter((p) => p.part === part).reduce((t, p) => t + amount(p.value), 0), 0));
  // The caller's colours for the parts it named (the tones of the table beside the chart), the palette's for the rest.
  const colours = partColours(parts.length).map((c, i) =>
    o.colours !== undefined && i < o.order.length && /^#[0-9a-f]{6}$/i.test(o.colours[i] ?? '') ? o.colours[i]! : c,
  );
  const drawn = wrappedBarLabels(
    shown.map((s) => s.label),
    labelColumns(o),
  );
  const labelColumn = labelAxis(drawn).minExtent;
  const layout = legendLayout(
    parts.map((part, i) => `${part} (${count(partTotal[i] as number)})`),
    labelColumn,
    widthOf(o),
  );
  const plot = widthOf(o) - labelColumn - 20;
  const legend = layout.labels;
  const largest = Math.max(...totals);

  const rows = shown.flatMap((s, si) => {
    let start = 0;
    return parts.flatMap((part, pi) => {
      const v = s.parts.filter((p) => p.part === part).reduce((t, p) => t + amount(p.value), 0);
      if (v === 0) return [];
      const text = count(v);
      const row = {
        k: drawn[si] as string,
        p: legend[pi] as string,
        x0: start,
        x1: start + v,
        mid: start + v / 2,
        seg: countFits(text, v, largest, plot) ? text : '',
        ink: inkOn(colours[pi] as string),
      };
      start += v;
      return [row];
    });
  });

  const described = shown.map((s, si) => {
    const inner = parts
      .map((part) => ({ part, v: s.parts.filter((p) => p.part === part).reduce((t, p) => t + amount(p.value), 0) }))
      .filter((x) => x.v > 0)
      .map((x) => `${cleanText(x.part)} ${count(x.v)}`);
    return `${cleanText(s.label)} ${count(totals[si] as number)}${inner.length > 0 ? ` (${inner.join(', ')})` : ''}`;
  });
  const inAll = parts.map((part, i) => `${cleanText(part)} ${count(partTotal[i] as number)}`).join(', ');
  const alt = `${title}: ${described.join('; ')}.` + (shown.length > 1 ? ` In all: ${inAll}.` : '') + (left > 0 ? ` ${left} more not shown.` : '');

  const unit = o.unit ?? 'count';
  return {
    spec: {
      ...barFrame(title, widthOf(o), shown.length * bandStep(STACK_STEP, drawn), rows, drawn),
      layer: [
        {
          mark: { type: 'bar', stroke: '#ffffff', strokeWidth: 1 },
          encoding: {
            x: { field: 'x0', ...valueAxis(title, unit) },
            x2: { field: 'x1' },
            // The legend's labels are data (a literal domain, in the parts' order), never an expression.
            color: {
              field: 'p',
              type: 'nominal',
              scale: { domain: legend, range: colours },
              legend: { title: null, orient: 'bottom', direction: 'horizontal', labelLimit: 0, columns: layout.columns },
            },
          },
        },
        {
          mark: { type: 'text', align: 'center', baseline: 'middle', fontSize: 11 },
          encoding: {
            x: { field: 'mid', type: 'quantitative' },
            text: { field: 'seg', type: 'nominal' },
            color: { field: 'ink', type: 'nominal', scale: null },
          },
        },
      ],
      config: config(o.locale),
    },
    alt,
  };
}
