/**
 * What users copy is never cut: in every view, at 40, 50, 80 and 160 columns, an id, a URL
 * or a question text that the payload holds is never shortened with `…`, and an id or a
 * URL is never split over two lines. No line is wider than the terminal, but one that ends
 * in a URL (or an id) too long for the room left: the terminal folds it, and copying a
 * folded line gives it whole. Real sandbox payloads (7 days, and 90 for the views with a
 * daily series), no colour.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { endpointById } from '../../src/endpoints.js';
import { startSandbox } from '../../src/sandbox/server.js';
import { renderTable } from '../../src/output/table.js';
import { displayWidth } from '../../src/text/width.js';
import { fetchViewCases, SANDBOX_NOW, type ViewCase } from './sandbox-envelopes.js';

const WIDTHS = [40, 50, 80, 160] as const;

let cases: ViewCase[] = [];
beforeAll(async () => {
  cases = await fetchViewCases();
  // The daily series of a long period: what sparklines must bucket to fit.
  const sandbox = await startSandbox({ now: () => new Date(SANDBOX_NOW), rateLimitPerMinute: 100_000 });
  try {
    for (const id of ['overview', 'ai-visitors'] as const) {
      const spec = endpointById(id);
      const res = await fetch(`${sandbox.baseUrl}${spec.path}?days=90`, { headers: { authorization: 'Bearer vis_demo_growth' } });
      cases.push({ id, spec, envelope: (await res.json()) as Record<string, unknown>, days: 90 } as ViewCase);
    }
  } finally {
    await sandbox.close();
  }
});

type Copyable = { key: string; value: string; kind: 'token' | 'text' };

/** The values a user copies: ids, URLs (by key or by scheme) and question texts, wherever they sit. */
function copyables(v: unknown, key = '', out: Copyable[] = []): Copyable[] {
  if (Array.isArray(v)) for (const x of v) copyables(x, key, out);
  else if (v !== null && typeof v === 'object') for (const [k, x] of Object.entries(v)) copyables(x, k, out);
  else if (typeof v === 'string' && v.length >= 6) {
    if (key === 'prompt' || key === 'question') out.push({ key, value: v, kind: 'text' });
    else if (/(^|_)id$/.test(key) || /url$/.test(key) || /^https?:\/\//.test(v)) out.push({ key, value: v, kind: /\s/.test(v) ? 'text' : 'token' });
  }
  return out;
}

/** Where a copyable is cut (a prefix then `…`) or, for a token, split at a line's end. */
function damage(out: string, lines: readonly string[], c: Copyable): string | undefined {
  if (c.kind === 'token' && lines.some((l) => l.includes(c.value))) return undefined;
  for (let n = c.value.length - 1; n >= 6; n--) {
    const head = c.value.slice(0, n);
    if (out.includes(`${head}…`)) return `cut after "${head}"`;
    if (c.kind !== 'token') continue;
    const i = lines.findIndex((l) => l.trimEnd().endsWith(head));
    if (i >= 0 && lines[i + 1]?.trimStart().startsWith(c.value.slice(n, n + 4))) return `split after "${head}"`;
  }
  return undefined;
}

/** A line over the width is allowed only when what overflows is one last token that could not be broken. */
function overflow(line: string, width: number, tokens: ReadonlySet<string>): boolean {
  if (displayWidth(line) <= width) return false;
  const m = /^(.*?)(\S+)$/.exec(line.trimEnd());
  if (!m) return true;
  const [, before = '', last = ''] = m;
  const unbreakable = last.includes('://') || tokens.has(last);
  return !(unbreakable && displayWidth(before.trimEnd()) <= width);
}

function problemsAt(width: number, wide: boolean): string[] {
  const problems: string[] = [];
  for (const c of cases) {
    const name = `${c.id}${(c as { days?: number }).days ? ` --days ${(c as { days?: number }).days}` : ''}${wide ? ' --wide' : ''}`;
    let out: string;
    try {
      out = renderTable(c.envelope, { spec: c.spec, width, color: false, tty: true, wide });
    } catch (err) {
      problems.push(`${name}: throws ${(err as Error).message}`);
      continue;
    }
    const lines = out.split('\n');
    const found = copyables(c.envelope.data);
    const tokens = new Set(found.filter((x) => x.kind === 'token').map((x) => x.value));
    for (const x of found) {
      const why = damage(out, lines, x);
      if (why) problems.push(`${name}: ${x.key} ${why}`);
    }
    for (const line of lines) if (overflow(line, width, tokens)) problems.push(`${name}: line over ${width}: ${line}`);
  }
  return [...new Set(problems)];
}

describe('views never cut what users copy', () => {
  it('has every view, and two 90-day series', () => {
    expect(cases.length).toBeGreaterThan(25);
  });

  it.each(WIDTHS)('at %i columns: ids, URLs and questions whole; no line over the width but an unbreakable token', (width) => {
    expect(problemsAt(width, false)).toEqual([]);
  });

  it.each([80, 160])('--wide at %i columns: nothing shortened, and still no line over the width but an unbreakable token', (width) => {
    expect(problemsAt(width, true)).toEqual([]);
  });
});
