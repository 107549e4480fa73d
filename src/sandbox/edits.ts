/**
 * Scripted changes to the sandbox's data from a given scan day on: what `vis changes` and
 * `vis history` are tried against. With `dataAt` (the moment the simulation is built at,
 * fixed) every day's answers are the same bytes but for these edits, so a week of daily
 * reads changes exactly what the edits say, and nothing else.
 *
 * An edit names the request path (`/prompts`), optionally a brand id and a market code,
 * the first scan day it applies from, and a pointer into the answer's `data`: segments
 * separated by `/`, an array element by its index or by `@field=value` (the first element
 * whose field reads that value: `/competitors/@name=Pipewell/share_of_voice`; a value
 * holding `/`, such as a URL, is matched by its index instead). It sets the
 * value there, or removes the element or field (`remove: true`). An edit whose pointer
 * finds nothing fails the request loudly (a sandbox bug, 500), never silently.
 */
export interface DataEdit {
  /** The first scan day (YYYY-MM-DD) the edit applies to. */
  from: string;
  path: string;
  brand?: number;
  market?: string;
  pointer: string;
  value?: unknown;
  remove?: boolean;
}

/** The scan day of a moment: the date of the latest 03:30 UTC (09:00 IST) at or before it. */
export function sandboxScanDay(at: Date): string {
  return new Date(at.getTime() - 3.5 * 3_600_000).toISOString().slice(0, 10);
}

/** `data` with the edits that apply to this request on this day, in the order given. */
export function applyEdits(
  data: Record<string, unknown>,
  edits: readonly DataEdit[],
  request: { path: string; brand: number | undefined; market: string | undefined; now: Date },
): Record<string, unknown> {
  const day = sandboxScanDay(request.now);
  const mine = edits.filter(
    (e) =>
      e.path === request.path &&
      day >= e.from &&
      (e.brand === undefined || e.brand === request.brand) &&
      (e.market === undefined || e.market === request.market),
  );
  if (mine.length === 0) return data;
  const copy = structuredClone(data);
  for (const edit of mine) applyOne(copy, edit);
  return copy;
}

function applyOne(root: Record<string, unknown>, edit: DataEdit): void {
  const segments = edit.pointer.split('/').filter((s) => s !== '');
  if (segments.length === 0) throw new Error(`sandbox edit of ${edit.path}: the pointer names no field`);
  let parent: unknown = root;
  for (const segment of segments.slice(0, -1)) {
    parent = child(parent, segment, edit);
  }
  const last = segments[segments.length - 1]!;
  if (Array.isArray(parent)) {
    const i = indexIn(parent, last, edit);
    if (edit.remove) parent.splice(i, 1);
    else parent[i] = edit.value;
    return;
  }
  if (parent === null || typeof parent !== 'object') throw new Error(`sandbox edit of ${edit.path}: ${edit.pointer} does not lead to an object`);
  const obj = parent as Record<string, unknown>;
  if (edit.remove) {
    if (!Object.hasOwn(obj, last)) throw new Error(`sandbox edit of ${edit.path}: ${edit.pointer} names no field`);
    delete obj[last];
  } else obj[last] = edit.value;
}

function child(node: unknown, segment: string, edit: DataEdit): unknown {
  if (Array.isArray(node)) return node[indexIn(node, segment, edit)];
  if (node !== null && typeof node === 'object' && Object.hasOwn(node, segment)) return (node as Record<string, unknown>)[segment];
  throw new Error(`sandbox edit of ${edit.path}: ${edit.pointer} finds nothing at "${segment}"`);
}

function indexIn(list: unknown[], segment: string, edit: DataEdit): number {
  const by = /^@([^=]+)=(.*)$/.exec(segment);
  const i = by
    ? list.findIndex((x) => x !== null && typeof x === 'object' && String((x as Record<string, unknown>)[by[1]!]) === by[2])
    : /^\d+$/.test(segment)
      ? Number(segment)
      : -1;
  if (i < 0 || i >= list.length) throw new Error(`sandbox edit of ${edit.path}: ${edit.pointer} finds no element "${segment}"`);
  return i;
}
