/**
 * A share is read as a 0–1 fraction by its name and the range of its values; `vis changes`
 * and the report read it by the same rule.
 */
import { describe, expect, it } from 'vitest';
import { isFraction, percentScale } from '../../src/domain/shares.js';
import { isFraction as changesIsFraction } from '../../src/history/changes/fields.js';

const CASES: ReadonlyArray<[string, unknown[], boolean]> = [
  ['share_of_voice', [0.31, 0.12, 0], true],
  ['share_of_voice', [0.31, 12.5], false],
  ['share_of_voice', [1], true],
  ['share_of_voice', [1.0001], false],
  ['share_of_voice', [-0.1, 0.2], false],
  ['share_of_voice', [], false],
  ['share_of_voice', ['0.31', null], false],
  ['share_of_voice', [null, 0.4, 'n/a'], true],
  ['sov', [0.2], true],
  ['SHARE', [0.2], true],
  ['mention_rate', [0.5], true],
  ['visibility', [0.5], true],
  ['win_ratio', [0.5], true],
  ['ai_visits_change_pct', [0.5], true],
  ['percent', [0.5], true],
  ['fraction', [0.5], true],
  ['score', [0.5], false],
  ['mentions', [1, 0], false],
];

describe('isFraction', () => {
  it.each(CASES)('%s of %j: %s', (name, values, fraction) => {
    expect(isFraction(name, values)).toBe(fraction);
    expect(percentScale(name, values)).toBe(fraction ? 100 : 1);
  });

  it('is the rule `vis changes` reads shares by', () => {
    expect(changesIsFraction).toBe(isFraction);
  });
});
