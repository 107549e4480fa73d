/**
 * `--prompt` of `vis answers runs`: the question's text, or its id as the first column of
 * `vis answers` shows it. GET /answers/runs takes only the text (reference, section 4),
 * so an id is looked up in GET /answers first: one more read, spent only for an id, and
 * only when the cache does not hold that list (a `vis answers` just before: it does).
 */
import { NotFoundError } from '../errors.js';
import { isPlainObject } from '../output/flatten.js';
import { sanitizeForTerminal } from '../output/sanitize.js';
import { endpointById, type EndpointSpec } from '../endpoints.js';
import { sendCached } from './cached.js';
import type { Context } from './context.js';
import type { Session } from './session.js';

/** An id, never a question: lower-case letters and digits joined by `-` or `_`, no space. */
const PROMPT_ID = /^[a-z0-9]+(?:[-_][a-z0-9]+)*$/;

export function looksLikePromptId(value: string): boolean {
  return PROMPT_ID.test(value);
}

/**
 * The question text for `value`: `value` itself when it is not an id; otherwise the
 * `prompt` of the GET /answers row whose `id` it is (exit 5 when no row has it).
 * `query` carries brand_id and market, so the list is the same brand's and market's: the
 * request `vis answers` sends, so it goes through the cache as that one does.
 */
export async function resolvePrompt(ctx: Context, session: Session, value: string, query: Array<[string, string]>, spec: EndpointSpec): Promise<string> {
  if (!looksLikePromptId(value) || !spec.idLookup) return value;
  const list = endpointById(spec.idLookup);
  const res = await sendCached(ctx, session, list, { method: 'GET', path: list.path, query });
  const data = res.envelope.data;
  const rows = isPlainObject(data) && Array.isArray(data.answers) ? data.answers : [];
  for (const row of rows) {
    if (isPlainObject(row) && row.id === value && typeof row.prompt === 'string' && row.prompt !== '') return row.prompt;
  }
  // A text without spaces may still be a question: one the list holds word for word.
  if (rows.some((row) => isPlainObject(row) && row.prompt === value)) return value;
  throw new NotFoundError(`--prompt: no question with the id "${sanitizeForTerminal(value)}" in \`vis answers\``, {
    code: 'not_found',
    hint: '`vis answers` lists the questions: --prompt takes the id in its first column or the question’s whole text.',
  });
}
