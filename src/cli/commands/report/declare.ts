/** `vis report`: the declaration. parse.ts and run.ts load when it runs. */
import { addScopesReadOptions, addExamples, HELP_GROUPS, parseThenRun, toolDescription, type CommandDeclaration } from '../../declare.js';

export const reportCommand: CommandDeclaration = {
  answers: (word) => word === 'report',
  register(program, ctx, _only, runF) {
    addScopesReadOptions(
      addExamples(
        program.command('report'),
        'vis report --dry-run',
        'vis report --brand "Northwind CRM" --days 30 --dry-run',
        'vis report --all-brands --dry-run',
      ),
      'range',
    )
      .summary('The client report: one self-contained HTML file with charts, and PDF')
      .description(
        toolDescription(
          'Writes one self-contained HTML file per brand (inline styles and SVG charts, no script, nothing fetched when opened), each holding only that brand, for each of its markets: the headline figures, the visibility trend, share of voice, topics, buyer questions, perception, cited pages, content gaps, technical issues, open tasks and what changed. The period is 30 days unless --days or --from/--to say otherwise. With several brands, each is its own file, report-<brand>-<last day>.html in --dir (--combined: one file holding every brand, or those --brand names, an internal overview). With --pdf, also prints each to PDF through a local Chromium, beside its HTML.',
          'Calls GET /usage and GET /brands first (free), then one read per section and brand × market (brand perception and the technical scan once per brand); the cache answers what it holds for free, so a report after an export of the same period spends nothing. Refused (exit 6) when the reads left do not cover it. Sections the plan does not include say so in place.',
        ),
      )
      .helpGroup(HELP_GROUPS.tools)
      .option('-o, --output <file>', 'the HTML file (default: report-<brand>-<last day>.html in --dir; - for stdout); one brand, or --combined')
      .option('--dir <folder>', 'the folder of the files vis names, one per brand (default: the current folder)')
      .option(
        '--combined',
        'several brands in one file, an internal overview not to send to a client (then -o and --pdf FILE apply): every brand of the account, or those --brand A,B names',
      )
      .option('--pdf [file]', 'also print each report to PDF beside its HTML, or to this file with one brand (needs Chromium; A4 unless --paper letter)')
      .option('--title <text>', 'the report’s title (default: AI visibility report)')
      .option('--logo <file>', 'the agency’s logo, PNG or JPEG, at most 1 MiB, embedded in the file')
      .option('--accent <color>', 'the accent colour, #rgb or #rrggbb')
      .option('--locale <tag>', 'dates and numbers formatted for this BCP 47 locale (default: the system’s)')
      .option('--paper <size>', 'a4 (default) or letter, for print and --pdf')
      .option('--dry-run', 'print the reads the report needs, which are cached, and the reads left; read and write nothing')
      .action(
        parseThenRun(
          runF,
          async (raw) => (await import('./parse.js')).parseReportCommand(ctx, raw),
          async (options) => (await import('./run.js')).runReport(options, ctx, reportDeps),
        ),
      );
  },
};

/** The renderer, the charts and the PDF printer (src/report/), loaded only when a report is made. */
async function reportDeps() {
  return (await import('./deps.js')).defaultDeps();
}
