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
