/**
 * The hint line under an error: who to ask, which flag to add, which plan has it, when
 * the budget resets. Hints that need data use only the free endpoints (/brands, /usage),
 * so explaining an error never spends a read.
 */
import { VisError } from '../errors.js';
import type { EndpointSpec } from '../endpoints.js';
import { sanitizeForTerminal } from '../text/sanitize.js';
import type { Session } from './session.js';
import { fetchBudget, listBrands } from '../api/account.js';
import { noteApiVersion } from './api-version.js';
import { formatUtcTime } from '../output/views/time.js';

const STATIC_HINTS: Record<string, string> = {
  plan_inactive: 'The account’s plan is not active: ask the account owner to reactivate it in the app.',
  market_not_found: '`vis markets` lists the brand’s live markets (1 read).',
  upstream_error: 'A service behind the API failed; try again in a few minutes.',
  rate_limited: 'The limit is 60 requests a minute per key, shared by everything that uses the key.',
};

export async function hintFor(err: VisError, session: Session, spec?: EndpointSpec): Promise<void> {
  if (err.hint) return;
  const code = err.code ?? '';
  switch (code) {
    case 'invalid_api_key': {
      const src = session.settings.apiKey?.source ?? 'nowhere';
      err.hint = `The key in use comes from ${src}. Check it, or run \`vis auth login\` to save a new one.`;
      return;
    }
    case 'brand_required':
      await brandRequired(err, session);
      return;
    case 'brand_not_found':
      err.hint = await brandsHint(session);
      return;
    case 'quota_exceeded':
      // Said once: the API's message, its numbers as vis writes counts (200,000), then only what it leaves out.
      err.message = err.message.replace(/(?<![\d.,:-])\d{5,}(?![\d.,:-])/g, (n) => Number(n).toLocaleString('en-US'));
      err.hint = /reset/i.test(err.message) ? '`vis usage` shows what is left of each allowance.' : await resetHint(session);
      return;
    case 'invalid_parameter':
      err.hint = spec ? `See \`vis ${spec.words.join(' ')} --help\` for the rules.` : undefined;
      return;
    case 'feature_not_in_plan':
      err.hint = planHint(spec);
      return;
    case 'not_found':
      // What is missing, then vis's way forward (not the API's path to it), the code last.
      if (spec?.listHint) err.message = `${err.message.replace(/[;:.]?\s*GET \/\S+ lists \S+\.?$/, '')}: ${spec.listHint.replace(/\.$/, '')}`;
      return;
    case 'connection_refused':
    case 'dns_failure':
      err.hint = 'Check VIS_BASE_URL (or --base-url) and the proxy variables (HTTPS_PROXY, NO_PROXY), then run `vis auth status`.';
      return;
    case 'integration_not_connected':
      // The entry names the integration; `vis api` cannot tell which one was meant.
      err.hint = `Connect the ${spec?.integration ? `${spec.integration} integration` : 'integration the endpoint needs'} in the app (Settings → Integrations), then try again.`;
      return;
    default:
      // hasOwn: a code such as `constructor` is not a hint (it would be a function).
      if (Object.hasOwn(STATIC_HINTS, code)) err.hint = STATIC_HINTS[code];
      else if (err.status === 402) err.hint = 'This month’s pitch reports are used up; the allowance renews on the first of the month.';
  }
}

/** What the plan lacks, for the command that hit it; the reference's list when vis cannot tell (`vis api`). */
function planHint(spec: EndpointSpec | undefined): string {
  const owner = 'the account owner can change the plan in the app.';
  if (spec?.plan === 'pitch-reports') return `This plan carries no pitch reports (\`vis usage\` shows the allowance); ${owner}`;
  if (spec?.plan === 'pro') return `\`vis ${spec.words.join(' ')}\` needs the Pro or Growth plan; ${owner}`;
  return `Brand perception, forum threads, AI traffic and tasks need the Pro or Growth plan; ${owner}`;
}

/**
 * The API's message lists the brands in its own words (`pass brand_id: 201 (…)`): with the
 * list from GET /brands (free) vis says it once, in the CLI's words.
 */
async function brandRequired(err: VisError, session: Session): Promise<void> {
  const choose = 'Choose one with --brand <name|id> (or VIS_BRAND), or save one for this profile with `vis config set brand <id>`.';
  let brands: Awaited<ReturnType<typeof listBrands>> = [];
  try {
    brands = await listBrands(session.client);
  } catch {
    // No list: the API's own message stays, with the way to choose.
  }
  if (brands.length === 0) {
    err.hint = choose;
    return;
  }
  err.message = `This account has ${brands.length} brands and the command names none`;
  const list = brands.map((b) => `${b.id} ${sanitizeForTerminal(b.name)}`).join(', ');
  err.hint = `${choose}\nBrands: ${list}`;
}

async function brandsHint(session: Session): Promise<string> {
  try {
    return brandList(await listBrands(session.client));
  } catch {
    return '`vis brands` lists the brands of this account.';
  }
}

/** When the budget resets, from the free GET /usage, read defensively. */
async function resetHint(session: Session): Promise<string> {
  const lead = 'The monthly read budget is used up (every tool using this account’s keys draws on it).';
  try {
    const reset = (await fetchBudget(session.client)).resetsAt;
    return reset ? `${lead} It resets ${sanitizeForTerminal(formatUtcTime(reset))}.` : `${lead} It resets on the first of the month.`;
  } catch {
    return `${lead} It resets on the first of the month.`;
  }
}

type SendArgs = Parameters<Session['client']['send']>[0];

/** Sends, and on failure adds the hint that tells the user what to do next. */
export async function sendWithHints(session: Session, req: SendArgs, spec?: EndpointSpec) {
  try {
    const res = await session.client.send(req);
    noteApiVersion(session, res.envelope);
    return res;
  } catch (err) {
    session.progress.stop();
    if (err instanceof VisError) await hintFor(err, session, spec);
    throw err;
  }
}

/** The one hint line that names the account's brands, or says there are none. */
export function brandList(brands: ReadonlyArray<{ id: number | string; name: string }>): string {
  if (brands.length === 0) return 'This account has no brands.';
  return `\`vis brands\` lists them: ${brands.map((b) => `${b.id} ${sanitizeForTerminal(b.name)}`).join(', ')}`;
}
