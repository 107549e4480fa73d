/**
 * `vis changes` on a terminal: a heading (the two days, the threshold), then one group per
 * brand (and market within it), worst news first, each change on its own lines: what
 * (kind), the subject a user copies (a topic id, a question's text, a URL: wrapped whole,
 * never shortened), the engine, and before → after with the difference. Losses and drops
 * red, rivals gaining yellow, gains green. What could not be compared closes the brand's
 * group; "no change" is said only of what was compared: a brand nothing of which could be
 * is listed under "Not compared" alone, last. Every text from the history
 * (names, subjects, recorded values, reasons) passes the terminal sanitiser: it was the
 * server's before it was recorded.
 */
import { Chalk, type ChalkInstance } from 'chalk';
import type { Change, ChangeMarket, ChangeNews, ChangesResult, NotCompared } from '../../domain/changes.js';
import { engineName } from '../../text/engine-name.js';
import { moveWords, type MoveWording } from '../../text/move-words.js';
import { sanitizeForTerminal } from '../../text/sanitize.js';
import { flowLines } from './flow.js';
import { formatPercent } from './numbers.js';
import type { Part, Style } from './parts.js';
import { sectionTitle } from './section.js';

export interface ChangesViewOptions {
  width: number;
  color: boolean;
  wide: boolean;
  threshold: number;
  /** The day --since named, when it was given. */
  since: string | undefined;
}

const INDENT = '  ';

function tone(news: ChangeNews, chalk: ChalkInstance): Style | undefined {
  if (news === 'loss' || news === 'drop') return chalk.red;
  if (news === 'rival') return chalk.yellow;
  if (news === 'gain') return chalk.green;
  return undefined;
}

const safe = (s: string) => sanitizeForTerminal(s);

/** The field a path ends with, as a word (`topics[t].share_of_voice` → share of voice). */
function fieldWord(path: string): string {
  const m = /([^.[\]]+)(?:\[[^\]]*\])*$/.exec(path);
  return (m?.[1] ?? '').replace(/_/g, ' ');
}

const signed = (n: number) => `${n > 0 ? '+' : ''}${n.toFixed(1)}`;

/**
 * The terminal's words for a move: texts from the history pass the terminal sanitiser, and a
 * known kind's figures read as percentages, as the other views write them (`20.0% → 26.2% (+6.2 pp)`).
 */
const TERMINAL: MoveWording = {
  text: safe,
  skipNamed: true,
  figures: { value: (_measure, v) => formatPercent(v), points: (_measure, v) => `${signed(v)} pp` },
};

/** What happened, in words: `32.1% → 25.0% (-7.1 pp)`, `recommended → absent`, `went`. */
export function moveText(c: Change): string {
  return moveWords(c, TERMINAL);
}

/** A change's kind in words: `answer state`, not the API's `answer_state`. */
export function kindWords(kind: string): string {
  return kind.replace(/_/g, ' ');
}

function changeLines(c: Change, chalk: ChalkInstance, o: ChangesViewOptions, indent: string): string[] {
  const style = tone(c.news, chalk);
  const items: Part[][] = [[{ text: kindWords(c.kind), style: chalk.bold }], [{ text: safe(c.subject) }]];
  if (c.label !== null) items.push([{ text: safe(c.label), style: chalk.dim }]);
  // The field moved, where the subject does not already say it (`topic crm-pricing visibility 41.5% → 33.1%`).
  const word = fieldWord(c.path);
  const field = c.kind !== 'other' && c.kind !== 'answer_state' && (c.move === 'up' || c.move === 'down' || c.move === 'changed') ? word : '';
  const move: Part = { text: `${field === '' || field === c.subject.replace(/_/g, ' ') ? '' : `${field} `}${moveText(c)}`, style };
  // The engine and its move are one item: a line break never parts them.
  items.push(c.engine === null ? [move] : [{ text: safe(engineName(c.engine)), style: chalk.cyan }, { text: '  ' }, move]);
  return flowLines(items, o.width, { sep: { text: '  ' }, lead: [{ text: indent }], hang: 2, wide: o.wide });
}

/** What was not compared, each with its reason, under a `Not compared:` line (or `lead`, a brand's name). */
function notComparedLines(list: readonly NotCompared[], chalk: ChalkInstance, o: ChangesViewOptions, lead = chalk.dim('Not compared:')): string[] {
  if (list.length === 0) return [];
  const lines = [`${INDENT}${lead}`];
  for (const n of list) {
    lines.push(
      ...flowLines(
        [
          [{ text: n.market === null ? kindWords(n.kind) : `${kindWords(n.kind)} (${safe(n.market.code)})`, style: chalk.dim }],
          [{ text: safe(n.reason), style: chalk.dim }],
        ],
        o.width,
        { sep: { text: '  ' }, lead: [{ text: `${INDENT}${INDENT}` }], hang: 2, wide: o.wide },
      ),
    );
  }
  return lines;
}

function marketTitle(m: ChangeMarket | null): string {
  if (m === null) return 'every market';
  return m.label === null ? safe(m.code) : `${safe(m.code)} ${safe(m.label)}`;
}

/** The heading: the days compared, and how --since was met. */
export function headingText(result: ChangesResult, o: Pick<ChangesViewOptions, 'threshold' | 'since'>): string {
  if (result.to === null) return 'Nothing recorded yet: no answer of the compared endpoints is in the history.';
  if (result.from === null) return `Nothing to compare yet: only ${result.to} is recorded.`;
  const fallback = result.sinceFallback && o.since !== undefined ? `, the oldest recorded day (nothing recorded on or before ${o.since}),` : '';
  return `Changes from ${result.from}${fallback} to ${result.to}, moves of ${o.threshold} points or more`;
}

/** The whole view, lines joined, ending in a newline. */
export function renderChangesView(result: ChangesResult, o: ChangesViewOptions): string {
  const chalk = new Chalk({ level: o.color ? 1 : 0 });
  const layout = { width: o.width, wide: o.wide, chalk };
  const blocks: string[][] = [flowLines([[{ text: safe(headingText(result, o)), style: chalk.bold }]], o.width, { wide: o.wide })];
  if (result.from === null) return `${blocks[0]!.join('\n')}\n`;

  // Brands in the order their worst news comes; each brand's markets likewise.
  const brands: string[] = [];
  for (const c of result.changes) if (!brands.includes(c.brand.id)) brands.push(c.brand.id);
  // A brand none of whose answers could be compared has no "no change" group: it is listed
  // under "Not compared" alone, after the brands that were.
  const uncompared: string[] = [];
  for (const n of result.notCompared) {
    const list = brands.includes(n.brand.id) || result.compared.some((c) => c.brand.id === n.brand.id) ? brands : uncompared;
    if (!list.includes(n.brand.id)) list.push(n.brand.id);
  }
  if (brands.length === 0) blocks.push([result.compared.length > 0 ? `No change of ${o.threshold} points or more.` : 'Nothing was compared.']);
  // The brand's id said as one, so a bare number is not read as a figure.
  const idNote = (brand: { id: string; name: string }) => (brand.name === brand.id ? '' : ` · id ${safe(brand.id)}`);
  for (const id of brands) {
    const changes = result.changes.filter((c) => c.brand.id === id);
    const skipped = result.notCompared.filter((n) => n.brand.id === id);
    const brand = changes[0]?.brand ?? result.compared.find((c) => c.brand.id === id)!.brand;
    const note = `${changes.length === 0 ? 'no change' : `${changes.length} ${changes.length === 1 ? 'change' : 'changes'}`}${idNote(brand)}`;
    const lines = [sectionTitle(safe(brand.name), note, layout)];
    const markets: Array<string | null> = [];
    for (const c of changes) {
      const code = c.market?.code ?? null;
      if (!markets.includes(code)) markets.push(code);
    }
    // A market heading when the brand's changes are in a market (or several); its changes under it.
    const headed = markets.length > 1 || markets[0] !== null;
    for (const code of markets) {
      const inMarket = changes.filter((c) => (c.market?.code ?? null) === code);
      if (headed)
        lines.push(...flowLines([[{ text: marketTitle(inMarket[0]!.market), style: chalk.underline }]], o.width, { lead: [{ text: INDENT }], wide: o.wide }));
      for (const c of inMarket) lines.push(...changeLines(c, chalk, o, headed ? `${INDENT}${INDENT}` : INDENT));
    }
    lines.push(...notComparedLines(skipped, chalk, o));
    blocks.push(lines);
  }
  if (uncompared.length > 0) {
    const n = uncompared.length;
    const lines = [sectionTitle('Not compared', `${n} ${n === 1 ? 'brand' : 'brands'}: nothing recorded on both days`, layout)];
    for (const id of uncompared) {
      const skipped = result.notCompared.filter((x) => x.brand.id === id);
      const brand = skipped[0]!.brand;
      lines.push(...notComparedLines(skipped, chalk, o, `${chalk.bold(safe(brand.name))}${chalk.dim(idNote(brand))}`));
    }
    blocks.push(lines);
  }
  return `${blocks.map((b) => b.join('\n')).join('\n\n')}\n`;
}
