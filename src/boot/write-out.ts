/**
 * Writing an answer made before the bundle loads (help.ts, complete.ts) straight to fd 1,
 * without Node's stdout stream (which loads the streams, and node:net for a pipe).
 */
import { writeSync } from 'node:fs';

/**
 * Writes all of `text` to stdout; a reader that went away ends it quietly, as for every
 * command. Anything else the write meets (a full non-blocking pipe, a closed stdout) is
 * left to Node's stdout stream, as every other command leaves it.
 */
export function writeAll(text: string): void {
  const bytes = Buffer.from(text);
  let at = 0;
  try {
    while (at < bytes.length) at += writeSync(1, bytes, at);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EPIPE') process.stdout.write(bytes.subarray(at));
  }
}
