/**
 * `vis export`: the account's data to files, for cron jobs (docs/guide.md, Export).
 *
 * 1. Parse and check everything on the command line, and that --dir can be written
 *    (exit 2, nothing sent): parse.ts. With --resume, read back the folder's manifest,
 *    checked value by value, and plan the run from it and the command line
 *    (src/export/fresh-or-resumed.ts, planRun: exit 2 on a difference, nothing sent).
 * 2. Ask the free GET /usage (reads left) and GET /brands (which brands, and their
 *    markets when it lists them), and plan: endpoints x brands x markets, and the cost
 *    (planExport; a resume with another account is refused there, exit 2).
 * 3. --dry-run: print the plan (stdout) and stop; exit 6 when the export would be refused.
 * 4. Refuse (exit 6) when even the known part of the plan needs more reads than are left,
 *    unless --force; then run the plan (src/export/execute-plan.ts) with its manifest kept
 *    (src/export/journal.ts: `running` first and after every file, `interrupted` on
 *    Ctrl-C/SIGTERM, `failed` on an error, the final one at the end), print the summary
 *    on stderr, and exit with the worst failure's code.
 *
 * A fresh export and a resumed one are one ExportRun from step 1 on: this step only
 * wires the planning, the runner and the journal to the session and the terminal.
 */
import { endpointById } from '../../../endpoints.js';
import { budgetFromUsage, brandsFromPayload } from '../../../api/account.js';
import type { RawExportOptions } from '../../../export/options.js';
import { planExport, planRun, planView, runInput } from '../../../export/fresh-or-resumed.js';
import { keepJournal, readPrevious } from '../../../export/journal.js';
import { manifestBrands } from '../../../export/manifest.js';
import { ProgressBar } from '../../../export/progress.js';
import { budgetError, exportFailure, planDocument, renderPlanText, renderSummary, verdict } from '../../../export/summary.js';
import { exportAccount, exportApi } from '../../../export/resume.js';
import type { Task } from '../../../export/plan.js';
import { runExport, taskRequest } from '../../../export/execute-plan.js';
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
    if (!opts.flags.quiet) writeMessage(ctx.io, `vis export: the export in ${sanitizeForTerminal(opts.dir)} is complete; nothing to resume.`);
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
    const planned = planExport(
      run,
      records,
      exportAccount(
        run.api,
        usage.envelope.data,
        records.map((r) => r.id),
      ),
    );
    const cached = (t: Task) => !t.placeholder && cachedNow(ctx, session, t.endpoint, taskRequest(t, run.period, run.params));
    const view = {
      ...planView(run, planned, budget, session.cacheMode === 'use' ? planned.tasks.filter(cached).length : undefined),
      perMinute: session.pacer.limit,
    };

    if (opts.dryRun) {
      // Fitted to a terminal; a pipe or file gets each row and sentence on one line, for grep.
      const text =
        run.format === 'json'
          ? renderJsonValue(planDocument(view, manifestBrands(planned.brands)))
          : renderPlanText(view, ctx.io.stdoutIsTTY ? ctx.io.columns : Infinity);
      await emit(ctx, undefined, text);
      if (verdict(view) === 'refused') throw budgetError(view.cost, budget, 'would need');
      return;
    }
    if (verdict(view) === 'refused') throw budgetError(view.cost, budget, 'needs');

    const facts = { tool: `vis ${ctx.version}`, baseUrl: session.settings.baseUrl?.value ?? '', readsLeft: budget.left, now: () => ctx.clock.now() };
    const { result, manifest, path, elapsedMs } = await keepJournal(run, planned, facts, ctx.signal, async (checkpoint) => {
      const bar =
        ctx.io.stderrIsTTY && !opts.flags.quiet && !ctx.debug
          ? new ProgressBar(ctx.io.stderr, stderrColumns(ctx), () => ctx.clock.now(), session.pacer)
          : undefined;
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

    if (!opts.flags.quiet)
      writeMessage(
        ctx.io,
        renderSummary(result, { dir: opts.dir, manifestPath: path, elapsedMs, readsLeft: budget.left, width: stderrColumns(ctx) }).trimEnd(),
      );
    if (manifest.stale.length > 0) {
      warn(
        `${manifest.stale.length} file${manifest.stale.length === 1 ? '' : 's'} in ${opts.dir} are not from this export (listed as "stale" in the manifest, left in place)`,
      );
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
