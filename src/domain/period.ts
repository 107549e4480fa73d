/**
 * The three things "period" means in vis, kept apart by name:
 *
 * - PeriodFlags: what the user typed (--days, or --from and maybe --to); unset fields
 *   were not given, and an empty object means "each endpoint's default".
 * - ApiPeriod: a resolved window as an answer states it in `data.period` (the sandbox
 *   builds these): first day, last day, and how many days that is.
 * - ReportedPeriod: `data.period` exactly as a server sent it, untrusted and untyped,
 *   which the export copies into its manifest without judging.
 *
 * The query pairs sent on the wire (days, from, to) are built from PeriodFlags by
 * periodPairs in src/flags/rules.ts.
 */

export interface PeriodFlags {
  days?: number;
  from?: string;
  to?: string;
}

export interface ApiPeriod {
  from: string;
  to: string;
  days: number;
}

export type ReportedPeriod = Record<string, unknown>;
