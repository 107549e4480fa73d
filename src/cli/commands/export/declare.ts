/** `vis export`: the declaration. parse.ts and run.ts load when it runs. */
import { addRequestOptions, addExamples, HELP_GROUPS, parseThenRun, toolDescription, type CommandDeclaration } from '../../declare.js';

export const exportCommand: CommandDeclaration = {
  answers: (word) => word === 'export',
  register(program, ctx, _only, runF) {
    // Not --output, --columns, --rows or --wide: it writes whole files into --dir.
    const cmd = addRequestOptions(
      addExamples(
        program.command('export'),
        'vis export --dir ./export --dry-run',
        'vis export --dir ~/vis-exports/$(date +%F) --all-brands --all-markets --quiet',
        'vis export --dir ./topics --only topics,topics.get --format json',
        'vis export --dir ~/vis-exports/$(date +%F) --resume',
      ),
      'files',
    );
    // Files are csv or json: the shared -f says `table` too, which export refuses.
    const format = cmd.options.find((o) => o.long === '--format');
    if (format) {
      format.description = 'csv (default) or json (env VIS_FORMAT, when it is csv or json)';
      format.choices(['csv', 'json']);
    }
    cmd
      .summary('Write every endpoint to files (csv or json) with a manifest, for cron jobs')
      .description(
        toolDescription(
          'Writes DIR/<brand>/<market>/<endpoint>.csv (or .json) for every data endpoint that needs no argument, then DIR/manifest.json: every file, its rows and period, and what was skipped or failed and why. Item endpoints (topics.get, tasks.get, competitors.get, pitches.get, answers.runs) only with --only: one file per item. Paced under the rate limit; each file written atomically. --format is csv (default) or json.',
          'Calls GET /usage and GET /brands first (free) to plan and check the budget, and refuses (exit 6) when the plan needs more reads than are left. Then one read per file: per brand, market and endpoint; GET /markets (1 read per brand) with --all-markets when /brands does not list them; an item endpoint costs its list plus one read per item. Plan-gated endpoints (403) and unconnected integrations (409) are skipped, not failures.',
        ),
      )
      .helpGroup(HELP_GROUPS.tools)
      .option('--dir <dir>', 'folder to write into (created if missing)')
      .option('--only <ids>', 'export only these endpoint ids, comma-separated (e.g. topics,competitors,topics.get)')
      .option('--all-brands', 'every brand of the account (default: --brand, or the only brand)')
      .option('--all-markets', 'every market of each brand (default: --market, or the primary market)')
      .option('--dry-run', 'print the plan and its cost in reads; read and write nothing')
      .option('--force', 'when the reads left do not cover the plan, export what fits instead of refusing')
      .option('--resume', 'finish the unfinished export in --dir with its plan, reading only the files still missing')
      .action(
        parseThenRun(
          runF,
          async (raw) => (await import('./parse.js')).parseExportCommand(ctx, raw),
          async (options) => (await import('./run.js')).runExportCommand(options, ctx),
        ),
      );
  },
};
