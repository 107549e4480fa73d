/**
 * `vis export`: the account's data to files, for cron jobs (README, Export).
 *
 * 1. Parse and check everything on the command line, and that --dir can be written
 *    (exit 2, nothing sent): parse.ts.
 * 2. Ask the free GET /usage (reads left) and GET /brands (which brands, and their
 *    markets when it lists them), and plan: endpoints x brands x markets, and the cost.
 * 3. --dry-run: print the plan (stdout) and stop; exit 6 when the export would be refused.
 * 4. Refuse (exit 6) when even the known part of the plan needs more reads than are left,
 *    unless --force; then write a `running` manifest.json, run the plan
 *    (src/export/runner.ts) rewriting it after every file (`interrupted` from the abort
 *    listener on Ctrl-C/SIGTERM, `failed` on an error), write the final one, print the
 *    summary on stderr, and exit with the worst failure's code.
 *
 * --resume: the plan comes from the folder's manifest, checked value by value
 * (src/export/manifest-check.ts) and against the command line first (exit 2 on a
 * difference, nothing sent), and refused for another API or account (exit 2, before any
 * read); files it lists as written and still there are not read again, nor, on the same
 * API day, the lists whose items it recorded (`listed`). src/export/export-run.ts turns
 * a fresh export and a resumed one alike into one ExportRun; src/export/journal.ts keeps
 * the manifest. This step only wires them to the session and the terminal.
 */
import { endpointById } from '../../../endpoints.js';
import { budgetFromUsage, brandsFromPayload } from '../../../api/account.js';
import type { RawExportOptions } from '../../../export/options.js';
import { planExport, planRun, planView, runInput } from '../../../export/export-run.js';
import { keepJournal, readPrevious } from '../../../export/journal.js';
import { manifestBrands } from '../../../export/manifest.js';
import { ProgressBar } from '../../../export/progress.js';
import { budgetError, exportFailure, planDocument, renderPlanText, renderSummary, verdict } from '../../../export/report.js';
import { exportAccount, exportApi } from '../../../export/resume.js';
import type { Task } from '../../../export/plan.js';
import { runExport, taskRequest } from '../../../export/runner.js';
import { renderJsonValue } from '../../../output/json.js';
import { sanitizeForTerminal } from '../../../text/sanitize.js';
import type { Context } from '../../../services/context.js';
import { writeMessage } from '../../../terminal/io.js';
import { openSession } from '../../../services/session.js';
import { emit } from '../../../terminal/render.js';
import { sendWithHints } from '../../../services/hints.js';
import { cachedNow, sendCached } from '../../../services/cached.js';
import { parseExportCommand, type ExportCommandOptions } from './parse.js';

/** Parse, then run: what the declaration does, for a caller that has the raw options. */
export async function exportCommand(ctx: Context, raw: RawExportOptions): Promise<void> {
  await runExportCommand(parseExportCommand(ctx, raw), ctx);
}

export async function runExportCommand(options: ExportCommandOptions, ctx: Context): Promise<void> {
  const { export: opts, session: sessionOptions } = options;
  const { settings } = sessionOptions;
  // Before any request: --resume's manifest, checked, and the plan it finishes (exit 2 when it cannot).
  const run = planRun(
    {
      options: opts,
      format: options.format,
      brand: settings.brand,
      market: settings.market?.value,
      api: exportApi(sessionOptions.demo, settings.baseUrl?.value),
      today: ctx.today().api,
    },
    readPrevious(opts),
  );
  if (run.complete) {
    if (!opts.flags.quiet) ctx.io.stderr.write(`vis export: the export in ${sanitizeForTerminal(opts.dir)} is complete; nothing to resume.\n`);
    return;
  }
  const warn = (line: string) => {
    if (!opts.flags.quiet) writeMessage(ctx.io, `vis: warning: ${line}`);
  };
  const session = await openSession(ctx, sessionOptions);
  try {
    const usage = await sendWithHints(session, { method: 'GET', path: endpointById('usage').path });
    const budget = budgetFromUsage(usage.envelope.data);
    if (budget.left === undefined) warn('GET /usage did not say how many reads are left, so the export is not checked against the budget');
    const brandsRes = await sendWithHints(session, { method: 'GET', path: endpointById('brands').path });
    const records = brandsFromPayload(brandsRes.envelope.data);
    // One brand: its answers are filed under the requests without brand_id too (src/services/cached.ts).
    if (records.length === 1) session.oneBrand = String(records[0]!.id);
    const planned = planExport(run, records, exportAccount(run.api, usage.envelope.data, records.map((r) => r.id)));
    const cached = (t: Task) => !t.placeholder && cachedNow(ctx, session, t.endpoint, taskRequest(t, run.period, run.params));
    const view = planView(run, planned, budget, session.cacheMode === 'use' ? planned.tasks.filter(cached).length : undefined);

    if (opts.dryRun) {
      const text = run.format === 'json' ? renderJsonValue(planDocument(view, manifestBrands(planned.brands))) : renderPlanText(view);
      await emit(ctx, undefined, text);
      if (verdict(view) === 'refused') throw budgetError(view.cost, budget, 'would need');
      return;
    }
    if (verdict(view) === 'refused') throw budgetError(view.cost, budget, 'needs');

    const bar = ctx.io.stderrIsTTY && !opts.flags.quiet && !ctx.debug ? new ProgressBar(ctx.io.stderr, stderrColumns(ctx), () => ctx.clock.now()) : undefined;
    const facts = { tool: `vis ${ctx.version}`, baseUrl: session.settings.baseUrl?.value ?? '', readsLeft: budget.left, now: () => ctx.clock.now() };
    const { result, manifest, path, elapsedMs } = await keepJournal(run, planned, facts, ctx.signal, async (checkpoint) => {
      bar?.start();
      try {
        return await runExport(runInput(run, planned, budget.left), {
          send: (req, endpoint) => sendCached(ctx, session, endpoint, req, { send: (r) => session.client.send(r) }),
          now: () => ctx.clock.now(),
          observer: bar,
          checkpoint,
        });
      } finally {
        bar?.stop();
      }
    });

    if (!opts.flags.quiet) ctx.io.stderr.write(renderSummary(result, { dir: opts.dir, manifestPath: path, elapsedMs, readsLeft: budget.left }));
    if (manifest.stale.length > 0) {
      warn(`${manifest.stale.length} file${manifest.stale.length === 1 ? '' : 's'} in ${opts.dir} are not from this export (listed as "stale" in the manifest, left in place)`);
    }
    const failure = exportFailure(result, budget, path);
    if (failure) throw failure;
  } finally {
    await session.close();
  }
}

/** The bar is drawn on stderr: its width, else the one vis fits tables to. */
function stderrColumns(ctx: Context): number {
  const columns = (ctx.io.stderr as { columns?: number }).columns;
  return typeof columns === 'number' && columns > 0 ? columns : ctx.io.columns;
}
