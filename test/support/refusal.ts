/** What a synchronous call refused with: the error it threw, or its message when it must be a usage error (exit 2). */
import { expect } from 'vitest';
import { UsageError } from '../../src/errors.js';

/** The error `fn` threw; fails the test when it returns. */
export function thrown(fn: () => unknown): Error {
  try {
    fn();
  } catch (err) {
    return err as Error;
  }
  throw new Error('expected a throw');
}

/** The message of the usage error `fn` threw; fails the test on any other outcome. */
export function refusal(fn: () => unknown): string {
  const err = thrown(fn);
  expect(err).toBeInstanceOf(UsageError);
  return err.message;
}
