/**
 * The test run's temporary folder goes at the end of the run, even when a test left a
 * read-only folder in it (a 0500 config folder): for anyone but root, deleting inside such
 * a folder fails until it is opened again.
 */
import { chmodSync, existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it, vi } from 'vitest';
import setup from './tmp.global.js';

it('removes the run folder, read-only folders left in it included', () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  const teardown = setup();
  const dir = process.env.TMPDIR!;
  try {
    const config = join(mkdtempSync(join(dir, 'vis-ro-')), 'vis');
    mkdirSync(join(config, 'nested'), { recursive: true });
    writeFileSync(join(config, 'config.json'), '{}');
    writeFileSync(join(config, 'nested', 'file'), '');
    chmodSync(join(config, 'nested'), 0o500);
    chmodSync(config, 0o500);
  } finally {
    teardown();
  }
  try {
    expect(warn).not.toHaveBeenCalled();
    expect(existsSync(dir)).toBe(false);
  } finally {
    warn.mockRestore();
  }
});

it('points HOME and the XDG folders into the run folder while it runs, and gives them back after', () => {
  const before = { HOME: process.env.HOME, XDG_CONFIG_HOME: process.env.XDG_CONFIG_HOME };
  const teardown = setup();
  const dir = process.env.TMPDIR!;
  try {
    expect(process.env.HOME).toBe(join(dir, 'home'));
    expect(existsSync(process.env.HOME!)).toBe(true);
    for (const k of ['XDG_CONFIG_HOME', 'XDG_CACHE_HOME', 'XDG_DATA_HOME', 'XDG_STATE_HOME'])
      expect(process.env[k]?.startsWith(`${join(dir, 'home')}/`), k).toBe(true);
    expect(process.env.npm_config_cache).toBeTruthy();
  } finally {
    teardown();
  }
  expect({ HOME: process.env.HOME, XDG_CONFIG_HOME: process.env.XDG_CONFIG_HOME }).toEqual(before);
});
