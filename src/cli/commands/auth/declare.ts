/** `vis auth login|status|logout`: one table, one registration loop. parse.ts and run.ts load when one runs. */
import type { Command } from 'commander';
import type { Context } from '../../../services/context.js';
import {
  accountGroup,
  addVerbs,
  LOCAL_ONLY,
  optionsOf,
  runOrCapture,
  USAGE_CHECK,
  type CommandDeclaration,
  type RunF,
  type VerbDeclaration,
} from '../../declare.js';
import type { AuthVerb } from './parse.js';

interface AuthVerbDeclaration extends VerbDeclaration<AuthVerb> {
  /** What it sends. */
  calls: string;
}

/** In the order `vis auth --help` lists them. */
const VERBS: readonly AuthVerbDeclaration[] = [
  {
    verb: 'login',
    summary: 'Save an API key for a profile (hidden prompt, or stdin when piped)',
    description: 'Save an API key for a profile: read from a hidden prompt on a TTY, or from stdin when piped. The key is checked before it is saved.',
    calls: USAGE_CHECK,
    examples: [
      'vis auth login --base-url https://api.example.com/api/v1',
      'vis auth login --profile agency --base-url https://api.example.com/api/v1 < key.txt',
    ],
  },
  {
    verb: 'status',
    summary: 'Which key is in use and where it came from (masked)',
    description: 'Which key is in use and where it came from, masked to its last 4 characters, and whether the API accepts it.',
    calls: USAGE_CHECK,
    examples: ['vis auth status', 'vis auth status --profile agency'],
  },
  {
    verb: 'logout',
    summary: 'Remove the saved key of the active profile',
    description: 'Remove the saved key of the active profile (other settings stay).',
    calls: LOCAL_ONLY,
    examples: ['vis auth logout', 'vis auth logout --profile agency'],
  },
];

function register(program: Command, ctx: Context, runF: RunF | undefined): void {
  const auth = accountGroup(program, 'auth', {
    summary: 'Log in, log out, and see which key is in use',
    what: 'Manage the API key of a profile. The key is read from a hidden prompt or from stdin, never from the command line, and saved in the config file (0600).',
    calls: 'Calls GET /usage (free: no read spent) for login and status; logout sends no request. Available on every plan.',
    examples: ['vis auth login --base-url https://api.example.com/api/v1', 'vis auth status'],
  });
  addVerbs(
    auth,
    VERBS,
    (v) => v.calls,
    async (v, self) => {
      const options = (await import('./parse.js')).parseAuthOptions(ctx, v.verb, optionsOf(self));
      await runOrCapture(options, runF, async () => (await import('./run.js')).runAuth(options, ctx));
    },
  );
}

export const authCommand: CommandDeclaration = {
  answers: (word) => word === 'auth',
  register: (program, ctx, _only, runF) => register(program, ctx, runF),
};
