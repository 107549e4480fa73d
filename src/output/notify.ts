/**
 * What `vis changes --notify` posts to a chat webhook: a Slack message (Block Kit) or a
 * Microsoft Teams message holding an Adaptive Card, made from the comparison, worst news
 * first, at most MAX_LISTED changes and then "and N more". Pure: the sending is
 * services/notify.ts, and the `json` format is `vis changes -f json`'s own document.
 *
 * Text from the history was the server's: in Slack's mrkdwn it is escaped (`&`, `<`, `>`,
 * so it can make no link or mention such as `<!channel>`); in Teams it goes in TextRuns,
 * which no client reads as markdown. Nothing here names the webhook.
 */
import type { Change, ChangesResult } from '../domain/changes.js';
import { moveWords, type MoveWording } from '../text/move-words.js';

/** Slack allows 50 blocks a message: a header, 48 changes, and the line saying how many more. */
export const MAX_BLOCKS = 50;
const MAX_LISTED = MAX_BLOCKS - 2;
/** Slack's limits: 150 characters of a header's plain text, 3,000 of a section's mrkdwn. */
const MAX_HEADER = 150;
const MAX_SECTION = 3000;

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

/** Where a change is and what it is about, then what happened: `Acme (US-en) · topic CRM pricing · chatgpt: 41.5 → 33.1 (-8.4)`. */
function changeParts(c: Change, text: (s: string) => string): { where: string; what: string } {
  const market = c.market === null ? '' : ` (${text(c.market.code)})`;
  const about = [c.kind.replace(/_/g, ' '), text(c.label ?? c.subject), ...(c.engine === null ? [] : [text(c.engine)])].join(' · ');
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

/** A Slack incoming-webhook message: a header block, one section per change, a context line for the rest. */
export function slackMessage(result: ChangesResult, demo = false): object {
  const title = notifyTitle(result, demo);
  const listed = result.changes.slice(0, MAX_LISTED);
  const blocks: object[] = [{ type: 'header', text: { type: 'plain_text', text: cut(title, MAX_HEADER) } }];
  for (const c of listed) {
    const { where, what } = changeParts(c, slackText);
    blocks.push({ type: 'section', text: { type: 'mrkdwn', text: cut(`*${where}* ${what}`, MAX_SECTION) } });
  }
  const more = moreLine(result, listed.length);
  if (more !== undefined) blocks.push({ type: 'context', elements: [{ type: 'mrkdwn', text: more }] });
  return { text: slackText(title), blocks };
}

/** A Teams workflow message: one Adaptive Card whose lines are TextRuns (never read as markdown). */
export function teamsMessage(result: ChangesResult, demo = false): object {
  const plain = (s: string) => s;
  const listed = result.changes.slice(0, MAX_LISTED);
  const body: object[] = [{ type: 'TextBlock', text: notifyTitle(result, demo), size: 'Large', weight: 'Bolder', wrap: true }];
  for (const c of listed) {
    const { where, what } = changeParts(c, plain);
    body.push({
      type: 'RichTextBlock',
      inlines: [
        { type: 'TextRun', text: where, weight: 'Bolder', ...(c.news === 'loss' || c.news === 'drop' ? { color: 'Attention' } : {}) },
        { type: 'TextRun', text: ` ${what}` },
      ],
    });
  }
  const more = moreLine(result, listed.length);
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
}
