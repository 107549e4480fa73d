/** report(): the one place errors become stderr lines and exit codes; keys never pass it. */
import { afterEach, describe, expect, it } from 'vitest';
import { report } from '../../src/cli/run.js';
import { InterruptedError, ServerError } from '../../src/errors.js';
import { clearSecrets, registerSecret } from '../../src/http/redact.js';
import { testIO } from '../support/context.js';

afterEach(() => clearSecrets());

describe('report', () => {
  const KEY = 'vis_live_report_key_123456';

  it('masks a registered key in the message, the hint and (with --debug) the stack', () => {
    registerSecret(KEY);
    const io = testIO();
    const e = new ServerError(`proxy said: key=${KEY}`, { code: 'upstream_error', hint: `retry with ${KEY}` });
    e.attempts = 4;
    expect(report(e, io, true)).toBe(7);
    const text = io.err();
    expect(text).not.toContain(KEY);
    expect(text.split('\n').slice(0, 3)).toEqual(['vis: proxy said: key=*** [upstream_error]', 'Gave up after 4 attempts.', 'retry with ***']);
    expect(text).toContain('ServerError: proxy said: key=***');
  });

  it('an unexpected error (a bug): one line, exit 1, Bearer tokens masked, no stack without --debug', () => {
    const io = testIO();
    expect(report(new TypeError('bad header "authorization: Bearer sk_unregistered_998877"'), io, false)).toBe(1);
    expect(io.err()).toBe(
      'vis: unexpected error: bad header "authorization: Bearer ***"\nThis is a bug in vis. Run again with --debug for the stack trace, and report it.\n',
    );
  });

  it('Ctrl-C prints nothing and exits 130', () => {
    const io = testIO();
    expect(report(new InterruptedError(), io, true)).toBe(130);
    expect(io.err()).toBe('');
  });
});
