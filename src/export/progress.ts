/**
 * The export's progress bar: one line on stderr, redrawn in place, only on a TTY and
 * never with --quiet or --debug (debug lines would tear it). It shows how far the export
 * is, files written, reads spent, the estimated time left, and the request under way
 * (endpoint, brand, market), with how long it has been waiting when the pacer or a retry
 * holds it.
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

/** One line, at most `width - 1` columns (the last column would wrap on some terminals). */
export function formatProgressLine(s: ProgressSnapshot, width: number): string {
  const n = formatCount;
  const parts = [`${n(s.done)}/${n(s.total)}`, `${n(s.files)} file${s.files === 1 ? '' : 's'}`, `${n(s.reads)} read${s.reads === 1 ? '' : 's'}`];
  if (s.failed > 0) parts.push(`${n(s.failed)} failed`);
  parts.push(s.etaMs === undefined ? 'estimating time left' : `${formatDuration(s.etaMs)} left`);
  if (s.current) {
    const c = s.current;
    const what = [c.endpoint + (c.item !== undefined ? ` ${c.item}` : ''), c.brand, ...(c.market !== undefined ? [c.market] : [])].join(' · ');
    parts.push(c.waitingMs >= SHOW_WAIT_AFTER_MS ? `${what} (waiting ${Math.round(c.waitingMs / 1000)} s)` : what);
  }
  const text = parts.join(' · ');
  const max = Math.max(1, width - 1);
  const line = width >= NARROW ? `${bar(s.done, s.total)} ${text}` : text;
  return displayWidth(line) <= max ? line : truncateToWidth(line, max);
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
  private current: { task: Task; since: number } | undefined;
  private readonly started: number;
  private timer: NodeJS.Timeout | undefined;
  private shown = '';

  constructor(
    private readonly stream: Writable,
    private readonly columns: number,
    private readonly now: Now,
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
    this.current = { task, since: this.now() };
    this.draw();
  }

  end(_task: Task, outcome: TaskOutcome, files: number, readSpent: boolean): void {
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
    if (eta !== undefined) snap.etaMs = eta;
    if (this.current) {
      const { task, since } = this.current;
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
