/** `vis changes`: the declaration. parse.ts and run.ts load when it runs. */
import { DAYS_BACK_HELP } from '../../../flags/days-back.js';
import { addScopesReadOptions, addExamples, HELP_GROUPS, parseThenRun, toolDescription, type CommandDeclaration } from '../../declare.js';

export const changesCommand: CommandDeclaration = {
  answers: (word) => word === 'changes',
  register(program, ctx, _only, runF) {
    addScopesReadOptions(
      addExamples(
        program.command('changes'),
        'vis changes',
        'vis changes --since 7d --all-brands',
        'vis changes --fetch --notify',
        'vis changes --fetch --exit-code || notify-send "AI visibility changed"',
        'vis changes -f json',
      ),
      'output',
    )
      .summary('What changed between the two newest recorded days: topics, answer states, competitors, pages, issues')
      .description(
        toolDescription(
          'Compares the newest scan day in the local history with the recorded day before it (or with --since): the visibility score, each topic, each question’s answer state per engine, competitors, the brand’s cited pages and technical issues; a shape vis does not know is compared field by field. Worst news first. What was not recorded on both days is listed as not compared. Without --brand, the configured brand (VIS_BRAND, the profile), else every brand the history holds; likewise markets.',
          'Sends no request and needs no key: it reads the history data commands record. With --fetch, first reads the six answers it compares for each brand and market, through the cache (one read each that the cache does not hold; the cost is shown first on a terminal).',
        ),
      )
      .helpGroup(HELP_GROUPS.data)
      .option('--since <date|Nd>', `compare with the newest recorded day on or before this one: ${DAYS_BACK_HELP}`)
      .option('--threshold <points>', 'smallest move reported, in points (percentage points for 0-1 shares); default 5')
      .option('--exit-code', 'exit 8 when anything changed, 0 when nothing did (like git diff --exit-code)')
      .option('--fetch', 'read today’s answers first, through the cache (--refresh: from the API, which implies --fetch), so they are compared')
      .option('--notify', 'post what changed to the webhook in VIS_NOTIFY_URL or `vis config set notify` (Slack, Teams or JSON), when anything changed')
      .option('--notify-always', 'post to the webhook on every run, a "no change" too')
      .action(
        parseThenRun(
          runF,
          async (raw) => (await import('./parse.js')).parseChangesOptions(ctx, raw),
          async (options) => (await import('./run.js')).runChanges(options, ctx),
        ),
      );
  },
};
