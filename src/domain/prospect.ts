/**
 * What counts as a prospect for `POST /pitches`: a domain or an http(s) URL. One rule
 * for both sides, so the CLI refuses exactly what the API (and so the sandbox) refuses:
 * `acme.example`, `acme.example/pricing`, `https://www.acme.example`, and international
 * names, as typed (`пример.рф`) or in punycode (`example.xn--p1ai`).
 */

/** Labels of letters, digits and inner hyphens; the top level is letters or punycode. */
const DOMAIN = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;

/** "a domain or http(s) URL", with no credentials in it and no IP address for a host. */
export function isProspectUrl(value: string): boolean {
  if (value.length === 0 || /\s/.test(value)) return false;
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
