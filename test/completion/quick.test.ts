/**
 * Which command lines main.ts answers without building the program (quick.ts): the
 * shapes the completion scripts send, read as commander reads them; anything else goes
 * to the program.
 */
import { describe, expect, it } from 'vitest';
import { quickRequest } from '../../src/cli/commands/completion/quick.js';

describe('quickRequest', () => {
  it.each([
    [['__complete', 'brands'], { source: 'brands', raw: {} }],
    [['__complete', 'profiles'], { source: 'profiles', raw: {} }],
    [['__complete', 'brands', '--profile', 'work'], { source: 'brands', raw: { profile: 'work' } }],
    [
      ['__complete', 'brands', '--base-url', 'https://x.test/api/v1', '--profile', 'a'],
      { source: 'brands', raw: { baseUrl: 'https://x.test/api/v1', profile: 'a' } },
    ],
    [
      ['__complete', 'engines', '--profile=work', '--base-url=https://x.test/api/v1'],
      { source: 'engines', raw: { profile: 'work', baseUrl: 'https://x.test/api/v1' } },
    ],
    [['__complete', 'brands', '--profile', 'a', '--profile', 'b'], { source: 'brands', raw: { profile: 'b' } }],
  ])('%j is answered quickly', (argv, request) => {
    expect(quickRequest(argv)).toEqual(request);
  });

  it.each([
    [['__complete']],
    [['__complete', '--profile', 'work', 'brands']],
    [['__complete', 'brands', '--profile']],
    [['__complete', 'brands', '--profile', '--demo']],
    [['__complete', 'brands', '--demo']],
    [['__complete', 'brands', 'extra']],
    [['__complete', 'brands', '--']],
    [['--profile', 'work', '__complete', 'brands']],
    [['topics']],
  ])('%j goes to the program', (argv) => {
    expect(quickRequest(argv)).toBeUndefined();
  });
});
