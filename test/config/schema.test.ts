/**
 * The config file's shape, said twice: as conf's JSON schema (checked by ajv when a
 * command changes the file) and as configShapeProblem (every other command's read). The
 * two must give the same answer for any file.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Conf from 'conf';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CONFIG_SCHEMA, CONFIG_VERSION, configShapeProblem, PROFILE_FIELDS } from '../../src/config/schema.js';
import { PROFILE_SETTINGS } from '../../src/config/store.js';

/** Whether conf, with vis's schema, accepts a file holding `data`. */
function confAccepts(data: unknown): boolean {
  const dir = mkdtempSync(join(tmpdir(), 'vis-schema-'));
  writeFileSync(join(dir, 'config.json'), JSON.stringify(data));
  try {
    new Conf({ cwd: dir, configName: 'config', projectName: 'vis', schema: CONFIG_SCHEMA as never, accessPropertiesByDotNotation: false });
    return true;
  } catch (err) {
    expect((err as Error).message).toMatch(/^Config schema violation/);
    return false;
  }
}

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
  it.each(cases)('%s: conf and configShapeProblem agree', (_name, data, ok) => {
    expect(configShapeProblem(data) === undefined).toBe(ok);
    expect(confAccepts(data)).toBe(ok);
  });

  it('agree on any file of roughly the right shape', () => {
    const value = fc.oneof(fc.string({ maxLength: 3 }), fc.integer(), fc.constant(null), fc.boolean(), fc.constant([]), fc.constant({}));
    const profile = fc.oneof(fc.dictionary(fc.constantFrom(...PROFILE_FIELDS, 'other'), fc.oneof(fc.string({ maxLength: 3 }), value)), value);
    const file = fc.oneof(
      fc.record(
        { profile: fc.oneof(fc.string({ maxLength: 3 }), value), profiles: fc.oneof(fc.dictionary(fc.string({ minLength: 1, maxLength: 3 }), profile), value) },
        { requiredKeys: [] },
      ),
      value,
    );
    fc.assert(
      fc.property(file, (data) => (configShapeProblem(data) === undefined) === confAccepts(data)),
      { numRuns: 60 },
    );
  });

  it('knows every setting `vis config set` changes, and the key', () => {
    expect([...PROFILE_FIELDS].sort()).toEqual([...PROFILE_SETTINGS, 'api_key'].sort());
    expect(CONFIG_VERSION).toBe(1);
  });
});
