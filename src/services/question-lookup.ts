/**
 * `--prompt` of `vis answers runs`: the question's text, or its id as `vis answers` shows it.
 * GET /answers/runs takes only the text (its `prompt` parameter),
 * so a value that could be an id is looked up in GET /answers first: one more read, and
 * only when the cache does not hold that list (a `vis answers` just before: it does).
 *
 * The lookup only ever swaps an id it finds for that row's text. Whatever else happens
 * (the list has a shape vis does not know, no row has the id, the row has no text) the
 * value goes to GET /answers/runs as given: it may be a question's text the list does
 * not hold (one dropped from tracking still has runs), and the server is the judge.
 */
import { parseKeepingNumbers } from '../output/exact-json.js';
import { isPlainObject } from '../output/flatten.js';
import { isRawNumber } from '../text/raw-number.js';
import { endpointById, type EndpointSpec } from '../endpoints.js';
import { sendCached } from './cached.js';
import type { Context } from './context.js';
import type { Session } from './session.js';

/**
 * Worth a lookup: no white space. Ids of another server may be numbers, capitals or
 * UUIDs, so nothing more is asked of them; a value with a space is always a text.
 */
const PROMPT_ID = /^\S+$/u;

export function looksLikePromptId(value: string): boolean {
  return PROMPT_ID.test(value);
}

/**
 * The text to send for `value`: the `prompt` of the first GET /answers row whose `id` it
 * is, else `value` itself. `query` carries brand_id and market, so the list is the same
 * brand's and market's: the request `vis answers` sends, so it goes through the cache as
 * that one does.
 */
export async function resolvePrompt(ctx: Context, session: Session, value: string, query: Array<[string, string]>, spec: EndpointSpec): Promise<string> {
  const lookup = spec.idLookup;
  if (!looksLikePromptId(value) || !lookup) return value;
  const list = endpointById(lookup.list);
  const res = await sendCached(ctx, session, list, { method: 'GET', path: list.path, query });
  // Numbers as sent: an id of 20 digits is found by the digits `vis answers` printed.
  const data = parseKeepingNumbers(res.raw, res.envelope).data;
  const collection = isPlainObject(data) && list.collection !== undefined ? data[list.collection] : undefined;
  const rows = Array.isArray(collection) ? collection : [];
  const row = rows.find((r) => isPlainObject(r) && idText(r[lookup.idField]) === value);
  const text = isPlainObject(row) ? row[lookup.textField] : undefined;
  return typeof text === 'string' && text !== '' ? text : value;
}

/** An id as `vis answers` prints it: text, or a number with the digits the server sent. */
function idText(id: unknown): string | undefined {
  if (typeof id === 'string') return id;
  if (isRawNumber(id)) return id.lexeme;
  return typeof id === 'number' ? String(id) : undefined;
}
