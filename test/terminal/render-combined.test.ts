/**
 * The output of several brands and markets (src/terminal/render-combined.ts), through the
 * command line against the fake API: the note that says which end --top kept is said once
 * for all of them, where the note of one answer goes (stderr, at a terminal only).
 */
import { describe, expect, it } from 'vitest';
import { FakeApi, ok } from '../support/http.js';
import { runInProcess } from '../support/run.js';

const BRANDS = ok({
  brands: [
    { id: 1, name: 'Acme', markets: ['US-en'] },
    { id: 2, name: 'Globex', markets: ['US-en'] },
  ],
});
const topics = (brand: number) =>
  ok({
    topics: [
      { id: `a${brand}`, name: 'Alpha', visibility: 30 },
      { id: `b${brand}`, name: 'Beta', visibility: 10 },
      { id: `c${brand}`, name: 'Gamma', visibility: 20 },
    ],
  });

function api(): FakeApi {
  return new FakeApi()
    .on({ method: 'GET', path: '/brands' }, BRANDS, 'always')
    .on({ method: 'GET', path: '/usage' }, ok({ reads: { used: 1, limit: 1000, remaining: 999 } }), 'always')
    .on({ method: 'GET', path: '/topics', query: (q) => q.some(([k, v]) => k === 'brand_id' && v === '1') }, topics(1), 'always')
    .on({ method: 'GET', path: '/topics', query: (q) => q.some(([k, v]) => k === 'brand_id' && v === '2') }, topics(2), 'always');
}

const NOTE = 'Sorted by visibility, lowest first: the lowest 2 rows of each brand and market (--sort -visibility --top 2 for the highest).\n';
const TTY = { stdoutIsTTY: true, stderrIsTTY: true, columns: 200 };

describe('--top after --sort over several brands', () => {
  it('on a terminal, stderr says once which end of each brand’s rows is shown', async () => {
    const r = await runInProcess(['topics', '--all-brands', '--sort', 'visibility', '--top', '2', '--no-cache'], { api: api(), io: TTY });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('b1');
    expect(r.stdout).not.toContain('a1');
    expect(r.stderr).toBe(NOTE);
  });

  it('in every format, as for one answer; descending names the other end', async () => {
    for (const format of ['json', 'csv']) {
      const r = await runInProcess(['topics', '--all-brands', '--sort', 'visibility', '--top', '2', '-f', format, '--no-cache'], { api: api(), io: TTY });
      expect(r.stderr).toBe(NOTE);
    }
    const high = await runInProcess(['topics', '--all-brands', '--sort', '-visibility', '--top', '1', '--no-cache'], { api: api(), io: TTY });
    expect(high.stderr).toBe('Sorted by visibility, highest first: the highest 1 row of each brand and market (--sort visibility --top 1 for the lowest).\n');
  });

  it('piped, --quiet, or --top that left nothing out: not said', async () => {
    expect((await runInProcess(['topics', '--all-brands', '--sort', 'visibility', '--top', '2', '--no-cache'], { api: api() })).stderr).toBe('');
    expect((await runInProcess(['topics', '--all-brands', '--sort', 'visibility', '--top', '2', '-q', '--no-cache'], { api: api(), io: TTY })).stderr).toBe('');
    expect((await runInProcess(['topics', '--all-brands', '--sort', 'visibility', '--top', '3', '--no-cache'], { api: api(), io: TTY })).stderr).toBe('');
  });
});
