import { describe, expect, it } from 'vitest';
import { codeCacheDir } from '../../src/boot/code-cache.js';
import { Command } from 'commander';
import { COMMAND_VALUE_FLAGS, commandWord, GLOBAL_VALUE_FLAGS } from '../../src/flags/argv.js';
import { addGlobalOptions, buildProgram } from '../../src/cli/program.js';
import { COMMAND_OPTIONS } from '../../src/flags/command-options.js';
import { testContext } from '../support/context.js';
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
    [['version'], false],
    [['--version', '--verbose'], false],
    [['--profile', 'config', 'topics'], true],
  ])('%j -> %s', (argv, expected) => {
    expect(mayRequest(argv)).toBe(expected);
  });

  it('the command word is the first word that is not an option or an option’s value', () => {
    expect(commandWord(['--demo', 'topics', 'x'])).toBe('topics');
    expect(commandWord(['--profile', 'config', 'topics'])).toBe('topics');
    expect(commandWord(['--quiet'])).toBe(undefined);
    // A command's option typed before its word is refused, but the word is still found,
    // so that command alone is built and named in the refusal.
    expect(commandWord(['-f', 'json', 'topics'])).toBe('topics');
    expect(commandWord(['--demo', '--market', 'US-en', '-d', '7', 'answers', 'history'])).toBe('answers');
    expect(commandWord(['--format=json', 'usage'])).toBe('usage');
  });
});

const spellings = (options: readonly { short?: string; long?: string; required: boolean; optional: boolean }[]) =>
  new Set(options.filter((o) => o.required || o.optional).flatMap((o) => [o.short, o.long].filter((f): f is string => f !== undefined)));

describe('GLOBAL_VALUE_FLAGS and COMMAND_VALUE_FLAGS', () => {
  it('GLOBAL_VALUE_FLAGS are exactly the root options that take a value, as commander has them', () => {
    expect(spellings(addGlobalOptions(new Command('vis')).options)).toEqual(GLOBAL_VALUE_FLAGS);
  });

  it('COMMAND_VALUE_FLAGS are exactly the shared command options that take a value, as the commands declare them', () => {
    const all = (c: Command): Command[] => [c, ...c.commands.flatMap(all)];
    const shared = new Set(COMMAND_OPTIONS.map((o) => o.flags));
    const declared = all(buildProgram(testContext())).flatMap((c) => c.options.filter((o) => shared.has(o.flags)));
    expect(new Set(declared.map((o) => o.flags))).toEqual(shared);
    expect(spellings(declared)).toEqual(COMMAND_VALUE_FLAGS);
  });
});

describe('boot: the cache folder', () => {
  it('is $XDG_CACHE_HOME/vis/code, else ~/.cache/vis/code; a relative XDG_CACHE_HOME is ignored', () => {
    expect(codeCacheDir({ XDG_CACHE_HOME: '/x/cache', HOME: '/home/u' })).toBe('/x/cache/vis/code');
    expect(codeCacheDir({ HOME: '/home/u' })).toBe('/home/u/.cache/vis/code');
    expect(codeCacheDir({ XDG_CACHE_HOME: 'relative', HOME: '/home/u' })).toBe('/home/u/.cache/vis/code');
  });
});
