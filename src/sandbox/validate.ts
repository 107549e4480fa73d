/**
 * Checking a request the way the reference says the API does, driven by the endpoint's
 * entry in the table: brand, market, the period parameters, the endpoint's own query
 * parameters, the path parameter and the POST body. Each failure is the reference's
 * error with a message that names the parameter.
 */
import { commonQueryNames, daysRule, type EndpointId, type EndpointSpec, type ParamSpec, type QueryParam } from '../endpoints.js';
import { isProspectUrl } from '../domain/prospect.js';
import type { DemoAccount, DemoBrand, DemoMarket } from './accounts.js';
import type { ApiPeriod } from '../domain/period.js';
import { addDays, daysBetween, isoDate, lastScanDay, parseIsoDate } from './data/dates.js';
import { ApiError, invalidParameter } from './errors.js';

const INTEGER = /^-?\d+$/;
const MAX_RANGE_DAYS = 90;

/** A query parameter's single value, or null; a parameter given twice is refused. */
function single(query: URLSearchParams, name: string): string | null {
  const values = query.getAll(name);
  if (values.length > 1) throw invalidParameter(name, `given ${values.length} times; give it once`);
  return values[0] ?? null;
}

/** Every query parameter the endpoint reads; anything else is ignored, as an API would. */
export function checkDuplicates(spec: EndpointSpec, query: URLSearchParams): void {
  for (const name of [...commonQueryNames(spec), ...spec.query.map((q) => q.name)]) single(query, name);
}

export function resolveBrand(account: DemoAccount, query: URLSearchParams): DemoBrand {
  const raw = single(query, 'brand_id');
  if (raw === null) {
    if (account.brands.length > 1) {
      const choices = account.brands.map((b) => `${b.id} (${b.name})`).join(', ');
      throw new ApiError(400, 'brand_required', `This account has ${account.brands.length} brands; pass brand_id: ${choices}`);
    }
    return account.brands[0];
  }
  if (!INTEGER.test(raw)) throw invalidParameter('brand_id', `must be an integer (got "${raw}")`);
  const brand = account.brands.find((b) => b.id === Number(raw));
  if (!brand) throw new ApiError(404, 'brand_not_found', `Brand ${raw} is not on this account; GET /brands lists its brands`);
  return brand;
}

/** `CC` or `CC-ll` (`CC-lll`); the document's patterns are built from these two sources. */
export const MARKET_CODE_PATTERN = '^([A-Za-z]{2})(?:-([A-Za-z]{2,3}))?$';
/** A market id: no sign, so `-5` is a malformed market (400), not an unknown one (404). */
export const MARKET_ID_PATTERN = '^[0-9]+$';
const MARKET_CODE = new RegExp(MARKET_CODE_PATTERN);
const MARKET_ID = new RegExp(MARKET_ID_PATTERN);

/**
 * A market by id (`1012`), by code (`GB-en`, any case) or by country (`GB`, when the
 * brand has one market in that country); the primary market when absent.
 */
export function resolveMarket(brand: DemoBrand, query: URLSearchParams): DemoMarket {
  const raw = single(query, 'market');
  if (raw === null) return brand.markets[0];
  const live = brand.markets.map((m) => `${m.code} (${m.id})`).join(', ');
  const notLive = () => new ApiError(404, 'market_not_found', `Market "${raw}" is not a live market of ${brand.name}; its markets: ${live}`);
  if (MARKET_ID.test(raw)) {
    const market = brand.markets.find((m) => m.id === Number(raw));
    if (!market) throw notLive();
    return market;
  }
  const code = MARKET_CODE.exec(raw);
  if (!code) throw invalidParameter('market', `must be a market code such as US-en, a country such as US, or a market id (got "${raw}")`);
  const country = (code[1] ?? '').toUpperCase();
  const candidates = brand.markets.filter((m) => (code[2] === undefined ? m.country === country : m.code.toLowerCase() === raw.toLowerCase()));
  if (candidates.length === 0) throw notLive();
  if (candidates.length > 1) {
    throw invalidParameter('market', `"${raw}" matches ${candidates.map((m) => m.code).join(' and ')}; give the full code`);
  }
  return candidates[0] as DemoMarket;
}

function checkInt(name: string, raw: string, rule: { min?: number; max?: number }): number {
  const range =
    rule.min !== undefined && rule.max !== undefined
      ? `an integer from ${rule.min} to ${rule.max}`
      : rule.min !== undefined
        ? `an integer of at least ${rule.min}`
        : 'an integer';
  if (!INTEGER.test(raw)) throw invalidParameter(name, `must be ${range} (got "${raw}")`);
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || (rule.min !== undefined && value < rule.min) || (rule.max !== undefined && value > rule.max)) {
    throw invalidParameter(name, `must be ${range} (got ${raw})`);
  }
  return value;
}

function checkDate(name: string, raw: string): string {
  if (!parseIsoDate(raw)) throw invalidParameter(name, `must be a real date in YYYY-MM-DD form (got "${raw}")`);
  return raw;
}

/**
 * The period of a period endpoint. `days` (1-90) counts back from `to`; `to` defaults to
 * the API's today, the day of the latest scan: read before the day's scan is in (04:00
 * UTC), a window ends the day before, as every trailing window and the history do, rather
 * than count a day that has no answers yet. `from` replaces it and may be at most 90 days before `to`. With `from`, `days` is
 * ignored, not even checked, as the reference says ("Ignored when `from` is given").
 */
export function resolvePeriod(spec: EndpointSpec, query: URLSearchParams, now: Date): ApiPeriod | null {
  if (spec.period === 'none') return null;
  const rule = daysRule(spec);
  const checkedDays = (): number => {
    const rawDays = single(query, 'days');
    return rawDays === null ? (rule.kind === 'int' ? (rule.default ?? 7) : 7) : checkInt('days', rawDays, rule.kind === 'int' ? rule : {});
  };
  const today = isoDate(now);
  if (spec.period === 'days') {
    // Search-console data, not the scan's: its window ends on the calendar's today.
    const days = checkedDays();
    return { from: addDays(today, -(days - 1)), to: today, days };
  }

  const rawFrom = single(query, 'from');
  const rawTo = single(query, 'to');
  const from = rawFrom === null ? null : checkDate('from', rawFrom);
  const to = rawTo === null ? lastScanDay(now) : checkDate('to', rawTo);
  if (from === null) {
    const days = checkedDays();
    return { from: addDays(to, -(days - 1)), to, days };
  }
  const span = daysBetween(from, to);
  if (span < 0) throw invalidParameter('from', `must not be after to (${from} is after ${to})`);
  if (span > MAX_RANGE_DAYS) throw invalidParameter('from', `must be at most ${MAX_RANGE_DAYS} days before to (${from} is ${span} days before ${to})`);
  return { from, to, days: span + 1 };
}

function checkValue(endpointId: EndpointId, param: QueryParam, raw: string): string | number {
  const spec: ParamSpec = param.spec;
  let value: string | number;
  switch (spec.kind) {
    case 'int':
      value = checkInt(param.name, raw, spec);
      break;
    case 'enum':
      if (!spec.values.includes(raw)) throw invalidParameter(param.name, `must be one of ${spec.values.join(', ')} (got "${raw}")`);
      value = raw;
      break;
    case 'date':
      value = checkDate(param.name, raw);
      break;
    case 'string':
      if (raw.trim().length < (spec.minLength ?? 0)) throw invalidParameter(param.name, 'must not be empty');
      value = raw;
      break;
  }
  // The sandbox refuses what the table calls known-to-work, where the CLI passes anything.
  const known = param.known;
  if (known && !known.includes(String(value))) throw invalidParameter(param.name, `must be one of ${known.join(', ')} (got "${raw}")`);
  return value;
}

/** The endpoint's own query parameters, checked, with defaults filled in. */
export function checkQuery(spec: EndpointSpec, query: URLSearchParams): Record<string, string | number | undefined> {
  const values: Record<string, string | number | undefined> = {};
  for (const param of spec.query) {
    const raw = single(query, param.name);
    if (raw === null) {
      if (param.required) throw invalidParameter(param.name, 'is required');
      values[param.name] = 'default' in param.spec ? param.spec.default : undefined;
      continue;
    }
    values[param.name] = checkValue(spec.id, param, raw);
  }
  return values;
}

/** The decoded path parameter; `integer` ones must be integers. */
export function checkPathParam(spec: EndpointSpec, raw: string | null): string | null {
  if (!spec.pathParam || raw === null) return null;
  let value: string;
  try {
    value = decodeURIComponent(raw);
  } catch {
    throw invalidParameter(spec.pathParam.name, 'is not valid percent-encoding');
  }
  if (spec.pathParam.type === 'integer' && !INTEGER.test(value)) throw invalidParameter(spec.pathParam.name, `must be an integer (got "${value}")`);
  return value;
}

/** The JSON body of a POST, checked against the endpoint's body fields. Extra fields pass. */
export function checkBody(spec: EndpointSpec, text: string): Record<string, unknown> | null {
  if (!spec.body) return null;
  if (text.trim() === '')
    throw invalidParameter(
      'body',
      `a JSON object is required, with ${spec.body
        .filter((f) => f.required)
        .map((f) => f.name)
        .join(', ')}`,
    );
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw invalidParameter('body', 'is not valid JSON');
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw invalidParameter('body', 'must be a JSON object');
  const fields = body as Record<string, unknown>;
  for (const field of spec.body) {
    const value = fields[field.name];
    if (value === undefined) {
      if (field.required) throw invalidParameter(field.name, 'is required');
      continue;
    }
    // null is not "absent": the document says string, so null is refused like a number.
    if (typeof value !== 'string') throw invalidParameter(field.name, `must be a string (got ${value === null ? 'null' : typeof value})`);
    checkValue(spec.id, field, value);
  }
  const url = fields['url'];
  if (typeof url === 'string' && !isProspectUrl(url)) throw invalidParameter('url', `must be a domain or an http(s) URL (got "${url}")`);
  const market = fields['market'];
  if (typeof market === 'string' && !MARKET_CODE.test(market)) {
    throw invalidParameter('market', `must be a market code such as US-en or a country such as US (got "${market}")`);
  }
  return fields;
}
