/**
 * `vis config get|set|unset|list|path`: one table, one registration loop. parse.ts and
 * run.ts load when one runs.
 */
import type { Command } from 'commander';
import type { Context } from '../../../services/context.js';
import { accountGroup, addVerbs, LOCAL_ONLY, optionsOf, runOrCapture, type CommandDeclaration, type RunF, type VerbDeclaration } from '../../declare.js';
import type { ConfigVerb } from './parse.js';

const KEY_ARG = 'profile, base_url, brand, market, format, cache, history, notify or notify_format';

/** In the order `vis config --help` lists them. */
const VERBS: ReadonlyArray<VerbDeclaration<ConfigVerb>> = [
  {
    verb: 'get',
    args: [['<key>', KEY_ARG]],
    summary: 'Print one setting of the active profile',
    description:
      'Print one setting of the active profile: base_url, brand, market, format, cache, history, notify (its scheme and host only), notify_format; or `profile`, the active profile’s name.',
    examples: ['vis config get market', 'vis config get profile'],
  },
  {
    verb: 'set',
    args: [
      ['<key>', KEY_ARG],
      ['[value]', 'the new value; for profile, the name of the profile to make active; none for notify, read from stdin'],
    ],
    summary: 'Change a setting of the active profile, or switch profiles',
    description:
      'Change a setting of the active profile: base_url, brand, market, format, cache (on or off), history (off, or the history file: an absolute path or ~/…), notify (the webhook `vis changes --notify` posts to: a secret, so read from stdin or typed at a hidden prompt, never an argument), notify_format (slack, teams or json); or `profile` to switch the active profile.',
    examples: [
      'vis config set market GB-en',
      'vis config set cache off',
      'vis config set history ~/vis/history.db',
      'vis config set notify < slack-webhook.txt',
      'vis config set brand 201 --profile agency',
      'vis config set profile agency',
    ],
  },
  {
    verb: 'unset',
    args: [['<key>', KEY_ARG]],
    summary: 'Remove a setting of the active profile',
    description:
      'Remove a setting of the active profile: base_url, brand, market, format, cache, history, notify or notify_format; `profile` goes back to the default profile.',
    examples: ['vis config unset market', 'vis config unset brand --profile agency'],
  },
  {
    verb: 'list',
    args: [],
    summary: 'All profiles and settings (keys masked)',
    description: 'All profiles and their settings, keys masked to their last 4 characters and webhooks to their host; the active profile is marked.',
    examples: ['vis config list'],
  },
  {
    verb: 'path',
    args: [],
    summary: 'Where the config file is',
    description: 'Print the path of the config file ($VIS_CONFIG_DIR/config.json, else $XDG_CONFIG_HOME/vis/config.json).',
    examples: ['vis config path'],
  },
];

function register(program: Command, ctx: Context, runF: RunF | undefined): void {
  const config = accountGroup(program, 'config', {
    summary: 'Read and change saved settings (base URL, brand, market, format)',
    what: 'Saved settings, one set per profile: base_url, brand, market, format, cache, history. The active profile is the one `vis config set profile NAME` chose, unless --profile or VIS_PROFILE says otherwise.',
    calls: LOCAL_ONLY,
    examples: ['vis config set market GB-en', 'vis config list'],
  });
  // None renders a response: no --format, and no option of its own but its arguments.
  addVerbs(
    config,
    VERBS,
    () => LOCAL_ONLY,
    async (v, self) => {
      const options = await (await import('./parse.js')).parseConfigOptions(ctx, v.verb, self.args, optionsOf(self));
      await runOrCapture(options, runF, async () => (await import('./run.js')).runConfig(options, ctx));
    },
  );
}

export const configCommand: CommandDeclaration = {
  answers: (word) => word === 'config',
  register: (program, ctx, _only, runF) => register(program, ctx, runF),
};
