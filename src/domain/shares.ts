/**
 * Shares come as percentages (31.0) from the API as documented, and as 0–1 fractions (0.31)
 * from servers that write them so. Nothing in a single figure says which; the field's name
 * and the range of all its values together do. `vis changes` (which holds a 0–1 share's
 * move against its threshold in percentage points) and the report (which writes 0.31 as
 * 31.0%) read them by the same rule.
 */

/** Names of fields that hold a share, a rate or a percentage. */
export const SHARE_NAME = /share|rate|ratio|pct|percent|visibility|fraction|sov/i;

/**
 * Is the field a 0–1 share: every number among `values` within [0, 1], and its name says
 * share, rate, ratio, pct or visibility? A score named otherwise stays as it is even when
 * it happens to be 0 or 1; a field with no number is not one.
 */
export function isFraction(name: string, values: readonly unknown[]): boolean {
  if (!SHARE_NAME.test(name)) return false;
  const numbers = values.filter((v): v is number => typeof v === 'number');
  return numbers.length > 0 && numbers.every((v) => v >= 0 && v <= 1);
}

/** What a share's values (and its changes) are multiplied by to read as percentages: 100 for 0–1 fractions, else 1. */
export function percentScale(name: string, values: readonly unknown[]): 1 | 100 {
  return isFraction(name, values) ? 100 : 1;
}
