/**
 * Topic names for the terminal views of answers that name topics by id only (GET /prompts'
 * `topic_id`, a task's `topics`; the endpoints marked `namesTopics`). The API gives the
 * names in GET /topics alone, and a second read is never spent for them: they come from a
 * GET /topics answer of the same brand and market already in the account's cache, fresh
 * or stale (a name outlives a day's figures). None there, or no cache (VIS_CACHE=off):
 * the views show the ids, as the answer does. --demo has no cache (its sandbox is this
 * run's own): its names come from the demo's own GET /topics of the same day, simulated
 * in the process, which sends nothing and counts no read (demoTopicNames).
 *
 * The lookup is a service, not a view: views stay pure (an answer and a context in, lines
 * out) and this reads files. It only reads: no request, no entry written, no read counted
 * as saved, nothing recorded. json, csv and the piped table never see the names.
 */
import type { EndpointId } from '../endpoints.js';
import { queryOfKey } from '../cache/keys.js';
import { isPlainObject } from '../output/flatten.js';
import { topicNamesIn } from '../text/topic-names.js';
import type { ScopeResult } from '../domain/scope.js';
import type { Context } from './context.js';
import { demoKey, type Session } from './session.js';

const TOPICS: EndpointId = 'topics';
/** Entries of GET /topics read at most, newest first: a cache holding many periods stays quick. */
export const MAX_ENTRIES = 20;

/**
 * The brand and market an answer is of: what its meta says (the API names the market that
 * answered), else what its request asked; undefined for the default (the account's one
 * brand, the brand's primary market).
 */
export interface AnswerScope {
  brand: string | undefined;
  market: string | undefined;
}

export function answerScope(query: ReadonlyArray<readonly [string, string]>, meta: unknown): AnswerScope {
  const asked = (name: string) => query.find(([k]) => k === name)?.[1];
  const brand = isPlainObject(meta) && isPlainObject(meta.brand) ? meta.brand.id : undefined;
  const market = isPlainObject(meta) && isPlainObject(meta.market) ? meta.market.code : undefined;
  return {
    brand: typeof brand === 'number' || (typeof brand === 'string' && brand !== '') ? String(brand) : asked('brand_id'),
    market: typeof market === 'string' && market !== '' ? market : asked('market'),
  };
}

/** The scope of one brand × market of a command over several. */
export function resultScope(result: Pick<ScopeResult, 'brand' | 'market' | 'envelope'>): AnswerScope {
  const query: Array<[string, string]> = [['brand_id', result.brand.id]];
  if (result.market !== null) query.push(['market', result.market.code]);
  return answerScope(query, result.envelope?.meta);
}

/** Topic names by id from the newest cached GET /topics answer of `scope`; undefined when the cache holds none. */
export function cachedTopicNames(session: Pick<Session, 'cache' | 'debug'>, scope: AnswerScope): ReadonlyMap<string, string> | undefined {
  const cache = session.cache();
  if (cache === undefined) return undefined;
  let read = 0;
  for (const { key, hit } of cache.entries(TOPICS)) {
    if (++read > MAX_ENTRIES) break;
    let answer: unknown;
    try {
      answer = JSON.parse(hit.raw);
    } catch {
      continue;
    }
    if (!isPlainObject(answer)) continue;
    const of = answerScope(queryOfKey(key), answer.meta);
    if (of.brand !== scope.brand || of.market !== scope.market) continue;
    const names = topicNamesIn(answer.data);
    if (names.size === 0) continue;
    session.debug(`topic names: from the cached ${key} (fetched ${new Date(hit.fetchedAt).toISOString()})`);
    return names;
  }
  session.debug('topic names: no cached GET /topics of this brand and market; the ids are shown');
  return undefined;
}

/** The demo's topic names of `scope`, from its own GET /topics of its day; undefined when it has none. */
export async function demoTopicNames(ctx: Context, debug: (line: string) => void, scope: AnswerScope): Promise<ReadonlyMap<string, string> | undefined> {
  const { sandbox, options } = await ctx.sandbox();
  const demo = new sandbox.DemoHistory(demoKey(ctx.env).value, options);
  const brand = demo.scopes().find((b) => scope.brand === undefined || b.brandId === scope.brand);
  if (brand === undefined) return undefined;
  const query: Array<[string, string]> = [['brand_id', brand.brandId]];
  if (scope.market !== undefined) query.push(['market', scope.market]);
  const raw = demo.answer(demo.day, '/topics', query);
  let answer: unknown;
  try {
    answer = raw === undefined ? undefined : JSON.parse(raw);
  } catch {
    return undefined;
  }
  const names = isPlainObject(answer) ? topicNamesIn(answer.data) : new Map<string, string>();
  debug(names.size > 0 ? `topic names: from the demo's GET /topics of ${demo.day}` : 'topic names: the demo has none here; the ids are shown');
  return names.size > 0 ? names : undefined;
}

/** Topic names for a terminal view of `scope`: the demo's own, else what the cache holds. */
export async function topicNamesOf(
  ctx: Context,
  session: Pick<Session, 'cache' | 'debug' | 'settings'>,
  scope: AnswerScope,
): Promise<ReadonlyMap<string, string> | undefined> {
  return session.settings.baseUrl?.source === '--demo' ? demoTopicNames(ctx, session.debug, scope) : cachedTopicNames(session, scope);
}
