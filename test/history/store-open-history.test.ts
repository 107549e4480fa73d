/**
 * openHistory, the store as the history commands open it: the file VIS_HISTORY names,
 * with the journal taken in; a store another running vis keeps for a whole minute
 * refused (exit 7) naming it, the wait said on a terminal.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { exitCodeFor, ServerError, UsageError } from '../../src/errors.js';
import { journalDir, writeEntry } from '../../src/history/journal.js';
import { redactSecrets, clearSecrets } from '../../src/http/redact.js';
import { historyWhere, openHistory } from '../../src/services/history.js';
import { fakeClock, testContext, testIO } from '../support/context.js';
import { unusedPort } from '../support/ports.js';
import { answer } from './reader-contract.js';

function storeFile(): string {
  return join(mkdtempSync(join(tmpdir(), 'vis-open-history-')), 'data', 'history.db');
}

describe('openHistory', () => {
  it('opens the store VIS_HISTORY names, with the journal taken in', async () => {
    const file = storeFile();
    mkdirSync(journalDir(file), { recursive: true, mode: 0o700 });
    const a = answer({});
    writeEntry(journalDir(file), a);
    const store = await openHistory(testContext({ env: { VIS_HISTORY: file } }));
    try {
      expect(store.file).toBe(file);
      expect(await store.answers({ api: a.api })).toEqual([a]);
    } finally {
      await store.close();
    }
  });

  it('waits a minute for a store another running vis keeps, saying so on a terminal, then exit 7 naming that process', async () => {
    const file = storeFile();
    await (await openHistory(testContext({ env: { VIS_HISTORY: file } }))).close();
    const clock = fakeClock();
    // Dated long ago: a holder that runs is never broken, however old its lock.
    const at = clock.now() - 3_600_000;
    writeFileSync(`${file}.vis.lock`, JSON.stringify({ pid: process.pid, host: hostname(), at, token: 'another-vis' }));
    const io = testIO({ stderrIsTTY: true, columns: 1000 });
    const err = await openHistory(testContext({ io, env: { VIS_HISTORY: file }, overrides: { clock } })).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(ServerError);
    expect(exitCodeFor(err)).toBe(7);
    const holder = `process ${process.pid} on ${hostname()} since ${new Date(at).toISOString()}`;
    expect((err as ServerError).message).toBe(`the history store ${file} is in use by ${holder}: gave up after 60 s waiting for its lock ${file}.vis.lock`);
    expect((err as ServerError).hint).toBe(
      `vis never takes the store from a process that runs: let it finish, or stop it. If process ${process.pid} is not a vis, the lock is left over: remove it (rm '${file}.vis.lock').`,
    );
    expect(clock.waits.reduce((a, b) => a + b, 0)).toBe(60_000);
    expect(io.err()).toBe(`vis: waiting for the history store ${file}: ${holder} is using it (taking the journal in, or reading)…\n`);
  });

  it('says it once a run, however many calls of the store wait', async () => {
    const file = storeFile();
    const clock = fakeClock();
    const io = testIO({ stderrIsTTY: true, columns: 1000 });
    const store = await openHistory(testContext({ io, env: { VIS_HISTORY: file }, overrides: { clock } }));
    try {
      for (let i = 0; i < 2; i++) {
        writeFileSync(`${file}.vis.lock`, JSON.stringify({ pid: process.pid, host: hostname(), at: clock.now(), token: `another-vis-${i}` }));
        // The holder lets go after 2 s.
        const gone = clock.t + 2_000;
        const sleep = clock.sleep;
        clock.sleep = async (ms, signal) => {
          await sleep(ms, signal);
          if (clock.t >= gone) {
            clock.sleep = sleep;
            rmSync(`${file}.vis.lock`, { force: true });
          }
        };
        expect(await store.days({ api: 'demo' })).toEqual([]);
      }
    } finally {
      await store.close();
    }
    expect(io.err().split('\n').filter(Boolean)).toHaveLength(1);
  });

  it('says nothing of a wait when stderr is not a terminal', async () => {
    const file = storeFile();
    await (await openHistory(testContext({ env: { VIS_HISTORY: file } }))).close();
    const clock = fakeClock();
    writeFileSync(`${file}.vis.lock`, JSON.stringify({ pid: process.pid, host: hostname(), at: clock.now(), token: 'another-vis' }));
    const io = testIO();
    await expect(openHistory(testContext({ io, env: { VIS_HISTORY: file }, overrides: { clock } }))).rejects.toBeInstanceOf(ServerError);
    expect(io.err()).toBe('');
  });

  it('says the history is off', async () => {
    await expect(openHistory(testContext({ env: { VIS_HISTORY: 'off' } }))).rejects.toThrow('the history is off (VIS_HISTORY): nothing has been recorded');
  });

  it('a PostgreSQL server out of reach: exit 7 naming it with its password masked; a bad URL refused by the rule it breaks', async () => {
    const port = await unusedPort();
    const refusal = (VIS_HISTORY: string) =>
      openHistory(testContext({ env: { VIS_HISTORY, HOME: mkdtempSync(join(tmpdir(), 'vis-pg-home-')) } })).then(
        () => undefined,
        (e: unknown) => e as Error,
      );
    const masked = await refusal(`postgres://ana:s3cret-pw@127.0.0.1:${port}/vis`);
    expect(masked).toBeInstanceOf(ServerError);
    expect(exitCodeFor(masked)).toBe(7);
    expect(masked?.message).toBe(`cannot connect to the PostgreSQL history postgres://ana:***@127.0.0.1:${port}/vis: connect ECONNREFUSED 127.0.0.1:${port}`);
    // What to check comes with it, by how the connection failed.
    expect((masked as ServerError).hint).toBe(
      `Nothing accepts connections at 127.0.0.1 port ${port}: check the URL's host and port, that PostgreSQL runs there, and its listen_addresses.`,
    );
    const bad = await refusal('postgres://ana:s3cret-pw@db.example/vis?sslmode=yes');
    expect(bad).toBeInstanceOf(UsageError);
    expect(bad?.message).toBe('VIS_HISTORY: sslmode must be one of disable, allow, prefer, require, verify-ca, verify-full (got "yes")');
  });

  it('no place for a store: refused saying why', async () => {
    await expect(openHistory(testContext({ env: {} }))).rejects.toThrow(
      'no history store: neither HOME nor XDG_DATA_HOME is set: set VIS_HISTORY to a file path (or off)',
    );
  });

  it("historyWhere: the profile's setting, named as its source; a blank one is no setting; a file location as it is", () => {
    const dir = mkdtempSync(join(tmpdir(), 'vis-where-'));
    const config = join(dir, 'config');
    mkdirSync(config, { mode: 0o700 });
    const file = join(dir, 'kept.db');
    writeFileSync(join(config, 'config.json'), JSON.stringify({ profiles: { default: { history: file }, blank: { history: '  ' } } }), { mode: 0o600 });
    const env = { HOME: dir, VIS_CONFIG_DIR: config };
    expect(historyWhere(testContext({ env }))).toEqual({ kind: 'file', file, source: `profile "default" (${join(config, 'config.json')})` });
    expect(historyWhere(testContext({ env }), 'blank')).toEqual({
      kind: 'file',
      file: join(`${config}-data`, 'history.db'),
      source: 'default (beside VIS_CONFIG_DIR)',
    });
  });

  it('a password file others may read is said on stderr before the connection is tried', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'vis-pgpass-open-'));
    writeFileSync(join(dir, 'pgpass'), '*:*:*:*:filepw\n', { mode: 0o644 });
    const port = await unusedPort();
    const io = testIO();
    const err = await openHistory(testContext({ io, env: { VIS_HISTORY: `postgres://ana@127.0.0.1:${port}/vis`, PGPASSFILE: join(dir, 'pgpass') } })).then(
      () => undefined,
      (e: unknown) => e as Error,
    );
    expect(exitCodeFor(err)).toBe(7);
    expect(io.err()).toBe(`vis: warning: password file "${join(dir, 'pgpass')}" has group or world access; permissions should be u=rw (0600) or less\n`);
  });

  it('the password a PostgreSQL target connects with is masked in whatever vis prints after', async () => {
    clearSecrets();
    try {
      const where = historyWhere(testContext({ env: { VIS_HISTORY: 'postgres://ana@db.example/vis', PGPASSWORD: 'from-the-env-pw' } }));
      expect(redactSecrets('auth failed for from-the-env-pw')).toBe('auth failed for from-the-env-pw');
      if (where.kind !== 'postgres') throw new Error(where.kind);
      expect((await where.target()).config.password).toBe('from-the-env-pw');
      expect(redactSecrets('auth failed for from-the-env-pw')).toBe('auth failed for ***');
      const none = historyWhere(testContext({ env: { VIS_HISTORY: 'postgres://ana@db.example/vis', PGPASSFILE: '/nonexistent' } }));
      if (none.kind !== 'postgres') throw new Error(none.kind);
      expect((await none.target()).config.password).toBeTypeOf('function');
    } finally {
      clearSecrets();
    }
  });
});
