/**
 * The generic compare: two answers' `data` of a shape vis does not know, walked side by
 * side. The real server's shapes will differ from the sandbox's, and an alert that goes
 * silent on them is worse than none, so nothing here assumes a field:
 * - objects field by field; a field that appeared or went is said so;
 * - lists of objects item by item, matched by what they hold, never by position: by the
 *   first of IDENTITY every item on both days has as a unique text or number; else by the
 *   first text field (in the order the items give them) unique within the list on both
 *   days; else by the whole item (its canonical JSON, key order aside), so a list that only
 *   changed order is no change; an item that appeared or went is said so, with that text;
 * - lists of texts as sets (a value that appeared or went), lists of other scalars by position;
 * - a number that moved by at least the threshold (fields.ts: 0–1 shares in percentage
 *   points), a number that can no longer be read as one (`1e999` is Infinity), a text, a
 *   true/false or a type that changed;
 * - fields that say when (fields.ts) are skipped, and texts that are dates.
 * Whether an unknown item appearing or a number rising is good news is not vis's to guess:
 * every change here is `neutral`. Before and after are the values as received (an object
 * as a short rendering of its JSON).
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

/** How long a rendering of an object or a list shown as a value (or a whole item in a path) may be. */
export const SHORT = 60;

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

/**
 * A value as a change shows it, as received: a number JSON spelled too large for a double
 * (`1e999`) as its JS spelling (`Infinity`: JSON has no such number, and null would read as
 * "not given"), an object or a list as a short rendering of its JSON; absent is null.
 */
export function received(v: Json): ChangeValue {
  if (typeof v === 'number') return Number.isFinite(v) ? v : String(v);
  if (typeof v === 'string' || typeof v === 'boolean') return v;
  if (v === null || v === undefined) return null;
  return canonical(v, SHORT);
}

/**
 * The canonical JSON of a value: keys sorted, fields that say when left out (a new day moves
 * them, fields.ts), non-finite numbers as `Infinity`. `dates`: texts that are dates all read
 * the same (for matching, as the walk ignores them). Past `limit` characters it stops and
 * ends in `…`. A loop with its own stack, not recursion: a value may be nested past the stack.
 */
export function canonical(v: Json, limit = Number.POSITIVE_INFINITY, dates = false): string {
  let out = '';
  const todo: Array<{ value: Json } | string> = [{ value: v }];
  while (todo.length > 0) {
    if (out.length > limit) return `${out.slice(0, limit - 1)}…`;
    const next = todo.pop()!;
    if (typeof next === 'string') {
      out += next;
      continue;
    }
    const x = next.value;
    if (Array.isArray(x)) {
      todo.push(']');
      for (let i = x.length - 1; i >= 0; i--) todo.push({ value: x[i] }, i > 0 ? ',' : '');
      out += '[';
    } else if (isPlainObject(x)) {
      const keys = Object.keys(x)
        .filter((k) => !isWhenField(k))
        .sort();
      todo.push('}');
      for (let i = keys.length - 1; i >= 0; i--) todo.push({ value: x[keys[i]!] }, `${i > 0 ? ',' : ''}${JSON.stringify(keys[i])}:`);
      out += '{';
    } else if (typeof x === 'number' && !Number.isFinite(x)) out += String(x);
    else if (typeof x === 'string' && dates && isWhenText(x)) out += '"(date)"';
    else out += JSON.stringify(x) ?? 'null';
  }
  return out.length > limit ? `${out.slice(0, limit - 1)}…` : out;
}

function join(path: string, key: string): string {
  return path === '' ? key : `${path}.${key}`;
}

function at(path: string, id: string): string {
  return `${path}[${id}]`;
}

function changed(path: string, a: Json, b: Json): FieldChange {
  return { path: path || '(data)', move: 'changed', news: 'neutral', before: received(a), after: received(b), delta: null, points: null };
}

function walk(a: Json, b: Json, path: string, depth: number, threshold: number, fraction: boolean | undefined, out: FieldChange[]): void {
  if (depth > MAX_DEPTH) {
    if (!sameWhole(a, b)) out.push(changed(path, a, b));
    return;
  }
  if (isPlainObject(a) && isPlainObject(b)) return walkObject(a, b, path, depth, threshold, undefined, out);
  if (Array.isArray(a) && Array.isArray(b)) return walkArrays(a, b, path, depth, threshold, out);
  if (typeof a === 'number' && typeof b === 'number') {
    if (Object.is(a, b)) return;
    // A number that can no longer be read as one (or that can again) has no size to hold against the threshold: a change.
    if (!Number.isFinite(a) || !Number.isFinite(b)) return void out.push(changed(path, a, b));
    const m = movedBy(a, b, threshold, fraction ?? isFraction(lastName(path), [a, b]));
    if (m) out.push({ path: path || '(data)', move: m.delta < 0 ? 'down' : 'up', news: 'neutral', before: a, after: b, delta: m.delta, points: m.points });
    return;
  }
  if (a === b) return;
  if (typeof a === 'string' && typeof b === 'string' && (isWhenText(a) || isWhenText(b))) return;
  // A text, a switch, or a value that changed type (a number that became null, an object that became a text).
  out.push(changed(path, a, b));
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

/**
 * A field every item of both lists holds as a unique text or number within its list; with
 * `content`, a text neither empty nor a date (a date says when an item is, not which).
 */
function uniqueOnBoth(items: ReadonlyArray<ReadonlyArray<Record<string, Json>>>, field: string, content: boolean): boolean {
  return items.every((list) => {
    const seen = new Set<string>();
    for (const item of list) {
      const v = Object.hasOwn(item, field) ? item[field] : undefined;
      if (content ? typeof v !== 'string' || v === '' || isWhenText(v) : typeof v !== 'string' && typeof v !== 'number') return false;
      const k = String(v);
      if (seen.has(k)) return false;
      seen.add(k);
    }
    return true;
  });
}

/** The identifying field every object item on both days has, unique on each; undefined: none of IDENTITY. */
export function identityOf(a: readonly Json[], b: readonly Json[]): string | undefined {
  if (![...a, ...b].every(isPlainObject)) return undefined;
  const items = [a as Array<Record<string, Json>>, b as Array<Record<string, Json>>];
  return IDENTITY.find((field) => uniqueOnBoth(items, field, false));
}

/**
 * For object items with no field of IDENTITY: the first text field, in the order the items
 * give their fields, whose values are unique within the list on both days (a field or a
 * value that says when aside: a new day moves it). undefined: match the items whole.
 */
export function matchingField(a: readonly Json[], b: readonly Json[]): string | undefined {
  if (![...a, ...b].every(isPlainObject)) return undefined;
  const items = [a as Array<Record<string, Json>>, b as Array<Record<string, Json>>];
  const fields = new Set(items.flatMap((list) => list.flatMap((item) => Object.keys(item))));
  return [...fields].find((field) => !isWhenField(field) && uniqueOnBoth(items, field, true));
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

const isScalar = (v: Json) => v === null || typeof v !== 'object';

function walkArrays(a: readonly Json[], b: readonly Json[], path: string, depth: number, threshold: number, out: FieldChange[]): void {
  const all = [...a, ...b];
  if (all.every((v) => typeof v === 'string')) {
    const sa = new Set(a as string[]);
    const sb = new Set(b as string[]);
    for (const v of sb) if (!sa.has(v)) out.push({ path: at(path, v), move: 'appeared', news: 'neutral', before: null, after: v, delta: null, points: null });
    for (const v of sa) if (!sb.has(v)) out.push({ path: at(path, v), move: 'went', news: 'neutral', before: v, after: null, delta: null, points: null });
    return;
  }
  if (all.every(isScalar)) {
    // Numbers (a series), true/false, nulls: their place is what they are.
    const listFraction = isFraction(lastName(path), all);
    const n = Math.max(a.length, b.length);
    for (let i = 0; i < n; i++) {
      const p = at(path, String(i));
      if (i >= a.length) out.push({ path: p, move: 'appeared', news: 'neutral', before: null, after: received(b[i]), delta: null, points: null });
      else if (i >= b.length) out.push({ path: p, move: 'went', news: 'neutral', before: received(a[i]), after: null, delta: null, points: null });
      else walk(a[i], b[i], p, depth + 1, threshold, listFraction, out);
    }
    return;
  }
  const field = identityOf(a, b) ?? matchingField(a, b);
  if (field !== undefined) {
    const fractions = fractionsOf(all);
    const key = (item: Json) => String((item as Record<string, Json>)[field]);
    const before = new Map(a.map((item) => [key(item), item as Record<string, Json>]));
    const after = new Map(b.map((item) => [key(item), item as Record<string, Json>]));
    for (const [k, item] of after) {
      const old = before.get(k);
      if (old === undefined) out.push({ path: at(path, k), move: 'appeared', news: 'neutral', before: null, after: k, delta: null, points: null });
      else walkObject(old, item, at(path, k), depth + 1, threshold, fractions, out);
    }
    for (const k of before.keys()) {
      if (!after.has(k)) out.push({ path: at(path, k), move: 'went', news: 'neutral', before: k, after: null, delta: null, points: null });
    }
    return;
  }
  // Nothing names the items: each is what it holds, counted (two alike are two), wherever it stands.
  const count = (list: readonly Json[]) => {
    const m = new Map<string, { n: number; item: Json }>();
    for (const item of list) {
      const k = canonical(item, Number.POSITIVE_INFINITY, true);
      const seen = m.get(k);
      if (seen) seen.n++;
      else m.set(k, { n: 1, item });
    }
    return m;
  };
  const [was, now] = [count(a), count(b)];
  for (const [k, { n, item }] of now) {
    const text = canonical(item, SHORT);
    for (let i = was.get(k)?.n ?? 0; i < n; i++)
      out.push({ path: at(path, text), move: 'appeared', news: 'neutral', before: null, after: text, delta: null, points: null });
  }
  for (const [k, { n, item }] of was) {
    const text = canonical(item, SHORT);
    for (let i = now.get(k)?.n ?? 0; i < n; i++)
      out.push({ path: at(path, text), move: 'went', news: 'neutral', before: text, after: null, delta: null, points: null });
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
    else if (inB) out.push({ path: p, move: 'appeared', news: 'neutral', before: null, after: received(b[key]), delta: null, points: null });
    else out.push({ path: p, move: 'went', news: 'neutral', before: received(a[key]), after: null, delta: null, points: null });
  }
}
