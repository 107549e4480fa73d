/**
 * Times as views print them. The API sends UTC ISO 8601 (`2026-11-22T03:47:00Z`); views
 * print `2026-11-22 03:47` and say UTC once, in a column header or after the time. A
 * time with seconds keeps them; text that is not such a time is printed as it came.
 */
const ISO_UTC = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})(:\d{2})?(?:\.\d+)?Z$/;

export function formatTime(s: string): string {
  const m = ISO_UTC.exec(s);
  if (m === null) return s;
  const seconds = m[3] === undefined || m[3] === ':00' ? '' : m[3];
  return `${m[1]} ${m[2]}${seconds}`;
}

/** Whether `formatTime` understood the text (so "UTC" may be added after it). */
export function isUtcTime(s: string): boolean {
  return ISO_UTC.test(s);
}

/** A time with its zone said, as `vis usage` writes a reset (`2026-12-01 00:00 UTC`); text that is not such a time, as it came. */
export function formatUtcTime(s: string): string {
  return isUtcTime(s) ? `${formatTime(s)} UTC` : s;
}
