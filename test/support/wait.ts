/**
 * Waiting for something to happen instead of sleeping for a while: a fixed sleep is too
 * short on a busy machine and wasted on an idle one. The test's own timeout bounds the
 * wait; the give-up below only keeps a test that has timed out from polling for ever in
 * a worker that other files share.
 */

const GIVE_UP_MS = 120_000;

/** Resolves once `check` holds, asking again every `stepMs`. */
export async function waitUntil(check: () => boolean | Promise<boolean>, what: string, stepMs = 10): Promise<void> {
  const giveUp = Date.now() + GIVE_UP_MS;
  while (!(await check())) {
    if (Date.now() > giveUp) throw new Error(`still waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, stepMs));
  }
}
