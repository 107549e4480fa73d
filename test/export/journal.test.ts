/**
 * The life of manifest.json, in-process against temp folders: read back for --resume
 * (checked before use), the folder prepared before any read, and the manifest kept true
 * while the runner works: `running` first and after every file, `interrupted` on an
 * abort, `failed` on an error, and the last one at the end.
 */
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { InterruptedError, ServerError, UsageError, VisError } from '../../src/errors.js';
import { planExport, planRun, type ExportRun, type PlannedExport } from '../../src/export/fresh-or-resumed.js';
import { keepJournal, prepareFolder, readPrevious, type JournalFacts } from '../../src/export/journal.js';
import type { FileEntry, ManifestAccount } from '../../src/export/manifest.js';
import { parseExportOptions, type RawExportOptions } from '../../src/export/options.js';
import { brandTasks, planBrand } from '../../src/export/plan.js';
import type { RunResult } from '../../src/export/execute-plan.js';
import { endpointById } from '../../src/endpoints.js';
import { listFiles, noTempFiles, tempDir } from '../support/files.js';

const TODAY = '2026-11-22';
const API = 'https://api.example.com/api/v1';
const ACCOUNT: ManifestAccount = { api: API, name: 'Acme Inc', brands: ['7'] };
const ACME = { id: 7, name: 'Acme CRM', primaryMarket: 'US-en' };

const entry = (path: string, endpoint: string, bytes: number): FileEntry => ({
  path,
  endpoint,
  brand: { id: 7, name: 'Acme CRM' },
  market: endpoint === 'pitches' ? null : 'US-en',
  item: null,
  period: null,
  rows: 1,
  bytes,
  fetched_at: '2026-11-22T12:00:01Z',
});
const TOPICS = entry('acme-crm/US-en/topics.csv', 'topics', 5);
const PROMPTS = entry('acme-crm/US-en/prompts.csv', 'prompts', 6);
const PITCHES = entry('acme-crm/pitches.csv', 'pitches', 7);

function result(over: Partial<RunResult> = {}): RunResult {
  return {
    files: [],
    skipped: [],
    failed: [],
    notAttempted: [],
    readsSpent: 0,
    readsPlanned: 3,
    rows: 0,
    brands: [],
    listed: [],
    stoppedBy: undefined,
    refused: undefined,
    exitCode: 0,
    ...over,
  };
}

function options(dir: string, raw: RawExportOptions = {}) {
  return parseExportOptions({ dir, only: 'topics,prompts,pitches', ...raw }, TODAY, '/');
}

function planned(dir: string, raw: RawExportOptions = {}): { run: ExportRun; planned: PlannedExport } {
  const opts = options(dir, raw);
  const run = planRun({ options: opts, format: 'csv', brand: undefined, market: undefined, api: API, today: TODAY }, readPrevious(opts));
  return { run, planned: planExport(run, [ACME], ACCOUNT) };
}

/** A clock that moves one second each time it is read. */
function facts(): JournalFacts {
  let ms = Date.UTC(2026, 10, 22, 12, 0, 0);
  return { tool: 'vis 9.9.9', baseUrl: `${API}/`, readsLeft: 10, now: () => (ms += 1000) };
}

const readManifest = (dir: string) => JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as Record<string, any>;

/** An export of topics, prompts and pitches that wrote topics.csv and was interrupted. */
function earlierExport(dir: string, listed: unknown[] = [], endpoints = ['topics', 'prompts', 'pitches']): void {
  mkdirSync(join(dir, 'acme-crm', 'US-en'), { recursive: true });
  writeFileSync(join(dir, TOPICS.path), 'a,b\n');
  writeFileSync(join(dir, TOPICS.path), 'a,b\n1');
  const plan = {
    endpoints,
    brands: [7],
    all_markets: false,
    market: null,
    format: 'csv',
    period: {},
    period_date: TODAY,
    period_resolved: null,
    params: [],
  };
  const manifest = {
    manifest_version: 1,
    status: 'interrupted',
    account: ACCOUNT,
    plan,
    reads: { spent: 4 },
    brands: [],
    files: [TOPICS, PROMPTS],
    listed,
    csv_columns: ['brand_id', 'brand', 'market'],
  };
  writeFileSync(join(dir, 'manifest.json'), JSON.stringify(manifest));
}

describe('readPrevious: the export --resume finishes', () => {
  it('without --resume, the folder’s manifest is not read at all', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'manifest.json'), 'not json');
    expect(readPrevious({ dir, resume: false })).toBeUndefined();
  });

  it('a folder without a manifest: nothing to resume', () => {
    expect(readPrevious({ dir: tempDir(), resume: true })).toBeUndefined();
  });

  it('a manifest that breaks a rule: refused, naming the file and the field', () => {
    const dir = tempDir();
    earlierExport(dir);
    const m = readManifest(dir);
    m.plan.format = 'csv/../../x';
    writeFileSync(join(dir, 'manifest.json'), JSON.stringify(m));
    expect(() => readPrevious({ dir, resume: true })).toThrow(UsageError);
    expect(() => readPrevious({ dir, resume: true })).toThrow(`--resume: ${join(dir, 'manifest.json')}: plan.format breaks the command line's rule`);
  });

  it('a checked manifest, and of its files those still there as written', () => {
    const dir = tempDir();
    earlierExport(dir);
    writeFileSync(join(dir, PROMPTS.path), 'not the size recorded');
    const prev = readPrevious({ dir, resume: true })!;
    expect(prev.manifest.plan.endpoints).toEqual(['topics', 'prompts', 'pitches']);
    expect(prev.manifest.files).toEqual([TOPICS, PROMPTS]);
    expect([...prev.written.keys()]).toEqual([TOPICS.path]);
  });
});

describe('prepareFolder: before any read', () => {
  const tasks = (slug = 'acme-crm') =>
    brandTasks(planBrand({ ...ACME, slug }, { kind: 'one', market: 'US-en' }), [endpointById('topics'), endpointById('pitches')]);

  it('makes --dir, folders on the way too, closed to other users', () => {
    const dir = join(tempDir(), 'a', 'b');
    prepareFolder(dir, tasks(), 'csv');
    expect(statSync(dir).isDirectory()).toBe(true);
    expect(statSync(dir).mode & 0o002).toBe(0);
    expect(listFiles(dir)).toEqual([]);
  });

  it('a --dir that cannot be made: exit 2, saying why', () => {
    const root = tempDir();
    writeFileSync(join(root, 'file'), '');
    const dir = join(root, 'file', 'export');
    expect(() => prepareFolder(dir, tasks(), 'csv')).toThrow(new UsageError(`--dir: ${dir} cannot be created: ENOTDIR: not a directory, mkdir '${dir}'`));
  });

  it('a --dir other users can write to: refused, with the hint', () => {
    const dir = tempDir();
    chmodSync(dir, 0o777);
    try {
      prepareFolder(dir, tasks(), 'csv');
      throw new Error('accepted');
    } catch (err) {
      expect((err as UsageError).message).toBe(`--dir: ${dir} is writable by other users`);
      expect((err as UsageError).hint).toMatch(/^vis writes only into folders of your own/);
    }
  });

  it('a folder on the way other users can write to: refused, with the hint', () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'acme-crm'));
    chmodSync(join(dir, 'acme-crm'), 0o777);
    try {
      prepareFolder(dir, tasks(), 'csv');
      throw new Error('accepted');
    } catch (err) {
      expect((err as UsageError).message).toBe(`--dir: ${join(dir, 'acme-crm')} is writable by other users`);
      expect((err as UsageError).hint).toMatch(/^vis writes only into folders of your own/);
    }
  });

  it('a plan that names a file outside the folder: refused before anything is written', () => {
    const root = tempDir();
    const dir = join(root, 'export');
    try {
      prepareFolder(dir, tasks('../outside'), 'csv');
      throw new Error('accepted');
    } catch (err) {
      expect((err as UsageError).message).toBe(`--dir: the plan names a file outside the folder: "../outside/US-en/topics.csv" is not a path inside ${dir}`);
      expect((err as UsageError).hint).toMatch(/^A resumed export takes its paths from manifest.json/);
    }
    expect(listFiles(root)).toEqual([]);
  });

  it('a folder that cannot be looked at: refused, saying why', () => {
    const dir = tempDir();
    const long = 'a'.repeat(300);
    expect(() => prepareFolder(dir, tasks(long), 'csv')).toThrow(
      new UsageError(`--dir: cannot check ${dir}: ENAMETOOLONG: name too long, lstat '${join(dir, long)}'`),
    );
  });
});

describe('keepJournal: the manifest while the export runs', () => {
  it('a running manifest before the first read: the earlier run’s files, the plan, and files not its own as stale', async () => {
    const dir = tempDir();
    earlierExport(
      dir,
      [{ request: 'GET /topics?brand_id=7', endpoint: 'topics.get', date: TODAY, items: ['a'] }],
      ['topics', 'topics.get', 'prompts', 'pitches'],
    );
    writeFileSync(join(dir, 'acme-crm', 'US-en', 'content-gaps.csv'), 'x');
    const { run, planned: p } = planned(dir, { resume: true, only: 'topics,topics.get,prompts,pitches' });
    expect(run.listed).toHaveLength(1);
    let seen: Record<string, any> | undefined;
    await keepJournal(run, p, facts(), new AbortController().signal, async () => {
      seen = readManifest(dir);
      return result({ files: [TOPICS] });
    });
    expect(seen).toEqual({
      manifest_version: 1,
      tool: 'vis 9.9.9',
      base_url: `${API}/`,
      account: ACCOUNT,
      started_at: '2026-11-22T12:00:01Z',
      finished_at: '2026-11-22T12:00:02Z',
      status: 'running',
      exit_code: null,
      format: 'csv',
      period: null,
      endpoints: ['topics', 'topics.get', 'prompts', 'pitches'],
      plan: p.plan,
      reads: { left_before: 10, planned: 3, spent: 4, this_run: 0 },
      brands: [{ id: 7, name: 'Acme CRM', slug: 'acme-crm', markets: ['US-en'], markets_from: 'primary' }],
      files: [TOPICS],
      skipped: [],
      failed: [],
      not_attempted: [],
      stale: [{ path: 'acme-crm/US-en/content-gaps.csv' }],
      listed: run.listed,
      csv_columns: ['brand_id', 'brand', 'market'],
    });
  });

  it('after each file, the files so far and the reads spent; at the end the run’s own, complete', async () => {
    const dir = tempDir();
    earlierExport(dir);
    const { run, planned: p } = planned(dir, { resume: true, days: undefined });
    const checkpoints: Array<Record<string, any>> = [];
    const out = await keepJournal(run, p, facts(), new AbortController().signal, async (checkpoint) => {
      checkpoint(result({ files: [PITCHES], readsSpent: 1 }));
      checkpoints.push(readManifest(dir));
      // A file read again is listed once.
      checkpoint(result({ files: [PITCHES, TOPICS], readsSpent: 2 }));
      checkpoints.push(readManifest(dir));
      return result({ files: [TOPICS, PITCHES, PROMPTS], readsSpent: 2, readsPlanned: 2, listed: [], brands: [] });
    });
    expect(checkpoints[0]).toMatchObject({ status: 'running', exit_code: null, files: [TOPICS, PITCHES], reads: { spent: 5, this_run: 1, planned: 3 } });
    expect(checkpoints[1]).toMatchObject({ files: [TOPICS, PITCHES], reads: { spent: 6, this_run: 2 } });
    expect(out.result.files).toEqual([TOPICS, PITCHES, PROMPTS]);
    expect(out.path).toBe(join(dir, 'manifest.json'));
    expect(out.manifest).toMatchObject({
      status: 'complete',
      exit_code: 0,
      reads: { left_before: 10, planned: 2, spent: 6, this_run: 2 },
      brands: [],
      listed: [],
    });
    expect(out.manifest.files).toEqual([TOPICS, PITCHES, PROMPTS]);
    const written = readManifest(dir);
    expect(written).toMatchObject({ status: 'complete', exit_code: 0, finished_at: '2026-11-22T12:00:06Z' });
    expect(written.files.map((f: FileEntry) => f.path)).toEqual([PROMPTS.path, TOPICS.path, PITCHES.path]);
    expect(out.manifest.stale).toEqual([]);
    expect(out.elapsedMs).toBe(4000);
    expect(noTempFiles(dir)).toEqual([]);
  });

  it('at the end only the run’s files count: an earlier file the run did not pass is not the export’s any more', async () => {
    const dir = tempDir();
    earlierExport(dir);
    const { run, planned: p } = planned(dir, { resume: true });
    const failed = [{ ...PITCHES, code: null, message: 'boom', exit_code: 7 }];
    const out = await keepJournal(run, p, facts(), new AbortController().signal, async () => result({ files: [PITCHES], failed, exitCode: 7 }));
    expect(out.manifest).toMatchObject({ status: 'incomplete', exit_code: 7 });
    expect(out.manifest.files.map((f) => f.path)).toEqual([PITCHES.path]);
    expect(out.manifest.stale).toEqual([{ path: TOPICS.path }]);
    const complete = await keepJournal(run, p, facts(), new AbortController().signal, async () => result({ files: [PITCHES] }));
    expect(complete.manifest.status).toBe('complete');
    expect(complete.manifest.files.map((f) => f.path)).toEqual([PITCHES.path]);
  });

  it('incomplete when something was not attempted; failed when the run stopped early or was refused', async () => {
    const dir = tempDir();
    const { run, planned: p } = planned(dir);
    let running: Record<string, any> | undefined;
    const status = async (r: RunResult) =>
      (
        await keepJournal(run, p, facts(), new AbortController().signal, async () => {
          running = readManifest(dir);
          return r;
        })
      ).manifest.status;
    const notAttempted = [{ ...PITCHES, reason: 'read_budget', message: 'none left' }];
    expect(await status(result({ notAttempted, exitCode: 6 }))).toBe('incomplete');
    expect(await status(result({ stoppedBy: new VisError('limit', 'quota'), exitCode: 6 }))).toBe('failed');
    expect(await status(result({ refused: { needed: 3, left: 1 }, exitCode: 6 }))).toBe('failed');
    expect(await status(result())).toBe('complete');
    expect(readManifest(dir).reads).toEqual({ left_before: 10, planned: 3, spent: 0, this_run: 0 });
    // A fresh export has listed nothing yet.
    expect(running).toMatchObject({ status: 'running', listed: [], files: [] });
  });

  it('Ctrl-C: interrupted, with the files of the last checkpoint and the earlier run’s; not rewritten as failed', async () => {
    const dir = tempDir();
    earlierExport(dir);
    const { run, planned: p } = planned(dir, { resume: true });
    const abort = new AbortController();
    const work = keepJournal(run, p, facts(), abort.signal, async (checkpoint) => {
      checkpoint(result({ files: [PITCHES], readsSpent: 1 }));
      abort.abort();
      expect(readManifest(dir)).toMatchObject({ status: 'interrupted', exit_code: null, reads: { spent: 5, this_run: 1 } });
      throw new InterruptedError();
    });
    await expect(work).rejects.toBeInstanceOf(InterruptedError);
    const m = readManifest(dir);
    expect(m.status).toBe('interrupted');
    expect(m.files.map((f: FileEntry) => f.path)).toEqual([TOPICS.path, PITCHES.path]);
  });

  it('an error after the abort leaves the interrupted manifest as it is', async () => {
    const dir = tempDir();
    const { run, planned: p } = planned(dir);
    const abort = new AbortController();
    await expect(
      keepJournal(run, p, facts(), abort.signal, async () => {
        abort.abort();
        throw new ServerError('socket closed');
      }),
    ).rejects.toThrow('socket closed');
    expect(readManifest(dir).status).toBe('interrupted');
  });

  it('an interruption seen before the abort is not a failure either', async () => {
    const dir = tempDir();
    const { run, planned: p } = planned(dir);
    await expect(keepJournal(run, p, facts(), new AbortController().signal, async () => Promise.reject(new InterruptedError()))).rejects.toBeInstanceOf(
      InterruptedError,
    );
    expect(readManifest(dir)).toMatchObject({ status: 'running', exit_code: null });
  });

  it('an error: failed, with the exit code the error leaves with, the files so far and the earlier run’s', async () => {
    const dir = tempDir();
    earlierExport(dir);
    const { run, planned: p } = planned(dir, { resume: true });
    const err = new ServerError('the server is down');
    await expect(
      keepJournal(run, p, facts(), new AbortController().signal, async (checkpoint) => {
        checkpoint(result({ files: [PITCHES], readsSpent: 1 }));
        throw err;
      }),
    ).rejects.toBe(err);
    const m = readManifest(dir);
    expect(m).toMatchObject({ status: 'failed', exit_code: 7, reads: { spent: 5, this_run: 1 } });
    expect(m.files.map((f: FileEntry) => f.path)).toEqual([TOPICS.path, PITCHES.path]);
    await expect(keepJournal(run, p, facts(), new AbortController().signal, async () => Promise.reject(new Error('a bug')))).rejects.toThrow('a bug');
    expect(readManifest(dir)).toMatchObject({ status: 'failed', exit_code: 1 });
  });

  it('an abort once the run has ended writes nothing more', async () => {
    const dir = tempDir();
    const { run, planned: p } = planned(dir);
    const abort = new AbortController();
    await keepJournal(run, p, facts(), abort.signal, async () => result());
    abort.abort();
    expect(readManifest(dir).status).toBe('complete');
  });

  it('a manifest that cannot be written: nothing is read, and the error says what the files are', async () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'manifest.json'));
    const { run, planned: p } = planned(dir);
    let worked = false;
    const work = keepJournal(run, p, facts(), new AbortController().signal, async () => {
      worked = true;
      return result();
    });
    await expect(work).rejects.toBeInstanceOf(VisError);
    await work.catch((err: VisError) => {
      expect(err.kind).toBe('usage');
      expect(err.message).toMatch(new RegExp(`^could not write the manifest in ${dir}: `));
      expect(err.hint).toBe("0 files were written; without the manifest, their list is this run's summary.");
    });
    expect(worked).toBe(false);
  });

  it('a checkpoint that cannot be written stops the run, and the manifest written last stays', async () => {
    const dir = tempDir();
    const { run, planned: p } = planned(dir);
    const work = keepJournal(run, p, facts(), new AbortController().signal, async (checkpoint) => {
      rmSync(join(dir, 'manifest.json'));
      mkdirSync(join(dir, 'manifest.json'));
      checkpoint(result({ files: [PITCHES] }));
      return result();
    });
    await expect(work).rejects.toThrow(/^could not write the manifest in /);
    await work.catch((err: VisError) => expect(err.hint).toBe("1 files were written; without the manifest, their list is this run's summary."));
    expect(existsSync(join(dir, 'manifest.json'))).toBe(true);
    expect(statSync(join(dir, 'manifest.json')).isDirectory()).toBe(true);
  });
});
