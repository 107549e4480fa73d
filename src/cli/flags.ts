/**
 * The names, formats and small helpers that building the command line needs: kept apart
 * from the zod rules in options.ts so that `vis --help` (which builds every command but
 * checks no values) does not load zod (issue 8).
 */

export const FORMATS = ['table', 'json', 'csv'] as const;
export type Format = (typeof FORMATS)[number];

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
  quiet?: boolean;
  debug?: boolean;
  color?: boolean;
  param?: string[];
  rows?: string;
  columns?: string;
  wide?: boolean;
}

export function camel(flag: string): string {
  return flag.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
}

/** Today as YYYY-MM-DD in local time: the user's "today" is what --from is checked against. */
export function localDate(nowMs: number): string {
  const d = new Date(nowMs);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
}
