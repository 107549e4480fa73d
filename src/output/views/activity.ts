/**
 * `vis activity`: how many events of each type, then the events by day (in the order
 * sent), each with its time and its title wrapped to the width; an event
 * about a task, pitch report or topic ends with the command that shows it
 * (`→ vis tasks 4749`). The type (unless the title says it) and the ref follow the
 * title, on its last line when they fit (titles say what happened; the type is there to
 * scan and count by). Times
 * are UTC, said once at the top.
 */
import type { Block, View, ViewContext } from './context.js';
import { flowLines } from './flow.js';
import type { Part } from './grid.js';
import { wordText } from './marks.js';
import { formatCount } from './numbers.js';
import { viewNumber, type Obj } from './read.js';
import { noneMatch } from './section.js';
import { formatTime, isUtcTime } from './time.js';
import { displayWidth, padToWidth } from '../../text/width.js';

const GAP = '  ';

/** The command that shows what an event is about, per `ref.kind`. */
const REF_COMMANDS: Readonly<Record<string, string>> = {
  task: 'vis tasks',
  pitch: 'vis pitches',
  topic: 'vis topics',
  competitor: 'vis competitors',
};
const PLAIN_ID = /^[A-Za-z0-9._-]+$/;

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

function dayTitle(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  return Number.isNaN(d.getTime()) ? date : `${WEEKDAYS[d.getUTCDay()]} ${date}`;
}

interface Event {
  day: string | null;
  time: string;
  /** `at` when it is not a UTC time the view understands, shown as sent. */
  rawAt: string | null;
  type: string | null;
  title: string;
  ref: Part[] | null;
}

function refParts(e: Obj, ctx: ViewContext): Part[] | null {
  const { read, chalk } = ctx;
  const ref = read.object(e, 'ref', 'optional');
  if (!ref) return null;
  const kind = read.text(ref, 'kind');
  const id = viewNumber(ref.id) !== undefined ? String(read.number(ref, 'id')) : read.text(ref, 'id');
  const command = Object.hasOwn(REF_COMMANDS, read.rawText(ref, 'kind') ?? '') ? REF_COMMANDS[read.rawText(ref, 'kind') ?? ''] : undefined;
  // A command only when the id can be typed as it is; else the kind and id as sent.
  if (command !== undefined && PLAIN_ID.test(id)) return [{ text: '→ ', style: chalk.dim }, { text: `${command} ${id}` }];
  return [{ text: `${kind} `, style: chalk.dim }, { text: id }];
}

function readEvent(e: Obj, ctx: ViewContext): Event {
  const { read } = ctx;
  const at = read.text(e, 'at');
  const utc = isUtcTime(at);
  const local = formatTime(at); // `2026-11-22 04:00`, seconds when not :00
  const type = read.text(e, 'type', 'optional');
  return {
    day: utc ? local.slice(0, 10) : null,
    // To the minute: a column of times reads best all one width.
    time: utc ? local.slice(11, 16) : '',
    rawAt: utc ? null : at,
    type: type ? wordText(type) : null,
    title: read.text(e, 'title'),
    ref: refParts(e, ctx),
  };
}

/** Whether `title` has the words of `type` in it, as words, in any case. */
function says(title: string, type: string): boolean {
  const words = type
    .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    .split(/\s+/)
    .join('\\s+');
  return words !== '' && new RegExp(`(?:^|[^\\p{L}\\p{N}])${words}(?![\\p{L}\\p{N}])`, 'iu').test(title);
}

export const activityView: View = (data, ctx) => {
  const { read, chalk } = ctx;
  const records = read.records(data, 'events', 'title');
  const events = records.map((e) => readEvent(e, ctx));
  const blocks: Block[] = [];
  const sep = { text: ' · ', style: chalk.dim };

  const counts = new Map<string, number>();
  for (const e of events) if (e.type !== null) counts.set(e.type, (counts.get(e.type) ?? 0) + 1);
  const head: Part[][] = [[{ text: formatCount(events.length), style: chalk.bold }, { text: events.length === 1 ? ' event' : ' events' }]];
  for (const [type, n] of counts) head.push([{ text: `${type} ` }, { text: formatCount(n), style: chalk.bold }]);
  if (events.some((e) => e.day !== null)) head.push([{ text: 'times in UTC', style: chalk.dim }]);
  blocks.push(flowLines(head, ctx.width, { sep, wide: ctx.wide }));
  if (events.length === 0) {
    blocks.push([noneMatch(ctx)]);
    return blocks;
  }

  const timeWidth = Math.max(0, ...events.map((e) => displayWidth(e.time)));
  const indent = timeWidth + GAP.length;
  const room = Math.max(10, ctx.width - indent);
  let lines: string[] = [];
  let day: string | null | undefined;
  for (const e of events) {
    if (e.day !== day && e.day !== null) {
      if (lines.length > 0) blocks.push(lines);
      lines = [chalk.bold(dayTitle(e.day))];
    }
    day = e.day ?? day;
    // The title, then (on its line when it fits, else the next) the type and the ref.
    const items: Part[][] = [[{ text: e.title }]];
    if (e.rawAt !== null) items.push([{ text: e.rawAt, style: chalk.dim }]);
    // The type and the ref stay together: after the title when both fit, else below it.
    const tail: Part[] = [];
    // The type only where the title does not already say it (`Daily scan: …` is a scan).
    if (e.type !== null && !says(e.title, e.type)) tail.push({ text: e.type, style: chalk.dim });
    if (e.ref !== null) tail.push(...(tail.length > 0 ? [{ text: '  ' }] : []), ...e.ref);
    if (tail.length > 0) items.push(tail);
    const flowed = flowLines(items, room, { sep, wide: ctx.wide });
    flowed.forEach((line, i) => lines.push(`${i === 0 ? padToWidth(e.time, timeWidth) + GAP : ' '.repeat(indent)}${line}`.trimEnd()));
  }
  if (lines.length > 0) blocks.push(lines);
  return blocks;
};
