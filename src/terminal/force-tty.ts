/**
 * VIS_FORCE_TTY, like gh's GH_FORCE_TTY: the terminal layout of `--format table` (views,
 * heading, fitted columns) when stdout is not a terminal, so a cron mail or a file can
 * carry the human report. It changes the table layout only: colour still follows
 * NO_COLOR / FORCE_COLOR / the terminal, and nothing else (a pager, a spinner, prompts)
 * takes stdout for a terminal because of it.
 *
 * Values: unset or empty, or `0`, `false`, `no`, `off`: not forced (as FORCE_COLOR=0).
 * A whole number from MIN_COLUMNS to MAX_COLUMNS: forced, that many columns wide.
 * `N%` (1 to 100): forced, that share of the real terminal's width (stdout's, else
 * stderr's, else $COLUMNS, else 80). `1` or any other word (`true`, `yes`): forced, at
 * the real terminal's width. Anything else that looks like a number (`5`, `0%`, `1.5`,
 * `-3`, `120px`) is a mistake: a UsageError naming the variable.
 */
import { UsageError } from '../errors.js';
import type { Env } from '../domain/env.js';
import { sanitizeForTerminal } from '../text/sanitize.js';
import { stderrColumns, type IO } from './io.js';

export const MIN_COLUMNS = 20;
export const MAX_COLUMNS = 1000;
const FALLBACK_COLUMNS = 80;
const OFF = new Set(['0', 'false', 'no', 'off']);
const NUMBER_LIKE = /^[\s+\-.0-9]|%/;

/** The layout VIS_FORCE_TTY asks for: null when not forced, else the width in columns. */
export function parseForceTty(raw: string | undefined, terminalWidth: number): { width: number } | null {
  const value = (raw ?? '').trim();
  if (value === '' || OFF.has(value.toLowerCase())) return null;
  if (value === '1') return { width: terminalWidth };
  const columns = /^[0-9]+$/.test(value) ? Number(value) : NaN;
  if (columns >= MIN_COLUMNS && columns <= MAX_COLUMNS) return { width: columns };
  const percent = /^([0-9]+)%$/.exec(value);
  const share = percent ? Number(percent[1]) : NaN;
  if (share >= 1 && share <= 100) return { width: Math.max(MIN_COLUMNS, Math.floor((terminalWidth * share) / 100)) };
  if (!NUMBER_LIKE.test(value)) return { width: terminalWidth };
  throw new UsageError(
    `VIS_FORCE_TTY must be a width from ${MIN_COLUMNS} to ${MAX_COLUMNS} columns, a percentage of the terminal's width (1% to 100%), ` +
      `1 (or a word such as true) for the terminal's width, or 0 for off; got "${sanitizeForTerminal(value)}"`,
  );
}

/** The real terminal's width: stdout's, else stderr's (stdout is redirected), else $COLUMNS, else 80. */
export function terminalWidth(io: IO): number {
  if (io.stdoutIsTTY) return io.columns;
  const fromStderr = stderrColumns(io);
  if (fromStderr !== undefined) return fromStderr;
  return io.columns > 0 ? io.columns : FALLBACK_COLUMNS;
}

/** parseForceTty for this run. */
export function forcedTty(io: IO, env: Env): { width: number } | null {
  return parseForceTty(env.VIS_FORCE_TTY, terminalWidth(io));
}
