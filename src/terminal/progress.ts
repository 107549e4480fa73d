/**
 * The spinner on stderr, only on a TTY and never with --quiet. ora is imported lazily and
 * the spinner appears only when a request takes longer than a blink, so fast answers do
 * not flicker and do not pay for loading ora.
 *
 * ora hides the cursor while it spins. Every way out puts it back: stop(), and
 * restoreTerminal() for the Ctrl-C handler, which exits without unwinding.
 */
import type { Ora } from 'ora';
import type { IO } from './io.js';

const SHOW_AFTER_MS = 120;
const TICK_MS = 1_000;
const TICK_TOLERANCE_MS = 100;

export interface Progress {
  start(text: string): void;
  update(text: string): void;
  /**
   * Shows a wait that counts down: `render(secondsLeft)` now and once a second until
   * `ms` have passed, then the text from before the wait again. Any start, update or
   * stop ends the countdown.
   */
  countdown(render: (secondsLeft: number) => string, ms: number): void;
  stop(): void;
}

export const silentProgress: Progress = { start() {}, update() {}, countdown() {}, stop() {} };

/** Live spinners, so a signal handler can clear them and show the cursor again. */
const liveSpinners = new Set<Ora>();

/** Stops every live spinner at once (clears its line, shows the cursor). Synchronous. */
export function restoreTerminal(): void {
  for (const spinner of liveSpinners) {
    try {
      spinner.stop();
    } catch {
      // The stream may be gone already; the caller writes the show-cursor sequence anyway.
    }
  }
  liveSpinners.clear();
}

export function createProgress(io: IO, quiet: boolean): Progress {
  if (quiet || !io.stderrIsTTY) return silentProgress;
  // A terminal that reports 0 columns (a pseudo-terminal nobody sized, as `script` or
  // `docker run -t` can give) makes ora count infinitely many lines to clear: no spinner.
  const columns = (io.stderr as { columns?: number }).columns;
  if (columns !== undefined && !(columns > 0)) return silentProgress;
  let spinner: Ora | undefined;
  let text = '';
  let active = false;
  let timer: NodeJS.Timeout | undefined;
  let ticker: NodeJS.Timeout | undefined;
  let finisher: NodeJS.Timeout | undefined;

  const show = async () => {
    const { default: ora } = await import('ora');
    if (!active || spinner) return;
    spinner = ora({ text, stream: io.stderr, color: 'cyan', isEnabled: true, discardStdin: false }).start();
    if (!io.stderrColor) spinner.color = 'white';
    liveSpinners.add(spinner);
  };
  const setText = (t: string) => {
    text = t;
    if (spinner) spinner.text = t;
    else if (active && !timer) void show();
  };
  const endCountdown = () => {
    if (ticker) clearInterval(ticker);
    if (finisher) clearTimeout(finisher);
    ticker = undefined;
    finisher = undefined;
  };

  return {
    start(t) {
      endCountdown();
      text = t;
      active = true;
      if (spinner) {
        spinner.text = t;
        return;
      }
      timer ??= setTimeout(() => void show(), SHOW_AFTER_MS);
      timer.unref();
    },
    update(t) {
      endCountdown();
      setText(t);
    },
    countdown(render, ms) {
      endCountdown();
      const before = text;
      const endsAt = Date.now() + ms;
      // A tick may fire a little early or late; the tolerance keeps 12, 11, 10 … in step.
      const secondsLeft = () => Math.max(1, Math.ceil((endsAt - Date.now() - TICK_TOLERANCE_MS) / 1000));
      setText(render(Math.max(1, Math.ceil(ms / 1000))));
      ticker = setInterval(() => setText(render(secondsLeft())), TICK_MS);
      ticker.unref();
      // When the wait is over, the spinner says again what vis is doing.
      finisher = setTimeout(() => {
        endCountdown();
        setText(before);
      }, ms);
      finisher.unref();
    },
    stop() {
      endCountdown();
      active = false;
      if (timer) clearTimeout(timer);
      timer = undefined;
      if (spinner) {
        spinner.stop();
        liveSpinners.delete(spinner);
      }
      spinner = undefined;
    },
  };
}
