/**
 * The name a user probably meant when what they typed names nothing: suggested in a
 * hint, never taken in its place (a brand that is not the one asked for would spend reads
 * on another client's data, or show another client's history).
 */

/**
 * The one brand the user probably meant: the only name that begins with what was typed, or
 * else the only one within a few typing slips (case and spaces aside). Suggested, never
 * taken: a brand that is not the one asked for would spend reads on another client's data.
 */
export function closeName<B extends { name: string }>(typed: string, brands: readonly B[]): B | undefined {
  const norm = (s: string) => s.toLowerCase().replace(/\s+/g, ' ').trim();
  const want = norm(typed);
  if (want === '') return undefined;
  const prefixed = brands.filter((b) => norm(b.name).startsWith(want));
  if (prefixed.length > 0) return prefixed.length === 1 ? prefixed[0] : undefined;
  const slips = Math.max(1, Math.min(3, Math.floor(want.length / 4)));
  const near = brands.filter((b) => editDistance(want, norm(b.name), slips) <= slips);
  return near.length === 1 ? near[0] : undefined;
}

/** Levenshtein distance, given up (returned as limit + 1) once it exceeds `limit`. */
export function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      row[j] = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + cost);
      best = Math.min(best, row[j]!);
    }
    if (best > limit) return limit + 1;
    prev = row;
  }
  return prev[b.length]!;
}
