/**
 * What of a payload has been put on screen, so that whatever a view did not show can be
 * handed to the generic rendering and nothing is silently dropped (contract section 3).
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

/** The part of `value` nobody has shown; undefined when everything was. */
export function unshown(value: unknown, shown: Shown, depth = 0): unknown {
  if (depth > MAX_DEPTH) return value;
  if (Array.isArray(value)) {
    const label = shown.walkedLabel(value);
    if (label === undefined) return value;
    let any = false;
    const items = value.map((item) => {
      const rest = unshown(item, shown, depth + 1);
      if (rest === undefined) return undefined;
      any = true;
      if (label !== null && isPlainObject(item) && isPlainObject(rest) && Object.hasOwn(item, label) && !Object.hasOwn(rest, label)) {
        return { [label]: item[label], ...rest };
      }
      return rest;
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
      const rest = typeof v === 'object' && v !== null ? unshown(v, shown, depth + 1) : v;
      if (rest === undefined && v !== undefined) continue;
      // Defined, not assigned: `out.__proto__ = rest` would set the prototype, and the
      // server's `__proto__` field would vanish from the leftovers.
      Object.defineProperty(out, k, { value: rest, enumerable: true, writable: true, configurable: true });
      any = true;
    }
    return any ? out : undefined;
  }
  return value;
}
