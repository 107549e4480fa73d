/**
 * The spinner shows a retry wait counting down, and every way out puts the cursor back.
 * A fake TTY stream and fake timers: no real waiting.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createProgress, restoreTerminal, silentProgress } from '../../src/terminal/progress.js';
import { testIO } from '../support/context.js';

const SHOW_CURSOR = '\u001b[?25h';
const HIDE_CURSOR = '\u001b[?25l';

const retryText = (s: number) => (s > 0 ? `rate limited, retrying in ${s} s` : 'rate limited, retrying now');

beforeAll(async () => {
  await import('ora'); // loaded once, so the spinner's lazy import resolves at once under fake timers
});
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});

async function advance(ms: number): Promise<void> {
  await vi.advanceTimersByTimeAsync(ms);
}

/** The spinner appears after a short delay and a lazy `import('ora')`: wait for it. */
async function spinnerShown(output: () => string): Promise<void> {
  await advance(150);
  for (let i = 0; i < 200 && !output().includes(HIDE_CURSOR); i++) {
    await new Promise((r) => setImmediate(r));
    await advance(0);
  }
  expect(output()).toContain(HIDE_CURSOR);
}

describe('spinner', () => {
  it('counts a retry wait down, second by second, then shows what it was doing again', async () => {
    const io = testIO({ stderrIsTTY: true, columns: 100 });
    const output = io.err;
    const p = createProgress(io, false);
    p.start('vis topics…');
    await spinnerShown(output);
    const mark = output().length;
    p.countdown(retryText, 3_000);
    await advance(3_500);
    const during = output().slice(mark);
    const order = ['rate limited, retrying in 3 s', 'rate limited, retrying in 2 s', 'rate limited, retrying in 1 s', 'vis topics…'].map((t) =>
      during.indexOf(t),
    );
    expect(order.every((i) => i >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(during.slice(order[3]!)).not.toContain('retrying');
    p.stop();
    expect(output().endsWith(SHOW_CURSOR)).toBe(true);
  });

  it('an update ends the countdown', async () => {
    const io = testIO({ stderrIsTTY: true, columns: 100 });
    const output = io.err;
    const p = createProgress(io, false);
    p.start('vis topics…');
    await spinnerShown(output);
    p.countdown(retryText, 10_000);
    await advance(100);
    p.update('vis topics…');
    const mark = output().length;
    await advance(3_000);
    expect(output().slice(mark)).not.toContain('retrying in');
    p.stop();
  });

  it('hides the cursor while spinning; restoreTerminal (the Ctrl-C path) shows it again', async () => {
    const io = testIO({ stderrIsTTY: true, columns: 100 });
    const output = io.err;
    const p = createProgress(io, false);
    p.start('vis answers…');
    await spinnerShown(output);
    restoreTerminal();
    expect(output().endsWith(SHOW_CURSOR)).toBe(true);
    p.stop(); // a later stop is harmless
  });

  it('never appears when stderr is not a terminal, or with --quiet', () => {
    const io = testIO({ stderrIsTTY: true, columns: 100 });
    expect(createProgress({ ...io, stderrIsTTY: false }, false)).toBe(silentProgress);
    expect(createProgress(io, true)).toBe(silentProgress);
  });
});

describe('a terminal without a width', () => {
  it('gets no spinner (ora would loop clearing lines on a 0-column terminal)', () => {
    const io = testIO({ stderrIsTTY: true, columns: 100 });
    (io.stderr as unknown as { columns: number }).columns = 0;
    expect(createProgress(io, false)).toBe(silentProgress);
  });
});
