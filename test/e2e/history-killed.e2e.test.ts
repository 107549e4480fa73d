/**
 * A history command killed outright (SIGKILL: no handler runs) while it takes a large
 * journal in, at several moments: before the store exists, mid-transaction (SQLite's
 * rollback journal and the WebAssembly VFS's lock folder left behind, vis's own lock
 * naming a dead process), between batches. Whatever the moment, the next run loses
 * nothing and duplicates nothing: every answer recorded once, the store sound. The kill
 * needs a process of its own; the next run and the check that read what it left run
 * in-process (the same command lines, the same environment).
 */
import { spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { journalDir, writeEntry } from '../../src/history/journal.js';
import { fakeClock } from '../support/context.js';
import { runWithEnv } from '../support/run.js';
import { cleanEnv, VIS } from './helpers.js';

/** The API the answers were recorded from (the history of `--demo` is simulated, not stored); nothing is sent to it. */
const RECORDED_API = 'http://127.0.0.1:9/api/v1';

const DAYS = 30;
const TOPICS = 12;
/** Endpoints recorded each day beside topics, so the journal is large enough to be caught mid-way. */
const OTHERS = ['prompts', 'competitors', 'pages', 'sources', 'answers', 'content-gaps', 'visibility', 'overview', 'technical'] as const;

function fillJournal(file: string): void {
  mkdirSync(journalDir(file), { recursive: true, mode: 0o700 });
  for (let d = 0; d < DAYS; d++) {
    const day = new Date(Date.UTC(2026, 9, 1) + d * 86_400_000).toISOString().slice(0, 10);
    const fetchedAt = Date.parse(`${day}T10:00:00Z`);
    const meta = { brand: { id: 101, name: 'Northwind CRM' }, market: { code: 'US-en' } };
    const topics = Array.from({ length: TOPICS }, (_, i) => ({ id: `t-${i}`, name: `Topic ${i}`, visibility: (d * 7 + i * 3) % 100, filler: 'x'.repeat(400) }));
    const entries = [
      ['topics', { data: { topics }, meta }],
      ...OTHERS.map((e) => [e, { data: { rows: Array.from({ length: 40 }, (_, i) => ({ id: i, day, text: 'y'.repeat(300) })) }, meta }] as const),
    ] as const;
    for (const [endpoint, body] of entries) {
      writeEntry(journalDir(file), {
        api: RECORDED_API,
        brandId: '101',
        market: 'US-en',
        endpoint,
        item: '',
        query: '',
        day,
        fetchedAt,
        raw: JSON.stringify(body),
      });
    }
  }
}

/** What a kill left behind: the store, SQLite's rollback journal, the locks, the entries still waiting. */
function stateOf(dir: string): string {
  const names = readdirSync(dir);
  const waiting = readdirSync(join(dir, 'history.db.incoming')).length;
  const left = ['history.db', 'history.db-journal', 'history.db.lock', 'history.db.vis.lock'].filter((n) => names.includes(n));
  return `${left.join(' ') || 'no store yet'}; ${waiting} entries waiting`;
}

function killedAfter(ms: number, env: Record<string, string>): Promise<void> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [VIS, 'history', 'topics', '--format', 'csv'], { env, stdio: 'ignore' });
    const timer = setTimeout(() => child.kill('SIGKILL'), ms);
    child.on('exit', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

describe('a history command killed while it takes the journal in', () => {
  it('at any moment: the next run has every answer once, and the store is sound', async () => {
    const base = mkdtempSync(join(tmpdir(), 'vis-history-killed-'));
    const pristine = join(base, 'pristine');
    fillJournal(join(pristine, 'history.db'));
    const seen: string[] = [];
    for (const ms of [120, 200, 260, 320, 400, 520]) {
      const dir = join(base, `run-${ms}`);
      cpSync(pristine, dir, { recursive: true });
      const env = cleanEnv({ VIS_HISTORY: join(dir, 'history.db'), VIS_BASE_URL: RECORDED_API });
      await killedAfter(ms, env);
      seen.push(`${ms} ms: ${stateOf(dir)}`);
      const after = await runWithEnv(['history', 'topics', '--format', 'csv'], { env, clock: fakeClock(Date.now()) });
      expect(after.code, `killed after ${ms} ms: ${after.stderr}`).toBe(0);
      const rows = after.stdout.trimEnd().split('\r\n').slice(1);
      expect(rows, `killed after ${ms} ms`).toHaveLength(DAYS * TOPICS);
      expect(new Set(rows.map((r) => r.split(',').slice(0, 2).join(','))).size).toBe(DAYS * TOPICS);
      const check = await runWithEnv(['history', 'check'], { env, clock: fakeClock(Date.now()) });
      expect(check.code, check.stdout + check.stderr).toBe(0);
      expect(check.stdout).toContain(`Answers        ${DAYS * (1 + OTHERS.length)} `);
      expect(check.stdout).toContain('Journal        0 waiting, 0 set aside as damaged');
      rmSync(dir, { recursive: true, force: true });
    }
    // What each kill left (it depends on the machine's speed): printed for the record.
    console.log(`history killed:\n  ${seen.join('\n  ')}`);
  }, 120_000);
});
