import { chmodSync, mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, isAbsolute, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { exitCodeFor, UsageError } from '../../src/errors.js';
import { CHROMIUM_NAMES, chromiumArgs, findChromium } from '../../src/report/chromium.js';

/** A folder holding the named files: executable unless listed in `plain`, folders for names ending in `/`. */
function folder(names: string[], plain: string[] = []): string {
  const dir = mkdtempSync(join(tmpdir(), 'vis-browser-path-'));
  for (const name of names) {
    if (name.endsWith('/')) {
      mkdirSync(join(dir, name), { recursive: true });
      continue;
    }
    writeFileSync(join(dir, name), '#!/bin/sh\n');
    chmodSync(join(dir, name), plain.includes(name) ? 0o644 : 0o755);
  }
  return dir;
}

const path = (...dirs: string[]) => dirs.join(delimiter);

describe('findChromium', () => {
  it('takes CHROME_PATH when it names an executable file, before anything on PATH', () => {
    const chosen = folder(['my-chrome']);
    const onPath = folder(['chromium']);
    expect(findChromium({ CHROME_PATH: join(chosen, 'my-chrome'), PATH: onPath })).toBe(join(chosen, 'my-chrome'));
  });

  it('an empty CHROME_PATH is unset: PATH is searched', () => {
    const onPath = folder(['chromium']);
    expect(findChromium({ CHROME_PATH: '', PATH: onPath })).toBe(join(onPath, 'chromium'));
  });

  it.each([
    ['missing', (d: string) => join(d, 'nothing-here')],
    ['a folder', (d: string) => join(d, 'sub')],
    ['not executable', (d: string) => join(d, 'chrome')],
  ])('refuses a CHROME_PATH that is %s (exit 2, naming it), never passing over it to a browser on PATH', (_what, chosen) => {
    const dir = folder(['sub/', 'chrome'], ['chrome']);
    const onPath = folder(['chromium']);
    let caught: unknown;
    try {
      findChromium({ CHROME_PATH: chosen(dir), PATH: onPath });
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(UsageError);
    expect(exitCodeFor(caught)).toBe(2);
    expect((caught as UsageError).message).toBe(
      `CHROME_PATH must name the browser's program, an executable file; ${JSON.stringify(chosen(dir))} is not one: nothing was read`,
    );
    expect((caught as UsageError).hint).toContain('unset it to use the chromium or google-chrome on PATH');
  });

  it('an executable CHROME_PATH reached through a link is taken as named', () => {
    const dir = folder(['real-chrome']);
    symlinkSync(join(dir, 'real-chrome'), join(dir, 'chrome-link'));
    expect(findChromium({ CHROME_PATH: join(dir, 'chrome-link') })).toBe(join(dir, 'chrome-link'));
  });

  it.each(CHROMIUM_NAMES.map((name) => [name]))('finds %s on PATH', (name) => {
    const dir = folder([name]);
    expect(findChromium({ PATH: path('/nonexistent-vis-folder', dir) })).toBe(join(dir, name));
  });

  it('prefers the names in order over the folders in order: chromium in a later folder beats google-chrome in an earlier one', () => {
    const first = folder(['google-chrome', 'chromium-browser']);
    const second = folder(['chromium']);
    expect(findChromium({ PATH: path(first, second) })).toBe(join(second, 'chromium'));
    expect(findChromium({ PATH: path(first) })).toBe(join(first, 'chromium-browser'));
  });

  it('takes the first folder of PATH that has the name', () => {
    const first = folder(['chromium']);
    const second = folder(['chromium']);
    expect(findChromium({ PATH: path(first, second) })).toBe(join(first, 'chromium'));
  });

  it('passes over a folder by a browser name, and a relative or empty PATH entry (the current folder)', () => {
    const dir = folder(['chromium/', 'google-chrome']);
    expect(findChromium({ PATH: path(dir) })).toBe(join(dir, 'google-chrome'));
    // A relative entry that names a folder holding chromium, from where the tests run.
    const relativeDir = relative(process.cwd(), folder(['chromium']));
    expect(isAbsolute(relativeDir)).toBe(false);
    expect(findChromium({ PATH: path('', relativeDir) })).toBeUndefined();
  });

  it('passes over a file by a browser name that is not executable', () => {
    const dir = folder(['chromium', 'google-chrome'], ['chromium']);
    expect(findChromium({ PATH: dir })).toBe(join(dir, 'google-chrome'));
  });

  it('finds nothing with no PATH, or none of the names on it', () => {
    expect(findChromium({})).toBeUndefined();
    expect(findChromium({ PATH: folder(['firefox', 'chrome']) })).toBeUndefined();
  });
});

describe('chromiumArgs', () => {
  const BASE = [
    '--headless',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ];

  it('turns the sandbox off only for root, which Chromium refuses to run otherwise', () => {
    expect(chromiumArgs(0)).toEqual([...BASE, '--no-sandbox']);
    expect(chromiumArgs(1000)).toEqual(BASE);
    expect(chromiumArgs(undefined)).toEqual(BASE);
  });

  it('each call gives its own list', () => {
    const a = chromiumArgs(1000);
    a.push('--x');
    expect(chromiumArgs(1000)).toEqual(BASE);
  });
});
