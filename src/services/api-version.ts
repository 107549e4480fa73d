/**
 * The API version an answer says it is (meta.api_version, optional). The reference knows
 * one, v1; its change policy is not published. An answer of another version is still
 * shown as received, and the user is told once per command (after the answer, on stderr,
 * not with -q), so a view that looks wrong is not trusted without a word.
 */
import { sanitizeForTerminal } from '../text/sanitize.js';
import { truncateToWidth } from '../text/width.js';

export const KNOWN_API_VERSION = 'v1';

/** The warning an answer's meta calls for, or undefined (v1, or no version given). */
export function apiVersionWarning(meta: Record<string, unknown> | undefined): string | undefined {
  const version = meta?.api_version;
  if (version === undefined || version === KNOWN_API_VERSION) return undefined;
  const named =
    typeof version === 'string'
      ? `"${truncateToWidth(sanitizeForTerminal(version), 40)}"`
      : truncateToWidth(sanitizeForTerminal(JSON.stringify(version) ?? String(version)), 40);
  return `the API answered as version ${named}; vis knows ${KNOWN_API_VERSION}, so what it shows may be incomplete or wrong: look for a newer vis`;
}

/** Tells whoever collects warnings (the session) when an answer is of another version. */
export function noteApiVersion(to: { warn(line: string): void }, envelope: { meta?: Record<string, unknown> } | undefined): void {
  const warning = apiVersionWarning(envelope?.meta);
  if (warning) to.warn(warning);
}
