/** `vis cache status|clear`: the declaration. parse.ts and run.ts load when one runs. */
import { accountGroup, addVerbs, optionsOf, runOrCapture, type CommandDeclaration, type VerbDeclaration } from '../../declare.js';
import type { CacheVerb } from './parse.js';

const LOCAL = 'Sends no request: works on the cache folder only.';

const VERBS: ReadonlyArray<VerbDeclaration<CacheVerb>> = [
  {
    verb: 'status',
    summary: 'Where the cache is, and per account: entries, size, reads saved this month',
    description:
      'Where the response cache is and whether it is on, then per account (a hash of base URL and key; the key is never stored): entries, size and the reads the cache saved this month (UTC).',
    examples: ['vis cache status', 'vis topics --refresh'],
  },
  {
    verb: 'clear',
    summary: 'Remove every cached answer, of every account',
    description: 'Remove every cached answer of every account. The next command of each reads from the API again.',
    examples: ['vis cache clear'],
  },
];

export const cacheCommand: CommandDeclaration = {
  answers: (word) => word === 'cache',
  register(program, ctx, _only, runF) {
    const cache = accountGroup(program, 'cache', {
      summary: 'The local response cache: status and clear',
      what: 'Data answers are kept until the data can change (docs/guide.md: "The cache"): AI-answer data until the next daily scan, weekly data a day, AI traffic an hour. --refresh reads again, --no-cache or VIS_CACHE=off leaves the cache alone.',
      calls: LOCAL,
      examples: ['vis cache status', 'vis cache clear'],
    });
    addVerbs(
      cache,
      VERBS,
      () => LOCAL,
      async (v, self) => {
        const options = (await import('./parse.js')).parseCacheOptions(ctx, v.verb, optionsOf(self));
        await runOrCapture(options, runF, async () => (await import('./run.js')).runCache(options, ctx));
      },
    );
  },
};
