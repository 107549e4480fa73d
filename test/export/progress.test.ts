/**
 * The export's progress bar: the line it draws (pure), and what the bar writes to a
 * terminal stream as tasks begin and end (a fake stream and a fake clock).
 */
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { endpointById } from '../../src/endpoints.js';
import { brandTasks, planBrand } from '../../src/export/plan.js';
import { estimateLeft, formatDuration, formatProgressLine, ProgressBar, type ProgressSnapshot } from '../../src/export/progress.js';
import { displayWidth } from '../../src/text/width.js';

const snap = (over: Partial<ProgressSnapshot> = {}): ProgressSnapshot => ({ done: 5, total: 20, files: 4, reads: 5, failed: 0, ...over });

describe('formatProgressLine', () => {
  it('bar, counts, reads, time left, and the request under way', () => {
    const line = formatProgressLine(snap({ etaMs: 75_000, current: { endpoint: 'topics', brand: 'Northwind CRM', market: 'US-en', waitingMs: 100 } }), 120);
    expect(line).toBe('[#####---------------] 5/20 · 4 files · 5 reads · 1:15 left · topics · Northwind CRM · US-en');
  });

  it('counts grouped as vis usage prints them', () => {
    const line = formatProgressLine(snap({ done: 1250, total: 4800, files: 1249, reads: 1250, failed: 1001 }), 200);
    expect(line).toContain('1,250/4,800 · 1,249 files · 1,250 reads · 1,001 failed');
  });

  it('says how long a request has been waiting (pacing or a retry), and counts failures', () => {
    const line = formatProgressLine(snap({ failed: 2, current: { endpoint: 'pitches', brand: 'Acme', waitingMs: 14_400 } }), 120);
    expect(line).toBe('[#####---------------] 5/20 · 4 files · 5 reads · 2 failed · estimating time left · pitches · Acme (waiting 14 s)');
  });

  it('items are named; singular counts read as such', () => {
    const line = formatProgressLine(
      snap({ done: 1, files: 1, reads: 1, current: { endpoint: 'topics.get', item: 'crm', brand: 'A', market: 'GB-en', waitingMs: 0 } }),
      200,
    );
    expect(line).toContain('1 file · 1 read ·');
    expect(line).toContain('topics.get crm · A · GB-en');
  });

  it.each([20, 40, 59, 60, 80])('fits a terminal %i columns wide (one column spare)', (width) => {
    const line = formatProgressLine(
      snap({ etaMs: 3_723_000, current: { endpoint: 'brand-perception.transcript', brand: 'Copperline Payments', market: 'AU-en', waitingMs: 0 } }),
      width,
    );
    expect(displayWidth(line)).toBeLessThanOrEqual(width - 1);
    expect(line.startsWith('[')).toBe(width >= 60);
  });

  it('durations and the estimate', () => {
    expect(formatDuration(0)).toBe('0:00');
    expect(formatDuration(61_000)).toBe('1:01');
    expect(formatDuration(3_723_000)).toBe('1:02:03');
    expect(estimateLeft(10_000, 1, 10)).toBeUndefined();
    expect(estimateLeft(10_000, 2, 10)).toBe(40_000);
    expect(estimateLeft(10_000, 10, 10)).toBe(0);
  });
});

describe('ProgressBar', () => {
  it('redraws one line in place, hides the cursor while it runs, and clears the line when it stops', () => {
    const stream = new PassThrough();
    let out = '';
    stream.setEncoding('utf8').on('data', (d: string) => (out += d));
    let now = 0;
    const bar = new ProgressBar(stream, 100, () => now);
    const tasks = brandTasks(planBrand({ id: 1, name: 'Acme\u001b[31m', slug: 'acme' }, { kind: 'one', market: 'US-en' }), [
      endpointById('overview'),
      endpointById('pitches'),
    ]);
    bar.planned(tasks.length);
    bar.start();
    bar.begin(tasks[0]!);
    now = 1_000;
    bar.end(tasks[0]!, 'written', 1, true);
    bar.begin(tasks[1]!);
    now = 2_000;
    bar.end(tasks[1]!, 'failed', 0, false);
    bar.stop();
    const frames = out.split('\r\u001b[2K');
    expect(out.startsWith('\u001b[?25l')).toBe(true);
    expect(out.endsWith('\r\u001b[2K\u001b[?25h')).toBe(true);
    expect(frames).toContain('[--------------------] 0/2 · 0 files · 0 reads · estimating time left · overview · Acme · US-en');
    expect(frames).toContain('[##########----------] 1/2 · 1 file · 1 read · estimating time left · pitches · Acme');
    expect(frames).toContain('[####################] 2/2 · 1 file · 1 read · 1 failed · 0:00 left');
    // The API’s text cannot drive the terminal: the escape sequence is removed.
    expect(out).not.toContain('\u001b[31m');
  });
});

describe('ProgressBar and the rate limit', () => {
  it('says when a request waits for the rate limit, and the time left counts the waits still to come', async () => {
    const { Pacer } = await import('../../src/http/pacer.js');
    const { fakeClock } = await import('../support/context.js');
    const clock = fakeClock(0);
    const pacer = new Pacer(60, clock);
    const stream = new PassThrough();
    const bar = new ProgressBar(stream, 120, () => clock.now(), pacer);
    const brand = planBrand({ id: 1, name: 'Acme', slug: 'acme' }, { kind: 'one', market: 'US-en' });
    const task = brandTasks(brand, [endpointById('topics')])[0]!;
    const total = 114;
    bar.planned(total);
    const seen: { done: number; snap: ProgressSnapshot; line: string }[] = [];
    for (let i = 0; i < total; i++) {
      bar.begin(task);
      // What the bar shows while the pacer holds the request: at once, and 10 s into the wait.
      await pacer.acquire(undefined, () => {
        const snap = bar.snapshot();
        seen.push({ done: i, snap, line: formatProgressLine(snap, 120) });
        clock.t += 10_000;
        seen.push({ done: i, snap: bar.snapshot(), line: '' });
        clock.t -= 10_000;
      });
      clock.t += 150; // the answer's own time
      bar.end(task, 'written', 1, true);
    }
    // 60 a minute: the 61st request waited for the window to move on; nothing else did.
    expect(seen.map((s) => s.done)).toEqual([60, 60]);
    const [at, later] = seen;
    expect(at!.snap.paced?.perMinute).toBe(60);
    const waitS = Math.ceil(at!.snap.paced!.waitMs / 1000);
    expect(waitS).toBeGreaterThan(40);
    expect(at!.line).toContain(`60/114 · waiting ${waitS} s for the API’s rate limit (60 reads a minute) · `);
    // Time left: the wait, then 54 more at the answers' pace; it falls as the wait goes on.
    expect(at!.snap.etaMs!).toBeGreaterThanOrEqual(at!.snap.paced!.waitMs + 53 * 150);
    expect(later!.snap.etaMs!).toBeLessThan(at!.snap.etaMs!);
    expect(later!.snap.paced!.waitMs).toBe(at!.snap.paced!.waitMs - 10_000);
  });

  it('the dry run says how long the reads take at the rate limit', async () => {
    const { paceSentence } = await import('../../src/export/summary.js');
    expect(paceSentence(21, true, 60)).toBe(
      'Time: 21 reads at 60 reads a minute, the API’s rate limit: under a minute of waiting, plus the answers’ own time.',
    );
    expect(paceSentence(114, true, 60)).toBe('Time: 114 reads at 60 reads a minute, the API’s rate limit: about 1 min of waiting, plus the answers’ own time.');
    expect(paceSentence(121, false, 60)).toBe(
      'Time: at least 121 reads at 60 reads a minute, the API’s rate limit: at least 2 min of waiting, plus the answers’ own time.',
    );
    expect(paceSentence(30, true, 10)).toContain('30 reads at 10 reads a minute (VIS_RATE_LIMIT): about 2 min of waiting');
  });
});
