/**
 * The report's style sheet: the system's fonts (nothing to fetch), a type scale of 1.25,
 * spacing on a 4 px grid, and the terminal's colours made dark enough for text on white
 * (4.5:1 or more): green for a gain and `recommended`, red for a loss and `absent`, blue
 * for `mentioned`, amber for `open`, grey for what was not measured. The agency's accent
 * marks rules, the brand's own bar and headings' edges, never text, so a light accent
 * cannot make anything unreadable. Print: the paper size asked for, a page break before
 * each brand × market, none inside a figure, a table row or the cards, nor after a heading
 * or the lines under it; a section may break between its chart and its table, so a page
 * is not left half blank for a section that would not fit whole. The cards print in one
 * row, tighter, so the first page holds the headline and the trend's chart.
 * A table cell breaks a word only when it cannot fit whole (break-word, not anywhere,
 * which would let the table squeeze a short column until `authority` splits); links and
 * URLs break anywhere, so a long one never widens the page. On a phone a table is cards,
 * but a grid of marks or counts stays a compact table, and each chart shows its phone drawing.
 *
 * The font stack ends with the colour emoji fonts, so an emoji in API text (a task's title)
 * shows on a machine that has one rather than as an empty box.
 *
 * Only the report's own values enter it: the accent as `#rrggbb` and the paper size, both
 * checked here; API text never does.
 */
import { cssHexColor, styleSheet } from './escape.js';

const PAPER: Readonly<Record<'a4' | 'letter', string>> = { a4: 'A4', letter: 'letter' };

export function reportStyle(o: { accent: string; paper: 'a4' | 'letter' }): string {
  const accent = cssHexColor(o.accent);
  const paper = PAPER[o.paper];
  if (paper === undefined) throw new Error(`unknown paper size: ${JSON.stringify(o.paper)}`);
  return styleSheet(`
:root {
  --accent: ${accent};
  --ink: #1d2433; --ink-2: #4a5468; --rule: #d9dee7; --paper: #ffffff; --tint: #f5f7fa;
  --good: #1a7f37; --bad: #b42318; --warn: #8a5300; --info: #0072b2; --muted: #5f6b7a;
  --font: system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", "Liberation Sans", sans-serif,
    "Apple Color Emoji", "Segoe UI Emoji", "Noto Color Emoji";
  --mono: ui-monospace, "SFMono-Regular", Menlo, Consolas, "Liberation Mono", monospace;
}
* { box-sizing: border-box; }
html { background: var(--paper); color: var(--ink); font: 16px/1.5 var(--font); -webkit-text-size-adjust: 100%; }
body { margin: 0 auto; max-width: 1080px; padding: 48px 40px 64px; }
h1, h2, h3, h4 { line-height: 1.2; margin: 0; font-weight: 650; }
h1 { font-size: 2.441rem; letter-spacing: -0.01em; }
h2 { font-size: 1.953rem; }
h3 { font-size: 1.25rem; padding-left: 12px; border-left: 4px solid var(--accent); margin: 40px 0 4px; }
h4 { font-size: 1rem; margin: 24px 0 8px; color: var(--ink-2); }
p { margin: 8px 0; }
a { color: inherit; text-decoration-color: var(--accent); text-underline-offset: 2px; overflow-wrap: anywhere; }
.url { overflow-wrap: anywhere; }
/* A URL in a table stays whole on one line; the table's box scrolls instead (.table). */
td .url, td .url a { white-space: nowrap; overflow-wrap: normal; word-break: normal; }
.table { overflow-x: auto; max-width: 100%; }
.cover { display: flex; align-items: center; gap: 24px; border-bottom: 4px solid var(--accent); padding-bottom: 24px; margin-bottom: 32px; }
.cover img { max-height: 64px; max-width: 200px; object-fit: contain; }
.cover .meta { color: var(--ink-2); margin-top: 8px; }
.scope { margin-top: 56px; }
.scope > header { border-bottom: 1px solid var(--rule); padding-bottom: 16px; }
.scope > header .meta { color: var(--ink-2); display: flex; flex-wrap: wrap; gap: 4px 24px; margin-top: 8px; }
.section .lead { color: var(--ink-2); margin: 0 0 16px 16px; font-size: 0.9rem; }
.lede { font-size: 1.1rem; }
.small { font-size: 0.8rem; }
.muted { color: var(--muted); }
.good { color: var(--good); }
.bad { color: var(--bad); }
.warn { color: var(--warn); }
.info { color: var(--info); }
.alarm { color: var(--bad); font-weight: 700; }
.change { white-space: nowrap; font-weight: 600; }
.cards { display: grid; grid-template-columns: repeat(auto-fit, minmax(200px, 1fr)); gap: 16px; }
.card { background: var(--tint); border-top: 4px solid var(--accent); padding: 16px 20px; border-radius: 4px; }
.card .label { color: var(--ink-2); font-size: 0.8rem; text-transform: uppercase; letter-spacing: 0.06em; }
.card .figure { font-size: 2.441rem; font-weight: 650; font-variant-numeric: tabular-nums; line-height: 1.2; margin: 4px 0; }
.card .sub { font-size: 0.8rem; color: var(--ink-2); }
table { border-collapse: collapse; width: 100%; margin: 8px 0 16px; font-size: 0.9rem; }
caption { text-align: left; color: var(--ink-2); padding-bottom: 4px; }
th { text-align: left; font-weight: 600; color: var(--ink-2); border-bottom: 2px solid var(--rule); padding: 6px 12px 6px 0; vertical-align: bottom; }
td { border-bottom: 1px solid var(--rule); padding: 8px 12px 8px 0; vertical-align: top; overflow-wrap: break-word; }
.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
.tag { display: inline-block; border: 1px solid currentColor; border-radius: 999px; padding: 0 8px; font-size: 0.75rem; line-height: 1.5; white-space: nowrap; }
.tag.own { color: var(--ink); border-color: var(--accent); }
.state { white-space: nowrap; font-size: 1.05rem; }
.legend { font-size: 0.8rem; color: var(--ink-2); }
.note { color: var(--ink-2); background: var(--tint); border-left: 4px solid var(--rule); padding: 8px 12px; }
.note.plan { border-left-color: var(--info); }
.note.failed { border-left-color: var(--bad); }
.note code { font-family: var(--mono); font-size: 0.85em; }
figure.chart { margin: 16px 0; }
figure.chart .svg svg { max-width: 100%; height: auto; }
/* Each chart's phone drawing (as wide as a phone's screen, so its text keeps its size) shows only on one. */
figure.chart .svg.phone { display: none; }
figcaption { font-size: 0.8rem; color: var(--ink-2); margin-top: 4px; }
.other { margin-top: 8px; }
.compare td:first-child a { font-weight: 600; }
code { font-family: var(--mono); font-size: 0.85em; background: var(--tint); padding: 0 3px; border-radius: 3px; }
footer { margin-top: 64px; color: var(--muted); font-size: 0.8rem; border-top: 1px solid var(--rule); padding-top: 16px; }
/* A phone (420 px): less margin, smaller headings, the cover's logo above its title, tables tighter. */
@media screen and (max-width: 600px) {
  body { padding: 24px 16px 40px; }
  h1 { font-size: 1.953rem; }
  h2 { font-size: 1.563rem; }
  .cover { flex-wrap: wrap; gap: 12px; }
  table { font-size: 0.85rem; }
  th { padding: 4px 8px 4px 0; }
  td { padding: 6px 8px 6px 0; }
  .card .figure { font-size: 1.953rem; }
  /* The headline's four figures two by two: each is a short number. */
  .cards { grid-template-columns: repeat(2, minmax(0, 1fr)); gap: 8px; }
  .card { padding: 12px; }
  /*
   * Tables as cards: a phone shows no sideways scrollbar, so each row is a card, each value
   * after its column's label; short values share a line, a long one takes the card's width.
   */
  .table:not(.grid) table, .table:not(.grid) tbody { display: block; width: 100%; }
  .table:not(.grid) thead { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); }
  .table:not(.grid) tr { display: flex; flex-wrap: wrap; gap: 2px 16px; border-bottom: 2px solid var(--rule); padding: 6px 0; }
  .table:not(.grid) td, .table:not(.grid) .num { display: block; max-width: 100%; border: 0; padding: 0; text-align: left; white-space: normal; }
  .table:not(.grid) td:empty { display: none; }
  /* What a row is about (a page, a brand, a question) heads its card on a line of its own, whatever its length, so every card reads in one order. */
  .table:not(.grid) td:first-child { flex-basis: 100%; }
  .table:not(.grid) td[data-label]:not([data-label=""])::before { content: attr(data-label); margin-right: 6px; color: var(--ink-2); font-size: 0.75rem; font-weight: 600; }
  td .url, td .url a { white-space: normal; overflow-wrap: anywhere; }
  /* A grid of marks or counts stays a table: its heads upright, so each column is a symbol wide. */
  .table.grid th:not(:first-child) { writing-mode: vertical-rl; transform: rotate(180deg); white-space: nowrap; text-align: left; padding: 4px 2px; }
  .table.grid td:not(:first-child) { text-align: center; padding: 4px 2px; }
  .table.grid td:first-child { padding-right: 8px; }
  figure.chart .svg.wide { display: none; }
  figure.chart .svg.phone { display: block; }
}
@page { size: ${paper}; margin: 16mm 14mm 18mm; }
@media print {
  html { font-size: 10.5pt; -webkit-print-color-adjust: exact; print-color-adjust: exact; }
  body { max-width: none; padding: 0; }
  .scope { margin-top: 0; break-before: page; }
  .scope.first { break-before: auto; }
  h3 { margin-top: 24px; }
  .scope > header { padding-bottom: 8px; }
  .cover { padding-bottom: 16px; margin-bottom: 24px; }
  .cards { grid-template-columns: repeat(4, 1fr); gap: 12px; }
  .card { padding: 12px 14px; }
  .card .figure { font-size: 1.953rem; }
  h3, h4, .section > p:not(.note), .legend { break-after: avoid; }
  figure, tr, .card, .cards, .note, .lede { break-inside: avoid; }
  a { text-decoration: none; }
  .table { overflow: visible; }
  td .url, td .url a { white-space: normal; overflow-wrap: anywhere; }
}
`);
}
