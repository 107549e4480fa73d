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
import { copyables, damage, overflow } from './copy-check.js';
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
