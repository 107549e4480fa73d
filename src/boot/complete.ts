/**
 * `vis __complete <source>` answered before the bundle loads (dist/complete.cjs): what a
 * shell asks on every TAB, read from the config file, the completion cache or the response
 * cache (src/cli/commands/completion/lookup.ts) and printed as the command prints it. A line
 * of another shape than the scripts send, or brands that must be fetched first, returns
 * false having printed nothing, and the program answers it. Any failure prints nothing, as
 * the command does. Must never send a request, write a file, or load the program.
 */
import { ConfigStore } from '../config/store.js';
import { localDate, utcDate } from '../domain/dates.js';
import type { Env } from '../domain/env.js';
import { candidateLines, lookupCandidates } from '../cli/commands/completion/lookup.js';
import { quickRequest } from '../cli/commands/completion/request.js';
import { writeAll } from './write-out.js';

/** Prints the candidates argv asks for and resolves to true; false, having done nothing, when the program must answer. */
export async function answerCompletion(argv: readonly string[], env: Env): Promise<boolean> {
  const request = quickRequest(argv);
  if (request === undefined) return false;
  let names: string[] = [];
  try {
    let store: ConfigStore | undefined;
    const found = await lookupCandidates(
      {
        env,
        config: () => (store ??= new ConfigStore(env)),
        now: () => Date.now(),
        // The command's today (src/services/context.ts); the demo's day never applies, as
        // a lookup under --demo or VIS_DEMO reads no account.
        today: () => {
          const now = Date.now();
          return { api: utcDate(now), local: () => localDate(now, env.TZ) };
        },
      },
      request.source,
      request.raw,
    );
    if (!Array.isArray(found)) return false;
    names = found;
  } catch {
    names = [];
  }
  const lines = candidateLines(names);
  if (lines !== '') writeAll(lines);
  return true;
}
