import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statfsSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';

// One temporary folder per test run, removed when the run ends: TMPDIR points into it
// for every worker and every process the tests start, so the thousands of folders tests
// make with mkdtemp (config homes, in-process runs, exports) never pile up in the
// machine's /tmp. They did: 326,000 entries after a day of runs, and esbuild, which
// looks up through the parent folders of a clone in /tmp, took 90 s to build there.
// HOME and the XDG folders point into it too, so nothing a test starts (vis, a shell,
// Chromium, tmux) writes into the machine's own home; npm keeps the user's cache, which
// the package test installs from offline.

/** Shared by the projects of vitest.config.ts, each of which runs this file. */
const RUN_TMP = Symbol.for('vis.test.tmp');

/** The variables the run sets, and what they were before it. */
const HOME_VARS = ['HOME', 'XDG_CONFIG_HOME', 'XDG_CACHE_HOME', 'XDG_DATA_HOME', 'XDG_STATE_HOME', 'npm_config_cache'] as const;

interface RunTmp {
  dir: string;
  before: string | undefined;
  homeBefore: Partial<Record<(typeof HOME_VARS)[number], string>>;
  users: number;
}

export default function setup(): () => void {
  const run = globalThis as { [RUN_TMP]?: RunTmp };
  let state = run[RUN_TMP];
  if (state === undefined) {
    const before = process.env.TMPDIR;
    const dir = mkdtempSync(join(runParent(before), 'vis-test-run-'));
    // As /tmp is: tests that run vis as another user (nobody) must reach their folders in it.
    chmodSync(dir, 0o1777);
    process.env.TMPDIR = dir;
    const homeBefore: RunTmp['homeBefore'] = {};
    for (const k of HOME_VARS) if (process.env[k] !== undefined) homeBefore[k] = process.env[k];
    const home = join(dir, 'home');
    mkdirSync(home, { mode: 0o777 });
    chmodSync(home, 0o1777);
    process.env.npm_config_cache ??= join(homedir(), '.npm');
    process.env.HOME = home;
    process.env.XDG_CONFIG_HOME = join(home, '.config');
    process.env.XDG_CACHE_HOME = join(home, '.cache');
    process.env.XDG_DATA_HOME = join(home, '.local', 'share');
    process.env.XDG_STATE_HOME = join(home, '.local', 'state');
    state = run[RUN_TMP] = { dir, before, homeBefore, users: 0 };
  }
  const mine = state;
  mine.users++;
  return () => {
    mine.users--;
    if (mine.users > 0) return;
    delete run[RUN_TMP];
    if (mine.before === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = mine.before;
    for (const k of HOME_VARS) {
      const was = mine.homeBefore[k];
      if (was === undefined) delete process.env[k];
      else process.env[k] = was;
    }
    // A failure to remove is not a test failure.
    try {
      removeTree(mine.dir);
    } catch (err) {
      console.warn(`could not remove the test run's temporary folder ${mine.dir}: ${(err as Error).message}`);
    }
  };
}

/** A memory file system (tmpfs, ramfs) holds the run's folder when it has this much room. */
const MEMORY_FS = { path: '/dev/shm', types: [0x01021994, 0x858458f6], minFree: 4 * 1024 ** 3 };

/**
 * Where the run's folder goes: TMPDIR when it is set, else a memory file system when there
 * is one with room, else the system's temporary folder. vis syncs every file it writes
 * whole, and on a disk each sync waits for it: a file of cached answers, stores or exports
 * takes a third less time on a memory file system.
 */
function runParent(tmpdirVar: string | undefined): string {
  if (tmpdirVar !== undefined && tmpdirVar !== '') return tmpdir();
  try {
    const fs = statfsSync(MEMORY_FS.path);
    if (MEMORY_FS.types.includes(fs.type) && fs.bavail * fs.bsize >= MEMORY_FS.minFree) return MEMORY_FS.path;
  } catch {
    // None there: the system's temporary folder.
  }
  return tmpdir();
}

/**
 * Removes `dir` and all in it. Tests leave folders read-only (a 0500 config folder), and
 * only root may delete what such a folder holds: anyone else first gives the folders
 * back to their owner.
 */
function removeTree(dir: string): void {
  try {
    rmSync(dir, { recursive: true, force: true });
    return;
  } catch {
    openFolders(dir);
  }
  rmSync(dir, { recursive: true, force: true });
}

function openFolders(dir: string): void {
  try {
    chmodSync(dir, 0o700);
    for (const e of readdirSync(dir, { withFileTypes: true })) if (e.isDirectory()) openFolders(join(dir, e.name));
  } catch {
    // Not ours (a test handed it to another user): the removal says what is left.
  }
}
