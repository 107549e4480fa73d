import { describe, expect, it } from 'vitest';
import { codeCacheDir, commandWord } from '../../src/boot/code-cache.js';
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
  ])('%j -> %s', (argv, expected) => {
    expect(mayRequest(argv)).toBe(expected);
  });

  it('the command word is the first word that is not an option', () => {
    expect(commandWord(['--demo', 'topics', 'x'])).toBe('topics');
    expect(commandWord(['--quiet'])).toBe('');
  });
});

describe('boot: the cache folder', () => {
  it('is $XDG_CACHE_HOME/vis/code, else ~/.cache/vis/code; a relative XDG_CACHE_HOME is ignored', () => {
    expect(codeCacheDir({ XDG_CACHE_HOME: '/x/cache', HOME: '/home/u' })).toBe('/x/cache/vis/code');
    expect(codeCacheDir({ HOME: '/home/u' })).toBe('/home/u/.cache/vis/code');
    expect(codeCacheDir({ XDG_CACHE_HOME: 'relative', HOME: '/home/u' })).toBe('/home/u/.cache/vis/code');
  });
});
