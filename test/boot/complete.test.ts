/**
 * `vis __complete <source>` is answered before the bundle loads (src/boot/complete.ts) from
 * the config file and the caches: for every source, and every way the command prints
 * nothing, its answer must be byte for byte the program's for the same line and files. When
 * the brands must be fetched it must leave the line to the program, having printed and
 * written nothing. In-process: the entry's write to stdout is captured, the program's run
 * against the sandbox on loopback.
 */
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { answerCompletion } from '../../src/boot/complete.js';
import { writeAll } from '../../src/boot/write-out.js';
import { CACHE_FILE } from '../../src/cli/commands/completion/candidates.js';
import { startSandbox, type Sandbox } from '../../src/sandbox/server.js';
import { cleanEnv } from '../e2e/helpers.js';
import { fakeClock } from '../support/context.js';
import { runWithEnv } from '../support/run.js';

vi.mock('../../src/boot/write-out.js', () => ({ writeAll: vi.fn() }));

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(() => sandbox.close());

let written: string[] = [];
beforeEach(() => {
  written = [];
  vi.mocked(writeAll).mockImplementation((text) => void written.push(text));
});

/** What the entry prints for argv (undefined when it leaves the line to the program), and what the program prints. */
async function both(argv: string[], env: Record<string, string>): Promise<{ entry: string | undefined; program: string }> {
  written = [];
  const answered = await answerCompletion(argv, env);
  const entry = answered ? written.join('') : undefined;
  if (!answered) expect(written).toEqual([]);
  // On the real clock, as the entry: the cache's day is the real one.
  const r = await runWithEnv(argv, { env, clock: fakeClock(Date.now()) });
  expect(r).toMatchObject({ code: 0, stderr: '' });
  return { entry, program: r.stdout };
}

function configWith(config: string, extra: Record<string, string> = {}): Record<string, string> {
  const env = cleanEnv(extra);
  writeFileSync(join(env.VIS_CONFIG_DIR!, 'config.json'), config);
  return env;
}

const profiles = (base: string) =>
  JSON.stringify({
    profile: 'agency',
    profiles: { agency: { base_url: base, api_key: 'vis_demo_agency' }, growth: { base_url: base, api_key: 'vis_demo_growth' }, 'bad name!': {} },
  });

describe('vis __complete before the bundle: the program’s answer', () => {
  it('profiles: the config file’s names; nothing without a config file or with a broken one', async () => {
    for (const env of [configWith(profiles(sandbox.baseUrl)), cleanEnv(), configWith('{ not json'), configWith('{"profiles": []}')]) {
      const { entry, program } = await both(['__complete', 'profiles'], env);
      expect(entry).toBe(program);
    }
    expect((await both(['__complete', 'profiles'], configWith(profiles(sandbox.baseUrl)))).entry).toBe('agency\ngrowth\n');
  });

  it('brands: from the cache the program filled, for the active profile, --profile, --base-url and the environment', async () => {
    const env = configWith(profiles(sandbox.baseUrl));
    const viaEnv = cleanEnv({ VIS_BASE_URL: sandbox.baseUrl, VIS_API_KEY: 'vis_demo_growth' });
    for (const [argv, e] of [
      [['__complete', 'brands'], env],
      [['__complete', 'brands', '--profile', 'growth'], env],
      [['__complete', 'brands', `--base-url=${sandbox.baseUrl}`, '--profile=growth'], configWith(profiles(sandbox.baseUrl))],
      [['__complete', 'brands'], viaEnv],
    ] as Array<[string[], Record<string, string>]>) {
      // The first lookup is the program's: it fetches and stores the names.
      expect((await both(argv, e)).entry).toBeUndefined();
      const { entry, program } = await both(argv, e);
      expect(entry).toBe(program);
      expect(entry).not.toBe('');
    }
    expect((await both(['__complete', 'brands'], env)).entry).toBe('Bluepeak Outdoor\nLarkspur Dental\nCopperline Payments\n');
  });

  it('brands: nothing without a key or a base URL, under VIS_DEMO, with a broken config, an unknown profile or a bad setting', async () => {
    const base = { VIS_BASE_URL: sandbox.baseUrl, VIS_API_KEY: 'vis_demo_growth' };
    for (const env of [
      cleanEnv(),
      cleanEnv({ VIS_BASE_URL: sandbox.baseUrl }),
      cleanEnv({ VIS_API_KEY: 'vis_demo_growth' }),
      cleanEnv({ ...base, VIS_DEMO: '1' }),
      cleanEnv({ ...base, VIS_PROFILE: 'nope' }),
      cleanEnv({ ...base, VIS_FORMAT: 'yaml' }),
      cleanEnv({ ...base, VIS_CACHE: 'maybe' }),
      cleanEnv({ VIS_BASE_URL: 'http://api.example.com/api/v1', VIS_API_KEY: 'vis_demo_growth' }),
      configWith('{ not json', base),
    ]) {
      const before = sandbox.requests.length;
      const { entry, program } = await both(['__complete', 'brands'], env);
      expect(entry).toBe('');
      expect(program).toBe('');
      expect(sandbox.requests.length).toBe(before);
    }
  });

  it('brands to fetch: left to the program, with nothing printed, sent or written', async () => {
    const env = cleanEnv({ VIS_BASE_URL: sandbox.baseUrl, VIS_API_KEY: 'vis_demo_growth' });
    const before = sandbox.requests.length;
    expect(await answerCompletion(['__complete', 'brands'], env)).toBe(false);
    expect(written).toEqual([]);
    expect(sandbox.requests.length).toBe(before);
    expect(existsSync(join(env.VIS_CONFIG_DIR!, CACHE_FILE))).toBe(false);
    expect(readdirSync(env.VIS_CONFIG_DIR!)).toEqual([]);
  });

  it('engines: from the account’s cached answers, and nothing before any', async () => {
    const env = cleanEnv({ VIS_BASE_URL: sandbox.baseUrl, VIS_API_KEY: 'vis_demo_growth' });
    expect(await both(['__complete', 'engines'], env)).toEqual({ entry: '', program: '' });
    expect((await runWithEnv(['prompts', '-f', 'json'], { env })).code).toBe(0);
    const { entry, program } = await both(['__complete', 'engines'], env);
    expect(entry).toBe(program);
    expect(entry).toContain('chatgpt\n');
  });

  it('a source it does not know: nothing', async () => {
    expect(await both(['__complete', 'markets'], cleanEnv())).toEqual({ entry: '', program: '' });
  });

  it.each([[['__complete']], [['__complete', 'brands', '--demo']], [['__complete', 'brands', 'extra']], [['--profile', 'a', '__complete', 'brands']]])(
    '%j, which the scripts never send: left to the program',
    async (argv) => {
      expect(await answerCompletion(argv, cleanEnv())).toBe(false);
      expect(written).toEqual([]);
    },
  );
});
