import { describe, expect, it } from 'vitest';
import { codeCacheDir } from '../../src/boot/code-cache.js';
import { Command } from 'commander';
import { commandWord, GLOBAL_VALUE_FLAGS } from '../../src/flags/argv.js';
import { addGlobalOptions } from '../../src/cli/program.js';
import { mayRequest } from '../../src/boot/index.js';

describe('boot: which commands compile under --liftoff-only', () => {
  it.each([
    [['usage'], true],
    [['--market', 'US-en', 'topics'], true],
    [['auth', 'login'], true],
    [['__complete', 'brands'], true],
    [['--demo', 'topics'], true],
    [[], false],
    [['--help'], false],
    [['topics', '-h'], false],
    [['help', 'topics'], false],
    [['config', 'list'], false],
    [['completion', 'bash'], false],
    [['sandbox', '--port', '0'], false],
    [['--profile', 'config', 'topics'], true],
  ])('%j -> %s', (argv, expected) => {
    expect(mayRequest(argv)).toBe(expected);
  });

  it('the command word is the first word that is not an option or an option’s value', () => {
    expect(commandWord(['--demo', 'topics', 'x'])).toBe('topics');
    expect(commandWord(['--profile', 'config', 'topics'])).toBe('topics');
    expect(commandWord(['--quiet'])).toBe(undefined);
  });
});

describe('GLOBAL_VALUE_FLAGS', () => {
  it('are exactly the global options that take a value, as commander has them', () => {
    const options = addGlobalOptions(new Command('vis')).options.filter((o) => o.required || o.optional);
    expect(new Set(options.flatMap((o) => [o.short, o.long].filter((f): f is string => f !== undefined)))).toEqual(GLOBAL_VALUE_FLAGS);
  });
});

describe('boot: the cache folder', () => {
  it('is $XDG_CACHE_HOME/vis/code, else ~/.cache/vis/code; a relative XDG_CACHE_HOME is ignored', () => {
    expect(codeCacheDir({ XDG_CACHE_HOME: '/x/cache', HOME: '/home/u' })).toBe('/x/cache/vis/code');
    expect(codeCacheDir({ HOME: '/home/u' })).toBe('/home/u/.cache/vis/code');
    expect(codeCacheDir({ XDG_CACHE_HOME: 'relative', HOME: '/home/u' })).toBe('/home/u/.cache/vis/code');
  });
});
