/**
 * What of a payload has been put on screen, so that whatever a view did not show can be
 * handed to the generic rendering and nothing is silently dropped.
 *
 * A field counts as shown when a view (or the heading) read it through a Reader, which
 * marks it here. `unshown` then gives a pruned copy of the payload holding only the rest:
 * - an object whose every key was shown disappears; one the view never looked into stays
 *   whole (an empty object the view never looked into stays too, so `{}` still shows);
 * - an array the view walked item by item disappears when every item was shown in full;
 *   otherwise the items with unshown fields keep them, each with its label field (the one
 *   a person recognises the record by, such as `name`) so the leftover rows can be
 *   matched to the view's rows; an array the view never walked stays whole.
 */
import { isPlainObject } from '../flatten.js';

export class Shown {
  private readonly keys = new Map<object, Set<string>>();
  private readonly visited = new Set<object>();
  private readonly labels = new Map<object, string | null>();

  /** Marks `owner[key]` (and everything below it) as shown. */
  key(owner: object, key: string): void {
    let set = this.keys.get(owner);
    if (set === undefined) this.keys.set(owner, (set = new Set()));
    set.add(key);
  }

  has(owner: object, key: string): boolean {
    return this.keys.get(owner)?.has(key) === true;
  }

  /** The view looked into this object: its keys were shown one by one (or it was empty). */
  visit(owner: object): void {
    this.visited.add(owner);
  }

  /** The view walked this array item by item; `label` names the field records are known by. */
  walk(array: readonly unknown[], label: string | null): void {
    this.labels.set(array, label);
  }

  isVisited(owner: object): boolean {
    return this.visited.has(owner);
  }

  walkedLabel(array: readonly unknown[]): string | null | undefined {
    return this.labels.get(array);
  }
}

const MAX_DEPTH = 64;

/** Lists of records taken out of leftover rows, by their dotted path from `data`. */
type Lifted = Map<string, unknown[]>;

/**
 * The part of `value` nobody has shown; undefined when everything was.
 *
 * A list of records left over inside a leftover row (a forum thread's unknown fields,
 * under its topic) would otherwise be one cell of JSON text in that row, cut short on
 * any terminal narrower than the text. It is taken out instead, as a table of its own
 * under its dotted path (`topics.threads`), each record led by the label of the row it
 * came from: the generic rendering's sub-table for every other list of records.
 */
export function unshown(value: unknown, shown: Shown, depth = 0): unknown {
  // Only an object has room for more tables beside its fields.
  const lifted: Lifted | null = isPlainObject(value) ? new Map() : null;
  const rest = prune(value, shown, depth, '', lifted);
  if (lifted === null || lifted.size === 0) return rest;
  const out: Record<string, unknown> = isPlainObject(rest) ? { ...rest } : {};
  // Shallower paths first, so `topics.threads` comes before `topics.threads.replies`.
  const paths = [...lifted.keys()].sort((a, b) => a.split('.').length - b.split('.').length);
  for (const path of paths) {
    // A key of the payload spelled like the path keeps its place: the rows then go
    // under the path with a `#` after it rather than over the server's field.
    let key = path;
    while (Object.hasOwn(out, key)) key = `${key}#`;
    put(out, key, lifted.get(path));
  }
  return out;
}

function prune(value: unknown, shown: Shown, depth: number, path: string, lifted: Lifted | null): unknown {
  if (depth > MAX_DEPTH) return value;
  if (Array.isArray(value)) {
    const label = shown.walkedLabel(value);
    if (label === undefined) return value;
    let any = false;
    const items = value.map((item) => {
      const rest = prune(item, shown, depth + 1, path, lifted);
      if (rest === undefined) return undefined;
      if (!isPlainObject(rest)) {
        any = true;
        return rest;
      }
      const lead = label !== null && isPlainObject(item) && Object.hasOwn(item, label) ? label : null;
      const labelled = lead !== null && !Object.hasOwn(rest, lead);
      const kept =
        lifted === null ? rest : liftRecords(rest, lead === null ? null : { key: lead, value: (item as Record<string, unknown>)[lead] }, path, lifted, depth);
      if (kept === undefined) return undefined;
      any = true;
      return labelled ? { [lead]: (item as Record<string, unknown>)[lead], ...kept } : kept;
    });
    if (!any) return undefined;
    // With a label, the records shown in full are left out; without one, they stay as
    // empty rows so the others keep their place in the list.
    return label !== null ? items.filter((item) => item !== undefined) : items.map((item) => (item === undefined ? {} : item));
  }
  if (isPlainObject(value)) {
    const keys = Object.keys(value);
    if (keys.length === 0) return shown.isVisited(value) ? undefined : value;
    const out: Record<string, unknown> = {};
    let any = false;
    for (const k of keys) {
      if (shown.has(value, k)) continue;
      const v = value[k];
      const rest = typeof v === 'object' && v !== null ? prune(v, shown, depth + 1, path === '' ? k : `${path}.${k}`, lifted) : v;
      if (rest === undefined && v !== undefined) continue;
      put(out, k, rest);
      any = true;
    }
    return any ? out : undefined;
  }
  return value;
}

/**
 * A leftover row without the lists of records it holds (at any depth of its objects),
 * which go to `lifted` under `<path>.<their dotted key>`, each record led by `parent` (the
 * row's label) when it has no field of that name. Undefined when nothing else is left.
 */
function liftRecords(
  row: Record<string, unknown>,
  parent: { key: string; value: unknown } | null,
  path: string,
  lifted: Lifted,
  depth: number,
): Record<string, unknown> | undefined {
  const take = (o: Record<string, unknown>, prefix: string, level: number): Record<string, unknown> | undefined => {
    const out: Record<string, unknown> = {};
    let any = false;
    for (const k of Object.keys(o)) {
      const v = o[k];
      const at = `${prefix}${k}`;
      if (Array.isArray(v) && v.length > 0 && v.every(isPlainObject)) {
        const rows = v.map((r) => (parent === null || Object.hasOwn(r, parent.key) ? r : { [parent.key]: parent.value, ...r }));
        // path is never empty here: a list walked as `data` itself lifts nothing.
        const key = `${path}.${at}`;
        const list = lifted.get(key);
        if (list === undefined) lifted.set(key, rows);
        else for (const r of rows) list.push(r);
        continue;
      }
      if (isPlainObject(v) && Object.keys(v).length > 0 && level < MAX_DEPTH) {
        const inner = take(v, `${at}.`, level + 1);
        if (inner === undefined) continue;
        put(out, k, inner);
      } else {
        put(out, k, v);
      }
      any = true;
    }
    return any ? out : undefined;
  };
  return take(row, '', depth);
}

/** `o[key] = value`, as an own field even for `__proto__` (a key JSON may hold). */
function put(o: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(o, key, { value, writable: true, enumerable: true, configurable: true });
  else o[key] = value;
}
