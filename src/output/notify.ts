/**
 * What `vis changes --notify` posts to a chat webhook: a Slack message (Block Kit) or a
 * Microsoft Teams message holding an Adaptive Card, made from the comparison, worst news
 * first: as many whole changes as the receiver takes (Slack: 50 blocks and the text it
 * allows; Teams: the message's size in bytes), then "and N more". Pure: the sending is
 * services/notify.ts, and the `json` format is `vis changes -f json`'s own document.
 *
 * Text from the history was the server's: in Slack's mrkdwn it is escaped (`&`, `<`, `>`,
 * so it can make no link or mention such as `<!channel>`); in Teams it goes in TextRuns,
 * which no client reads as markdown. Nothing here names the webhook.
 */
import type { Change, ChangesResult } from '../domain/changes.js';
import { engineName } from '../text/engine-name.js';
import { moveWords, type MoveWording } from '../text/move-words.js';

/** Slack allows 50 blocks a message: a header, the changes, and the line saying how many more. */
export const MAX_BLOCKS = 50;
/** Slack's limits: 150 characters of a header's plain text, 3,000 of a section's mrkdwn. */
const MAX_HEADER = 150;
const MAX_SECTION = 3000;
/**
 * Slack also refuses blocks whose text adds up to more than about 13,000 characters
 * (`msg_blocks_too_long`), well under its 40,000 for a message: kept to 12,000.
 */
export const SLACK_MAX_TEXT = 12_000;
/**
 * A Teams workflow refuses a message over about 28 KB ("request entity too large"): the
 * message, as the UTF-8 JSON sent, is kept to 26 KiB, room left for what the workflow adds.
 */
export const TEAMS_MAX_BYTES = 26 * 1024;

/** The one-line title both formats lead with, and Slack's notification text; the demo's says it is demo data. */
export function notifyTitle(result: ChangesResult, demo = false): string {
  const title = plainTitle(result);
  return demo ? `${title} (demo data)` : title;
}

function plainTitle(result: ChangesResult): string {
  const n = result.changes.length;
  if (result.to === null) return 'AI visibility: nothing recorded yet';
  if (result.from === null) return `AI visibility: nothing to compare yet (only ${result.to} is recorded)`;
  if (n === 0) return `AI visibility: no change from ${result.from} to ${result.to}`;
  return `AI visibility: ${n} ${n === 1 ? 'change' : 'changes'} from ${result.from} to ${result.to}`;
}

/** Where a change is and what it is about, then what happened: `Acme (US-en) · topic CRM pricing · ChatGPT: 41.5 → 33.1 (-8.4)`. */
function changeParts(c: Change, text: (s: string) => string): { where: string; what: string } {
  const market = c.market === null ? '' : ` (${text(c.market.code)})`;
  const about = [c.kind.replace(/_/g, ' '), text(c.label ?? c.subject), ...(c.engine === null ? [] : [text(engineName(c.engine))])].join(' · ');
  const wording: MoveWording = { text, skipNamed: true };
  return { where: `${text(c.brand.name)}${market}`, what: `${about}: ${moveWords(c, wording)}` };
}

function cut(text: string, max: number): string {
  const chars = [...text];
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join('')}…`;
}

/** Slack's mrkdwn escapes: the only characters that make links, mentions and channels. */
export function slackText(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function moreLine(result: ChangesResult, listed: number): string | undefined {
  const more = result.changes.length - listed;
  const notCompared = result.notCompared.length;
  const parts: string[] = [];
  if (more > 0) parts.push(`and ${more} more (vis changes lists them all)`);
  if (notCompared > 0) parts.push(`${notCompared} not compared`);
  return parts.length === 0 ? undefined : parts.join(' · ');
}

/**
 * How many of the items fit, whole and in order: the most `k` for which the message with
 * the first `k` items (`sizes`) and the line for the rest (`fixed(k)`) is within `max`.
 */
export function fitting(sizes: readonly number[], fixed: (k: number) => number, max: number): number {
  let k = 0;
  let total = 0;
  while (k < sizes.length && fixed(k + 1) + total + (sizes[k] as number) <= max) {
    total += sizes[k] as number;
    k++;
  }
  return k;
}

const chars = (s: string) => [...s].length;

/**
 * A Slack incoming-webhook message: a header block, one section per change, a context line
 * for the rest; at most 50 blocks, and their text within what Slack takes (SLACK_MAX_TEXT).
 */
export function slackMessage(result: ChangesResult, demo = false): object {
  const title = notifyTitle(result, demo);
  const header = { type: 'header', text: { type: 'plain_text', text: cut(title, MAX_HEADER) } };
  const sections = result.changes.map((c) => {
    const { where, what } = changeParts(c, slackText);
    return { type: 'section', text: { type: 'mrkdwn', text: cut(`*${where}* ${what}`, MAX_SECTION) } };
  });
  const moreBlock = (listed: number): object[] => {
    const more = moreLine(result, listed);
    return more === undefined ? [] : [{ type: 'context', elements: [{ type: 'mrkdwn', text: more }] }];
  };
  const moreText = (listed: number) => chars(moreLine(result, listed) ?? '');
  const byText = fitting(
    sections.map((b) => chars(b.text.text)),
    (k) => chars(header.text.text) + moreText(k),
    SLACK_MAX_TEXT,
  );
  // The header, and the "more" line when there is one, count among the 50 blocks.
  let listed = byText;
  while (1 + listed + moreBlock(listed).length > MAX_BLOCKS) listed--;
  return { text: slackText(title), blocks: [header, ...sections.slice(0, listed), ...moreBlock(listed)] };
}

/**
 * A Teams workflow message: one Adaptive Card whose lines are TextRuns (never read as
 * markdown), as many changes as fit in TEAMS_MAX_BYTES, then the line for the rest.
 */
export function teamsMessage(result: ChangesResult, demo = false): object {
  const plain = (s: string) => s;
  const rows = result.changes.map((c) => {
    const { where, what } = changeParts(c, plain);
    return {
      type: 'RichTextBlock',
      inlines: [
        { type: 'TextRun', text: cut(where, MAX_SECTION), weight: 'Bolder', ...(c.news === 'loss' || c.news === 'drop' ? { color: 'Attention' } : {}) },
        { type: 'TextRun', text: ` ${cut(what, MAX_SECTION)}` },
      ],
    };
  });
  const card = (listed: readonly object[], count: number): object => {
    const body: object[] = [{ type: 'TextBlock', text: cut(notifyTitle(result, demo), MAX_HEADER), size: 'Large', weight: 'Bolder', wrap: true }, ...listed];
    const more = moreLine(result, count);
    if (more !== undefined) body.push({ type: 'RichTextBlock', inlines: [{ type: 'TextRun', text: more, isSubtle: true }] });
    return {
      type: 'message',
      attachments: [
        {
          contentType: 'application/vnd.microsoft.card.adaptive',
          contentUrl: null,
          content: { $schema: 'http://adaptivecards.io/schemas/adaptive-card.json', type: 'AdaptiveCard', version: '1.4', body },
        },
      ],
    };
  };
  // Each row adds its JSON and a comma to the card without rows; the "more" line depends on how many are listed.
  const listed = fitting(
    rows.map((r) => Buffer.byteLength(JSON.stringify(r)) + 1),
    (k) => Buffer.byteLength(JSON.stringify(card([], k))),
    TEAMS_MAX_BYTES,
  );
  return card(rows.slice(0, listed), listed);
}
