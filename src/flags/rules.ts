/**
 * Parse, then run: commander gives raw strings, these zod rules turn them into typed
 * options or a UsageError that names the flag and the rule. Nothing here sends a request.
 *
 * zod/mini, not zod: the same library and the same checks, but a 40 kB bundle instead of
 * 750 kB, which every data command would otherwise pay for at start-up.
 */
import * as z from 'zod/mini';
import { UsageError } from '../errors.js';
import type { EndpointSpec, ParamSpec, QueryParam } from '../endpoints.js';
import { daysRule } from '../endpoints.js';

export { FORMATS, camel, checkFormat, type Format, type RawGlobalOptions } from './argv.js';
export { periodHint } from './command-options.js';
export { localDate, type Today } from '../domain/dates.js';

import { camel, checkFormat, type Format, type RawGlobalOptions } from './argv.js';
import { periodHint } from './command-options.js';
import { asToday, daysBetween, type Today } from '../domain/dates.js';
import type { PeriodFlags } from '../domain/period.js';

export interface FlagOptions {
  brand?: string;
  market?: string;
  period: PeriodFlags;
  format?: Format;
  output?: string;
  profile?: string;
  baseUrl?: string;
  demo: boolean;
  timeoutMs: number;
  /** --refresh: read from the API, then update the cache. */
  refresh: boolean;
  /** --no-cache: neither read nor write the cache. */
  noCache: boolean;
  quiet: boolean;
  debug: boolean;
  noColor: boolean;
  /** --no-pager: false. */
  pager: boolean;
  params: Array<[string, string]>;
  rows?: string;
  columns?: string[];
  wide: boolean;
}

const MAX_SPAN_DAYS = 90;

/** Where a rule reports a problem: a transform's payload or a refinement's context. */
type IssueSink = { issues: unknown[] };

function issue(ctx: IssueSink, message: string): void {
  ctx.issues.push({ code: 'custom', message, input: undefined });
}

/** A string turned into T by `fn`, which reports problems through `issue`. */
function stringTo<T>(fn: (v: string, ctx: IssueSink) => T | typeof z.NEVER) {
  return z.pipe(
    z.string(),
    z.transform((v: string, ctx) => fn(v, ctx as unknown as IssueSink) as T),
  );
}

/** A whole number within [min, max], with a message naming the flag and the rule. */
export function intRule(flag: string, min?: number, max?: number) {
  const range =
    min !== undefined && max !== undefined
      ? `a whole number from ${min} to ${max}`
      : min !== undefined
        ? `a whole number of at least ${min}`
        : 'a whole number';
  return stringTo((v, ctx) => {
    const t = v.trim();
    if (!/^[+]?\d+$/.test(t)) {
      issue(ctx, `${flag} must be ${range} (got "${v}")`);
      return z.NEVER;
    }
    const n = Number(t);
    if ((min !== undefined && n < min) || (max !== undefined && n > max) || !Number.isSafeInteger(n)) {
      issue(ctx, `${flag} must be ${range} (got ${t})`);
      return z.NEVER;
    }
    return n;
  });
}

/** A real calendar date written YYYY-MM-DD. */
export function dateRule(flag: string) {
  return stringTo((v, ctx) => {
    const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v.trim());
    if (!m) {
      issue(ctx, `${flag} must be a date written YYYY-MM-DD (got "${v}")`);
      return z.NEVER;
    }
    const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
    const date = new Date(Date.UTC(y, mo - 1, d));
    if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) {
      issue(ctx, `${flag} must be a real calendar date (got "${v}")`);
      return z.NEVER;
    }
    return v.trim();
  });
}

export function enumRule(flag: string, values: readonly string[]) {
  return stringTo((v, ctx) => {
    if (!values.includes(v)) {
      issue(ctx, `${flag} must be one of ${values.join(', ')} (got "${v}")`);
      return z.NEVER;
    }
    return v;
  });
}

function textRule(flag: string, minLength = 1) {
  return stringTo((v, ctx) => {
    if (v.trim().length < minLength) {
      issue(ctx, `${flag} must not be empty`);
      return z.NEVER;
    }
    return v;
  });
}

export function ruleFor(flag: string, spec: ParamSpec) {
  switch (spec.kind) {
    case 'int':
      return intRule(flag, spec.min, spec.max);
    case 'enum':
      return enumRule(flag, spec.values);
    case 'date':
      return dateRule(flag);
    case 'string':
      return textRule(flag, spec.minLength ?? 0);
  }
}

const paramRule = stringTo((v, ctx) => {
  const eq = v.indexOf('=');
  if (eq <= 0) {
    issue(ctx, `--param must be key=value with a non-empty key (got "${v}")`);
    return z.NEVER;
  }
  return [v.slice(0, eq), v.slice(eq + 1)] as [string, string];
});

const columnsRule = stringTo((v, ctx) => {
  const cols = v
    .split(',')
    .map((c) => c.trim())
    .filter((c) => c !== '');
  if (cols.length === 0) {
    issue(ctx, '--columns must list at least one column, comma-separated (e.g. --columns name,visibility)');
    return z.NEVER;
  }
  return cols;
});

const flagSchema = z
  .object({
    brand: z.optional(textRule('--brand')),
    market: z.optional(textRule('--market')),
    days: z.optional(intRule('--days', 1, 90)),
    from: z.optional(dateRule('--from')),
    to: z.optional(dateRule('--to')),
    output: z.optional(textRule('--output')),
    profile: z.optional(z.string()),
    baseUrl: z.optional(z.string()),
    demo: z.optional(z.boolean()),
    timeout: z.optional(intRule('--timeout', 1, 3600)),
    refresh: z.optional(z.boolean()),
    cache: z.optional(z.boolean()),
    quiet: z.optional(z.boolean()),
    debug: z.optional(z.boolean()),
    color: z.optional(z.boolean()),
    pager: z.optional(z.boolean()),
    param: z.optional(z.array(paramRule)),
    rows: z.optional(textRule('--rows')),
    columns: z.optional(columnsRule),
    wide: z.optional(z.boolean()),
  })
  // Cross-flag rules, all in one place.
  .check(
    z.superRefine((o, refinement) => {
      const ctx = refinement as unknown as IssueSink;
      if (o.refresh === true && o.cache === false) {
        issue(ctx, '--refresh and --no-cache cannot be used together: --refresh reads from the API and updates the cache, --no-cache leaves the cache alone');
      }
      if (o.days !== undefined && o.from !== undefined) {
        issue(ctx, '--days and --from cannot be used together: --days counts back from today, --from/--to give the range');
      }
      if (o.to !== undefined && o.from === undefined) {
        issue(ctx, '--to needs --from (or use --days to count back from today)');
      }
      if (o.from !== undefined && o.to !== undefined) {
        if (o.from > o.to) issue(ctx, `--from must not be after --to (got ${o.from} > ${o.to})`);
        else if (daysBetween(o.from, o.to) > MAX_SPAN_DAYS) {
          issue(ctx, `--from must be at most ${MAX_SPAN_DAYS} days before --to (got ${daysBetween(o.from, o.to)} days)`);
        }
      }
    }),
  );

/** Turns commander's raw strings into FlagOptions, or throws a UsageError. */
export function parseFlags(raw: RawGlobalOptions, today: string | Today): FlagOptions {
  const r = flagSchema.safeParse(raw);
  if (!r.success) throw usageFromZod(r.error);
  const format = raw.format === undefined ? undefined : checkFormat(raw.format, '--format');
  const o = r.data;
  // --from alone ends on the API's today; the same span rule applies.
  if (o.from !== undefined && o.to === undefined) checkFromAlone(o.from, asToday(today));
  return {
    brand: o.brand,
    market: o.market,
    period: { days: o.days, from: o.from, to: o.to },
    format,
    output: o.output,
    profile: o.profile,
    baseUrl: o.baseUrl,
    demo: o.demo ?? false,
    timeoutMs: (o.timeout ?? 30) * 1000,
    refresh: o.refresh ?? false,
    noCache: o.cache === false,
    quiet: o.quiet ?? false,
    debug: o.debug ?? false,
    noColor: o.color === false,
    pager: o.pager !== false,
    params: o.param ?? [],
    rows: o.rows,
    columns: o.columns,
    wide: o.wide ?? false,
  };
}

/**
 * --from without --to ends on the API's today, which is the UTC date: east of UTC the
 * user's own today is, for part of each day, the API's tomorrow, and the API would answer
 * 400 "from must not be after to" about a --to nobody typed.
 */
function checkFromAlone(from: string, today: Today): void {
  const api = today.api;
  if (from > api) {
    const local = today.local();
    if (local !== api && from <= local) {
      throw new UsageError(`--from ${from} is after the API's today, ${api} (UTC); your local date is ${local}, but the API's day starts at 00:00 UTC`, {
        hint: `Use --from ${api} or earlier until then; the API has no data for ${from} yet.`,
      });
    }
    throw new UsageError(`--from must not be after today (${api}, the API's date in UTC); got ${from}`);
  }
  const span = daysBetween(from, api);
  if (span > MAX_SPAN_DAYS) {
    throw new UsageError(`--from must be at most ${MAX_SPAN_DAYS} days before --to (today, ${api} UTC); got ${span} days`);
  }
}

export function usageFromZod(err: { issues: ReadonlyArray<{ message: string }> }): UsageError {
  const messages = [...new Set(err.issues.map((i) => i.message))];
  return new UsageError(messages.join('; '));
}

/** Validates an endpoint's own options (--limit, --group-by, ...) into wire pairs. */
export function parseEndpointOptions(spec: EndpointSpec, params: readonly QueryParam[], values: Record<string, unknown>): Array<[string, string]> {
  const pairs: Array<[string, string]> = [];
  const problems: string[] = [];
  for (const p of params) {
    const key = camel(p.flag);
    const v = values[key];
    if (v === undefined) {
      if (p.required) problems.push(`--${p.flag} ${p.placeholder} is required by vis ${spec.words.join(' ')}`);
      continue;
    }
    const r = ruleFor(`--${p.flag}`, p.spec).safeParse(String(v));
    if (!r.success) problems.push(...r.error.issues.map((i) => i.message));
    else pairs.push([p.name, String(r.data)]);
  }
  if (problems.length > 0) throw new UsageError(problems.join('; '));
  return pairs;
}

/** The period pairs an endpoint takes; a period flag it does not take is refused. */
export function periodPairs(spec: EndpointSpec, period: PeriodFlags, command: string): Array<[string, string]> {
  const given = (['days', 'from', 'to'] as const).filter((k) => period[k] !== undefined);
  if (spec.period === 'none' && given.length > 0) {
    throw new UsageError(`--${given[0]} does not apply to ${command}: it has no period`, {
      hint: periodHint(),
    });
  }
  if (spec.period === 'days' && (period.from !== undefined || period.to !== undefined)) {
    const rule = daysRule(spec);
    const def = rule.kind === 'int' && rule.default !== undefined ? `, default ${rule.default}` : '';
    throw new UsageError(`--from/--to do not apply to ${command}: it takes a trailing window only, --days (1-90${def})`);
  }
  const pairs: Array<[string, string]> = [];
  if (period.days !== undefined) pairs.push(['days', String(period.days)]);
  if (period.from !== undefined) pairs.push(['from', period.from]);
  if (period.to !== undefined) pairs.push(['to', period.to]);
  return pairs;
}
