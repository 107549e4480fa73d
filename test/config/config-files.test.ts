/**
 * The config file in environments that refuse it, in-process: an empty file, a folder or
 * a file where the file or folder should be, a config.json that is a symlink. A refusal
 * exits 2 naming the file and what to do, never "This is a bug", and leaves the old file
 * as it was; a symlink's target keeps its mode. A read-only folder needs vis to run as
 * another user: test/e2e/config-files.e2e.test.ts.
 */
import { chmodSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanEnv, startUsageServer, type TestServer } from '../e2e/helpers.js';
import { runWithEnv, type InProcessOutcome as RunResult } from '../support/run.js';

const KEY = 'vis_live_0123456789abcdef';
let server: TestServer;

beforeAll(async () => {
  server = await startUsageServer(KEY);
});
afterAll(() => server.close());

function expectEnvironmentError(r: RunResult, message: RegExp): void {
  expect(r.stderr).toMatch(message);
  expect(r.code).toBe(2);
  expect(r.stderr).not.toContain('This is a bug');
  expect(r.stderr).not.toContain('unexpected error');
}

/** A config folder holding `text` as config.json. */
function configWith(text: string): { env: Record<string, string>; path: string } {
  const env = cleanEnv();
  const path = join(env.VIS_CONFIG_DIR!, 'config.json');
  writeFileSync(path, text, { mode: 0o600 });
  return { env, path };
}

describe('an empty config.json is an empty config, for writes as for reads', () => {
  it('config set saves the setting', async () => {
    const { env, path } = configWith('');
    const r = await runWithEnv(['config', 'set', 'market', 'US-en'], { env });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual({ profiles: { default: { market: 'US-en' } } });
  });

  it('auth login (key on stdin) saves the key', async () => {
    const { env, path } = configWith('\n');
    const r = await runWithEnv(['auth', 'login', '--base-url', server.baseUrl], { env, input: `${KEY}\n` });
    expect(r.code).toBe(0);
    expect(JSON.parse(readFileSync(path, 'utf8')).profiles.default.api_key).toBe(KEY);
    expect(statSync(path).mode & 0o777).toBe(0o600);
  });
});

describe('a folder where config.json should be, or a file where its folder should be: exit 2, naming it', () => {
  const cases: Array<[string, string[], string | undefined]> = [
    ['config set', ['config', 'set', 'market', 'US-en'], undefined],
    ['config get', ['config', 'get', 'market'], undefined],
    ['config list', ['config', 'list'], undefined],
    ['config unset', ['config', 'unset', 'market'], undefined],
    ['auth login', ['auth', 'login', '--base-url', 'URL'], `${KEY}\n`],
    ['auth logout', ['auth', 'logout'], undefined],
    ['auth status', ['auth', 'status'], undefined],
    ['a data command', ['--demo', 'usage'], undefined],
  ];
  it.each(cases)('%s, config.json a folder: EISDIR', async (_name, argv, input) => {
    const env = cleanEnv();
    const path = join(env.VIS_CONFIG_DIR!, 'config.json');
    mkdirSync(path);
    const r = await runWithEnv(
      argv.map((a) => (a === 'URL' ? server.baseUrl : a)),
      { env, input },
    );
    expectEnvironmentError(r, /config file .*config\.json: EISDIR/);
    expect(r.stderr).toMatch(/A folder stands where the config file should be/);
    expect(lstatSync(path).isDirectory()).toBe(true);
  });

  it.each(cases)('%s, the config folder under a regular file: ENOTDIR', async (_name, argv, input) => {
    const home = mkdtempSync(join(tmpdir(), 'vis-cfg-'));
    writeFileSync(join(home, 'file'), 'x');
    const env = cleanEnv({ VIS_CONFIG_DIR: join(home, 'file', 'vis') });
    const r = await runWithEnv(
      argv.map((a) => (a === 'URL' ? server.baseUrl : a)),
      { env, input },
    );
    expectEnvironmentError(r, /config file .*file\/vis\/config\.json: ENOTDIR/);
    expect(r.stderr).toMatch(/set VIS_CONFIG_DIR/);
  });

  it('config path still answers: it does not read the file', async () => {
    const env = cleanEnv();
    mkdirSync(join(env.VIS_CONFIG_DIR!, 'config.json'));
    const r = await runWithEnv(['config', 'path'], { env });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(`${join(env.VIS_CONFIG_DIR!, 'config.json')}\n`);
  });
});

describe('a config.json that is a symlink: never chmod-ed through the link', () => {
  function linked(): { env: Record<string, string>; link: string; target: string } {
    const env = cleanEnv();
    const dotfiles = mkdtempSync(join(tmpdir(), 'vis-dotfiles-'));
    const target = join(dotfiles, 'vis.json');
    writeFileSync(target, '{"profiles":{"default":{"market":"DE-de"}}}');
    chmodSync(target, 0o644);
    const link = join(env.VIS_CONFIG_DIR!, 'config.json');
    symlinkSync(target, link);
    return { env, link, target };
  }

  it('config set writes through the link, keeps the target 0644, and warns that others can read it', async () => {
    const { env, link, target } = linked();
    const r = await runWithEnv(['config', 'set', 'brand', '12'], { env });
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/warning: .*config\.json is a symlink to a file others can read \(mode 644\).*chmod 600/);
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(statSync(target).mode & 0o777).toBe(0o644);
    expect(JSON.parse(readFileSync(target, 'utf8')).profiles.default).toEqual({ market: 'DE-de', brand: '12' });
  });

  it("a data command reads it and leaves the target's mode alone", async () => {
    const { env, target } = linked();
    const r = await runWithEnv(['--demo', 'usage', '--format', 'json'], { env });
    expect(r.code).toBe(0);
    expect(statSync(target).mode & 0o777).toBe(0o644);
  });

  it('a regular config.json created loose is still tightened to 0600', async () => {
    const { env, path } = configWith('{}');
    chmodSync(path, 0o644);
    const r = await runWithEnv(['--demo', 'usage', '--format', 'json'], { env });
    expect(r.code).toBe(0);
    expect(statSync(path).mode & 0o777).toBe(0o600);
  });
});
