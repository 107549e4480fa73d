/**
 * `vis history prune --before DATE|Nd [--dry-run]`: the recorded days before DATE removed
 * (HistoryStore.prune: their answers, and the bodies no answer uses any more), or with
 * --dry-run counted and left as they are.
 */
import type { HistoryStore } from '../../../history/types.js';
import type { Context } from '../../../services/context.js';
import { openHistory } from '../../../services/history.js';
import { formatCount } from '../../../output/views/numbers.js';
import { daysBefore } from './days.js';
import type { HistoryPruneOptions } from './parse.js';

export async function runHistoryPrune(options: HistoryPruneOptions, ctx: Context): Promise<void> {
  const store = await openHistory(ctx, options.profile);
  try {
    await pruneHistory(options, ctx, store);
  } finally {
    await store.close();
  }
}

const plural = (n: number, word: string, words = `${word}s`) => `${formatCount(n)} ${n === 1 ? word : words}`;

export async function pruneHistory(options: HistoryPruneOptions, ctx: Context, store: HistoryStore): Promise<void> {
  const { before } = options;
  if (options.dryRun) {
    const until = daysBefore(before, 1);
    const apis = [...new Set((await store.check()).scopes.map((s) => s.api))];
    let answers = 0;
    const days = new Set<string>();
    for (const api of apis) {
      answers += (await store.answers({ api, until })).length;
      for (const day of await store.days({ api, until })) days.add(day);
    }
    ctx.io.stdout.write(`Would remove ${plural(answers, 'answer')} of ${plural(days.size, 'scan day')} before ${before} (--dry-run: nothing removed).\n`);
    return;
  }
  const report = await store.prune(before);
  ctx.io.stdout.write(
    report.answers === 0
      ? `Nothing recorded before ${before}: nothing removed.\n`
      : `Removed ${plural(report.answers, 'answer')} of the scan days before ${before}, and ${plural(report.bodies, 'body', 'bodies')} no answer used any more.\n`,
  );
}
