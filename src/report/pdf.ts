/**
 * `vis report --pdf`: the report's HTML printed by a local Chromium (src/report/chromium.ts
 * finds it), driven by playwright-core, which only `--pdf` loads (a file of its own in
 * dist/lib/, scripts/build.mjs).
 *
 * The page can fetch nothing: the context is offline and a route refuses every request,
 * so a link or image that escaped the renderer's rules is never fetched, and printing
 * works the same with no network at all. Chromium gets a new, empty profile folder of its
 * own, removed afterwards; it is stopped however printing ends: done, failed, timed out, or
 * vis exiting on Ctrl-C (playwright-core kills its browsers when the process exits; vis's
 * own signal handler, src/main.ts, exits at once, so playwright-core's are not installed).
 * The folder is removed only once every process of that browser has exited: a killed
 * browser's helpers can go on writing into it for a while.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromiumArgs } from './chromium.js';
import type { Env } from '../domain/env.js';

export interface PrintOptions {
  paper: 'a4' | 'letter';
  /** The browser's executable (findChromium). */
  chromium: string;
  /** How long printing may take, start to finish, before the browser is killed; 60 s by default. */
  timeoutMs?: number;
  /** The command's environment (ctx.env), which the browser inherits: never the process's own, which a caller may not have meant. */
  env: Env;
}

/** Profile folders are named so: a leftover says whose it is. */
export const PROFILE_PREFIX = 'vis-chromium-profile-';

const DEFAULT_TIMEOUT_MS = 60_000;
/** How long a browser is given to close before it is killed. */
const CLOSE_GRACE_MS = 5_000;

const PAPER_FORMAT = { a4: 'A4', letter: 'Letter' } as const;

/** Printing took longer than it may: the browser was stopped. */
export class PrintTimeoutError extends Error {
  constructor(ms: number) {
    super(`Chromium did not print the report within ${Math.round(ms / 1000)} s; it was stopped`);
    this.name = 'PrintTimeoutError';
  }
}

/** The PDF of `html`. The caller writes it (src/output/write.ts, by -o's rules). */
export async function printPdf(html: string, o: PrintOptions): Promise<Buffer> {
  const timeoutMs = o.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const { chromium } = await import('playwright-core');
  const profile = mkdtempSync(join(tmpdir(), PROFILE_PREFIX));
  // process.exit (Ctrl-C in vis) runs no finally: the profile goes with the process.
  const onExit = () => removeProfileNow(profile);
  process.on('exit', onExit);
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new PrintTimeoutError(timeoutMs)), timeoutMs);
  });
  const launching = chromium.launchPersistentContext(profile, {
    executablePath: o.chromium,
    headless: true,
    // The user id Chromium runs as: none on Windows.
    args: chromiumArgs(process.getuid?.()),
    env: browserEnv(o.env, profile),
    offline: true,
    timeout: timeoutMs,
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
  });
  try {
    return await Promise.race([
      timedOut,
      (async () => {
        const context = await launching;
        await context.route('**/*', (route) => route.abort('blockedbyclient'));
        const page = context.pages()[0] ?? (await context.newPage());
        await page.setContent(html, { waitUntil: 'load', timeout: timeoutMs });
        return page.pdf({ format: PAPER_FORMAT[o.paper], printBackground: true, preferCSSPageSize: true });
      })(),
    ]);
  } finally {
    clearTimeout(timer);
    // A launch still under way is let end first (done, or failed at its own timeout, which is
    // ours), within the grace: a browser it started after the removal would make the folder again.
    const closing = launching.then(
      (context) => context.close(),
      () => undefined,
    );
    await Promise.race([closing.catch(() => undefined), delay(CLOSE_GRACE_MS)]);
    // The profile goes now; one that cannot (yet) is tried again at exit.
    if (await removeProfile(profile)) process.off('exit', onExit);
  }
}

/**
 * The browser's environment: the user's, but with its home and XDG folders inside the
 * profile folder, so its crash reporter's database and its desktop settings cache land
 * there and go with it, instead of in the user's ~/.config and ~/.cache.
 */
export function browserEnv(env: Env, profile: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(env)) if (v !== undefined) out[k] = v;
  out.HOME = profile;
  out.XDG_CONFIG_HOME = join(profile, 'config');
  out.XDG_CACHE_HOME = join(profile, 'cache');
  out.XDG_DATA_HOME = join(profile, 'data');
  out.XDG_STATE_HOME = join(profile, 'state');
  return out;
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}

/** How long the browser's processes are given to be gone once killed, and how often they are looked for. */
const EXIT_WAIT_MS = 5_000;
const EXIT_POLL_MS = 50;

/**
 * Kills the browser's processes, waits until none is left (a killed browser's helpers can
 * still be writing into the profile), then removes the folder, trying again while the file
 * system says it is busy or not yet empty. True when it is gone.
 */
export async function removeProfile(profile: string): Promise<boolean> {
  for (const end = Date.now() + EXIT_WAIT_MS; ;) {
    const left = processesUsing(profile);
    if (left.length === 0 || Date.now() >= end) break;
    killAll(left);
    await delay(EXIT_POLL_MS);
  }
  try {
    await rm(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
    return true;
  } catch {
    return false;
  }
}

/** removeProfile at exit, where nothing can be waited for: killed, then removed as far as it can be. */
function removeProfileNow(profile: string): void {
  killAll(processesUsing(profile));
  try {
    rmSync(profile, { recursive: true, force: true, maxRetries: 3 });
  } catch {
    // Still being written by a process that has not died yet: nothing more can be done at exit.
  }
}

/** SIGKILL to each process, and to the process group each browser leads (its helpers, whatever their command line). */
function killAll(processes: readonly BrowserProcess[]): void {
  for (const { pid, leader } of processes) {
    try {
      process.kill(leader ? -pid : pid, 'SIGKILL');
    } catch {
      // Gone already.
    }
  }
}

export interface BrowserProcess {
  pid: number;
  /** It leads its own process group (playwright-core starts the browser so): its helpers are in it. */
  leader: boolean;
}

/**
 * The processes started with `profile` as their profile folder (Linux: /proc). The browser
 * has it as an argument of its own; its helpers (zygote, renderers, the storage and network
 * services, which write into the profile too) rewrite their command line into one string,
 * so the flag is looked for between spaces. Elsewhere none are found, and playwright-core's
 * own kill on close is what stops the browser.
 */
export function processesUsing(profile: string, proc = '/proc'): BrowserProcess[] {
  const flag = `--user-data-dir=${profile}`;
  let entries: string[];
  try {
    entries = readdirSync(proc);
  } catch {
    return [];
  }
  const found: BrowserProcess[] = [];
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const args = readFileSync(join(proc, entry, 'cmdline'), 'utf8').split('\0');
      if (!args.some((a) => ` ${a} `.includes(` ${flag} `))) continue;
      const stat = readFileSync(join(proc, entry, 'stat'), 'utf8');
      // pid (comm) state ppid pgrp …: comm may hold spaces and parentheses, so fields are counted after its last ")".
      const pgrp = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2];
      found.push({ pid: Number(entry), leader: pgrp === entry });
    } catch {
      // Ended while the list was read, or not ours to read.
    }
  }
  return found;
}
