/**
 * A PostgreSQL history's password, as the built vis handles it: never on stdout or stderr,
 * under --debug, in `vis config list`/`get`, or in the history commands' messages, whether
 * it came in the URL (VIS_HISTORY or the saved setting) or from PGPASSWORD.
 */
import { existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { unusedPort } from '../support/ports.js';
import { startSandbox } from '../../src/sandbox/server.js';
import { cleanEnv, runVis } from './helpers.js';

const URL_PASSWORD = 'Sup3r%2Fsecret-pw';
// A loopback port nothing listens on: every connection refused at once.
const PORT = await unusedPort();
// The API the answers come from: a sandbox on loopback (`--demo` records nothing; its history is simulated).
const sandbox = await startSandbox({ rateLimitPerMinute: 100_000, quiet: true });
afterAll(() => sandbox.close());
const URL = `postgresql://ana:${URL_PASSWORD}@127.0.0.1:${PORT}/vis?sslmode=require`;
const SHOWN = `postgresql://ana:***@127.0.0.1:${PORT}/vis?sslmode=require`;
const SECRETS = ['Sup3r', 'secret-pw', 'env-pa55word'];

function leaks(text: string): string[] {
  return SECRETS.filter((s) => text.includes(s));
}

describe('a PostgreSQL history URL with a password', () => {
  it('vis --debug: the data command answers, warns once with the URL masked, and never prints the password', async () => {
    const env = cleanEnv({ VIS_HISTORY: URL, PGPASSWORD: 'env-pa55word', VIS_BASE_URL: sandbox.baseUrl, VIS_API_KEY: 'vis_demo_growth' });
    const r = await runVis(['--debug', 'topics', '-f', 'json'], { env });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toHaveProperty('data');
    expect(r.stderr).toContain('vis debug: ');
    expect(r.stderr).toContain(`history: cannot connect to the PostgreSQL history ${SHOWN}`);
    expect(leaks(r.stdout + r.stderr)).toEqual([]);
  });

  it('vis config set refuses the URL (a command line is seen by every user); one an older vis saved is shown masked', async () => {
    const env = cleanEnv({ PGPASSWORD: 'env-pa55word' });
    const set = await runVis(['config', 'set', 'history', URL], { env });
    expect(set.code).toBe(2);
    expect(set.stderr).toContain('the URL holds a password');
    const file = join(env.VIS_CONFIG_DIR!, 'config.json');
    expect(existsSync(file)).toBe(false);
    // A config file an older vis wrote, holding the URL whole: still read, never shown.
    mkdirSync(env.VIS_CONFIG_DIR!, { recursive: true, mode: 0o700 });
    writeFileSync(file, `${JSON.stringify({ profiles: { default: { history: URL } } })}\n`, { mode: 0o600 });
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const list = await runVis(['--debug', 'config', 'list'], { env });
    expect(list.code, list.stderr).toBe(0);
    expect(list.stdout).toContain(`history = ${SHOWN}`);
    const get = await runVis(['config', 'get', 'history'], { env });
    expect(get.stdout).toBe(`${SHOWN}\n`);
    const check = await runVis(['--debug', 'history', 'check'], { env });
    expect(check.code).toBe(7);
    expect(check.stderr).toContain(SHOWN);
    for (const r of [set, list, get, check]) expect(leaks(r.stdout + r.stderr)).toEqual([]);
  });

  it('a bad URL: exit 2 naming the setting and the rule, never the password', async () => {
    const env = cleanEnv();
    const set = await runVis(['config', 'set', 'history', 'postgresql://ana:Sup3r@secret-pw@db/vis'], { env });
    expect(set.code).toBe(2);
    expect(set.stderr).toContain('history: a URL holds one @, before the host');
    const history = await runVis(['--debug', 'history', 'topics'], {
      env: { ...env, VIS_BASE_URL: sandbox.baseUrl, VIS_HISTORY: 'postgresql://ana:Sup3r-secret-pw@db:70000/vis' },
    });
    expect(history.code).toBe(2);
    expect(history.stderr).toContain('VIS_HISTORY: the port must be a number from 1 to 65535');
    for (const r of [set, history]) expect(leaks(r.stdout + r.stderr)).toEqual([]);
  });
});
