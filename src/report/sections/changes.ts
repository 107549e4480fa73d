/**
 * What changed since the previous period: the result of `vis changes` over the report's
 * period (src/domain/changes.ts), the scope's own changes worst news first (losses and
 * drops red, rivals gaining amber, gains green, as the terminal colours them), each with
 * what moved and from what to what (the human words first, the key under them); then
 * what could not be compared, and why. "No change" is said only when something of the
 * scope was compared.
 * The changes of the scope's brand in its market, and those the API gives alike in every
 * market (the technical scan), are shown; another brand's or market's are not.
 */
import { NEWS_ORDER, type Change, type ChangeNews, type Compared, type NotCompared } from '../../domain/changes.js';
import { moveWords as words, type MoveFigures, type MoveWording } from '../../text/move-words.js';
import type { ScopeReport } from '../../domain/report.js';
import { escapeMarkup, html, linkTarget } from '../escape.js';
import { formatsFor, type Formats } from '../format.js';
import { engineName, isObj, note, table, urlCell, type Obj, type SectionView } from './kit.js';

const NEWS_TONE: Readonly<Record<ChangeNews, string>> = { loss: 'bad', drop: 'bad', rival: 'warn', neutral: 'plain', gain: 'good' };
const NEWS_WORD: Readonly<Record<ChangeNews, string>> = { loss: 'loss', drop: 'drop', rival: 'rival gains', neutral: 'changed', gain: 'gain' };

function isChange(c: unknown): c is Change {
  return (
    isObj(c) &&
    typeof c.kind === 'string' &&
    typeof c.move === 'string' &&
    typeof c.news === 'string' &&
    (NEWS_ORDER as readonly string[]).includes(c.news) &&
    typeof c.subject === 'string' &&
    isObj(c.brand) &&
    typeof c.brand.id === 'string'
  );
}

function isCompared(n: unknown): n is Compared {
  return isObj(n) && typeof n.kind === 'string' && isObj(n.brand) && typeof n.brand.id === 'string';
}

function isNotCompared(n: unknown): n is NotCompared {
  return isObj(n) && typeof n.kind === 'string' && typeof n.reason === 'string' && isObj(n.brand) && typeof n.brand.id === 'string';
}

/** A change or a kind not compared belongs to the scope: its brand, and its market or every market. */
export function ofScope(item: { brand: { id: string }; market: { code: string } | null }, scope: ScopeReport): boolean {
  if (item.brand.id !== scope.brand.id) return false;
  return item.market === null || scope.market === null || item.market.code === scope.market.code;
}

export function worstFirst(changes: readonly Change[]): Change[] {
  return [...changes].sort((a, b) => NEWS_ORDER.indexOf(a.news) - NEWS_ORDER.indexOf(b.news));
}

/**
 * A figure as the report writes its measure everywhere else: a visibility as a score out of
 * 100 (`47.1`, its move in points), a share of voice as a percentage (`22.8%`, its move in pp).
 */
export function reportFigures(fmt: Formats): MoveFigures {
  return {
    value: (measure, v) => (measure === 'visibility' ? fmt.score(v) : fmt.percent(v)),
    points: (measure, v) => `${fmt.signed(v)} ${measure === 'visibility' ? 'points' : 'pp'}`,
  };
}

/**
 * What happened, in words, as `vis changes` says it: texts as recorded (the row escapes
 * them), every value said, a state as a word (`no answer`), a figure with its unit in the
 * report's number style, and an engine's id (`chatgpt` appeared) by the name the report
 * gives that engine everywhere else (`ChatGPT`).
 */
export function moveWords(c: Change, engine: (id: string) => string = (id) => id, fmt: Formats = formatsFor('en-US')): string {
  const wording: MoveWording = { text: engine, skipNamed: false, figures: reportFigures(fmt) };
  return words(c, wording);
}

/**
 * Why a kind was not compared, in the client's words: the options each day was recorded
 * with (`days=30`) are the command's detail, which `vis changes` prints.
 */
export function reasonWords(reason: string): string {
  return reason.startsWith('recorded with other options') ? 'the two days were recorded with different settings, so they cannot be compared' : reason;
}

export const changes: SectionView = {
  title: 'What changed',
  lead: 'What moved since the previous period, worst news first, from the days vis recorded.',
  known: (data): data is Obj =>
    isObj(data) &&
    (data.from === null || typeof data.from === 'string') &&
    (data.to === null || typeof data.to === 'string') &&
    Array.isArray(data.changes) &&
    data.changes.every(isChange) &&
    Array.isArray(data.notCompared) &&
    data.notCompared.every(isNotCompared) &&
    Array.isArray(data.compared) &&
    data.compared.every(isCompared),
  fields: ['from', 'to', 'sinceFallback', 'changes', 'notCompared', 'compared'],
  // vis's own comparison: every field of a change is known, the ones not drawn (the
  // path, the endpoint) are where it came from.
  records: {
    changes: {
      name: 'subject',
      known: [
        'kind',
        'move',
        'news',
        'brand',
        'market',
        'subject',
        'label',
        'engine',
        'path',
        'before',
        'after',
        'delta',
        'points',
        'endpoint',
        'item',
        'query',
      ],
    },
    notCompared: { name: 'kind', known: ['kind', 'brand', 'market', 'endpoint', 'reason'] },
    compared: { name: 'kind', known: ['kind', 'brand', 'market', 'endpoint'] },
  },
  async render(data, ctx) {
    const { fmt, scope } = ctx;
    const from = typeof data.from === 'string' ? data.from : null;
    const to = typeof data.to === 'string' ? data.to : null;
    if (to === null) return note('Nothing recorded yet: the history holds no answer to compare.');
    if (from === null) return note(`Nothing to compare yet: only ${fmt.date(to)} is recorded.`);
    const list = worstFirst((data.changes as Change[]).filter((c) => ofScope(c, scope)));
    const skipped = (data.notCompared as NotCompared[]).filter((n) => ofScope(n, scope));
    const none = (data.compared as Compared[]).some((c) => ofScope(c, scope)) ? 'No change above the threshold.' : 'Nothing could be compared.';
    // Each figure is the answer recorded on that day, over that read's own window: not the
    // report's period, so it is said, and a topic's or page's figure here need not agree with its section's.
    const lede = `<p class="lede">The answers recorded on ${escapeMarkup(fmt.date(to))} against those of ${escapeMarkup(fmt.date(from))}: <strong>${escapeMarkup(fmt.number(list.length))}</strong> ${list.length === 1 ? 'change' : 'changes'}.</p>\n<p class="small muted">Each figure is as read on that day, over that read’s own days, not the report’s period: it need not match the sections above.</p>`;
    const rows = list.map((c) => [
      `<span class="tag ${NEWS_TONE[c.news]}">${escapeMarkup(NEWS_WORD[c.news])}</span>`,
      html(c.kind.replace(/_/g, ' ')),
      // The human words lead (a topic's name, a question's text, a page's title); a page's URL under its title, no
      // id under a name (a client reads names); the key alone when there are no words.
      subjectCell(c.subject, typeof c.label === 'string' && c.label.trim() !== '' ? c.label : null),
      c.engine === null || c.engine === undefined ? '' : html(engineName(ctx, String(c.engine))),
      `<span class="${NEWS_TONE[c.news]}">${html(moveWords(c, (id) => engineName(ctx, id), fmt))}</span>`,
    ]);
    const notCompared =
      skipped.length === 0
        ? ''
        : `<h4>Not compared</h4>${table(
            ['What', 'Why'],
            skipped.map((n) => [html(n.kind.replace(/_/g, ' ')), html(reasonWords(n.reason))]),
          )}`;
    return [lede, list.length === 0 ? note(none) : table(['News', 'What', 'Subject', 'Engine', 'Move'], rows), notCompared].join('\n');
  },
};

/** A change's subject: its words, with the URL under them when the key is one; the key when there are no words. */
export function subjectCell(subject: string, label: string | null): string {
  return label !== null && linkTarget(subject) === null ? html(label) : urlCell(subject, label);
}
