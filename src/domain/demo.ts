/**
 * The sandbox's demo keys, as plain data: --demo checks VIS_API_KEY against them without
 * loading the sandbox (a run without --demo never does). test/sandbox keeps this list and
 * the sandbox's accounts the same.
 */
export const DEMO_KEYS = ['vis_demo_growth', 'vis_demo_agency', 'vis_demo_monitor', 'vis_demo_inactive', 'vis_demo_exhausted'] as const;

export type DemoKey = (typeof DEMO_KEYS)[number];

/**
 * What each demo account shows: `vis sandbox` prints them as it starts and `vis sandbox
 * --help` lists them, so they live here, beside the keys, not in the sandbox's bundle.
 */
export const DEMO_KEY_SUMMARIES: Readonly<Record<DemoKey, string>> = {
  vis_demo_growth: 'Growth, 1 brand (Northwind CRM) in US-en (primary), GB-en, DE-de; search console connected; 3 of 5 pitch reports left',
  vis_demo_agency: 'Pro, 3 brands (so brand_id is required); Larkspur Dental has no search console (409)',
  vis_demo_monitor: 'Monitor: Pro/Growth endpoints answer 403 feature_not_in_plan; no pitch reports (403)',
  vis_demo_inactive: 'plan not active: data endpoints answer 403 plan_inactive (/brands and /usage still answer)',
  vis_demo_exhausted: 'Growth, read budget used up (429 quota_exceeded), pitch allowance used up (402)',
};

/** The account --demo shows when VIS_API_KEY is not set. */
export const DEFAULT_DEMO_KEY = 'vis_demo_growth';

export function isDemoKey(key: string): boolean {
  return (DEMO_KEYS as readonly string[]).includes(key);
}

/** How many scan days the demo's history holds, ending with the demo's day. */
export const DEMO_HISTORY_DAYS = 90;

/** What VIS_DEMO_DATE takes, as its refusal says. */
export const DEMO_DATE_RULE = 'a date written YYYY-MM-DD, from 2000-01-01 to 2099-12-31 (the demo’s day: its data and history end there)';

/**
 * The demo's day VIS_DEMO_DATE names: undefined when unset or empty, else the date, or the
 * refusal naming the variable and its rule. Shared by the CLI (which refuses it before
 * anything is opened) and the sandbox (which then answers as of that day).
 */
export function demoDate(env: Record<string, string | undefined>): { day: string } | { problem: string } | undefined {
  const raw = env.VIS_DEMO_DATE;
  if (raw === undefined || raw.trim() === '') return undefined;
  const value = raw.trim();
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const date = m ? new Date(`${value}T00:00:00Z`) : undefined;
  // A real day of the calendar, read back the same: 2026-02-30 is not one.
  if (m && date && !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value && value >= '2000-01-01' && value <= '2099-12-31')
    return { day: value };
  return { problem: `VIS_DEMO_DATE must be ${DEMO_DATE_RULE} (got "${raw.replace(/[^\x20-\x7e]/g, '?').slice(0, 40)}")` };
}
