/**
 * The names, formats and small helpers that building the command line needs: kept apart
 * from the zod rules in rules.ts so that `vis --help` (which builds every command but
 * checks no values) does not load zod and starts faster. Dependency-free, so src/boot
 * can use it before the bundle loads.
 */

import type { Env } from '../domain/env.js';

export const FORMATS = ['table', 'json', 'csv'] as const;
export type Format = (typeof FORMATS)[number];

/**
 * Was debugging asked for: --debug anywhere on the command line, or VIS_DEBUG. The one
 * place it is decided; main (stack traces of escaped bugs), run (error reports) and the
 * session (the request log) all ask it, through the Context after start-up.
 */
export function debugRequested(argv: readonly string[], env: Env): boolean {
  return argv.includes('--debug') || isTruthy(env.VIS_DEBUG);
}

/** What commander hands over for the global options (all strings, as typed). */
export interface RawGlobalOptions {
  brand?: string;
  market?: string;
  days?: string;
  from?: string;
  to?: string;
  format?: string;
  output?: string;
  profile?: string;
  baseUrl?: string;
  demo?: boolean;
  timeout?: string;
  refresh?: boolean;
  /** false for --no-cache (commander's negated option). */
  cache?: boolean;
  quiet?: boolean;
  debug?: boolean;
  color?: boolean;
  pager?: boolean;
  param?: string[];
  rows?: string;
  columns?: string;
  wide?: boolean;
}

export function camel(flag: string): string {
  return flag.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
}

/**
 * "today" for the period rules (README, Global options): the API's date, which is UTC,
 * and the user's local one, asked for only to explain a --from that is the one but not
 * the other.
 */
export interface Today {
  api: string;
  local(): string;
}

/** A plain date is both: tests and callers that know no time zone. */
export function asToday(today: string | Today): Today {
  return typeof today === 'string' ? { api: today, local: () => today } : today;
}

/** The date (YYYY-MM-DD) in UTC: the API's "today". */
export function utcDate(nowMs: number): string {
  return new Date(nowMs).toISOString().slice(0, 10);
}

/**
 * The date (YYYY-MM-DD) on the user's clock: in `timeZone` (the TZ variable, which in a
 * real process is the zone Date already uses) when Intl knows it, else in the process's.
 */
export function localDate(nowMs: number, timeZone?: string): string {
  const d = new Date(nowMs);
  const zone = timeZone?.replace(/^:/, '');
  if (zone) {
    try {
      const parts = new Intl.DateTimeFormat('en-US', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(d);
      const part = (type: string) => parts.find((x) => x.type === type)?.value ?? '';
      return `${part('year')}-${part('month')}-${part('day')}`;
    } catch {
      // A POSIX rule ("EST5EDT") or a path Intl does not read: the process's own zone.
    }
  }
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
}

/** An environment switch: set, and not empty, 0 or false. */
export function isTruthy(v: string | undefined): boolean {
  return v !== undefined && v !== '' && v !== '0' && v.toLowerCase() !== 'false';
}

/**
 * The global options that take a value (addGlobalOptions in program.ts; a test keeps the
 * two the same). src/boot reads argv before commander is loaded, so it needs them as data.
 */
export const GLOBAL_VALUE_FLAGS: ReadonlySet<string> = new Set([
  '-b', '--brand', '-m', '--market', '-d', '--days', '--from', '--to', '-f', '--format', '-o', '--output',
  '--columns', '--rows', '--param', '--profile', '--base-url', '--timeout',
]);

/**
 * The first word of argv that is not an option or an option's value: the command.
 * `vis --market US-en topics` -> "topics". Undefined when there is none.
 */
export function commandWord(argv: readonly string[], takesValue: ReadonlySet<string> = GLOBAL_VALUE_FLAGS): string | undefined {
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--') return argv[i + 1];
    if (!arg.startsWith('-') || arg === '-') return arg;
    if (!arg.includes('=') && takesValue.has(arg)) i++;
  }
  return undefined;
}
