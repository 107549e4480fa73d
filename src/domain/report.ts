/**
 * The client report's model (`vis report`): what was read for each brand × market, section
 * by section, before anything is drawn. The reads fill it (src/cli/commands/report/), the
 * charts draw from it, and the HTML renderer (src/report/) turns it into one self-contained
 * file. Everything from the API stays as received (`data` is the endpoint's `data`, of
 * whatever shape the server sent): the renderer reads what it knows and shows the rest as
 * a plain table in place, never drops it.
 */

/** The report's sections of one brand × market, in the order they are drawn. */
export const REPORT_SECTIONS = [
  /** Visibility score and change, share of voice, AI readiness, AI visits (GET /overview). */
  'headline',
  /** 12 weeks of the visibility score (GET /visibility), longer from the history when it has more. */
  'trend',
  /** Share of voice against the top rivals (GET /competitors). */
  'share-of-voice',
  /** Topics, weakest first, with the rivals named instead (GET /topics). */
  'topics',
  /** Buyer questions: how many recommended, mentioned, absent… per engine (GET /prompts). */
  'questions',
  /** Perception per engine (GET /brand-perception). */
  'perception',
  /** Cited pages gained and lost (GET /pages). */
  'pages',
  /** Content gaps to write and improve (GET /content-gaps). */
  'content-gaps',
  /** The top technical issues (GET /technical). */
  'technical',
  /** Open tasks, best first (GET /tasks). */
  'tasks',
  /** What changed since the previous period, from the history store. */
  'changes',
] as const;

export type SectionId = (typeof REPORT_SECTIONS)[number];

/** What one section holds: the answer, or why there is none. */
export type SectionResult =
  /** The endpoint's `data` exactly as received (parsed), and its `meta`. */
  | { kind: 'data'; data: unknown; meta: Record<string, unknown> | null }
  /** The account's plan does not include it (403 feature_not_in_plan): "needs Pro or Growth" in place; not a failure. */
  | { kind: 'plan'; needs: string }
  /** The read failed: said in place; the report's exit code is the first failure's. */
  | { kind: 'failed'; code: string; message: string; exitCode: number }
  /** Nothing to show (no history yet for `changes`, an integration not connected…), and why. */
  | { kind: 'none'; why: string };

/** A series of dated values, oldest first (the visibility trend, from the API and the history). */
export interface DatedValue {
  /** `YYYY-MM-DD`: a week's first day, or a scan day. */
  date: string;
  value: number | null;
}

export interface ScopeReport {
  brand: { id: string; name: string };
  /** null for a brand read without a market (data the API gives the same in every market). */
  market: { code: string; label: string | null } | null;
  /** The plan's label (`Growth`) from the free GET /usage, when it said. */
  plan: string | null;
  /** When the newest answer used was read (ms since the epoch): from the network, the cache or the history. */
  readAt: number;
  sections: Readonly<Record<SectionId, SectionResult>>;
  /**
   * The visibility trend drawn: the weeks of GET /visibility, and before them the scan days
   * the history holds (empty when it holds none).
   */
  trend: readonly DatedValue[];
}

export interface ReportLook {
  /** The report's title (`--title`); default `AI visibility report`. */
  title: string;
  /** The agency's logo (`--logo`), PNG or JPEG only (SVG can carry script), embedded as a data URL. */
  logo: { mime: 'image/png' | 'image/jpeg'; bytes: Uint8Array } | null;
  /** `--accent`: a CSS colour as `#rrggbb`, checked at parse. */
  accent: string;
  /** `--locale` (BCP 47), for dates and numbers; the text is English. */
  locale: string;
  paper: 'a4' | 'letter';
}

export interface ReportModel {
  look: ReportLook;
  /** The period every section covers (`--days`, or `--from`/`--to`; 30 days by default). */
  period: { from: string; to: string; days: number };
  /** When the report was made (ms since the epoch). */
  madeAt: number;
  /** One per brand × market, brands as listed, then markets. Several: the report opens with a page comparing them. */
  scopes: readonly ScopeReport[];
  /** Several brands in one file (`--combined`): titled as the agency's internal overview, not a client's report. */
  internal?: boolean;
}

/** A chart drawn for the report: static SVG (no script, no link outside itself) and the text that says the same. */
export interface Chart {
  svg: string;
  /** The text alternative: what the chart shows, in a sentence or two with the figures. */
  alt: string;
}

/** One bar or point of a chart: a label and its value (null: not measured). */
export interface ChartValue {
  label: string;
  value: number | null;
  /** The brand's own bar among rivals: drawn apart (the accent, and a mark that prints in black and white). */
  own?: boolean;
}

/** The order bars are given (and drawn) in. */
export type BarOrder = 'largest first' | 'smallest first';

/** One stacked bar: a label and a count per part (states per engine). */
export interface ChartStack {
  label: string;
  parts: ReadonlyArray<{ part: string; value: number }>;
}

/**
 * What the HTML renderer draws with (src/report/charts/ implements it with Vega-Lite and
 * Vega's SVG renderer, loaded only by `vis report`; tests hand in their own). Every chart
 * has labelled axes, a colour-blind-safe palette that also reads in black and white, and
 * its text alternative. `width` (px) draws it for a screen that narrow (a phone's), so its
 * text is not shrunk with a wider drawing; without it, for the page's column.
 */
/** The width (px) a chart is drawn at for a phone: its 420 px screen less the page's margins. */
export const PHONE_CHART_WIDTH = 380;

export interface ChartKit {
  /** A line over dates: the visibility trend. `unit` names the values (`score`, `%`). */
  trend(points: readonly DatedValue[], o: { title: string; unit: string; locale: string; width?: number }): Promise<Chart>;
  /**
   * Horizontal bars in the order given: share of voice against rivals largest first (the
   * default), topics' visibility weakest first (`order: 'smallest first'`). `order` is what
   * the text alternative says, so a reader who cannot see the bars hears them as drawn.
   */
  bars(values: readonly ChartValue[], o: { title: string; unit: string; locale: string; accent: string; order?: BarOrder; width?: number }): Promise<Chart>;
  /**
   * Stacked horizontal bars: buyer questions per engine by state. `order` lists the parts,
   * best first; `unit` names what is counted (`questions`), `count` when not given;
   * `colours` (`#rrggbb`), one per part of `order`, when the page colours those parts already.
   */
  stacked(
    stacks: readonly ChartStack[],
    o: { title: string; order: readonly string[]; locale: string; unit?: string; colours?: readonly string[]; width?: number },
  ): Promise<Chart>;
}
