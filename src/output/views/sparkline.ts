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
