/**
 * `vis export`'s manifest tells the truth while and after it runs, and `--resume`
 * finishes an unfinished export with the same plan, spending reads only on the files
 * still missing (docs/guide.md, Export). In-process against the sandbox on loopback; the
 * interruption is the context's abort signal, which src/main.ts aborts on Ctrl-C and
 * SIGTERM (the spawned check is in test/e2e/export.e2e.test.ts).
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS, type EndpointSpec } from '../../src/endpoints.js';
import { MAX_RETRIES } from '../../src/http/retry.js';
import { startSandbox, type Sandbox } from '../../src/sandbox/server.js';
import type { Fault } from '../../src/sandbox/options.js';
import { listFiles, tempDir } from '../support/files.js';
import { runInProcess } from '../support/run.js';

const NOW = new Date('2026-11-22T12:00:00Z');
const KEY = 'vis_demo_growth';
/** The default set, written out from its rule (as in export.test.ts), in table order. */
const DEFAULT_SET: EndpointSpec[] = ENDPOINTS.filter(
  (e) => e.method === 'GET' && e.group === 'data' && e.pathParam === undefined && !e.query.some((q) => q.required),
);
const fileOf = (e: EndpointSpec, ext = 'csv') => (e.market ? `northwind-crm/US-en/${e.id}.${ext}` : `northwind-crm/${e.id}.${ext}`);
/** Where the interruption happens: the request for /pages hangs until the run is aborted. */
const AT = DEFAULT_SET.findIndex((e) => e.path === '/pages');

interface Manifest {
  status: string;
  exit_code: number | null;
  period: unknown;
  plan: Record<string, unknown>;
  reads: { left_before: number | null; planned: number; spent: number; this_run: number };
  files: Array<{ path: string; period: Record<string, unknown> | null; fetched_at: string }>;
  failed: Array<{ path: string }>;
  not_attempted: unknown[];
  stale: Array<{ path: string }>;
}
const readManifest = (dir: string): Manifest => JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as Manifest;

/** A manifest without what differs from one run to the next of the same export: times and the budget before. */
function normalised(m: Manifest): unknown {
  const copy = JSON.parse(JSON.stringify(m)) as Record<string, unknown> & Manifest;
  delete copy.started_at;
  delete copy.finished_at;
  copy.reads = { ...copy.reads, left_before: null, this_run: 0 };
  copy.files = copy.files.map((f) => ({ ...f, fetched_at: '' }));
  return copy;
}

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ now: () => NOW, rateLimitPerMinute: 1_000_000 });
});
afterAll(() => sandbox.close());

const on = (baseUrl: string, extra: Record<string, string> = {}) => ({ baseUrl, env: { VIS_API_KEY: KEY, VIS_RATE_LIMIT: '1000000', ...extra } });

/** Runs the export against a sandbox whose /pages hangs once, and aborts it when /pages is asked for. */
async function interrupted(dir: string, args: string[] = [], faults: Fault[] = []) {
  const s = await startSandbox({
    now: () => NOW,
    rateLimitPerMinute: 1_000_000,
    faults: [{ path: '/pages', kind: 'slow', delayMs: 60_000, times: 1 }, ...faults],
  });
  const controller = new AbortController();
  const running = runInProcess(['export', '--dir', dir, ...args], { ...on(s.baseUrl), signal: controller.signal });
  while (!s.requests.some((q) => q.path === '/pages')) await new Promise((r) => setTimeout(r, 5));
  // Rewritten after every file: a SIGKILL now would leave this.
  const during = readManifest(dir);
  controller.abort();
  const r = await running;
  return { r, s, during };
}

describe('the manifest while the export runs and when it stops', () => {
  it('running after every file, interrupted on abort with the files written so far; exit 130', async () => {
    const dir = tempDir();
    const { r, s, during } = await interrupted(dir);
    try {
      const done = DEFAULT_SET.slice(0, AT)
        .map((e) => fileOf(e))
        .sort();
      expect(during.status).toBe('running');
      expect(during.exit_code).toBeNull();
      expect(during.files.map((f) => f.path)).toEqual(done);
      expect(r.code).toBe(130);
      const m = readManifest(dir);
      expect(m).toMatchObject({ status: 'interrupted', exit_code: null, reads: { spent: AT, this_run: AT, planned: DEFAULT_SET.length } });
      expect(m.files.map((f) => f.path)).toEqual(done);
      expect(m.plan).toEqual({
        endpoints: DEFAULT_SET.map((e) => e.id),
        brands: [101],
        all_markets: false,
        market: null,
        format: 'csv',
        period: {},
        period_date: '2026-11-22',
        period_resolved: null,
        params: [],
      });
    } finally {
      await s.close();
    }
  });

  it('a second run with --days 30 over a complete 7-day export, interrupted: never "complete", and the 7-day files left are stale', async () => {
    const dir = tempDir();
    expect((await runInProcess(['export', '--dir', dir, '--days', '7'], on(sandbox.baseUrl))).code).toBe(0);
    expect(readManifest(dir).status).toBe('complete');
    const { r, s } = await interrupted(dir, ['--days', '30']);
    try {
      expect(r.code).toBe(130);
      const m = readManifest(dir);
      expect(m.status).toBe('interrupted');
      expect(m.period).toEqual({ days: 30 });
      expect(m.plan.period_resolved).toEqual({ from: '2026-10-24', to: '2026-11-22' });
      expect(m.files.map((f) => f.path)).toEqual(
        DEFAULT_SET.slice(0, AT)
          .map((e) => fileOf(e))
          .sort(),
      );
      expect(m.files.filter((f) => f.period !== null).every((f) => f.period!.days === 30 || f.path.includes('search-performance'))).toBe(true);
      // Still on disk from the 7-day run: listed, not deleted, not counted as this run's.
      expect(m.stale.map((x) => x.path)).toEqual(
        DEFAULT_SET.slice(AT)
          .map((e) => fileOf(e))
          .sort(),
      );
      expect(listFiles(dir)).toEqual([...DEFAULT_SET.map((e) => fileOf(e)), 'manifest.json'].sort());
    } finally {
      await s.close();
    }
  });

  it('files of another format in the folder are stale', async () => {
    const dir = tempDir();
    expect((await runInProcess(['export', '--dir', dir, '--only', 'topics,pages'], on(sandbox.baseUrl))).code).toBe(0);
    const r = await runInProcess(['export', '--dir', dir, '--only', 'topics', '--format', 'json'], on(sandbox.baseUrl));
    expect(r.code).toBe(0);
    const m = readManifest(dir);
    expect(m.status).toBe('complete');
    expect(m.stale).toEqual([{ path: 'northwind-crm/US-en/pages.csv' }, { path: 'northwind-crm/US-en/topics.csv' }]);
    expect(r.stderr).toContain('vis: warning: 2 files in');
  });
});

describe('--resume', () => {
  it('after an interruption spends exactly the missing reads and ends with the manifest of an uninterrupted run', async () => {
    const dir = tempDir();
    const { r, s } = await interrupted(dir, ['--days', '14']);
    try {
      expect(r.code).toBe(130);
      const whole = tempDir();
      expect((await runInProcess(['export', '--dir', whole, '--days', '14'], on(s.baseUrl))).code).toBe(0);
      const readsBefore = s.reads(KEY);
      const from = s.requests.length;
      const resumed = await runInProcess(['export', '--dir', dir, '--resume'], on(s.baseUrl));
      expect(resumed.code).toBe(0);
      const missing = DEFAULT_SET.slice(AT);
      expect(s.requests.slice(from).map((q) => q.path)).toEqual(['/usage', '/brands', ...missing.map((e) => e.path)]);
      // The recorded period reaches the requests: --days 14, as in the first run.
      expect(s.requests.slice(from + 2).find((q) => q.path === '/pages')!.query.days).toBe('14');
      expect(s.reads(KEY) - readsBefore).toBe(missing.length);
      expect(resumed.stderr).toMatch(new RegExp(`^vis export: ${DEFAULT_SET.length} files, \\d+ rows, ${missing.length} reads spent`));

      const m = readManifest(dir);
      expect(m.status).toBe('complete');
      expect(m.reads).toMatchObject({ spent: DEFAULT_SET.length, this_run: missing.length, planned: DEFAULT_SET.length });
      expect(normalised(m)).toEqual(normalised(readManifest(whole)));
      for (const f of DEFAULT_SET.map((e) => fileOf(e))) expect(readFileSync(join(dir, f), 'utf8')).toBe(readFileSync(join(whole, f), 'utf8'));
    } finally {
      await s.close();
    }
  });

  it('a file the manifest lists but that is gone or changed is read again', async () => {
    const dir = tempDir();
    const { s } = await interrupted(dir);
    try {
      const { writeFileSync } = await import('node:fs');
      writeFileSync(join(dir, fileOf(DEFAULT_SET[0]!)), 'changed');
      const from = s.requests.length;
      expect((await runInProcess(['export', '--dir', dir, '--resume'], on(s.baseUrl))).code).toBe(0);
      expect(s.requests.slice(from + 2).map((q) => q.path)).toEqual([DEFAULT_SET[0]!.path, ...DEFAULT_SET.slice(AT).map((e) => e.path)]);
    } finally {
      await s.close();
    }
  });

  it('--dry-run --resume shows what is left and its cost, spending nothing', async () => {
    const dir = tempDir();
    const { s } = await interrupted(dir);
    try {
      const from = s.requests.length;
      const r = await runInProcess(['export', '--dir', dir, '--resume', '--dry-run'], on(s.baseUrl));
      expect(r.code).toBe(0);
      expect(r.stdout).toContain(`Resume:  ${AT} files already written; below is what is left`);
      expect(r.stdout).toContain(`Cost: ${DEFAULT_SET.length - AT} reads.`);
      expect(s.requests.slice(from).map((q) => q.path)).toEqual(['/usage', '/brands']);
      expect(readManifest(dir).status).toBe('interrupted');
    } finally {
      await s.close();
    }
  });

  it('refuses (exit 2, no request) a flag that differs from the export, naming it', async () => {
    const dir = tempDir();
    const { s } = await interrupted(dir, ['--days', '7']);
    try {
      const from = s.requests.length;
      const r = await runInProcess(['export', '--dir', dir, '--resume', '--days', '30', '--format', 'json'], on(s.baseUrl));
      expect(r.code).toBe(2);
      expect(r.stderr).toContain('vis: --resume: the plan differs from the export in');
      expect(r.stderr).toContain('period (--days 30; the export has --days 7)');
      expect(r.stderr).toContain('format (--format json; the export is csv)');
      expect(s.requests.length).toBe(from);
      // The same flags again are no difference.
      expect((await runInProcess(['export', '--dir', dir, '--resume', '--days', '7'], on(s.baseUrl))).code).toBe(0);
    } finally {
      await s.close();
    }
  });

  it('a relative period resumed on another day is refused: the files would mix periods', async () => {
    const dir = tempDir();
    const { s } = await interrupted(dir, ['--days', '7']);
    try {
      const m = readManifest(dir);
      const { writeFileSync } = await import('node:fs');
      writeFileSync(join(dir, 'manifest.json'), JSON.stringify({ ...m, plan: { ...m.plan, period_date: '2026-11-21' } }));
      const r = await runInProcess(['export', '--dir', dir, '--resume'], on(s.baseUrl));
      expect(r.code).toBe(2);
      expect(r.stderr).toContain("--resume: the export's period (--days 7) counts back from 2026-11-21, and today is 2026-11-22");
    } finally {
      await s.close();
    }
  });

  it('with no manifest: exit 2; on a complete export: nothing to do, exit 0, no read', async () => {
    const empty = tempDir();
    const none = await runInProcess(['export', '--dir', empty, '--resume'], on(sandbox.baseUrl));
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('has no manifest.json, so there is no export to resume');

    const dir = tempDir();
    expect((await runInProcess(['export', '--dir', dir, '--only', 'topics'], on(sandbox.baseUrl))).code).toBe(0);
    const from = sandbox.requests.length;
    const r = await runInProcess(['export', '--dir', dir, '--resume'], on(sandbox.baseUrl));
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('is complete; nothing to resume.');
    expect(sandbox.requests.length).toBe(from);
  });

  it('after a server error (incomplete, exit 7) reads only the file that failed', async () => {
    const s = await startSandbox({
      now: () => NOW,
      rateLimitPerMinute: 1_000_000,
      faults: [{ path: '/topics', kind: 'status', status: 500, times: MAX_RETRIES + 1 }],
    });
    try {
      const dir = tempDir();
      expect((await runInProcess(['export', '--dir', dir], on(s.baseUrl))).code).toBe(7);
      expect(readManifest(dir)).toMatchObject({ status: 'incomplete', exit_code: 7, failed: [{ path: 'northwind-crm/US-en/topics.csv' }] });
      const from = s.requests.length;
      const r = await runInProcess(['export', '--dir', dir, '--resume'], on(s.baseUrl));
      expect(r.code).toBe(0);
      expect(s.requests.slice(from).map((q) => q.path)).toEqual(['/usage', '/brands', '/topics']);
      expect(readManifest(dir)).toMatchObject({ status: 'complete', exit_code: 0, failed: [], stale: [] });
      expect(readManifest(dir).files).toHaveLength(DEFAULT_SET.length);
    } finally {
      await s.close();
    }
  });

  it('quota_exceeded mid-run: failed, with the files so far', async () => {
    const s = await startSandbox({
      now: () => NOW,
      rateLimitPerMinute: 1_000_000,
      faults: [{ path: '/sources', kind: 'status', status: 429, code: 'quota_exceeded' }],
    });
    try {
      const dir = tempDir();
      expect((await runInProcess(['export', '--dir', dir], on(s.baseUrl))).code).toBe(6);
      const m = readManifest(dir);
      expect(m.status).toBe('failed');
      expect(m.files.length).toBe(DEFAULT_SET.findIndex((e) => e.path === '/sources'));
    } finally {
      await s.close();
    }
  });
});

describe('--resume of item endpoints: the lists are not read again on the same API day', () => {
  /** The second item the sandbox lists for `list` (read on a sandbox of its own, so no read here is counted). */
  async function secondItem(list: string, field: string): Promise<string> {
    const s = await startSandbox({ now: () => NOW, rateLimitPerMinute: 1_000_000 });
    try {
      const res = await fetch(`${s.baseUrl}${list}?brand_id=101`, { headers: { authorization: `Bearer ${KEY}` } });
      const data = ((await res.json()) as { data: Record<string, unknown> }).data;
      const rows = Object.values(data).find((v): v is Array<Record<string, unknown>> => Array.isArray(v))!;
      return `${list}/${encodeURIComponent(String(rows[1]![field]))}`;
    } finally {
      await s.close();
    }
  }

  /** The export of `only` with the cache off, aborted while the second item hangs; then what its resume reads. */
  async function interruptedThenResumed(only: string, list: string, field: string, edit?: (dir: string) => void) {
    const hang = await secondItem(list, field);
    const s = await startSandbox({ now: () => NOW, rateLimitPerMinute: 1_000_000, faults: [{ path: hang, kind: 'slow', delayMs: 60_000, times: 1 }] });
    try {
      const dir = tempDir();
      const env = on(s.baseUrl, { VIS_CACHE: 'off' });
      const controller = new AbortController();
      const running = runInProcess(['export', '--dir', dir, '--only', only], { ...env, signal: controller.signal });
      while (!s.requests.some((q) => q.path === hang)) await new Promise((r) => setTimeout(r, 5));
      controller.abort();
      expect((await running).code).toBe(130);
      edit?.(dir);
      const m = readManifest(dir) as Manifest & { listed: Array<{ request: string; endpoint: string; date: string; items: string[] }> };
      const dry = await runInProcess(['export', '--dir', dir, '--resume', '--dry-run'], env);
      const readsBefore = s.reads(KEY);
      const from = s.requests.length;
      const resumed = await runInProcess(['export', '--dir', dir, '--resume'], env);
      expect(resumed.code, resumed.stderr).toBe(0);
      return { m, dry, spent: s.reads(KEY) - readsBefore, paths: s.requests.slice(from).map((q) => q.path), final: readManifest(dir) };
    } finally {
      await s.close();
    }
  }

  it('topic detail: the resume reads only the topics not yet written, not /topics (cache off)', async () => {
    const { m, dry, spent, paths, final } = await interruptedThenResumed('topics.get', '/topics', 'id');
    expect(m.listed).toEqual([{ request: 'GET /topics?brand_id=101', endpoint: 'topics.get', date: '2026-11-22', items: expect.any(Array) }]);
    const items = m.listed[0]!.items;
    const done = new Set(m.files.map((f) => f.path.replace(/^.*\/topics\.get\/(.*)\.csv$/, '$1')));
    expect(done.size).toBe(1);
    const missing = items.filter((id) => !done.has(id));
    // The minimum: one read per topic file not yet written, and nothing else.
    expect(paths).toEqual(['/usage', '/brands', ...missing.map((id) => `/topics/${encodeURIComponent(id)}`)]);
    expect(spent).toBe(missing.length);
    // The dry run knows the items too: an exact cost, without the list.
    expect(dry.stdout).toContain(`Cost: ${missing.length} reads.`);
    expect(final).toMatchObject({ status: 'complete', reads: { this_run: missing.length } });
    expect(final.files).toHaveLength(items.length);
  });

  it('tasks: the resume does not read /tasks again, though its cache entry would have expired (cache off)', async () => {
    const { m, spent, paths } = await interruptedThenResumed('tasks.get', '/tasks', 'id');
    const missing = m.listed[0]!.items.length - m.files.length;
    expect(paths).not.toContain('/tasks');
    expect(spent).toBe(missing);
  });

  it('a list recorded on another API day is read again', async () => {
    const { spent, paths, m } = await interruptedThenResumed('topics.get', '/topics', 'id', (dir) => {
      const old = readManifest(dir) as Manifest & { listed: Array<{ date: string }> };
      writeFileSync(join(dir, 'manifest.json'), JSON.stringify({ ...old, listed: old.listed.map((l) => ({ ...l, date: '2026-11-21' })) }));
    });
    expect(paths.slice(0, 3)).toEqual(['/usage', '/brands', '/topics']);
    expect(spent).toBe(1 + m.listed[0]!.items.length - m.files.length);
  });

  it('a list whose own file is not written yet is read (for its file)', async () => {
    const { spent, paths, m, final } = await interruptedThenResumed('topics,topics.get', '/topics', 'id', (dir) => {
      rmSync(join(dir, 'northwind-crm/US-en/topics.csv'));
    });
    expect(paths.slice(0, 3)).toEqual(['/usage', '/brands', '/topics']);
    // m.files still lists topics.csv (removed behind the manifest's back); it is read again.
    expect(spent).toBe(1 + m.listed[0]!.items.length - (m.files.length - 1));
    expect(final.status).toBe('complete');
  });
});
