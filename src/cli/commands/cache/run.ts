/** `vis cache status|clear`, run after parse.ts. */
import { cacheStatus, clearCache } from '../../../cache/store.js';
import { formatCount } from '../../../output/views/numbers.js';
import { sanitizeForTerminal } from '../../../text/sanitize.js';
import type { Context } from '../../../services/context.js';
import type { CacheOptions } from './parse.js';

export async function runCache(options: CacheOptions, ctx: Context): Promise<void> {
  const out = (s: string) => void ctx.io.stdout.write(`${s}\n`);
  if (options.command === 'cache clear') {
    const n = clearCache(options.root);
    out(`Removed ${formatCount(n)} cached answer${n === 1 ? '' : 's'} from ${options.root}.`);
    return;
  }
  const now = ctx.clock.now();
  const sw = options.switch;
  out(`Cache: ${options.root} (${sw.value}${sw.source === 'default' ? '' : `, from ${sw.source}`})`);
  const accounts = cacheStatus(options.root, now);
  if (accounts.length === 0) return out('No cached answers yet.');
  const month = new Date(now).toISOString().slice(0, 7);
  for (const a of accounts) {
    const mark = a.account === options.current ? ' (active profile)' : '';
    out(`account ${a.account.slice(0, 16)}${mark}  ${sanitizeForTerminal(a.baseUrl ?? 'base URL unknown')}`);
    out(
      `  ${formatCount(a.entries)} entr${a.entries === 1 ? 'y' : 'ies'}, ${size(a.bytes)}, ${formatCount(a.savedThisMonth)} read${a.savedThisMonth === 1 ? '' : 's'} saved in ${month}`,
    );
  }
}

function size(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
