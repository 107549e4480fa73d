/**
 * The spinner on stderr, only on a TTY and never with --quiet. ora is imported lazily and
 * the spinner appears only when a request takes longer than a blink, so fast answers do
 * not flicker and do not pay for loading ora.
 */
import type { Ora } from 'ora';
import type { IO } from './io.js';

const SHOW_AFTER_MS = 120;

export interface Progress {
  start(text: string): void;
  update(text: string): void;
  stop(): void;
}

export const silentProgress: Progress = { start() {}, update() {}, stop() {} };

export function createProgress(io: IO, quiet: boolean): Progress {
  if (quiet || !io.stderrIsTTY) return silentProgress;
  let spinner: Ora | undefined;
  let text = '';
  let active = false;
  let timer: NodeJS.Timeout | undefined;
  const show = async () => {
    const { default: ora } = await import('ora');
    if (!active || spinner) return;
    spinner = ora({ text, stream: io.stderr, color: 'cyan', isEnabled: true, discardStdin: false }).start();
    if (!io.stderrColor) spinner.color = 'white';
  };
  return {
    start(t) {
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
      text = t;
      if (spinner) spinner.text = t;
      else if (active && !timer) void show();
    },
    stop() {
      active = false;
      if (timer) clearTimeout(timer);
      timer = undefined;
      spinner?.stop();
      spinner = undefined;
    },
  };
}
