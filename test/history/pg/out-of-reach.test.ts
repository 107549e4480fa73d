/**
 * What vis tells a user to check when the PostgreSQL history cannot be reached, by how
 * the connection failed (the failure itself is tested against a port nothing listens on).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { outOfReachHint } from '../../../src/history/pg/store.js';
import type { PgTarget } from '../../../src/history/pg/target.js';
import { unusedPort } from '../../support/ports.js';
import { runInProcess } from '../../support/run.js';

describe('what to check when the PostgreSQL history is out of reach', () => {
  const target = (host: string, port?: number) => ({ config: { host, port }, schema: 'vis', display: 'postgres://x' }) as PgTarget;
  it('names the host that is not known, the place nothing listens at, or what else to check', () => {
    const err = (code: string) => Object.assign(new Error(code), { code });
    expect(outOfReachHint(err('ENOTFOUND'), target('db.example'))).toBe(
      "The host db.example is not known here: check the URL's host name (and this machine's DNS).",
    );
    expect(outOfReachHint(err('EAI_AGAIN'), target('db.example'))).toContain('is not known here');
    expect(outOfReachHint(err('ECONNREFUSED'), target('10.0.0.5', 6543))).toBe(
      "Nothing accepts connections at 10.0.0.5 port 6543: check the URL's host and port, that PostgreSQL runs there, and its listen_addresses.",
    );
    expect(outOfReachHint(err('ENOENT'), target('/run/postgresql'))).toContain('at the socket folder /run/postgresql:');
    expect(outOfReachHint(new Error('timeout expired'), target('db.example'))).toBe(
      'Check that db.example port 5432 can be reached from this machine (a firewall, a VPN), and that PostgreSQL runs there.',
    );
  });
});

describe('vis history check with the PostgreSQL history out of reach', () => {
  it('lists the problem, exits 7, and its error line says what to check', async () => {
    const port = await unusedPort();
    const env = { HOME: mkdtempSync(join(tmpdir(), 'vis-pg-home-')), VIS_HISTORY: `postgres://ana@127.0.0.1:${port}/vis` };
    const r = await runInProcess(['history', 'check'], { env });
    expect(r.code).toBe(7);
    expect(r.stdout).toMatch(/^Answers +not read \(see the problems below\)$/m);
    expect(r.stderr).toContain(`Nothing accepts connections at 127.0.0.1 port ${port}: check the URL's host and port`);
  });
});

describe('vis history check on a narrow terminal', () => {
  it('wraps each problem at spaces under its first word', async () => {
    const port = await unusedPort();
    const env = { HOME: mkdtempSync(join(tmpdir(), 'vis-pg-home-')), VIS_HISTORY: `postgres://ana@127.0.0.1:${port}/vis` };
    const r = await runInProcess(['history', 'check'], { env, io: { stdoutIsTTY: true, columns: 50 } });
    expect(r.code).toBe(7);
    const problems = r.stdout
      .slice(r.stdout.indexOf('Problems\n') + 'Problems\n'.length)
      .trimEnd()
      .split('\n');
    expect(problems.length).toBeGreaterThan(1);
    expect(problems[0]).toMatch(/^ {2}- cannot connect/);
    for (const line of problems.slice(1)) expect(line).toMatch(/^ {4}\S|^\S/);
    for (const line of problems) if (line.includes(' ')) expect(line.length).toBeLessThanOrEqual(50);
  });
});
