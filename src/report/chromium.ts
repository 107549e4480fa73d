/**
 * Which Chromium prints `vis report --pdf`, and how it is started. Found before any read,
 * so a missing browser costs nothing; no shell is asked (`which` would read the user's
 * aliases and functions), only the folders of PATH.
 */
import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, isAbsolute, join } from 'node:path';
import type { Env } from '../domain/env.js';
import { UsageError } from '../errors.js';

/** The names Debian, Ubuntu, Fedora and Google's own packages install it under, in that order of preference. */
export const CHROMIUM_NAMES = ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable'] as const;

/**
 * The browser to print with: CHROME_PATH when it is set (an empty value is unset), else
 * the first of CHROMIUM_NAMES in a folder of PATH. undefined: none (the caller says how
 * to get one). A CHROME_PATH that names no executable file is refused, never passed over
 * for another browser than the one the user chose.
 */
export function findChromium(env: Env): string | undefined {
  const chosen = env.CHROME_PATH;
  if (chosen) {
    if (isExecutableFile(chosen)) return chosen;
    throw new UsageError(`CHROME_PATH must name the browser's program, an executable file; ${JSON.stringify(chosen)} is not one: nothing was read`, {
      hint: 'Set CHROME_PATH to the Chromium or Google Chrome program, or unset it to use the chromium or google-chrome on PATH.',
    });
  }
  // Empty entries and relative folders would search the current folder: not a place to run a browser from.
  const folders = (env.PATH ?? '').split(delimiter).filter((f) => isAbsolute(f));
  for (const name of CHROMIUM_NAMES) {
    for (const folder of folders) {
      const candidate = join(folder, name);
      if (isExecutableFile(candidate)) return candidate;
    }
  }
  return undefined;
}

function isExecutableFile(path: string): boolean {
  try {
    if (!statSync(path).isFile()) return false;
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * Chromium's flags for printing one page that may fetch nothing: no GPU, and none of the
 * background connections (updates, sync, QUIC probes, the first-run page) that a machine
 * without a network would refuse or wait on. As root, Chromium refuses to start unless its
 * sandbox is turned off (`--no-sandbox`); the page it loads is vis's own file, offline,
 * with every request refused.
 */
export function chromiumArgs(uid: number | undefined): string[] {
  const args = [
    '--headless',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ];
  if (uid === 0) args.push('--no-sandbox');
  return args;
}
