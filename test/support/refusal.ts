/** What a call refused with: the error it threw or rejected with, or its message when it must be a usage error (exit 2). */
import { expect } from 'vitest';
import { exitCodeFor, UsageError } from '../../src/errors.js';

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

/** The error `p` rejected with; fails the test when it resolves. */
export async function rejection(p: Promise<unknown>): Promise<Error> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(Error);
  return err as Error;
}

/** The usage error (exit 2) `p` rejected with; fails the test on any other outcome. */
export async function usageRejection(p: Promise<unknown>): Promise<UsageError> {
  const err = await rejection(p);
  expect(err).toBeInstanceOf(UsageError);
  expect(exitCodeFor(err as UsageError)).toBe(2);
  return err as UsageError;
}
