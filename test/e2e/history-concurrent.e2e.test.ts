/**
 * Several vis at once on one local history while a large journal waits: each history
 * command takes the journal in batch by batch, letting the store's lock go between
 * batches, so none of them fails for waiting on another; and SIGTERM ends a long take-in
 * between two batches (exit 143), the next run taking the rest in, nothing lost or doubled.
 * The processes at once, and the signal, need processes of their own; the run and the
 * check that read what they left afterwards run in-process (the same command lines and
 * environment).
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { journalDir } from '../../src/history/journal.js';
import { fakeClock } from '../support/context.js';
import { runWithEnv } from '../support/run.js';
import { cleanEnv, runVis, VIS } from './helpers.js';

/** The API the answers were recorded from (the history of `--demo` is simulated, not stored); nothing is sent to it. */
const RECORDED_API = 'http://127.0.0.1:9/api/v1';

const TOPICS = 2;
/** Answers a day: the topics `vis history topics` reads, and competitors answers (with their facts) that make the take-in long. */
const PER_DAY = 10;

/**
 * `days` days of answers, PER_DAY a day, written straight into the journal in its format
 * (one header line, then the body), without the fsync of each file that recording pays:
 * thousands are written in a moment.
 */
function fillJournal(file: string, days: number): void {
  const dir = journalDir(file);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const meta = { brand: { id: 101, name: 'Northwind CRM' }, market: { code: 'US-en' } };
  for (let i = 0; i < days; i++) {
    const day = new Date(Date.UTC(2026, 0, 1) + i * 86_400_000).toISOString().slice(0, 10);
    const fetchedAt = Date.parse(`${day}T10:00:00Z`);
    for (let k = 0; k < PER_DAY; k++) {
      const data =
        k === 0
          ? { topics: Array.from({ length: TOPICS }, (_, t) => ({ id: `t-${t}`, name: `Topic ${t}`, visibility: (i + t) % 100 })) }
          : {
              competitors: Array.from({ length: 20 }, (_, c) => ({
                name: `Rival ${c}`,
                domain: `rival${c}.example`,
                share_of_voice: (i + c + k) % 50,
                mentions: i,
              })),
            };
      const body = Buffer.from(JSON.stringify({ data, meta }));
      const endpoint = k === 0 ? 'topics' : 'competitors';
      const header = {
        v: 1,
        api: RECORDED_API,
        brand_id: '101',
        market: 'US-en',
        endpoint,
        item: '',
        query: k === 0 ? '' : `days=${k}`,
        day,
        fetched_at: fetchedAt,
        bytes: body.length,
      };
      const name = `${fetchedAt}-1-${(i * PER_DAY + k).toString(16).padStart(8, '0')}.answer`;
      writeFileSync(join(dir, name), Buffer.concat([Buffer.from(`${JSON.stringify(header)}\n`), body]), { mode: 0o600 });
    }
  }
}

function store(days: number): { file: string; env: Record<string, string> } {
  const dir = join(mkdtempSync(join(tmpdir(), 'vis-history-concurrent-')), 'data');
  mkdirSync(dir, { mode: 0o700 });
  const file = join(dir, 'history.db');
  fillJournal(file, days);
  return { file, env: cleanEnv({ VIS_HISTORY: file, VIS_BASE_URL: RECORDED_API }) };
}

/** Every answer once: the series has each day's topics, the check counts each answer, nothing waits. */
async function expectAllOnce(env: Record<string, string>, days: number, out?: { code: number | null; stdout: string; stderr: string }): Promise<void> {
  const series = out ?? (await runWithEnv(['history', 'topics', '--format', 'csv'], { env, clock: fakeClock(Date.now()) }));
  expect(series.code, series.stderr).toBe(0);
  const rows = series.stdout.trimEnd().split('\r\n').slice(1);
  expect(rows).toHaveLength(days * TOPICS);
  expect(new Set(rows.map((r) => r.split(',').slice(0, 2).join(','))).size).toBe(days * TOPICS);
  const check = await runWithEnv(['history', 'check'], { env, clock: fakeClock(Date.now()) });
  expect(check.code, check.stdout + check.stderr).toBe(0);
  expect(check.stdout).toMatch(new RegExp(`^Answers +${(days * PER_DAY).toLocaleString('en-US')} `, 'm'));
  expect(check.stdout).toContain('Journal        0 waiting, 0 set aside as damaged');
}

describe('several vis on one history at once', () => {
  it('eight history commands started together while thousands of entries wait: every one reads the whole history and exits 0', async () => {
    const days = 200;
    const { env } = store(days);
    const runs = await Promise.all(Array.from({ length: 8 }, () => runVis(['history', 'topics', '--format', 'csv'], { env, timeoutMs: 240_000 })));
    for (const r of runs) {
      expect(r.code, r.stderr).toBe(0);
      // Not a terminal: no word of the wait.
      expect(r.stderr).toBe('');
    }
    for (const r of runs) expect(r.stdout).toBe(runs[0]!.stdout);
    await expectAllOnce(env, days, runs[0]);
  }, 300_000);

  it('SIGTERM during a long take-in ends vis between two batches (143); the next run takes the rest in, nothing lost or doubled', async () => {
    const days = 200;
    const { file, env } = store(days);
    const child = spawn(process.execPath, [VIS, 'history', 'topics', '--format', 'csv'], { env, stdio: 'ignore' });
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      child.on('exit', (code, signal) => resolve({ code, signal })),
    );
    // Once the first batch has left the journal, the take-in runs: then the signal.
    const waiting = () => readdirSync(journalDir(file)).length;
    while (waiting() === days * PER_DAY && child.exitCode === null) await new Promise((r) => setTimeout(r, 20));
    child.kill('SIGTERM');
    // A process that went on to the end of the take-in would leave nothing waiting; one
    // that never ended is killed when the test times out, and fails it.
    expect(await exited).toEqual({ code: 143, signal: null });
    expect(waiting()).toBeGreaterThan(0);
    expect(readdirSync(join(file, '..')).filter((f) => f.endsWith('.lock'))).toEqual([]);
    await expectAllOnce(env, days);
  }, 300_000);
});
