/**
 * `vis pitches create <domain-or-url>` refuses exactly what the API refuses: the CLI's
 * check and the sandbox's are one function (src/domain/prospect.ts), so they cannot drift.
 */
import { describe, expect, it } from 'vitest';
import { checkProspect } from '../../src/services/endpoint-request.js';
import { exitCodeFor, VisError } from '../../src/errors.js';
import { isProspectUrl } from '../../src/domain/prospect.js';
import { checkBody } from '../../src/sandbox/validate.js';
import { endpointById } from '../../src/endpoints.js';
import { ApiError } from '../../src/sandbox/errors.js';

const CASES: Array<[string, boolean]> = [
  ['acme.example', true],
  ['ACME.Example', true],
  ['acme.example/pricing?x=1', true],
  ['https://www.acme.example', true],
  ['http://acme.example:8080/', true],
  ['example.xn--p1ai', true],
  ['https://example.xn--p1ai/', true],
  ['пример.рф', true],
  ['münchen-bäcker.de', true],
  ['acme', false],
  ['localhost', false],
  ['acme .example', false],
  ['ftp://acme.example', false],
  ['https://user:pass@acme.example', false],
  ['http://192.168.0.1', false],
  ['-acme.example', false],
  ['acme.example.', false],
  ['acme.xn--', false],
];

function cliAccepts(value: string): boolean {
  try {
    checkProspect(value);
    return true;
  } catch (err) {
    expect(err).toBeInstanceOf(VisError);
    expect(exitCodeFor(err as VisError)).toBe(2);
    expect((err as VisError).message).toBe(`<domain-or-url> must be a domain such as acme.com or an http(s) URL (got "${value}")`);
    return false;
  }
}

function sandboxAccepts(value: string): boolean {
  try {
    checkBody(endpointById('pitches.create'), JSON.stringify({ url: value }));
    return true;
  } catch (err) {
    expect(err).toBeInstanceOf(ApiError);
    return false;
  }
}

describe('a prospect: one rule for the CLI and the sandbox', () => {
  it.each(CASES)('%s → %s', (value, ok) => {
    expect(isProspectUrl(value)).toBe(ok);
    expect(cliAccepts(value)).toBe(ok);
    expect(sandboxAccepts(value)).toBe(ok);
  });

  it('the CLI trims what was typed and sends it as typed otherwise', () => {
    expect(checkProspect('  example.xn--p1ai ')).toBe('example.xn--p1ai');
    expect(checkProspect('пример.рф')).toBe('пример.рф');
  });
});
