/**
 * The account as vis reads it, for every command that needs it (`--brand <name>`, the
 * error hints, `auth status`, `vis export`, brand completion): GET /brands and GET /usage
 * (both free) and GET /markets. The reference does not show these records' fields, so
 * each reader tries the likely shapes and says "unknown" (undefined) rather than guess
 * wrong.
 *
 * GET /brands: the list is `data.brands` (what the sandbox sends); a bare array, or an
 * object holding exactly one array, is accepted too. Two arrays and no `brands`: no
 * list, rather than a guess at which one is the brands.
 */
import { endpointById } from '../endpoints.js';
import type { ApiClient } from '../http/client.js';
import { isPlainObject } from '../output/flatten.js';

export interface BudgetInfo {
  /** Reads left this month; undefined when /usage does not say in a shape vis knows. */
  left: number | undefined;
  /** When the budget resets, as the API wrote it. */
  resetsAt: string | undefined;
}

const READS_KEY = /read/i;
const PITCH_KEY = /pitch/i;

function finite(v: unknown): number | undefined {
  return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
}

/** Left from an object that says `left`/`remaining`, or `limit` and `used`. */
function leftOf(o: Record<string, unknown>): number | undefined {
  const direct = finite(o.left) ?? finite(o.remaining);
  if (direct !== undefined) return direct;
  const limit = finite(o.limit);
  const used = finite(o.used);
  return limit !== undefined && used !== undefined ? limit - used : undefined;
}

/**
 * Reads left from GET /usage: `data.reads.left` (the sandbox), `data.reads_left`, or the
 * same figures at the top of `data`. Anything about pitch reports is ignored: their
 * `left` is not the read budget.
 */
export function budgetFromUsage(data: unknown): BudgetInfo {
  if (!isPlainObject(data)) return { left: undefined, resetsAt: undefined };
  let left: number | undefined;
  for (const [k, v] of Object.entries(data)) {
    if (!READS_KEY.test(k) || PITCH_KEY.test(k)) continue;
    if (isPlainObject(v)) left ??= leftOf(v);
    else if (/(left|remaining)$/i.test(k)) left ??= finite(v);
  }
  left ??= leftOf(data);
  return { left: left === undefined ? undefined : Math.max(0, Math.floor(left)), resetsAt: findResetTime(data) };
}

/**
 * When the read budget resets, as the API wrote it: the first `*reset*` field holding a
 * string or a number, at the top of `data` first, then up to two objects down. Pitch
 * report fields are skipped: their reset is the pitch allowance's, not the budget's.
 */
function findResetTime(data: Record<string, unknown>, depth = 0): string | undefined {
  for (const [k, v] of Object.entries(data)) {
    if (!/reset/i.test(k) || PITCH_KEY.test(k)) continue;
    if (typeof v === 'string' && v !== '') return v;
    if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  }
  if (depth >= 2) return undefined;
  for (const [k, v] of Object.entries(data)) {
    if (isPlainObject(v) && !PITCH_KEY.test(k)) {
      const r = findResetTime(v, depth + 1);
      if (r) return r;
    }
  }
  return undefined;
}

/** Who the account is, as GET /usage names it: each part undefined when it does not say. */
export interface AccountInfo {
  name: string | undefined;
  /** The plan's label (`plan_label`), else its code (`plan`). */
  plan: string | undefined;
}

/**
 * The account's name and plan from GET /usage: `account` as text or as an object with a
 * `name`, and `plan_label` or `plan` as text or as an object with a `label` or `name`.
 */
export function accountFromUsage(data: unknown): AccountInfo {
  if (!isPlainObject(data)) return { name: undefined, plan: undefined };
  const text = (v: unknown, ...keys: string[]): string | undefined => {
    if (typeof v === 'string' && v.trim() !== '') return v.trim();
    if (isPlainObject(v)) for (const k of keys) if (typeof v[k] === 'string' && (v[k] as string).trim() !== '') return (v[k] as string).trim();
    return undefined;
  };
  return { name: text(data.account, 'name'), plan: text(data.plan_label) ?? text(data.plan, 'label', 'name') };
}

/** GET /usage (free): reads left and when the budget resets. Errors are the client's. */
export async function fetchBudget(client: Pick<ApiClient, 'send'>): Promise<BudgetInfo> {
  const res = await client.send({ method: 'GET', path: endpointById('usage').path });
  return budgetFromUsage(res.envelope.data);
}

export interface BrandRecord {
  id: string | number;
  name: string;
  /** The brand's primary market code, when /brands says (`primary_market`). */
  primaryMarket?: string;
  /** The brand's market codes, when /brands lists them (`markets`). */
  markets?: string[];
}

/** The list inside a payload: `data[key]`, `data` itself, or its only array. */
function listIn(data: unknown, key: string): unknown[] | undefined {
  if (Array.isArray(data)) return data;
  if (!isPlainObject(data)) return undefined;
  if (Array.isArray(data[key])) return data[key] as unknown[];
  const arrays = Object.values(data).filter(Array.isArray);
  return arrays.length === 1 ? (arrays[0] as unknown[]) : undefined;
}

/** A market as a code: a string, or an object's `code` (else its `id`). */
function marketCode(m: unknown): string | undefined {
  if (typeof m === 'string' && m.trim() !== '') return m.trim();
  if (isPlainObject(m)) {
    if (typeof m.code === 'string' && m.code.trim() !== '') return m.code.trim();
    if (typeof m.id === 'number' || (typeof m.id === 'string' && m.id.trim() !== '')) return String(m.id).trim();
  }
  return undefined;
}

/**
 * Markets from a list: every entry must yield a code, or the list is not trusted at all
 * (undefined), so a shape vis does not understand falls back on GET /markets.
 */
export function marketCodes(list: unknown): string[] | undefined {
  if (!Array.isArray(list)) return undefined;
  const codes = list.map(marketCode);
  if (codes.some((c) => c === undefined)) return undefined;
  return [...new Set(codes as string[])];
}

/**
 * The brands of GET /brands, with the market facts it happens to carry. Each brand once,
 * where the list first names it: a brand listed twice (the same id, as a number or as
 * text) is one brand everywhere (reads, hints, completion).
 */
export function brandsFromPayload(data: unknown): BrandRecord[] {
  const seen = new Set<string>();
  return (listIn(data, 'brands') ?? []).flatMap((b) => {
    if (!isPlainObject(b)) return [];
    const id = b.id;
    if (!(typeof id === 'number' || (typeof id === 'string' && id !== '')) || typeof b.name !== 'string') return [];
    if (seen.has(String(id))) return [];
    seen.add(String(id));
    const record: BrandRecord = { id, name: b.name };
    const primary = marketCode(b.primary_market);
    if (primary) record.primaryMarket = primary;
    const markets = marketCodes(b.markets);
    if (markets && markets.length > 0) record.markets = markets;
    return [record];
  });
}

/** GET /brands (free): the account's brands. Errors are the client's. */
export async function listBrands(client: Pick<ApiClient, 'send'>): Promise<BrandRecord[]> {
  const res = await client.send({ method: 'GET', path: endpointById('brands').path });
  return brandsFromPayload(res.envelope.data);
}

/** Market codes of GET /markets; undefined when the payload holds no list vis can read. */
export function marketsFromPayload(data: unknown): string[] | undefined {
  return marketCodes(listIn(data, 'markets'));
}
