/** report(): the one place errors become stderr lines and exit codes; keys never pass it. */
import { afterEach, describe, expect, it } from 'vitest';
import { report } from '../../src/cli/run.js';
import { InterruptedError, NotFoundError, ServerError, UsageError } from '../../src/errors.js';
import { clearSecrets, registerSecret } from '../../src/http/redact.js';
import { testIO } from '../support/context.js';
import { runInProcess } from '../support/run.js';

afterEach(() => clearSecrets());

describe('report', () => {
  const KEY = 'vis_live_report_key_123456';

  it('masks a registered key in the message and the hint; --debug adds the status and request id, never a stack', () => {
    registerSecret(KEY);
    const io = testIO();
    const e = new ServerError(`proxy said: key=${KEY}`, { code: 'upstream_error', status: 502, hint: `retry with ${KEY}` });
    e.attempts = 4;
    e.requestId = `req-${KEY}`;
    expect(report(e, io, true)).toBe(7);
    const text = io.err();
    expect(text).not.toContain(KEY);
    expect(text).toBe(
      [
        'vis: proxy said: key=*** [upstream_error]',
        'Gave up after 4 attempts.',
        'retry with ***',
        'vis debug: HTTP 502 upstream_error; request id: req-***',
        '',
      ].join('\n'),
    );
  });

  it('--debug on a failure without an answer (no status): the message alone, no stack', () => {
    const io = testIO();
    expect(report(new ServerError('could not connect', { code: 'ECONNREFUSED' }), io, true)).toBe(7);
    expect(io.err()).toBe('vis: could not connect [ECONNREFUSED]\n');
  });

  it('a bug with --debug: the stack, keys masked', () => {
    registerSecret(KEY);
    const io = testIO();
    expect(report(new TypeError(`broke on ${KEY}`), io, true)).toBe(1);
    expect(io.err()).toMatch(/^vis: unexpected error: broke on \*\*\*\nTypeError: broke on \*\*\*\n {4}at /);
    expect(io.err()).not.toContain(KEY);
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

  it('on a terminal, wraps the message and the hint at spaces to its width: no word cut at the edge, a URL whole', () => {
    const io = testIO({ stderrIsTTY: true, columns: 50 });
    const url = 'https://api.example.com/api/v1/topics/long-topic-id-0123456789';
    const e = new NotFoundError(`No task 999999 in US-en; \`vis tasks --status all\` lists them; see ${url}`, {
      code: 'not_found',
      hint: '`vis tasks` lists task ids (add --status to see tasks that are not open).',
    });
    expect(report(e, io, false)).toBe(5);
    expect(io.err()).toBe(
      [
        'vis: No task 999999 in US-en; vis tasks --status',
        'all lists them; see',
        url,
        '[not_found]',
        'vis tasks lists task ids (add --status to see',
        'tasks that are not open).',
        '',
      ].join('\n'),
    );
  });

  it('into a pipe or a file (not a terminal), each message stays on one line, for grep', () => {
    const io = testIO({ stderrIsTTY: false, columns: 50 });
    const text = 'a message much longer than fifty columns, which a log file keeps on one line';
    expect(report(new UsageError(text), io, false)).toBe(2);
    expect(io.err()).toBe(`vis: ${text}\n`);
  });

  it('a real command at 50 columns: every line fits, and the words are those of the one-line message', async () => {
    const argv = ['topics', '--from', 'last-tuesday-or-so'];
    const piped = await runInProcess(argv);
    const narrow = await runInProcess(argv, { io: { stderrIsTTY: true, columns: 50 } });
    expect(narrow.code).toBe(2);
    const lines = narrow.stderr.trimEnd().split('\n');
    expect(lines.length).toBeGreaterThan(piped.stderr.trimEnd().split('\n').length);
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(50);
    expect(narrow.stderr.split(/\s+/)).toEqual(piped.stderr.split(/\s+/));
  });
});
