/**
 * What vis makes of a PostgreSQL server's (or the driver's) words: the password masked
 * in every text, however it is written, and the failures that are timeouts or a lost
 * connection made server errors (exit 7).
 */
import { describe, expect, it } from 'vitest';
import { exitCodeFor, ServerError } from '../../../src/errors.js';
import { fromServer, loginOf, maskServerText, PgServerError } from '../../../src/history/pg/server-text.js';
import type { PgTarget } from '../../../src/history/pg/target.js';

const target = (password?: unknown, more: Record<string, unknown> = {}): PgTarget => ({
  config: {
    user: 'vis_writer',
    ...(password === undefined ? {} : { password }),
    statement_timeout: 30_000,
    query_timeout: 35_000,
    ...more,
  } as PgTarget['config'],
  schema: 'vis',
  display: 'postgresql://vis_writer:***@db.example.com/analytics',
});

describe('maskServerText', () => {
  const login = { user: 'vis_writer', password: 's3cr@t/pw' };

  it.each([
    ['as sent', 'password authentication failed: got "s3cr@t/pw"', 'password authentication failed: got "***"'],
    ['twice', 's3cr@t/pw and s3cr@t/pw', '*** and ***'],
    ['the whole user:password', 'login vis_writer:s3cr@t/pw refused', 'login vis_writer:*** refused'],
    ['percent-encoded', 'got s3cr%40t%2Fpw', 'got ***'],
    ['percent-encoded in lower case', 'got s3cr%40t%2fpw', 'got ***'],
    ['every character encoded', 'got %73%33%63%72%40%74%2F%70%77.', 'got ***.'],
    ['encoded twice', 'got s3cr%2540t%252Fpw', 'got ***'],
    [
      'in a URL',
      'no such host in postgresql://vis_writer:s3cr%40t%2Fpw@db/x?sslmode=disable now',
      'no such host in postgresql://vis_writer:***@db/x?sslmode=disable now',
    ],
    ['in a URL parameter', 'bad postgres://db/x?password=zzz&sslmode=disable', 'bad postgres://db/x?password=***&sslmode=disable'],
  ])('masks the password %s', (_, text, masked) => {
    expect(maskServerText(text, login)).toBe(masked);
  });

  it('leaves a text without the password as it is, and masks nothing without a password', () => {
    expect(maskServerText('s3cr@t/p w and s3cr-t/pw', login)).toBe('s3cr@t/p w and s3cr-t/pw');
    expect(maskServerText('s3cr@t/pw', { user: 'vis_writer' })).toBe('s3cr@t/pw');
    expect(maskServerText('s3cr@t/pw', { user: 'vis_writer', password: '' })).toBe('s3cr@t/pw');
  });

  it('is exact about case and about characters of regular expressions', () => {
    expect(maskServerText('S3CR@T/PW', login)).toBe('S3CR@T/PW');
    expect(maskServerText('a.b*c a-b*c axbxc a.b*c', { password: 'a.b*c' })).toBe('*** a-b*c axbxc ***');
    expect(maskServerText('(x|y) x y', { password: '(x|y)' })).toBe('*** x y');
  });

  it('masks a password of any length, and one of other alphabets as UTF-8 or Latin-1 escapes', () => {
    expect(maskServerText('got pw!', { password: 'pw' })).toBe('got ***!');
    expect(maskServerText('got pässwört', { password: 'pässwört' })).toBe('got ***');
    expect(maskServerText('got p%C3%A4ssw%c3%b6rt', { password: 'pässwört' })).toBe('got ***');
    expect(maskServerText('got p%E4ssw%F6rt', { password: 'pässwört' })).toBe('got ***');
    expect(maskServerText('got 密码 and %E5%AF%86%E7%A0%81', { password: '密码' })).toBe('got *** and ***');
    expect(maskServerText('got 🔑!', { password: '🔑' })).toBe('got ***!');
  });

  it('at the edges of the Latin-1 escapes, and for a control character (one hex digit, padded)', () => {
    expect(maskServerText('got %80 and %C2%80', { password: '\u0080' })).toBe('got *** and ***');
    expect(maskServerText('got %FF and %C3%BF', { password: '\u00ff' })).toBe('got *** and ***');
    expect(maskServerText('got %100', { password: '\u0100' })).toBe('got %100');
    expect(maskServerText('got %C4%80', { password: '\u0100' })).toBe('got ***');
    expect(maskServerText('got a%09b, a%9b', { password: 'a\tb' })).toBe('got ***, a%9b');
  });

  it('a URL in any case of its scheme, ended by a quote or a bracket', () => {
    expect(maskServerText('at "POSTGRESQL://u:zzz@h/x" now', {})).toBe('at "POSTGRESQL://u:***@h/x" now');
    expect(maskServerText("at 'postgres://u:zzz@h/x'", {})).toBe("at 'postgres://u:***@h/x'");
    expect(maskServerText('at <postgres://u:zzz@h/x>', {})).toBe('at <postgres://u:***@h/x>');
    expect(maskServerText('at `postgres://u:zzz@h/x`', {})).toBe('at `postgres://u:***@h/x`');
    expect(maskServerText('mypostgres://u:zzz@h/x', {})).toBe('mypostgres://u:***@h/x');
  });

  it('the login of a target: a password only when it is text', () => {
    expect(loginOf(target('pw'))).toEqual({ user: 'vis_writer', password: 'pw' });
    expect(loginOf(target(() => 'pw'))).toEqual({ user: 'vis_writer', password: undefined });
  });
});

describe('fromServer', () => {
  const dbError = (message: string, code: string | undefined, more: Record<string, unknown> = {}) => Object.assign(new Error(message), { code, ...more });

  it('masks the message, detail, hint, where and internal query of a server error, and keeps its SQLSTATE', () => {
    const err = fromServer(
      dbError('permission denied: pw-123456', '42501', {
        detail: 'detail pw-123456',
        hint: 'hint pw%2D123456',
        where: 'where pw-123456',
        internalQuery: 'SELECT pw-123456',
        position: '7',
      }),
      target('pw-123456'),
    ) as PgServerError;
    expect(err).toBeInstanceOf(PgServerError);
    expect(err).toMatchObject({
      name: 'PgServerError',
      message: 'permission denied: ***',
      code: '42501',
      detail: 'detail ***',
      hint: 'hint ***',
      where: 'where ***',
      internalQuery: 'SELECT ***',
    });
    expect(exitCodeFor(err)).toBe(1);
    expect(JSON.stringify({ ...err, message: err.message })).not.toContain('123456');
  });

  it('a field the server left out stays out', () => {
    const err = fromServer(dbError('no', '42P01'), target('pw')) as PgServerError;
    expect(err.detail).toBeUndefined();
    expect(err.hint).toBeUndefined();
  });

  it('a statement cancelled by statement_timeout: a server error naming the timeout, exit 7', () => {
    const err = fromServer(dbError('canceling statement due to statement timeout', '57014'), target('pw', { statement_timeout: 250 }));
    expect(err).toBeInstanceOf(ServerError);
    expect(exitCodeFor(err)).toBe(7);
    expect(err.message).toBe(
      'the PostgreSQL history postgresql://vis_writer:***@db.example.com/analytics: a statement ran past the statement timeout (250 ms) and the server cancelled it',
    );
    expect((err as ServerError).hint).toContain('?statement_timeout=');
    expect((err as ServerError).transport).toBeUndefined();
  });

  it('a statement cancelled for another reason: a server error in the server’s words, masked', () => {
    const err = fromServer(dbError('canceling statement due to user request pw-123456', '57014'), target('pw-123456'));
    expect(exitCodeFor(err)).toBe(7);
    expect(err.message).toBe(
      'the PostgreSQL history postgresql://vis_writer:***@db.example.com/analytics: the server cancelled a statement (canceling statement due to user request ***)',
    );
  });

  it('a server that stopped answering (pg’s read timeout): a server error naming the wait, exit 7', () => {
    const err = fromServer(new Error('Query read timeout'), target('pw', { query_timeout: 35_000 }));
    expect(err).toBeInstanceOf(ServerError);
    expect(exitCodeFor(err)).toBe(7);
    expect(err.message).toBe(
      'the PostgreSQL history postgresql://vis_writer:***@db.example.com/analytics stopped answering: no answer within 35 s (its statement timeout plus the connect timeout)',
    );
    expect((err as ServerError).transport).toBe('read timeout');
    expect((err as ServerError).hint).toBe('The server, or the network to it, is stuck or overloaded; vis history check tells more.');
    expect(fromServer(new Error('Query read timeout'), target('pw', { query_timeout: 0 })).message).toContain('no answer within 0 ms (');
    expect(fromServer(new Error('Query read timeout'), target('pw', { query_timeout: 1500 })).message).toContain('no answer within 1500 ms');
    expect(fromServer(new Error('Query read timeout'), target('pw', { query_timeout: 1000 })).message).toContain('no answer within 1 s (');
    expect(fromServer(new Error('Query read timeout'), target('pw', { query_timeout: 999 })).message).toContain('no answer within 999 ms (');
    expect(fromServer(new Error('query read timeout'), target('pw'))).toBeInstanceOf(ServerError);
    expect((fromServer(new Error('query read timeout'), target('pw')) as ServerError).transport).toBe('connection');
  });

  it.each([
    ['a lost connection', new Error('Connection terminated unexpectedly')],
    ['a reset', Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' })],
    ['a server shut down', dbError('terminating connection due to administrator command', '57P01')],
    ['a connection exception', dbError('connection failure', '08006')],
    ['out of memory', dbError('out of memory', '53200')],
    ['an I/O error', dbError('could not read block', '58030')],
  ])('%s: a server error (exit 7) saying the connection failed', (_, raw) => {
    const err = fromServer(raw, target('pw'));
    expect(err).toBeInstanceOf(ServerError);
    expect(exitCodeFor(err)).toBe(7);
    expect(err.message).toBe(`the PostgreSQL history postgresql://vis_writer:***@db.example.com/analytics: the connection failed: ${raw.message}`);
    expect((err as ServerError).transport).toBe('connection');
  });

  it('the statement timeout in the server’s words, whatever their case', () => {
    expect(fromServer(dbError('Canceling statement due to Statement Timeout', '57014'), target('pw')).message).toContain(
      'ran past the statement timeout (30 s)',
    );
  });

  it('a code that is no SQLSTATE (a number, too short, too long) is the driver’s: a server error', () => {
    for (const code of [42501, '4250', '425011', 'e4250']) expect(fromServer(dbError('x', code as string), target('pw'))).toBeInstanceOf(ServerError);
  });

  it('other SQLSTATE classes stay the store’s to map', () => {
    for (const code of ['42501', '40P01', '23503', '22P05', '0A000', '22008', '42P53', '2F057'])
      expect(fromServer(dbError('x', code), target('pw'))).toBeInstanceOf(PgServerError);
  });

  it('what is not an Error still becomes one, masked; an error already mapped passes as it is', () => {
    expect(fromServer('boom pw-123456', target('pw-123456')).message).toBe(
      'the PostgreSQL history postgresql://vis_writer:***@db.example.com/analytics: the connection failed: boom ***',
    );
    expect(fromServer(null, target('pw')).message).toContain('the connection failed: null');
    const mapped = new ServerError('x');
    expect(fromServer(mapped, target('pw'))).toBe(mapped);
    const kept = new PgServerError('y', '42501');
    expect(fromServer(kept, target('pw'))).toBe(kept);
  });
});
