/**
 * The size bound of one `vis mcp` tool result: an agent's context is small, so a result
 * larger than --max-bytes (counted in UTF-8 over the whole result as sent: the text and
 * the structured content) is cut to whole records, the structured content to the same
 * records as the text, with a note that says how to narrow the question. A result is never
 * sent whole when it is larger; one that does not fit even without records is refused.
 */

/** What a cut result says: records kept of the total, and how to ask for less. */
export interface Truncation {
  kept: number;
  total: number;
  hint: string;
}

/** The structured content every tool answers with. */
export interface Structured {
  [key: string]: unknown;
  data: unknown;
  truncated: Truncation | null;
}

/** A tool result as sent. */
export interface SentResult {
  [key: string]: unknown;
  content: Array<{ type: 'text'; text: string }>;
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
}

/** The bytes a value takes as JSON in UTF-8: what the transport writes. */
export function byteLength(value: unknown): number {
  return Buffer.byteLength(JSON.stringify(value), 'utf8');
}

/** Where the records of `data` are: the named collection, else its only array; for several scopes, the results. */
export function recordsKey(data: unknown, collection: string | undefined): string | undefined {
  if (data === null || typeof data !== 'object' || Array.isArray(data)) return undefined;
  const d = data as Record<string, unknown>;
  if (collection !== undefined && Array.isArray(d[collection])) return collection;
  const arrays = Object.keys(d).filter((k) => Array.isArray(d[k]));
  return arrays.length === 1 ? arrays[0] : undefined;
}

/** `data` with its records cut to the first `kept`. */
function withRecords(data: Record<string, unknown>, key: string, kept: number): Record<string, unknown> {
  return { ...data, [key]: (data[key] as unknown[]).slice(0, kept) };
}

/**
 * The result `render` makes of `structured`, or, when larger than `maxBytes`, of the most
 * leading records that fit, with `truncated` saying so and `hint` how to narrow. When no
 * record fits (or the data holds no records to cut), an error result with the hint.
 */
export function boundResult(
  structured: Structured,
  render: (s: Structured) => SentResult,
  o: { maxBytes: number; collection?: string; hint: string },
): SentResult {
  const whole = render(structured);
  if (byteLength(whole) <= o.maxBytes) return whole;
  const key = recordsKey(structured.data, o.collection);
  const tooBig = (what: string): SentResult => ({
    content: [{ type: 'text', text: `The answer is larger than ${o.maxBytes} bytes (vis mcp --max-bytes)${what}: nothing was sent. ${o.hint}` }],
    isError: true,
  });
  if (key === undefined) return tooBig('');
  const data = structured.data as Record<string, unknown>;
  const total = (data[key] as unknown[]).length;
  const cut = (kept: number): SentResult =>
    render({
      ...structured,
      data: withRecords(data, key, kept),
      truncated: { kept, total, hint: `Cut to ${kept} of ${total} ${key} to fit ${o.maxBytes} bytes. ${o.hint}` },
    });
  // The most records that fit: sizes grow with the records kept, so a binary search.
  let lo = 0;
  let hi = total - 1;
  let best = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (byteLength(cut(mid)) <= o.maxBytes) {
      best = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  if (best < 0) return tooBig(' even without its records');
  return cut(best);
}
