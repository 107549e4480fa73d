/**
 * The --sort check before the read (checkListOptions): against the columns the schema
 * knows, and left to the answer where the schema knows none.
 */
import { describe, expect, it } from 'vitest';
import { UsageError } from '../../src/errors.js';
import { checkListOptions } from '../../src/terminal/render.js';

describe('checkListOptions', () => {
  it('a known column, or one inside a known map, passes; no --sort passes', async () => {
    await expect(checkListOptions({ id: 'topics' }, { sort: { field: 'visibility', descending: true } })).resolves.toBeUndefined();
    await expect(checkListOptions({ id: 'prompts' }, { sort: { field: 'engines.someengine.rate', descending: false } })).resolves.toBeUndefined();
    await expect(checkListOptions({ id: 'topics' }, { top: 3 })).resolves.toBeUndefined();
  });

  it('an unknown column is a UsageError naming the known ones', async () => {
    const err = await checkListOptions({ id: 'topics' }, { sort: { field: 'nope', descending: false } }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UsageError);
    expect((err as Error).message).toBe(
      '--sort: "nope" is not a column here; the columns are id, name, visibility, change, rank, share_of_voice, rivals, questions',
    );
  });

  it('an endpoint whose rows the schema does not describe: the check waits for the answer', async () => {
    await expect(checkListOptions({ id: 'usage' }, { sort: { field: 'anything', descending: false } })).resolves.toBeUndefined();
  });
});
