/**
 * The PDF printer's clean-up (src/report/pdf.ts), in-process and without a browser: which
 * processes are a profile's (read from a /proc made in a temporary folder), and removing a
 * profile that a process group is still writing into. Printing itself, with a real
 * Chromium, is test/e2e/report-pdf.e2e.test.ts.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { browserEnv, processesUsing, removeProfile } from '../../src/report/pdf.js';

const folder = (prefix: string) => mkdtempSync(join(tmpdir(), prefix));
/** A profile's name, in a folder of its own: the end-to-end tests count those left in the temporary folder. */
const profileFolder = () => {
  const profile = join(folder('vis-pdf-clean-'), 'vis-chromium-profile-test');
  mkdirSync(profile);
  return profile;
};

/** A /proc holding these processes: their arguments and their process group. */
function fakeProc(processes: Record<string, { args: string[]; comm?: string; pgrp: number }>): string {
  const proc = folder('vis-proc-');
  for (const [pid, p] of Object.entries(processes)) {
    mkdirSync(join(proc, pid));
    writeFileSync(join(proc, pid, 'cmdline'), `${p.args.join('\0')}\0`);
    writeFileSync(join(proc, pid, 'stat'), `${pid} (${p.comm ?? 'chromium'}) S 1 ${p.pgrp} ${p.pgrp} 0 -1 4194560 0 0\n`);
  }
  mkdirSync(join(proc, 'self'));
  return proc;
}

describe('processesUsing', () => {
  const profile = '/tmp/vis-chromium-profile-AbC123';

  it('the browser (the flag an argument of its own, leading its group) and its helpers (one rewritten command line)', () => {
    const proc = fakeProc({
      100: { args: ['/usr/lib/chromium/chromium', '--headless', `--user-data-dir=${profile}`, 'about:blank'], pgrp: 100 },
      101: { args: [`/usr/lib/chromium/chromium --type=zygote --no-sandbox --user-data-dir=${profile} --change-stack-guard-on-fork=enable`], pgrp: 100 },
      102: { args: [`/usr/lib/chromium/chromium --type=renderer --user-data-dir=${profile}`], comm: 'a) b (c', pgrp: 100 },
      // Another print's profile whose name starts the same, and one that ends the same.
      200: { args: ['/usr/lib/chromium/chromium', `--user-data-dir=${profile}x`], pgrp: 200 },
      201: { args: [`/usr/lib/chromium/chromium --type=zygote --user-data-dir=${profile}x --no-sandbox`], pgrp: 200 },
      202: { args: ['/usr/lib/chromium/chromium', `--user-data-dir=/x${profile}`], pgrp: 202 },
      // The flag's value elsewhere, and a process with nothing to do with it.
      300: { args: ['vis', 'report', '--title', profile], pgrp: 300 },
      301: { args: ['sleep', '60'], pgrp: 301 },
    });
    expect(processesUsing(profile, proc).sort((a, b) => a.pid - b.pid)).toEqual([
      { pid: 100, leader: true },
      { pid: 101, leader: false },
      { pid: 102, leader: false },
    ]);
  });

  it('no /proc, or a process that ended while the list was read: none, no error', () => {
    expect(processesUsing(profile, join(folder('vis-proc-'), 'missing'))).toEqual([]);
    const proc = fakeProc({ 100: { args: ['chromium', `--user-data-dir=${profile}`], pgrp: 100 } });
    mkdirSync(join(proc, '101'));
    expect(processesUsing(profile, proc)).toEqual([{ pid: 100, leader: true }]);
  });

  it('reads the real /proc: a process started with the flag is found, with its group', async () => {
    const dir = profileFolder();
    // `; :` keeps sh from handing its process to sleep: its own arguments stay.
    const child = spawn('sh', ['-c', 'sleep 60; :', `--user-data-dir=${dir}`], { detached: true, stdio: 'ignore' });
    try {
      // Until the exec, the child's command line is still this process's.
      const found = () => processesUsing(dir).some((p) => p.pid === child.pid);
      for (let i = 0; i < 400 && !found(); i++) await new Promise((resolve) => setTimeout(resolve, 25));
      // sh may be caught between its fork and the exec of sleep: that copy has the same
      // command line, in the same group, and is not its leader.
      const using = processesUsing(dir);
      expect(using).toContainEqual({ pid: child.pid, leader: true });
      expect(using.filter((p) => p.pid !== child.pid).every((p) => !p.leader)).toBe(true);
    } finally {
      child.kill('SIGKILL');
    }
  });
});

describe('removeProfile', () => {
  it('a browser whose helpers are still writing into the profile: the whole group stopped, then the folder removed', async () => {
    const profile = profileFolder();
    const started = join(profile, 'started');
    // The "browser" leads its group and carries the flag; its "helper" does not, and keeps
    // making files in the profile, as Chromium's storage service does until it is killed.
    const helper = `while :; do mkdir -p "$1/Default"; true > "$1/Default/f$i"; true > "${started}"; i=$((i+1)); done`;
    const browser = spawn('sh', ['-c', `sh -c '${helper}' helper "$0" & wait`, profile, `--user-data-dir=${profile}`], { detached: true, stdio: 'ignore' });
    const exited = new Promise((resolve) => browser.on('exit', resolve));
    try {
      for (let i = 0; i < 400 && !existsSync(started); i++) await new Promise((resolve) => setTimeout(resolve, 25));
      expect(existsSync(started)).toBe(true);
      expect(await removeProfile(profile)).toBe(true);
      await exited;
      expect(existsSync(profile)).toBe(false);
      expect(processesUsing(profile)).toEqual([]);
      // Nothing of the group is left to make the folder again.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(existsSync(profile)).toBe(false);
    } finally {
      try {
        process.kill(-browser.pid!, 'SIGKILL');
      } catch {
        // Stopped, as it should be.
      }
    }
  });

  it('a folder already gone is removed', async () => {
    expect(await removeProfile(join(folder('vis-gone-'), 'vis-chromium-profile-x'))).toBe(true);
  });
});

describe('browserEnv', () => {
  it('the user’s environment, with home and every XDG folder inside the profile', () => {
    const env = browserEnv({ PATH: '/usr/bin', HOME: '/home/u', XDG_CONFIG_HOME: '/home/u/.config', LANG: 'C.UTF-8', UNSET: undefined }, '/tmp/p');
    expect(env).toEqual({
      PATH: '/usr/bin',
      LANG: 'C.UTF-8',
      HOME: '/tmp/p',
      XDG_CONFIG_HOME: '/tmp/p/config',
      XDG_CACHE_HOME: '/tmp/p/cache',
      XDG_DATA_HOME: '/tmp/p/data',
      XDG_STATE_HOME: '/tmp/p/state',
    });
  });
});
