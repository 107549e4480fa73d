/**
 * What `vis mcp` sends never holds a secret: the API key, a PostgreSQL history's password,
 * a webhook URL. Every result, error and log message passes through here before it is
 * written: each secret, as written or percent-encoded (as a URL or a query would carry it),
 * is replaced by `***`, in every string of the value, keys included. Nothing else is
 * changed: the API's text is passed on as data.
 */

export const MASK = '***';

/** Shorter values are not masked: replacing every "abc" would mangle the text and protect nothing. */
export const MIN_SECRET_LENGTH = 6;

/** The texts to look for: each secret long enough, and its percent-encoded form, longest first. */
export function secretForms(secrets: Iterable<string | undefined>): string[] {
  const forms = new Set<string>();
  for (const s of secrets) {
    if (s === undefined || s.length < MIN_SECRET_LENGTH) continue;
    forms.add(s);
    forms.add(encodeURIComponent(s));
  }
  // Longest first: a secret that holds another is masked whole.
  return [...forms].sort((a, b) => b.length - a.length);
}

/** `text` with every form of a secret replaced by the mask. */
export function maskText(text: string, forms: readonly string[]): string {
  let out = text;
  for (const f of forms) out = out.split(f).join(MASK);
  return out;
}

/** `value` with every string in it masked (object keys too); other values as they are. */
export function maskDeep<T>(value: T, forms: readonly string[]): T {
  if (forms.length === 0) return value;
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') return maskText(v, forms);
    if (Array.isArray(v)) return v.map(walk);
    if (v !== null && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [maskText(k, forms), walk(x)]));
    return v;
  };
  return walk(value) as T;
}
