/**
 * The sandbox's demo keys, as plain data: --demo checks VIS_API_KEY against them without
 * loading the sandbox (a run without --demo never does). test/sandbox keeps this list and
 * the sandbox's accounts the same.
 */
export const DEMO_KEYS = ['vis_demo_growth', 'vis_demo_agency', 'vis_demo_monitor', 'vis_demo_inactive', 'vis_demo_exhausted'] as const;

/** The account --demo shows when VIS_API_KEY is not set. */
export const DEFAULT_DEMO_KEY = 'vis_demo_growth';

export function isDemoKey(key: string): boolean {
  return (DEMO_KEYS as readonly string[]).includes(key);
}
