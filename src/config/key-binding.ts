/**
 * A key saved in a profile belongs to that profile's base URL: it was checked there by
 * `vis auth login`, and it is sent nowhere else. A base URL from --base-url or
 * VIS_BASE_URL that is another address needs its own key (VIS_API_KEY, or a profile of
 * its own); otherwise one mistyped flag, a stale variable in a shell or a CI job, or a
 * completion script run on TAB would hand the saved key to whatever server it names.
 *
 * Two spellings of one address are the same base URL: scheme and host in any case, the
 * default port written out or not, trailing slashes. The path is compared as written
 * (servers may tell its case apart). A key saved without a base URL (the base URL unset
 * later) belongs to none, so it goes nowhere until one is saved with it.
 */
import { UsageError } from '../errors.js';

/** The saved key of a profile, and the base URL saved with it (undefined when none is). */
export interface SavedKey {
  profile: string;
  baseUrl: string | undefined;
}

/** Where a request would go, and which flag or variable said so. */
export interface Target {
  value: string;
  source: string;
}

/**
 * A base URL as compared: scheme and host lower-case (the URL parser does that, and
 * drops a default port), no credentials, query or fragment, no trailing slash. Undefined
 * for text that is not a URL.
 */
export function comparableBaseUrl(raw: string | undefined): string | undefined {
  let url: URL;
  try {
    url = new URL(raw ?? '');
  } catch {
    return undefined;
  }
  return `${url.protocol}//${url.host}${url.pathname.replace(/\/+$/, '')}`;
}

export function sameBaseUrl(a: string | undefined, b: string): boolean {
  const x = comparableBaseUrl(a);
  return x !== undefined && x === comparableBaseUrl(b);
}

/**
 * Throws a UsageError (exit 2, before any request) when the saved key would go to a base
 * URL other than its profile's. The message names both addresses (without credentials:
 * the saved one may come from a hand-edited file) and how to give the other one a key.
 */
export function checkSavedKeyTarget(saved: SavedKey, target: Target): void {
  if (sameBaseUrl(saved.baseUrl, target.value)) return;
  const to = comparableBaseUrl(target.value) ?? target.value;
  const rule = `vis does not send it to ${to} (from ${target.source}): a saved key goes only to its profile's base URL`;
  const key = `the API key saved in profile "${saved.profile}"`;
  if (saved.baseUrl === undefined || saved.baseUrl === '') {
    throw new UsageError(`${key} has no base URL saved with it; ${rule}`, {
      hint: `If the key is for ${to}, save that with it: vis config set base_url ${to} --profile ${saved.profile}; otherwise set VIS_API_KEY to the key for ${to}.`,
    });
  }
  const own = comparableBaseUrl(saved.baseUrl) ?? 'an address that is not a URL';
  throw new UsageError(`${key} is for ${own}; ${rule}`, {
    hint: `For ${to}, set VIS_API_KEY to its key, or save it in a profile of its own: vis auth login --profile NAME --base-url ${to}`,
  });
}

/**
 * `vis config set base_url` on a profile with a saved key:
 * moving the profile's base URL elsewhere would carry the key to the new server. Another
 * spelling of the same address is fine, and so is a first base URL for a key saved
 * without one; anything else needs the key logged out first.
 */
export function checkBaseUrlChange(profile: string, savedUrl: string | undefined, value: string): void {
  // A key saved without a base URL goes nowhere until one is saved with it: that is how it gets one.
  if (savedUrl === undefined || savedUrl === '' || sameBaseUrl(savedUrl, value)) return;
  const from = comparableBaseUrl(savedUrl) ?? 'another base URL';
  throw new UsageError(
    `base_url of profile "${profile}" stays ${from}: its saved API key was checked there, and vis does not move a key to ${comparableBaseUrl(value) ?? value}`,
    {
      hint: `For the other server, use a profile of its own: vis auth login --profile NAME --base-url ${comparableBaseUrl(value) ?? value}. To move this profile, log out first: vis auth logout --profile ${profile}.`,
    },
  );
}
