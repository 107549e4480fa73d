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
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromiumArgs } from './chromium.js';

export interface PrintOptions {
  paper: 'a4' | 'letter';
  /** The browser's executable (findChromium). */
  chromium: string;
  /** How long printing may take, start to finish, before the browser is killed; 60 s by default. */
  timeoutMs?: number;
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
  const onExit = () => removeProfile(profile);
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
    // A launch still under way ends (done or failed) once its browser is killed below.
    const closing = launching.then(
      (context) => context.close(),
      () => undefined,
    );
    await Promise.race([closing.catch(() => undefined), new Promise((resolve) => setTimeout(resolve, CLOSE_GRACE_MS).unref())]);
    removeProfile(profile);
    process.off('exit', onExit);
  }
}

/** Kills any browser process still using `profile`, then removes the folder. Synchronous: it also runs at exit. */
function removeProfile(profile: string): void {
  for (const pid of processesUsing(profile)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Gone already.
    }
  }
  rmSync(profile, { recursive: true, force: true, maxRetries: 3 });
}

/**
 * The processes whose command line names `profile` as their profile folder (Linux: /proc).
 * Elsewhere none are found, and playwright-core's own kill on close is what stops the browser.
 */
export function processesUsing(profile: string): number[] {
  const flag = `--user-data-dir=${profile}`;
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return [];
  }
  const found: number[] = [];
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const args = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
      if (args.includes(flag)) found.push(Number(entry));
    } catch {
      // Ended while the list was read, or not ours to read.
    }
  }
  return found;
}
