/**
 * `vis __complete engines`: the engines the account's cached answers name, read back from
 * the response cache as the cache itself checks an entry (src/cli/commands/completion/seen.ts).
 * Whole runs in-process against the sandbox, then the reader alone on planted files.
 */
import { chmodSync, mkdirSync, readdirSync, readFileSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountId, entryFileName } from '../../../src/cache/keys.js';
import { MAX_FILES, seenEngines } from '../../../src/cli/commands/completion/seen.js';
import { startSandbox, type Sandbox } from '../../../src/sandbox/server.js';
import { cleanEnv } from '../../e2e/helpers.js';
import { runWithEnv } from '../../support/run.js';

const vis = (argv: string[], o: { env?: Record<string, string> } = {}) => runWithEnv(argv, { env: o.env ?? cleanEnv() });
let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(() => sandbox.close());

describe('vis __complete engines', () => {
  const growth = () => cleanEnv({ VIS_BASE_URL: sandbox.baseUrl, VIS_API_KEY: 'vis_demo_growth' });

  it('offers the engines the account’s cached answers name, and nothing before any answer is cached', async () => {
    const env = growth();
    expect(await vis(['__complete', 'engines'], { env })).toMatchObject({ code: 0, stdout: '', stderr: '' });
    expect((await vis(['prompts', '-f', 'json'], { env })).code).toBe(0);
    const r = await vis(['__complete', 'engines'], { env });
    expect(r.stderr).toBe('');
    expect(r.stdout.trimEnd().split('\n').sort()).toEqual(['chatgpt', 'claude', 'copilot', 'gemini', 'perplexity']);
    // Another key's cache is another account's: nothing of this one.
    expect((await vis(['__complete', 'engines'], { env: { ...env, VIS_API_KEY: 'vis_demo_agency' } })).stdout).toBe('');
  });

  it('an entry whose header does not match its file name, or a damaged one, is skipped in silence', async () => {
    const env = growth();
    expect((await vis(['prompts', '-f', 'json'], { env })).code).toBe(0);
    const root = `${env.VIS_CONFIG_DIR!.replace(/\/+$/, '')}-cache`;
    const account = readdirSync(root).find((d) => statSync(join(root, d)).isDirectory())!;
    const entries = readdirSync(join(root, account)).filter((f) => f.startsWith('prompts.'));
    expect(entries.length).toBeGreaterThan(0);
    const text = readFileSync(join(root, account, entries[0]!), 'utf8');
    // The same bytes under another entry's name: its header names another key.
    writeFileSync(join(root, account, `answers.${'0'.repeat(32)}.json`), text.replaceAll('chatgpt', 'planted'), { mode: 0o600 });
    for (const e of entries) writeFileSync(join(root, account, e), readFileSync(join(root, account, e), 'utf8').slice(0, 40), { mode: 0o600 });
    const r = await vis(['__complete', 'engines'], { env });
    expect(r).toMatchObject({ code: 0, stderr: '' });
    expect(r.stdout).not.toContain('planted');
    expect(r.stdout).toBe('');
  });

  it('under --demo, whose sandbox is new on every run, it offers nothing', async () => {
    expect(await vis(['--demo', '__complete', 'engines'])).toMatchObject({ code: 0, stdout: '', stderr: '' });
  });
});

/** A cache entry file as the cache writes one (src/cache/store.ts): a header line, then the body. */
function plant(dir: string, endpoint: string, key: string, body: unknown, o: { name?: string; mtime?: number } = {}): string {
  const raw = JSON.stringify(body);
  const header = { v: 1, key, endpoint, fetchedAt: 1_700_000_000_000, expiresAt: 1_700_000_600_000, bytes: Buffer.byteLength(raw) };
  const path = join(dir, o.name ?? entryFileName(endpoint, key));
  writeFileSync(path, `${JSON.stringify(header)}\n${raw}`, { mode: 0o600 });
  if (o.mtime !== undefined) utimesSync(path, o.mtime / 1000, o.mtime / 1000);
  return path;
}

describe('seenEngines: the reader alone', () => {
  const BASE = 'https://api.example.test/api/v1';
  const KEY = 'vis_test_0123456789abcdef';
  function account() {
    const env = cleanEnv();
    const root = `${env.VIS_CONFIG_DIR!.replace(/\/+$/, '')}-cache`;
    const dir = join(root, accountId(BASE, KEY));
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    chmodSync(root, 0o700);
    return { env, root, dir };
  }

  it('engine maps and engine fields, at any depth, from the endpoints that name engines only; each once', () => {
    const { env, dir } = account();
    plant(dir, 'prompts', 'k1', { data: { prompts: [{ engines: { alpha: {}, beta: {} } }, { engines: { alpha: {} } }] } });
    plant(dir, 'answers.runs', 'k2', { data: { runs: [{ engine: 'gamma' }, { engine: 42 }, { nested: { deeper: [{ engine: 'delta' }] } }] } });
    plant(dir, 'topics', 'k3', { data: { topics: [{ engine: 'not-offered' }] } });
    plant(dir, 'pages', 'k4', { data: { pages: [{ engines: ['listed', 'not', 'a', 'map'] }, { engines: null }, { engines: 'text' }] } });
    plant(dir, 'answers', 'k5', { data: { answers: [{ engines: { epsilon: {} } }] } });
    plant(dir, 'answers.history', 'k6', { data: { history: [{ engines: { zeta: {} } }] } });
    plant(dir, 'brand-perception', 'k7', { data: { engines: [{ engine: 'eta' }] } });
    expect(seenEngines(env, BASE, KEY).sort()).toEqual(['alpha', 'beta', 'delta', 'epsilon', 'eta', 'gamma', 'zeta']);
  });

  it('only regular files whose header names the key their name is the hash of, for the endpoint their name says', () => {
    const { env, dir } = account();
    plant(dir, 'prompts', 'k1', { data: { engines: { good: 1 } } });
    plant(dir, 'prompts', 'k2', { data: { engines: { renamed: 1 } } }, { name: entryFileName('prompts', 'other') });
    plant(dir, 'answers', 'k3', { data: { engines: { wrongendpoint: 1 } } }, { name: entryFileName('prompts', 'k3') });
    writeFileSync(join(dir, entryFileName('answers', 'k4')), 'not json\n{}', { mode: 0o600 });
    writeFileSync(join(dir, entryFileName('answers', 'k5')), '', { mode: 0o600 });
    symlinkSync(plant(dir, 'prompts', 'k6', { data: { engines: { linked: 1 } } }, { name: 'elsewhere.json' }), join(dir, entryFileName('prompts', 'k6')));
    writeFileSync(join(dir, `prompts.${'z'.repeat(32)}.json`), 'x', { mode: 0o600 });
    expect(seenEngines(env, BASE, KEY)).toEqual(['good']);
  });

  it('the newest entries first, and at most MAX_FILES of them', () => {
    const { env, dir } = account();
    for (let i = 0; i <= MAX_FILES; i++) plant(dir, 'prompts', `k${i}`, { data: { engines: { [`e${i}`]: 1 } } }, { mtime: 1_700_000_000_000 + i * 1000 });
    const seen = seenEngines(env, BASE, KEY);
    expect(seen.length).toBe(MAX_FILES);
    expect(seen[0]).toBe(`e${MAX_FILES}`);
    expect(seen).not.toContain('e0');
  });

  it('a cache folder others can write to, or none at all, offers nothing', () => {
    const { env, root, dir } = account();
    plant(dir, 'prompts', 'k1', { data: { engines: { open: 1 } } });
    chmodSync(dir, 0o777);
    expect(seenEngines(env, BASE, KEY)).toEqual([]);
    chmodSync(dir, 0o700);
    chmodSync(root, 0o777);
    expect(seenEngines(env, BASE, KEY)).toEqual([]);
    expect(seenEngines(cleanEnv(), BASE, KEY)).toEqual([]);
    expect(seenEngines({}, BASE, KEY)).toEqual([]);
  });
});
