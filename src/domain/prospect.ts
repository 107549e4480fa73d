/**
 * What counts as a prospect for `POST /pitches`: a domain or an http(s) URL. One rule
 * for both sides, so the CLI refuses exactly what the API (and so the sandbox) refuses:
 * `acme.example`, `acme.example/pricing`, `https://www.acme.example`, and international
 * names, as typed (`пример.рф`) or in punycode (`example.xn--p1ai`).
 */

/** Labels of letters, digits and inner hyphens; the top level is letters or punycode. */
const DOMAIN = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;

/** A label's characters: ASCII letters and digits, and any non-ASCII character (international names as typed). */
const L = 'A-Za-z0-9\\u0080-\\uFFFF';
const PORT = '(?::0*(?:[0-9]{1,4}|[1-5][0-9]{4}|6[0-4][0-9]{3}|65[0-4][0-9]{2}|655[0-2][0-9]|6553[0-5])?)?';

/**
 * The rule's shape as a regular expression (ECMA-262, as JSON Schema's `pattern`), for
 * the OpenAPI document: no whitespace, an optional http(s) scheme, a domain of at least
 * two labels ending in letters or punycode, an optional port, then any path, query or
 * fragment. isProspectUrl also requires it, so the document is never looser than the
 * API; beyond it, an international name must be valid IDNA (the URL parser decides).
 */
export const PROSPECT_PATTERN =
  `^(?![\\s\\S]*\\s)(?:[Hh][Tt][Tt][Pp][Ss]?://)?(?=[^/?#\\\\:]{1,253}(?:[/?#\\\\:]|$))` +
  `(?:[${L}](?:[${L}-]{0,61}[${L}])?\\.)+(?:[A-Za-z\\u0080-\\uFFFF]{2,63}|[Xx][Nn]--[A-Za-z0-9-]{1,59})` +
  `${PORT}(?:[/?#\\\\][\\s\\S]*)?$`;

let prospectShape: RegExp | undefined;

/** "a domain or http(s) URL", with no credentials in it and no IP address for a host. */
export function isProspectUrl(value: string): boolean {
  prospectShape ??= new RegExp(PROSPECT_PATTERN);
  if (!prospectShape.test(value)) return false;
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(value);
  if (scheme && !/^https?$/i.test(scheme[1] ?? '')) return false;
  let url: URL;
  try {
    // The URL parser lower-cases the host and turns an international name into punycode.
    url = new URL(scheme ? value : `https://${value}`);
  } catch {
    return false;
  }
  return url.username === '' && url.password === '' && DOMAIN.test(url.hostname);
}
