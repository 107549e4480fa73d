/**
 * The last line of defence for keys: every text vis prints about a failure (error
 * messages, hints, stacks, --debug lines) passes through redactSecrets on its way to the
 * terminal. vis never puts a key into a message on purpose; this catches the ones that
 * arrive from elsewhere: a server or proxy that echoes the Authorization header into an
 * error page, a library error that quotes a header, a key pasted into a flag value.
 */

/** Keys this process has been given, registered by the client that sends them. */
const secrets = new Set<string>();

/**
 * Shorter values are not redacted as literals: replacing every "abc" in a message would
 * mangle it without protecting anything worth protecting. The Bearer rule still applies.
 */
const MIN_SECRET_LENGTH = 6;

const MASK = '***';

/**
 * `Bearer <token>` in any case, as an Authorization header or a curl line writes it. A
 * token looks like a credential (8 or more characters, at least one digit or one of
 * `_-.=+/~`), so prose such as "send a Bearer token" is left alone.
 */
const BEARER = /\b(bearer)(\s+)([^\s"'`,;<>()[\]{}\\]{8,})/gi;
const CREDENTIAL_LIKE = /[0-9_\-.=+/~]/;

export function registerSecret(value: string): void {
  if (value.length >= MIN_SECRET_LENGTH) secrets.add(value);
}

/** For tests: forget the registered keys. */
export function clearSecrets(): void {
  secrets.clear();
}

/** The text with every registered key (and its URL-encoded form) and every Bearer token masked. */
export function redactSecrets(text: string): string {
  let out = text;
  for (const secret of secrets) {
    out = replaceAll(out, secret);
    const encoded = encodeURIComponent(secret);
    if (encoded !== secret) out = replaceAll(out, encoded);
  }
  return out.replace(BEARER, (whole, word: string, space: string, token: string) =>
    CREDENTIAL_LIKE.test(token) ? `${word}${space}${MASK}` : whole,
  );
}

function replaceAll(text: string, secret: string): string {
  return text.includes(secret) ? text.split(secret).join(MASK) : text;
}
