/**
 * The export's progress bar: one line on stderr, redrawn in place, only on a TTY and
 * never with --quiet or --debug (debug lines would tear it). It shows how far the export
 * is, files written, reads spent, the estimated time left, and the request under way
 * (endpoint, brand, market), with how long it has been waiting when the pacer or a retry
 * holds it: a wait for the rate limit is said as such, and the time left counts the waits
 * the rate limit still imposes. A line too wide for the terminal leaves whole parts out,
 * never a word cut at the edge.
 *
 * `formatProgressLine` is pure (snapshot and width in, line out) so it is tested without
 * a terminal; `ProgressBar` only feeds it and draws.
 */
import type { Writable } from 'node:stream';
import { formatCount } from '../output/views/numbers.js';
import { sanitizeForTerminal } from '../text/sanitize.js';
import { displayWidth, truncateToWidth } from '../text/width.js';
import { slotLabel, type Task } from './plan.js';
import type { RunObserver, TaskOutcome } from './execute-plan.js';

export interface ProgressSnapshot {
  done: number;
  total: number;
  files: number;
  reads: number;
  failed: number;
  /** The request under way. */
  current?: { endpoint: string; brand: string; market?: string; item?: string; waitingMs: number };
  /** Estimated time left; undefined until there is something to estimate from. */
  etaMs?: number;
  /** The request under way waits this long yet for the rate limit of `perMinute` requests a minute. */
  paced?: { waitMs: number; perMinute: number };
}

/** What the bar needs of the export's pacer (src/http/pacer.ts): its limit and this process's window. */
export interface Pace {
  readonly limit: number;
  delayFor(now: number): number;
  window(now: number): PaceWindow;
}

export interface PaceWindow {
  /** Send times in the window, oldest first. */
  sent: readonly number[];
  /** The window's length. */
  ms: number;
  /** No request before this time (a 429's Retry-After). */
  heldUntil: number;
}

const BAR_CELLS = 20;
/** Below this the bar itself is left out and the figures come first. */
const NARROW = 60;
/** A request that takes longer than this shows how long it has waited. */
const SHOW_WAIT_AFTER_MS = 2000;

export function formatDuration(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
}

function bar(done: number, total: number): string {
  const filled = total > 0 ? Math.min(BAR_CELLS, Math.floor((done / total) * BAR_CELLS)) : 0;
  return `[${'#'.repeat(filled)}${'-'.repeat(BAR_CELLS - filled)}]`;
}

interface Part {
  text: string;
  /** A shorter wording, for a narrow terminal. */
  short?: string;
  /** Parts of the highest rank are left out first when the line is too wide (0: never). */
  rank: number;
}

/** One line, at most `width - 1` columns (the last column would wrap on some terminals). */
export function formatProgressLine(s: ProgressSnapshot, width: number): string {
  const n = formatCount;
  const parts: Part[] = [{ text: `${n(s.done)}/${n(s.total)}`, rank: 0 }];
  if (s.paced) {
    const wait = `waiting ${Math.max(1, Math.ceil(s.paced.waitMs / 1000))} s`;
    parts.push({ text: `${wait} for the API’s rate limit (${n(s.paced.perMinute)} reads a minute)`, short: `${wait} (rate limit)`, rank: 0 });
  }
  parts.push({ text: `${n(s.files)} file${s.files === 1 ? '' : 's'}`, rank: 3 }, { text: `${n(s.reads)} read${s.reads === 1 ? '' : 's'}`, rank: 3 });
  if (s.failed > 0) parts.push({ text: `${n(s.failed)} failed`, rank: 2 });
  parts.push(s.etaMs === undefined ? { text: 'estimating time left', rank: 1 } : { text: `${formatDuration(s.etaMs)} left`, rank: 1 });
  if (s.current) {
    const c = s.current;
    const what = [c.endpoint + (c.item !== undefined ? ` ${c.item}` : ''), c.brand, ...(c.market !== undefined ? [c.market] : [])];
    if (!s.paced && c.waitingMs >= SHOW_WAIT_AFTER_MS) what[what.length - 1] += ` (waiting ${Math.round(c.waitingMs / 1000)} s)`;
    what.forEach((text, i) => parts.push({ text, rank: 4 + i }));
  }
  const max = Math.max(1, width - 1);
  const prefix = width >= NARROW ? `${bar(s.done, s.total)} ` : '';
  const fits = (line: string) => displayWidth(line) <= max;
  for (const short of [false, true]) {
    const kept = parts.map((p) => ({ ...p, text: short && p.short !== undefined ? p.short : p.text }));
    const line = () => prefix + kept.map((p) => p.text).join(' · ');
    // Whole parts are left out, least needed first, then the last of equals: a word cut at
    // the edge reads as another word.
    while (!fits(line()) && kept.some((p) => p.rank > 0)) {
      const worst = Math.max(...kept.map((p) => p.rank));
      kept.splice(kept.map((p) => p.rank).lastIndexOf(worst), 1);
    }
    if (fits(line())) return line();
  }
  // Narrower than the figures themselves: only then is the line cut.
  return truncateToWidth(prefix + parts[0]!.text, max);
}

/**
 * Time left at the pace the rate limit allows: each of `requests` requests waits for a
 * place in the window (`perMinute` sends in any `window.ms`), then takes `serviceMs`.
 */
export function pacedLeft(requests: number, serviceMs: number, perMinute: number, window: PaceWindow, now: number): number {
  const sent = [...window.sent];
  let t = now;
  for (let i = 0; i < requests; i++) {
    const slot = sent.length >= perMinute ? sent[sent.length - perMinute]! + window.ms : now;
    const start = Math.max(t, slot, window.heldUntil);
    sent.push(start);
    t = start + serviceMs;
  }
  return t - now;
}

/** Estimated time left: the average time per request so far, times the requests left. */
export function estimateLeft(elapsedMs: number, done: number, total: number): number | undefined {
  if (done < 2 || total <= done) return done >= total && total > 0 ? 0 : undefined;
  return (elapsedMs / done) * (total - done);
}

type Now = () => number;

export class ProgressBar implements RunObserver {
  private done = 0;
  private total = 0;
  private files = 0;
  private reads = 0;
  private failed = 0;
  private current: { task: Task; since: number; paceWait: number } | undefined;
  /** Time spent on requests, not waiting for the rate limit: the pace of the answers themselves. */
  private busyMs = 0;
  private readonly started: number;
  private timer: NodeJS.Timeout | undefined;
  private shown = '';

  constructor(
    private readonly stream: Writable,
    private readonly columns: number,
    private readonly now: Now,
    private readonly pace?: Pace,
  ) {
    this.started = now();
  }

  start(): void {
    this.stream.write('\u001b[?25l'); // hide the cursor while the line is redrawn
    this.timer = setInterval(() => this.draw(), 250);
    this.timer.unref();
    this.draw();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    this.stream.write('\r\u001b[2K\u001b[?25h');
    this.shown = '';
  }

  planned(requests: number): void {
    this.total = requests;
    this.draw();
  }

  begin(task: Task): void {
    const now = this.now();
    // The pacer is asked first thing when a request is sent: its delay now is this request's wait.
    this.current = { task, since: now, paceWait: this.pace ? Math.max(0, this.pace.delayFor(now)) : 0 };
    this.draw();
  }

  end(_task: Task, outcome: TaskOutcome, files: number, readSpent: boolean): void {
    if (this.current) this.busyMs += Math.max(0, this.now() - this.current.since - this.current.paceWait);
    this.done++;
    this.files += files;
    if (readSpent) this.reads++;
    if (outcome === 'failed') this.failed++;
    this.current = undefined;
    this.draw();
  }

  snapshot(): ProgressSnapshot {
    const now = this.now();
    const snap: ProgressSnapshot = { done: this.done, total: this.total, files: this.files, reads: this.reads, failed: this.failed };
    const eta = estimateLeft(now - this.started, this.done, this.total);
    if (eta !== undefined)
      snap.etaMs = this.pace && eta > 0 ? pacedLeft(this.total - this.done, this.busyMs / this.done, this.pace.limit, this.pace.window(now), now) : eta;
    if (this.current) {
      const { task, since, paceWait } = this.current;
      const waitMs = since + paceWait - now;
      if (this.pace && waitMs > 0) snap.paced = { waitMs, perMinute: this.pace.limit };
      snap.current = {
        endpoint: task.endpoint.id,
        brand: sanitizeForTerminal(task.brand.name),
        waitingMs: now - since,
      };
      if (task.endpoint.market && task.slot && !task.placeholder) snap.current.market = sanitizeForTerminal(slotLabel(task.slot));
      if (task.item) snap.current.item = sanitizeForTerminal(truncateToWidth(task.item.key, 30));
    }
    return snap;
  }

  private draw(): void {
    if (!this.timer) return;
    const line = formatProgressLine(this.snapshot(), this.columns);
    if (line === this.shown) return;
    this.shown = line;
    this.stream.write(`\r\u001b[2K${line}`);
  }
}
