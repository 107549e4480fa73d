/**
 * A sparkline: one character per value, `▁▂▃▄▅▆▇█` from the lowest value shown to the
 * highest, a space for a value that was not measured (null). A flat series sits in the
 * middle (`▄▄▄`). Scaled to the series itself, so it shows the trend, not the level;
 * views print the low and high beside it.
 */
const BARS = '▁▂▃▄▅▆▇█';

export function sparkline(values: ReadonlyArray<number | null>): string {
  const present = values.filter((v): v is number => v !== null);
  if (present.length === 0) return values.map(() => ' ').join('');
  const lo = Math.min(...present);
  const hi = Math.max(...present);
  return values
    .map((v) => {
      if (v === null) return ' ';
      if (hi === lo) return BARS[3];
      const level = Math.round(((v - lo) / (hi - lo)) * (BARS.length - 1));
      return BARS[Math.min(BARS.length - 1, Math.max(0, level))];
    })
    .join('');
}

/** A series as drawn: the points, and how many of the original values each one stands for. */
export interface FittedSeries {
  values: Array<number | null>;
  per: number;
}

const WEEK = 7;

/**
 * How many values each point stands for when a series of `length` values is drawn in
 * `room` characters: one when it fits; else a week (a 90-day series becomes 13 points),
 * or as many values as it takes when even weeks do not fit.
 */
export function seriesStep(length: number, room: number): number {
  const limit = Math.max(1, Math.floor(room));
  if (length <= limit) return 1;
  return Math.ceil(length / WEEK) <= limit ? WEEK : Math.ceil(length / limit);
}

/**
 * Each `per` values as one point, their average; nulls are left out of an average, and a
 * bucket of nothing but nulls stays a gap. The last bucket may be shorter.
 */
export function bucketSeries(values: ReadonlyArray<number | null>, per: number): Array<number | null> {
  const step = Math.max(1, Math.floor(per));
  const out: Array<number | null> = [];
  for (let i = 0; i < values.length; i += step) {
    const present = values.slice(i, i + step).filter((v): v is number => v !== null);
    out.push(present.length === 0 ? null : present.reduce((a, b) => a + b, 0) / present.length);
  }
  return out;
}

/** A series fitted to `room` characters (seriesStep, bucketSeries). */
export function fitSeries(values: ReadonlyArray<number | null>, room: number): FittedSeries {
  const per = seriesStep(values.length, room);
  return { values: per === 1 ? [...values] : bucketSeries(values, per), per };
}

/** What one point of a fitted daily series stands for: `by week`, `by 12 days`; null for a day. */
export function perNote(per: number): string | null {
  if (per === 1) return null;
  return per === WEEK ? 'by week' : `by ${per} days`;
}
