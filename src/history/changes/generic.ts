/**
 * The generic compare: two answers' `data` of a shape vis does not know, walked side by
 * side. The real server's shapes will differ from the sandbox's, and an alert that goes
 * silent on them is worse than none, so nothing here assumes a field:
 * - objects field by field; a field that appeared or went is said so;
 * - arrays of objects item by item, matched by their identifying field: the first of
 *   IDENTITY every item on both days has as a unique text or number, else by position;
 *   an item that appeared or went is said so;
 * - arrays of texts as sets (a value that appeared or went), other arrays by position;
 * - a number that moved by at least the threshold (fields.ts: 0–1 shares in percentage
 *   points), a text, a true/false or a type that changed;
 * - fields that say when (fields.ts) are skipped, and texts that are dates.
 * Any JSON is taken: nulls, mixed types, empty keys, `__proto__` (read as own fields,
 * matched in Maps), huge arrays (one pass each), and nesting past MAX_DEPTH is compared
 * whole instead of walked, so no answer can overflow the stack.
 */
import { isPlainObject } from '../../output/flatten.js';
import type { ChangeMove, ChangeNews, ChangeValue } from '../../domain/changes.js';
import { isFraction, isWhenField, isWhenText, movedBy } from './fields.js';

/** What identifies an item of a collection, in the order tried. */
export const IDENTITY: readonly string[] = ['id', 'name', 'prompt', 'question', 'text', 'url', 'engine', 'key', 'slug', 'code', 'domain'];

/** Deeper than this (the client refuses answers nested past 64), a value is compared whole. */
export const MAX_DEPTH = 48;

export interface FieldChange {
  path: string;
  move: ChangeMove;
  news: ChangeNews;
  before: ChangeValue;
  after: ChangeValue;
  delta: number | null;
  points: number | null;
}

type Json = unknown;

/** Every change between two `data` values, in the order their fields come. */
export function compareGeneric(before: Json, after: Json, threshold: number): FieldChange[] {
  const out: FieldChange[] = [];
  walk(before, after, '', 0, threshold, undefined, out);
  return out;
}

/** What a scalar shows as before or after; objects and arrays are not values. */
function scalar(v: Json): ChangeValue {
  return typeof v === 'number' || typeof v === 'string' || typeof v === 'boolean' ? v : null;
}

function join(path: string, key: string): string {
  return path === '' ? key : `${path}.${key}`;
}

function at(path: string, id: string): string {
  return `${path}[${id}]`;
}

function walk(a: Json, b: Json, path: string, depth: number, threshold: number, fraction: boolean | undefined, out: FieldChange[]): void {
  if (depth > MAX_DEPTH) {
    if (!sameWhole(a, b))
      out.push({ path: path || '(data)', move: 'changed', news: 'neutral', before: scalar(a), after: scalar(b), delta: null, points: null });
    return;
  }
  if (isPlainObject(a) && isPlainObject(b)) return walkObject(a, b, path, depth, threshold, undefined, out);
  if (Array.isArray(a) && Array.isArray(b)) return walkArrays(a, b, path, depth, threshold, out);
  if (typeof a === 'number' && typeof b === 'number') {
    const name = lastName(path);
    const m = movedBy(a, b, threshold, fraction ?? isFraction(name, [a, b]));
    if (m)
      out.push({
        path: path || '(data)',
        move: m.delta < 0 ? 'down' : 'up',
        news: m.delta < 0 ? 'drop' : 'gain',
        before: a,
        after: b,
        delta: m.delta,
        points: m.points,
      });
    return;
  }
  if (a === b) return;
  if (typeof a === 'string' && typeof b === 'string' && (isWhenText(a) || isWhenText(b))) return;
  // A text, a switch, or a value that changed type (a number that became null, an object that became a text).
  out.push({ path: path || '(data)', move: 'changed', news: 'neutral', before: scalar(a), after: scalar(b), delta: null, points: null });
}

/** The field name a path ends with (`topics[t-3].visibility` → visibility). */
function lastName(path: string): string {
  const m = /([^.[\]]*)(?:\[[^\]]*\])*$/.exec(path);
  return m?.[1] ?? '';
}

/** Deep equality without recursion: a value nested past MAX_DEPTH may be nested past the stack. */
export function sameWhole(a: Json, b: Json): boolean {
  const stack: Array<[Json, Json]> = [[a, b]];
  while (stack.length > 0) {
    const [x, y] = stack.pop()!;
    if (x === y) continue;
    if (Array.isArray(x) && Array.isArray(y)) {
      if (x.length !== y.length) return false;
      for (let i = 0; i < x.length; i++) stack.push([x[i], y[i]]);
    } else if (isPlainObject(x) && isPlainObject(y)) {
      const keys = Object.keys(x);
      if (keys.length !== Object.keys(y).length) return false;
      for (const k of keys) {
        if (!Object.hasOwn(y, k)) return false;
        stack.push([x[k], y[k]]);
      }
    } else {
      return false;
    }
  }
  return true;
}

/** The identifying field every object item on both days has, unique on each; undefined: match by position. */
export function identityOf(a: readonly Json[], b: readonly Json[]): string | undefined {
  if (![...a, ...b].every(isPlainObject)) return undefined;
  const items = [a as Array<Record<string, Json>>, b as Array<Record<string, Json>>];
  return IDENTITY.find((field) =>
    items.every((list) => {
      const seen = new Set<string>();
      for (const item of list) {
        const v = Object.hasOwn(item, field) ? item[field] : undefined;
        if (typeof v !== 'string' && typeof v !== 'number') return false;
        const k = String(v);
        if (seen.has(k)) return false;
        seen.add(k);
      }
      return true;
    }),
  );
}

/** For each numeric field of a collection's items: is it a 0–1 share on both days? */
function fractionsOf(items: readonly Json[]): Map<string, boolean> {
  const values = new Map<string, unknown[]>();
  for (const item of items) {
    if (!isPlainObject(item)) continue;
    for (const [k, v] of Object.entries(item)) {
      if (typeof v !== 'number') continue;
      let list = values.get(k);
      if (!list) values.set(k, (list = []));
      list.push(v);
    }
  }
  return new Map([...values].map(([k, v]) => [k, isFraction(k, v)]));
}

function walkArrays(a: readonly Json[], b: readonly Json[], path: string, depth: number, threshold: number, out: FieldChange[]): void {
  const id = identityOf(a, b);
  if (id !== undefined) {
    const fractions = fractionsOf([...a, ...b]);
    const key = (item: Json) => String((item as Record<string, Json>)[id]);
    const before = new Map(a.map((item) => [key(item), item as Record<string, Json>]));
    const after = new Map(b.map((item) => [key(item), item as Record<string, Json>]));
    for (const [k, item] of after) {
      const p = at(path, k);
      const old = before.get(k);
      if (old === undefined) {
        out.push({ path: p, move: 'appeared', news: 'gain', before: null, after: k, delta: null, points: null });
        continue;
      }
      walkObject(old, item, p, depth + 1, threshold, fractions, out);
    }
    for (const k of before.keys()) {
      if (!after.has(k)) out.push({ path: at(path, k), move: 'went', news: 'loss', before: k, after: null, delta: null, points: null });
    }
    return;
  }
  if ([...a, ...b].every((v) => typeof v === 'string')) {
    const sa = new Set(a as string[]);
    const sb = new Set(b as string[]);
    for (const v of sb) if (!sa.has(v)) out.push({ path: at(path, v), move: 'appeared', news: 'gain', before: null, after: v, delta: null, points: null });
    for (const v of sa) if (!sb.has(v)) out.push({ path: at(path, v), move: 'went', news: 'loss', before: v, after: null, delta: null, points: null });
    return;
  }
  const fractions = [...a, ...b].every(isPlainObject) ? fractionsOf([...a, ...b]) : undefined;
  const name = lastName(path);
  const listFraction = isFraction(name, [...a, ...b]);
  const n = Math.max(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const p = at(path, String(i));
    if (i >= a.length) out.push({ path: p, move: 'appeared', news: 'gain', before: null, after: scalar(b[i]), delta: null, points: null });
    else if (i >= b.length) out.push({ path: p, move: 'went', news: 'loss', before: scalar(a[i]), after: null, delta: null, points: null });
    else if (fractions && isPlainObject(a[i]) && isPlainObject(b[i]))
      walkObject(a[i] as Record<string, Json>, b[i] as Record<string, Json>, p, depth + 1, threshold, fractions, out);
    else walk(a[i], b[i], p, depth + 1, threshold, listFraction, out);
  }
}

/**
 * An object's fields, side by side. `fractions`: for an item of a collection, which of its
 * numeric fields are 0–1 shares across the whole collection on both days.
 */
function walkObject(
  a: Record<string, Json>,
  b: Record<string, Json>,
  path: string,
  depth: number,
  threshold: number,
  fractions: ReadonlyMap<string, boolean> | undefined,
  out: FieldChange[],
): void {
  const keys = [...Object.keys(b), ...Object.keys(a).filter((k) => !Object.hasOwn(b, k))];
  for (const key of keys) {
    if (isWhenField(key)) continue;
    const p = join(path, key);
    const inA = Object.hasOwn(a, key);
    const inB = Object.hasOwn(b, key);
    if (inA && inB) walk(a[key], b[key], p, depth + 1, threshold, fractions?.get(key), out);
    else if (inB) out.push({ path: p, move: 'appeared', news: 'neutral', before: null, after: scalar(b[key]), delta: null, points: null });
    else out.push({ path: p, move: 'went', news: 'neutral', before: scalar(a[key]), after: null, delta: null, points: null });
  }
}
