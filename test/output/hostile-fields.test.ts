/**
 * Every text field of every view's payload, made hostile one at a time (the rest as the
 * sandbox sent it), is drawn safely. The property tests (hostile.property.test.ts,
 * terminal.property.test.ts) make all strings hostile at once and pick payloads at random;
 * that leaves untried the branches a view takes only on an ordinary value next to the
 * hostile one (a known state word, a ref kind with a command, a label equal to its id).
 * Here each field is tried, in each view, in both ways: the hostile text alone, and
 * appended to the value the field had.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { renderTable, renderView, type TableOptions } from '../../src/output/table.js';
import { VIEW_IDS } from '../../src/output/views/index.js';
import { FORBIDDEN_IN_TERMINAL } from './hostile.js';
import { fetchViewCases, type ViewCase } from './sandbox-envelopes.js';

/** A title, a screen clear, an 8-bit CSI, a bidi override, a line separator, a TAB and a LF. */
const HOSTILE = '\u001b]0;pwned\u0007\u001b[2J\u009b31m\u202eevil\u2028x\ty\nz\u001b';
/** The views' own colours: the only escape sequences allowed in the output. */
const VIEW_SGR = /\u001b\[(?:1|2|4|22|24|3[0-79]|39)m/g;

type Path = ReadonlyArray<string | number>;

/** The path of every string in `value`, and of every object key when `keys`. */
function stringPaths(value: unknown, keys: boolean, at: Path = []): Array<{ path: Path; key: boolean }> {
  if (typeof value === 'string') return [{ path: at, key: false }];
  if (Array.isArray(value)) return value.flatMap((v, i) => stringPaths(v, keys, [...at, i]));
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => [...(keys ? [{ path: [...at, k], key: true }] : []), ...stringPaths(v, keys, [...at, k])]);
  }
  return [];
}

/**
 * At most `n` paths per field of a list's records (`answers.*.prompt`): a long list repeats
 * the same fields, and the first few records already meet the branches a view takes.
 */
function firstOfEach(paths: Array<{ path: Path; key: boolean }>, n = 3): Array<{ path: Path; key: boolean }> {
  const seen = new Map<string, number>();
  return paths.filter(({ path, key }) => {
    const shape = `${key}:${path.map((p) => (typeof p === 'number' ? '*' : p)).join('.')}`;
    const count = seen.get(shape) ?? 0;
    seen.set(shape, count + 1);
    return count < n;
  });
}

/** A copy of `envelope` with the string (or the key) at `path` changed by `change`. */
function changed(envelope: Record<string, unknown>, path: Path, key: boolean, change: (s: string) => string): Record<string, unknown> {
  const copy = structuredClone(envelope);
  let parent: any = copy;
  for (const step of path.slice(0, -1)) parent = parent[step];
  const last = path[path.length - 1] as string | number;
  if (key) {
    // Renamed in place, so the order of the keys stays as sent.
    const entries = Object.entries(parent as Record<string, unknown>).map(([k, v]) => [k === last ? change(k) : k, v] as const);
    for (const k of Object.keys(parent)) delete parent[k];
    for (const [k, v] of entries) parent[k] = v;
  } else parent[last] = change(parent[last] as string);
  return copy;
}

function expectSafe(out: string, where: string): void {
  const visible = out.replace(VIEW_SGR, '');
  expect(visible, where).not.toMatch(FORBIDDEN_IN_TERMINAL);
  expect(visible, where).not.toContain('\t');
  expect(visible, where).not.toContain('pwned\u0007');
}

let cases: ViewCase[] = [];
beforeAll(async () => {
  cases = await fetchViewCases();
});

describe('a hostile string in any one field of a view payload', () => {
  it('the payloads cover every view', () => {
    expect(cases.map((c) => c.id)).toEqual([...VIEW_IDS]);
  });

  it.each([...VIEW_IDS])('%s: drawn by the view itself, sanitised, within the width', (id) => {
    const c = cases.find((x) => x.id === id) as ViewCase;
    const paths = firstOfEach(stringPaths(c.envelope, false));
    expect(paths.length, `${id} payload has text`).toBeGreaterThan(0);
    // The hostile text alone in colour on a narrow terminal; appended to the value with --wide.
    const tries: Array<[(s: string) => string, Omit<TableOptions, 'spec'>]> = [
      [() => HOSTILE, { tty: true, color: true, wide: false, width: 60 }],
      [(s) => `${s}${HOSTILE}`, { tty: true, color: false, wide: true, width: 100 }],
    ];
    for (const { path } of paths) {
      for (const [change, layout] of tries) {
        const envelope = changed(c.envelope, path, false, change);
        const where = `${id} ${path.join('.')} ${JSON.stringify(layout)}`;
        // Strict: a view that throws anything but a shape error, or draws a line wider than the width, fails here.
        const out = renderView(envelope, { ...layout, spec: c.spec }, true);
        expect(out, `${where} fell back`).not.toBeNull();
        expectSafe(out as string, where);
      }
    }
  });

  it.each([...VIEW_IDS])('%s: a hostile key (a map key such as an engine, or a field the view does not know) is drawn safely', (id) => {
    const c = cases.find((x) => x.id === id) as ViewCase;
    for (const { path } of firstOfEach(stringPaths(c.envelope, true).filter((p) => p.key))) {
      const envelope = changed(c.envelope, path, true, (k) => `${k}${HOSTILE}`);
      // The view may not know the shape any more: the generic rendering is as safe.
      expectSafe(renderTable(envelope, { tty: true, color: true, wide: false, width: 80, spec: c.spec }), `${id} key ${path.join('.')}`);
    }
  });
});
