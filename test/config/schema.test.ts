/** The config file's shape (configShapeProblem): which files vis reads as its config, and which it refuses. */
import { describe, expect, it } from 'vitest';
import { CONFIG_VERSION, configShapeProblem, PROFILE_FIELDS } from '../../src/config/schema.js';
import { PROFILE_SETTINGS } from '../../src/config/store.js';

const cases: Array<[string, unknown, boolean]> = [
  ['empty', {}, true],
  [
    'a full profile',
    { profile: 'work', profiles: { work: { base_url: 'https://x', api_key: 'k', brand: 'b', market: 'm', format: 'csv', cache: 'off' } } },
    true,
  ],
  ['keys vis does not know', { later: [1], profiles: { a: { colour: 3 } } }, true],
  ['an array', [], false],
  ['profile a number', { profile: 1 }, false],
  ['profile null', { profile: null }, false],
  ['profiles an array', { profiles: [] }, false],
  ['profiles a string', { profiles: 'x' }, false],
  ['a profile that is text', { profiles: { a: 'x' } }, false],
  ['a profile that is null', { profiles: { a: null } }, false],
  ['a profile that is an array', { profiles: { a: [] } }, false],
  ...PROFILE_FIELDS.map((f): [string, unknown, boolean] => [`${f} a number`, { profiles: { a: { [f]: 1 } } }, false]),
  ...PROFILE_FIELDS.map((f): [string, unknown, boolean] => [`${f} null`, { profiles: { a: { [f]: null } } }, false]),
];

describe('the config schema', () => {
  it.each(cases)('%s', (_name, data, ok) => {
    expect(configShapeProblem(data) === undefined).toBe(ok);
  });

  it('knows every setting `vis config set` changes, and the key', () => {
    expect([...PROFILE_FIELDS].sort()).toEqual([...PROFILE_SETTINGS, 'api_key'].sort());
    expect(CONFIG_VERSION).toBe(1);
  });
});
