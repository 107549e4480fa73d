/**
 * A PostgreSQL history on servers that behave as no real one does (test/support/fake-pg.ts):
 * one that echoes the password it was sent in its error, and one that logs in and then
 * never answers. What vis prints never holds the password; a server that stopped
 * answering is a timeout (exit 7), never a bug, and never a hang.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { defaultHistory } from '../../src/cli/commands/report/run.js';
import type { ReportOptions } from '../../src/cli/commands/report/parse.js';
import { exitCodeFor, ServerError } from '../../src/errors.js';
import { checkPg, openPgStore } from '../../src/history/pg/store.js';
import { pgTarget } from '../../src/history/pg/connect.js';
import { testContext } from '../support/context.js';
import { startFakePg, type FakePg } from '../support/fake-pg.js';
import { FakeApi, json } from '../support/http.js';
import { runInProcess } from '../support/run.js';

const META = { brand: { id: 7, name: 'Acme' }, market: { code: 'US-en', label: 'United States (English)' } };
/** A password with a character the URL percent-encodes, so both forms can leak. */
const PASSWORD = 'Sekr3t/pw';
const ENCODED = 'Sekr3t%2Fpw';

function home(url: string): Record<string, string> {
  const dir = mkdtempSync(join(tmpdir(), 'vis-pg-fake-'));
  return { HOME: dir, VIS_CONFIG_DIR: join(dir, 'config'), VIS_HISTORY: url };
}

function noPassword(text: string): void {
  expect(text).not.toContain(PASSWORD);
  expect(text).not.toContain(ENCODED);
  expect(text).not.toContain('Sekr3t');
}

describe('a server that echoes the password it was sent', () => {
  let echo: FakePg;
  beforeAll(async () => {
    echo = await startFakePg('echo');
  });
  afterAll(() => echo.stop());
  const url = () => `postgresql://vis:${ENCODED}@127.0.0.1:${echo.port}/analytics?sslmode=disable`;

  it('the data command’s warning shows the server’s words with the password masked', async () => {
    const api = new FakeApi().on(
      { method: 'GET', path: '/topics' },
      json(200, { data: { topics: [] }, meta: META }, { date: 'Sun, 22 Nov 2026 10:00:00 GMT' }),
    );
    const r = await runInProcess(['topics', '-f', 'json', '--no-cache'], { env: home(url()), api });
    expect(r.code).toBe(0);
    expect(echo.passwords).toContain(PASSWORD);
    expect(r.stderr).toContain('password authentication failed for user "vis": got "***"');
    noPassword(r.stderr);
  });

  it('vis history check: the problem list and the error line mask it; exit 2 (the login refused)', async () => {
    const r = await runInProcess(['history', 'check'], { env: home(url()) });
    expect(r.code).toBe(2);
    expect(r.stdout).toMatch(/^Problems$/m);
    expect(r.stdout).toContain('password authentication failed for user "vis": got "***"');
    noPassword(r.stdout);
    noPassword(r.stderr);
  });

  it('a password too short for the last line’s masking is masked all the same', async () => {
    const r = await runInProcess(['history', 'topics'], { env: home(`postgresql://vis:pw1@127.0.0.1:${echo.port}/analytics?sslmode=disable`) });
    expect(r.code).toBe(2);
    expect(echo.passwords).toContain('pw1');
    expect(r.stderr).toContain('got "***"');
    expect(r.stderr).not.toContain('pw1');
  });

  it('the error vis report turns into its warning holds no password either', async () => {
    const err = await defaultHistory(testContext({ env: home(url()) }), { flags: {} } as unknown as ReportOptions)().then(
      () => undefined,
      (e: unknown) => e as Error,
    );
    expect(err?.message).toContain('got "***"');
    noPassword(err!.message);
    noPassword(JSON.stringify(err));
  });

  it('the password from PGPASSWORD is masked as the URL’s', async () => {
    const target = await pgTarget(`postgresql://vis@127.0.0.1:${echo.port}/analytics?sslmode=disable`, { PGPASSWORD: PASSWORD, HOME: '/nonexistent' });
    const check = await checkPg(target);
    expect(check.problems).toHaveLength(1);
    expect(check.problems[0]).toContain('got "***"');
    noPassword(check.problems.join('\n'));
  });
});

describe('a server that logs in, then never answers', () => {
  let mute: FakePg;
  beforeAll(async () => {
    mute = await startFakePg('mute');
  });
  afterAll(() => mute.stop());
  const url = (params = '') => `postgresql://vis@127.0.0.1:${mute.port}/analytics?sslmode=disable${params}`;

  it('the store gives up after its read timeout: a server error (exit 7) naming it, and the connection is dropped', async () => {
    const target = await pgTarget(url(), { HOME: '/nonexistent' });
    target.config.query_timeout = 200;
    const err = await openPgStore(target).then(
      () => undefined,
      (e: unknown) => e as Error,
    );
    expect(err).toBeInstanceOf(ServerError);
    expect(exitCodeFor(err)).toBe(7);
    expect(err!.message).toBe(`the PostgreSQL history ${url()} stopped answering: no answer within 200 ms (its statement timeout plus the connect timeout)`);
    expect(mute.queries()).toBeGreaterThan(0);
  });

  it('vis history check says so as its one problem, and counts it out of reach', async () => {
    const target = await pgTarget(url(), { HOME: '/nonexistent' });
    target.config.query_timeout = 200;
    const check = await checkPg(target);
    expect(check.unreachable).toBe(true);
    expect(check.problems).toEqual([
      `the PostgreSQL history ${url()} stopped answering: no answer within 200 ms (its statement timeout plus the connect timeout)`,
    ]);
  });

  it('vis changes --exit-code exits 7 (never 1) with one line naming the timeout', async () => {
    // The client's own wait is the statement timeout plus the connect timeout, at least 5 s: the shortest there is.
    // Timers are fake once the query is sent, so the test moves past those 5 s instead of waiting them out.
    const before = mute.queries();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let r: Awaited<ReturnType<typeof runInProcess>>;
    try {
      const running = runInProcess(['changes', '--exit-code'], { env: home(url('&statement_timeout=1ms&connect_timeout=2')) });
      let settled = false;
      void running.finally(() => (settled = true));
      // Polled on real timers (vi.waitFor would move the fake ones on while it polls); a run that ended early fails below.
      while (mute.queries() <= before) {
        if (settled) break;
        await sleep(10);
      }
      await vi.advanceTimersByTimeAsync(5001);
      r = await running;
    } finally {
      vi.useRealTimers();
    }
    expect(r.code, r.stderr).toBe(7);
    expect(r.stderr).toMatch(/^vis: the PostgreSQL history postgresql:\/\/vis@127\.0\.0\.1:\d+\/analytics\?\S+ stopped answering: no answer within 5001 ms/);
  });
});
