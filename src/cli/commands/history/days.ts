/**
 * The days a history command is about: `--since`, `--until` (`vis history`) and `--before`
 * (`vis history prune`), each a date written YYYY-MM-DD or `Nd`, the day N days before today
 * (the API's date, UTC), as `vis changes --since` reads it: `--since 7d` starts a week ago,
 * and `--before 90d` removes the days before the day 90 days ago. Refused with a usage
 * error (exit 2) naming the flag and the rule; nothing is opened before.
 */
import { UsageError } from '../../../errors.js';
import { dayFlag } from '../../../flags/days-back.js';

export { dayFlag, daysBefore } from '../../../flags/days-back.js';

/** `--since` and `--until`, checked together: inclusive bounds on the scan day, either left open. */
export function parseDayRange(raw: { since?: string | undefined; until?: string | undefined }, today: string): { since?: string; until?: string } {
  const range: { since?: string; until?: string } = {};
  if (raw.since !== undefined) range.since = dayFlag('--since', raw.since, today, true);
  if (raw.until !== undefined) range.until = dayFlag('--until', raw.until, today, false);
  // Either bound missing compares false: an open range is never out of order.
  if (range.since! > range.until!) throw new UsageError(`--since must not be after --until (got ${range.since} > ${range.until})`);
  return range;
}

/** `vis history prune --before`: required, a date or `Nd`; the days before it are removed. */
export function parseBefore(raw: string | undefined, today: string): string {
  if (raw === undefined) {
    throw new UsageError('--before is required: the recorded scan days before it are removed (YYYY-MM-DD, or a number of days such as 90d)');
  }
  return dayFlag('--before', raw, today, true);
}
