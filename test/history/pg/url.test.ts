import fs, { chmodSync, mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Env } from '../../../src/domain/env.js';
import { UsageError } from '../../../src/errors.js';
import { maskPgUrl, parsePgUrl, passwordFromFile, pgTarget, PG_PARAMS, type PgTargetOptions, type ReadFile } from '../../../src/history/pg/url.js';

/** A machine with Debian's socket folder, user ana, and no files unless a test gives them. */
function files(map: Record<string, string | ReadFile> = {}): (path: string) => ReadFile | undefined {
  return (path) => {
    const f = map[path];
    return typeof f === 'string' ? { text: f, mode: 0o600, plain: true } : f;
  };
}
const base: PgTargetOptions = { readFile: files(), exists: (p) => p === '/var/run/postgresql', home: '/home/ana', osUser: 'ana', source: 'VIS_HISTORY' };
const target = (url: string, env: Env = {}, o: PgTargetOptions = {}) => pgTarget(url, env, { ...base, ...o });

/** The message of the UsageError the URL is refused with. */
async function refused(url: string, env: Env = {}, o: PgTargetOptions = {}): Promise<string> {
  try {
    await target(url, env, o);
  } catch (err) {
    expect(err).toBeInstanceOf(UsageError);
    return (err as Error).message;
  }
  throw new Error(`${url} was accepted`);
}

describe('the URL forms libpq documents', () => {
  it('postgresql:// alone: the default socket, port, user and database, and vis defaults', async () => {
    const t = await target('postgresql://');
    expect(t.config).toMatchObject({
      host: '/var/run/postgresql',
      port: 5432,
      user: 'ana',
      database: 'ana',
      ssl: false,
      connectionTimeoutMillis: 5000,
      statement_timeout: 30000,
      query_timeout: 35000,
      application_name: 'vis',
    });
    expect(t.config).not.toHaveProperty('options');
    expect(t.schema).toBe('vis');
    expect(t.fallback).toBeUndefined();
    expect(t.display).toBe('postgresql://');
  });

  it('the default socket folder is the first that exists, else /tmp', async () => {
    expect((await target('postgres://', {}, { exists: (p) => p === '/tmp' })).config.host).toBe('/tmp');
    expect((await target('postgres://', {}, { exists: () => false })).config.host).toBe('/tmp');
    expect((await target('postgres://', {}, { exists: () => true })).config.host).toBe('/var/run/postgresql');
  });

  it.each([
    ['postgresql://localhost', { host: 'localhost', port: 5432, database: 'ana' }],
    ['postgresql://localhost:5433', { host: 'localhost', port: 5433 }],
    ['postgresql://localhost/mydb', { host: 'localhost', database: 'mydb' }],
    ['postgresql://user@localhost', { user: 'user', database: 'user' }],
    ['postgresql://user:secret@localhost', { user: 'user', password: 'secret' }],
    [
      'postgresql://other@localhost/otherdb?connect_timeout=10&application_name=myapp',
      { database: 'otherdb', connectionTimeoutMillis: 10000, application_name: 'myapp' },
    ],
    ['postgresql://[::1]:5433/db', { host: '::1', port: 5433, database: 'db' }],
    ['postgresql://[2001:db8::1234]/database', { host: '2001:db8::1234', port: 5432 }],
    ['postgresql:///dbname?host=/var/lib/postgresql', { host: '/var/lib/postgresql', database: 'dbname', ssl: false }],
    ['postgresql://%2Fvar%2Flib%2Fpostgresql/dbname', { host: '/var/lib/postgresql', database: 'dbname', ssl: false }],
    ['POSTGRES://db.example.com', { host: 'db.example.com' }],
    ['postgres://h:/db', { host: 'h', port: 5432, database: 'db' }],
    ['postgres://[::1]', { host: '::1', port: 5432 }],
    ['postgres://h?port=6000', { host: 'h', port: 6000 }],
    ['postgres://h:1', { port: 1 }],
    ['postgres://h:65535', { port: 65535 }],
    ['postgres:///mydb', { host: '/var/run/postgresql', database: 'mydb' }],
    ['postgres://:5433/db', { host: '/var/run/postgresql', port: 5433, database: 'db' }],
    ['postgres://@h/db', { host: 'h', database: 'db', user: 'ana' }],
    ['postgres://h?sslmode=disable', { host: 'h', database: 'ana' }],
    ['postgres://h?application_name=true', { application_name: 'true', ssl: { rejectUnauthorized: false } }],
    ['postgres://[::1]:/db', { host: '::1', port: 5432 }],
  ])('%s', async (url, want) => expect((await target(url)).config).toMatchObject(want));

  it('percent-decodes the user, password, host and database', async () => {
    const t = await target('postgres://us%40er:p%40ss%2Fw%3Ard%25@h%2Dx/d%20b');
    expect(t.config).toMatchObject({ user: 'us@er', password: 'p@ss/w:rd%', host: 'h-x', database: 'd b' });
    expect(t.display).toBe('postgres://us%40er:***@h%2Dx/d%20b');
  });

  it('takes escapes that are not UTF-8 as single bytes', async () => expect((await target('postgres://u:%ff%41@h')).config.password).toBe('\u00ffA'));
  it('reads escapes in either case', async () => {
    expect((await target('postgres://u:%4a%4A@h')).config.password).toBe('JJ');
    expect((await target('postgres://u:%Ff%4a@h')).config.password).toBe('\u00ffJ');
  });

  it('reads the password up to the @, with : and ? in it', async () => {
    expect((await target('postgres://u:a:b@h')).config.password).toBe('a:b');
    expect((await target('postgres://u:p?x@h/db')).config).toMatchObject({ password: 'p?x', host: 'h', database: 'db' });
  });

  it('a parameter wins over the same part of the URL', async () => {
    const t = await target('postgres://u:p@h:1/d?user=v&password=q&host=k&port=2&dbname=e');
    expect(t.config).toMatchObject({ user: 'v', password: 'q', host: 'k', port: 2, database: 'e' });
    expect(t.display).toBe('postgres://u:***@h:1/d?user=v&password=***&host=k&port=2&dbname=e');
  });

  it('takes the JDBC ssl=true as sslmode=require, as libpq does, and skips empty pieces', async () => {
    expect((await target('postgres://h?&ssl=true&')).config.ssl).toEqual({ rejectUnauthorized: false });
    expect((await target('postgres://h?ssl=true')).fallback).toBeUndefined();
    expect(await refused('postgres://h?ssl=false')).toContain('unknown parameter "ssl"');
  });

  it('an empty user or password is none: the defaults apply', async () => {
    expect((await target('postgres://:pw@h')).config).toMatchObject({ user: 'ana', password: 'pw' });
    expect((await target('postgres://u:@h', { PGPASSWORD: 'from-env' })).config.password).toBe('from-env');
    expect((await target('postgres://@h')).config.user).toBe('ana');
    expect((await target('postgres://h?user=&dbname=')).config).toMatchObject({ user: 'ana', database: 'ana' });
  });

  it('options, application_name: the URL, else PGOPTIONS and PGAPPNAME', async () => {
    expect((await target('postgres://h?options=-c%20geqo%3Doff')).config.options).toBe('-c geqo=off');
    expect((await target('postgres://h', { PGOPTIONS: '-c x=1', PGAPPNAME: 'cron' })).config).toMatchObject({ options: '-c x=1', application_name: 'cron' });
    expect((await target('postgres://h?application_name=a', { PGAPPNAME: 'cron' })).config.application_name).toBe('a');
    expect((await target('postgres://h?application_name=', { PGAPPNAME: 'cron' })).config.application_name).toBe('');
    expect((await target('postgres://h?options=')).config).not.toHaveProperty('options');
  });
});

describe('the environment fills what the URL leaves out', () => {
  const env = { PGHOST: 'envhost', PGPORT: '6543', PGUSER: 'envuser', PGDATABASE: 'envdb' };
  it('PGHOST, PGPORT, PGUSER, PGDATABASE', async () =>
    expect((await target('postgres://', env)).config).toMatchObject({ host: 'envhost', port: 6543, user: 'envuser', database: 'envdb' }));
  it('the URL wins', async () => expect((await target('postgres://u@h:1/d', env)).config).toMatchObject({ host: 'h', port: 1, user: 'u', database: 'd' }));
  it('the database defaults to the user', async () => expect((await target('postgres://', { PGUSER: 'bob' })).config.database).toBe('bob'));
  it('empty variables are unset', async () =>
    expect((await target('postgres://', { PGHOST: '', PGPORT: '', PGUSER: '', PGDATABASE: '', HOME: '' })).config).toMatchObject({
      host: '/var/run/postgresql',
      port: 5432,
      user: 'ana',
    }));
  it('PGPORT and PGCONNECT_TIMEOUT are checked, named', async () => {
    expect(await refused('postgres://', { PGPORT: 'x' })).toBe('PGPORT must be a number from 1 to 65535');
    expect(await refused('postgres://', { PGCONNECT_TIMEOUT: 'x' })).toBe('PGCONNECT_TIMEOUT must be a whole number of seconds, at most 2147483 (0: no limit)');
    expect((await target('postgres://', { PGCONNECT_TIMEOUT: '9' })).config.connectionTimeoutMillis).toBe(9000);
    expect((await target('postgres://?connect_timeout=3', { PGCONNECT_TIMEOUT: 'x' })).config.connectionTimeoutMillis).toBe(3000);
    expect((await target('postgres://h:7', { PGPORT: 'x' })).config.port).toBe(7);
  });
  it('PGHOST is not looked at when the URL names a host', async () => expect((await target('postgres://h', { PGHOST: 'a,b' })).config.host).toBe('h'));
  it('one host only in PGHOST too', async () =>
    expect(await refused('postgres://', { PGHOST: 'a,b' })).toBe('PGHOST: one host only: vis connects to one server'));
  it('the OS user when nothing names one', async () =>
    expect((await pgTarget('postgres://h', {}, { readFile: files() })).config.user).toEqual(expect.any(String)));
});

describe('refused URLs: the setting and the rule, never the password', () => {
  it.each([
    ['mysql://h', 'VIS_HISTORY: a PostgreSQL URL starts with postgres:// or postgresql://'],
    ['postgres:/h', 'VIS_HISTORY: a PostgreSQL URL starts with postgres:// or postgresql://'],
    ['postgres://u:pa ss@h', 'VIS_HISTORY: the URL must not hold spaces or control characters (percent-encode them)'],
    ['postgres://u:pa\x1bss@h', 'VIS_HISTORY: the URL must not hold spaces or control characters (percent-encode them)'],
    ['postgres://u:pa\x85ss@h', 'VIS_HISTORY: the URL must not hold spaces or control characters (percent-encode them)'],
    ['postgres://u:p@ss@h', 'VIS_HISTORY: a URL holds one @, before the host: write an @ or / in the user name, password or a value as %40 or %2F'],
    ['postgres://u:pa/ss@h', 'VIS_HISTORY: a URL holds one @, before the host: write an @ or / in the user name, password or a value as %40 or %2F'],
    [
      'postgres://h/db?application_name=a@b',
      'VIS_HISTORY: a URL holds one @, before the host: write an @ or / in the user name, password or a value as %40 or %2F',
    ],
    ['postgres://h1,h2/db', 'VIS_HISTORY: one host only: vis connects to one server (name the one to write to)'],
    ['postgres://h?host=a,b', 'VIS_HISTORY: one host only: vis connects to one server (name the one to write to)'],
    ['postgres://[::1/db', 'VIS_HISTORY: an IPv6 address in [ ] lacks its closing ]'],
    ['postgres://[::1%zz]/db', 'VIS_HISTORY: the host holds a % not followed by two hex digits (write a % as %25)'],
    ['postgres://h1:5432,h2:5433/db', 'VIS_HISTORY: one host only: vis connects to one server (name the one to write to)'],
    ['mypostgres://h', 'VIS_HISTORY: a PostgreSQL URL starts with postgres:// or postgresql://'],
    ['postgres://@h@x', 'VIS_HISTORY: a URL holds one @, before the host: write an @ or / in the user name, password or a value as %40 or %2F'],
    ['postgres://h:a12', 'VIS_HISTORY: the port must be a number from 1 to 65535'],
    [
      'postgres://h?=x',
      'VIS_HISTORY: unknown parameter "" (vis takes application_name, connect_timeout, dbname, host, options, password, port, schema, sslmode, sslrootcert, statement_timeout, user)',
    ],
    [
      'postgres://h?statement_timeout=2147483648',
      'VIS_HISTORY: statement_timeout must be a whole number with a unit (ms, s, min, h, d; none: ms), at most 24 days (0: no limit)',
    ],
    ['postgres://h?sslmode=true', 'VIS_HISTORY: sslmode must be one of disable, allow, prefer, require, verify-ca, verify-full (got "true")'],
    ['postgres://[::1]x', 'VIS_HISTORY: after an [IPv6] address comes :port, /dbname or ?parameters'],
    ['postgres://h:0', 'VIS_HISTORY: the port must be a number from 1 to 65535'],
    ['postgres://h:65536', 'VIS_HISTORY: the port must be a number from 1 to 65535'],
    ['postgres://h:123456', 'VIS_HISTORY: the port must be a number from 1 to 65535'],
    ['postgres://h:12a', 'VIS_HISTORY: the port must be a number from 1 to 65535'],
    ['postgres://u:se%zzcret@h', 'VIS_HISTORY: the password holds a % not followed by two hex digits (write a % as %25)'],
    ['postgres://u:secret%4@h', 'VIS_HISTORY: the password holds a % not followed by two hex digits (write a % as %25)'],
    ['postgres://u:se%00cret@h', 'VIS_HISTORY: the password holds %00, which PostgreSQL cannot take'],
    ['postgres://u%00@h', 'VIS_HISTORY: the user name holds %00, which PostgreSQL cannot take'],
    ['postgres://h/d%', 'VIS_HISTORY: the database name holds a % not followed by two hex digits (write a % as %25)'],
    ['postgres://h%/d', 'VIS_HISTORY: the host holds a % not followed by two hex digits (write a % as %25)'],
    ['postgres://h:5%/d', 'VIS_HISTORY: the port holds a % not followed by two hex digits (write a % as %25)'],
    ['postgres://h?a%=1', 'VIS_HISTORY: a parameter name holds a % not followed by two hex digits (write a % as %25)'],
    ['postgres://h?password=se%zz', 'VIS_HISTORY: the password holds a % not followed by two hex digits (write a % as %25)'],
    ['postgres://h?sslmode=%zz', 'VIS_HISTORY: the sslmode parameter holds a % not followed by two hex digits (write a % as %25)'],
    ['postgres://h?hunter2', 'VIS_HISTORY: each parameter after ? is key=value'],
    ['postgres://h?foo=1', `VIS_HISTORY: unknown parameter "foo" (vis takes ${PG_PARAMS.join(', ')})`],
    ['postgres://h?sslmode=on', 'VIS_HISTORY: sslmode must be one of disable, allow, prefer, require, verify-ca, verify-full (got "on")'],
    ['postgres://h?connect_timeout=1.5', 'VIS_HISTORY: connect_timeout must be a whole number of seconds, at most 2147483 (0: no limit)'],
    ['postgres://h?connect_timeout=2147484', 'VIS_HISTORY: connect_timeout must be a whole number of seconds, at most 2147483 (0: no limit)'],
    ['postgres://h?connect_timeout=', 'VIS_HISTORY: connect_timeout must be a whole number of seconds, at most 2147483 (0: no limit)'],
    [
      'postgres://h?statement_timeout=1.5s',
      'VIS_HISTORY: statement_timeout must be a whole number with a unit (ms, s, min, h, d; none: ms), at most 24 days (0: no limit)',
    ],
    [
      'postgres://h?statement_timeout=25d',
      'VIS_HISTORY: statement_timeout must be a whole number with a unit (ms, s, min, h, d; none: ms), at most 24 days (0: no limit)',
    ],
    [
      'postgres://h?statement_timeout=5sec',
      'VIS_HISTORY: statement_timeout must be a whole number with a unit (ms, s, min, h, d; none: ms), at most 24 days (0: no limit)',
    ],
    [
      'postgres://h?statement_timeout=x5s',
      'VIS_HISTORY: statement_timeout must be a whole number with a unit (ms, s, min, h, d; none: ms), at most 24 days (0: no limit)',
    ],
  ])('%s', async (url, message) => expect(await refused(url)).toBe(message));

  it('names the history URL when no setting is given', async () =>
    expect(pgTarget('postgres://h:0', {})).rejects.toThrow('the history URL: the port must be a number from 1 to 65535'));

  it.each(['Vis', '1a', 'pg_x', 'a-b', '', 'a b', 'é', `a${'b'.repeat(63)}`])('schema %j is not an SQL identifier', async (schema) =>
    expect(await refused(`postgres://h?schema=${encodeURIComponent(schema)}`)).toBe(
      `VIS_HISTORY: schema must be an SQL identifier: lower-case letters, digits and _, not starting with a digit or pg_, at most 63 characters (got ${JSON.stringify(schema)})`,
    ),
  );
  it.each(['vis', 'analytics', '_x', 'a1_', 'pgx', `a${'b'.repeat(62)}`])('schema %j is', async (schema) =>
    expect((await target(`postgres://h?schema=${schema}`)).schema).toBe(schema),
  );
});

describe('timeouts', () => {
  it.each([
    ['0', 0],
    ['-3', 0],
    ['1', 2000],
    ['2', 2000],
    ['3', 3000],
    [' 7 ', 7000],
    ['+4', 4000],
    ['2147483', 2147483000],
  ])('connect_timeout=%j is %d ms (0: none; 1 is libpq’s least, 2)', async (value, ms) =>
    expect((await target(`postgres://h?connect_timeout=${encodeURIComponent(value)}`)).config.connectionTimeoutMillis).toBe(ms),
  );

  it.each([
    ['30s', 30000],
    ['500ms', 500],
    ['2min', 120000],
    ['1h', 3600000],
    ['1d', 86400000],
    ['1500', 1500],
    ['10 s', 10000],
    [' 10s ', 10000],
    ['24d', 2073600000],
    ['2147483647', 2147483647],
  ])('statement_timeout=%j is %d ms, as PostgreSQL reads it', async (value, ms) =>
    expect((await target(`postgres://h?statement_timeout=${encodeURIComponent(value)}`)).config.statement_timeout).toBe(ms),
  );

  it('the client gives up a little after the server would', async () => {
    expect((await target('postgres://h?connect_timeout=10&statement_timeout=1s')).config.query_timeout).toBe(11000);
    expect((await target('postgres://h?connect_timeout=0')).config.query_timeout).toBe(35000);
    expect((await target('postgres://h?statement_timeout=0')).config).not.toHaveProperty('query_timeout');
    expect((await target('postgres://h?statement_timeout=0')).config.statement_timeout).toBe(0);
  });
});

describe('the password: the URL, PGPASSWORD, then the password file', () => {
  const pgpass = '/home/ana/.pgpass';
  it('the URL wins, then PGPASSWORD, then the file', async () => {
    const readFile = files({ [pgpass]: '*:*:*:*:from-file\n' });
    expect((await target('postgres://u:url@h', { PGPASSWORD: 'env' }, { readFile })).config.password).toBe('url');
    expect((await target('postgres://h?password=param', { PGPASSWORD: 'env' }, { readFile })).config.password).toBe('param');
    expect((await target('postgres://u@h', { PGPASSWORD: 'env' }, { readFile })).config.password).toBe('env');
    expect((await target('postgres://u@h', { PGPASSWORD: '' }, { readFile })).config.password).toBe('from-file');
  });

  it('none anywhere: pg is told so when the server asks, and never looks on its own', async () => {
    const password = (await target('postgres://u@h')).config.password;
    expect(password).toBeTypeOf('function');
    expect(() => (password as () => string)()).toThrow('the server asks for a password, and none is given (in the URL, PGPASSWORD or the password file)');
  });

  it('PGPASSFILE, else ~/.pgpass of HOME, else of the home given', async () => {
    const readFile = files({ '/etc/pw': 'h:5432:ana:ana:one', '/home/env/.pgpass': 'h:5432:ana:ana:two', [pgpass]: 'h:5432:ana:ana:three' });
    expect((await target('postgres://h', { PGPASSFILE: '/etc/pw', HOME: '/home/env' }, { readFile })).config.password).toBe('one');
    expect((await target('postgres://h', { HOME: '/home/env' }, { readFile, home: undefined })).config.password).toBe('two');
    expect((await target('postgres://h', { HOME: '/home/env' }, { readFile })).config.password).toBe('three');
  });

  it('matches host:port:database:user, with * and \\ escapes, the first line that matches', () => {
    const want = { host: 'db.example.com', port: '5432', database: 'app', user: 'ana' };
    const read = (text: string) => passwordFromFile('/p', want, files({ '/p': text }));
    expect(read('db.example.com:5432:app:ana:pw')).toBe('pw');
    expect(read('*:*:*:*:any')).toBe('any');
    expect(read('db.example.com:*:app:*:pw')).toBe('pw');
    expect(read('other:5432:app:ana:no\n*:5432:app:ana:yes\n*:*:*:*:late')).toBe('yes');
    expect(read('# db.example.com:5432:app:ana:comment\n\ndb.example.com:5432:app:ana:pw')).toBe('pw');
    expect(read('db.example.com:5432:app:ana:pw\r\n')).toBe('pw');
    expect(read('db.example.com:5432:app:ana:pw\r\r\n')).toBe('pw');
    expect(read('db.example.com:5432:app:ana:p\rw')).toBe('p\rw');
    expect(read('db.example.comX5432:app:ana:pw')).toBeUndefined();
    expect(read('db.example.com:5432:app:ana:p\\:w\\\\x:extra')).toBe('p:w\\x');
    expect(read('db.example.com:5432:app:ana:pw\\')).toBe('pw\\');
    expect(read('db.example.com:5432:app:ana:')).toBe('');
    expect(read('db.example.co:5432:app:ana:no')).toBeUndefined();
    expect(read('db.example.comm:5432:app:ana:no')).toBeUndefined();
    expect(read('db.example.com:5432:app:ana')).toBeUndefined();
    expect(read('db.example.com:5432:app')).toBeUndefined();
    expect(read('*x:5432:app:ana:no')).toBeUndefined();
    expect(read('db.example.com:5432:app:ana\\')).toBeUndefined();
    expect(read('db.example.com:5432:app:an\\a:pw')).toBe('pw');
    expect(read('')).toBeUndefined();
  });

  it('an escaped : is part of the field, not its end', () => {
    const want = { host: 'a', port: '5432', database: 'app', user: 'ana' };
    expect(passwordFromFile('/p', want, files({ '/p': 'a\\:5432:app:ana:pw' }))).toBeUndefined();
    expect(passwordFromFile('/p', { ...want, host: 'a:5432' }, files({ '/p': 'a\\:5432:5432:app:ana:pw' }))).toBe('pw');
  });

  it('a line starting with # is a comment, even one that would match', () => {
    const want = { host: '#h', port: '5432', database: 'app', user: 'ana' };
    expect(passwordFromFile('/p', want, files({ '/p': '#h:5432:app:ana:no' }))).toBeUndefined();
    expect(passwordFromFile('/p', want, files({ '/p': '#h:5432:app:ana:no\n*:5432:app:ana:yes' }))).toBe('yes');
  });

  it('a host with a : is matched through its \\: escapes', () => {
    const want = { host: '::1', port: '5432', database: 'app', user: 'ana' };
    expect(passwordFromFile('/p', want, files({ '/p': '\\:\\:1:5432:app:ana:six' }))).toBe('six');
    // Matched character by character, as libpq does: the unescaped form matches too.
    expect(passwordFromFile('/p', want, files({ '/p': '::1:5432:app:ana:six' }))).toBe('six');
    expect(passwordFromFile('/p', want, files({ '/p': '\\:\\:2:5432:app:ana:six' }))).toBeUndefined();
  });

  it('the default socket folder matches localhost; another socket its own path', async () => {
    const readFile = files({ [pgpass]: 'localhost:5432:ana:ana:local\n/srv/pg:5432:ana:ana:srv' });
    expect((await target('postgres://', {}, { readFile })).config.password).toBe('local');
    expect((await target('postgres://', {}, { readFile, exists: () => false })).config.password).toBe('local');
    expect((await target('postgres://%2Fsrv%2Fpg', {}, { readFile })).config.password).toBe('srv');
  });

  it('matches on the port, database and user the connection uses', async () => {
    const readFile = files({ [pgpass]: 'h:6000:envdb:bob:right\nh:*:*:*:wrong' });
    expect((await target('postgres://h', { PGPORT: '6000', PGDATABASE: 'envdb', PGUSER: 'bob' }, { readFile })).config.password).toBe('right');
  });

  it.each([0o640, 0o604, 0o610, 0o601, 0o620, 0o602])('a file of mode %o is passed over with libpq’s warning', async (mode) => {
    const warned: string[] = [];
    const readFile = files({ [pgpass]: { text: '*:*:*:*:pw', mode, plain: true } });
    expect((await target('postgres://h', {}, { readFile, warn: (l) => warned.push(l) })).config.password).toBeTypeOf('function');
    expect(warned).toEqual(['password file "/home/ana/.pgpass" has group or world access; permissions should be u=rw (0600) or less']);
  });

  it('with nobody to tell, a file others can read is passed over all the same', async () => {
    const readFile = files({ [pgpass]: { text: '*:*:*:*:pw', mode: 0o644, plain: true } });
    expect((await target('postgres://h', {}, { readFile, warn: undefined })).config.password).toBeTypeOf('function');
    const folder = files({ [pgpass]: { text: '*:*:*:*:pw', mode: 0o600, plain: false } });
    expect((await target('postgres://h', {}, { readFile: folder, warn: undefined })).config.password).toBeTypeOf('function');
  });

  it('a file of mode 0400 or 0700 is read', async () => {
    for (const mode of [0o400, 0o700, 0o600]) {
      expect((await target('postgres://h', {}, { readFile: files({ [pgpass]: { text: '*:*:*:*:pw', mode, plain: true } }) })).config.password).toBe('pw');
    }
  });

  it('something other than a plain file is passed over with libpq’s warning; a missing one silently', async () => {
    const warned: string[] = [];
    const readFile = files({ [pgpass]: { text: '*:*:*:*:pw', mode: 0o600, plain: false } });
    expect((await target('postgres://h', {}, { readFile, warn: (l) => warned.push(l) })).config.password).toBeTypeOf('function');
    await target('postgres://h', {}, { warn: (l) => warned.push(l) });
    expect(warned).toEqual(['password file "/home/ana/.pgpass" is not a plain file']);
    await expect(target('postgres://h', {}, { readFile })).resolves.toBeDefined();
  });

  it('reads a real file, following a link, and refuses one others can read', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'vis-pgpass-'));
    const file = join(dir, 'pgpass');
    writeFileSync(file, 'h:5432:ana:ana:real\n');
    chmodSync(file, 0o600);
    symlinkSync(file, join(dir, 'link'));
    mkdirSync(join(dir, 'folder'));
    const real = async (PGPASSFILE: string, warn?: (l: string) => void) => (await pgTarget('postgres://ana@h/ana', { PGPASSFILE }, { warn })).config.password;
    expect(await real(file)).toBe('real');
    expect(await real(join(dir, 'link'))).toBe('real');
    expect(await real(join(dir, 'missing'))).toBeTypeOf('function');
    const warned: string[] = [];
    expect(await real(join(dir, 'folder'), (l) => warned.push(l))).toBeTypeOf('function');
    chmodSync(file, 0o644);
    expect(await real(file, (l) => warned.push(l))).toBeTypeOf('function');
    expect(warned).toEqual([
      `password file "${join(dir, 'folder')}" is not a plain file`,
      `password file "${file}" has group or world access; permissions should be u=rw (0600) or less`,
    ]);
  });
});

describe('sslmode as libpq means it', () => {
  const unverified = { rejectUnauthorized: false };
  const rootcrt = '/home/ana/.postgresql/root.crt';
  it('prefer by default: SSL without checks first, then plain', async () => {
    const t = await target('postgres://u:pw@h/db');
    expect(t.config.ssl).toEqual(unverified);
    expect(t.fallback).toEqual({ ...t.config, ssl: false });
  });
  it('disable: plain only', async () => {
    const t = await target('postgres://h?sslmode=disable');
    expect(t.config.ssl).toBe(false);
    expect(t.fallback).toBeUndefined();
  });
  it('allow: plain first, then SSL without checks', async () => {
    const t = await target('postgres://h?sslmode=allow');
    expect(t.config.ssl).toBe(false);
    expect(t.fallback).toEqual({ ...t.config, ssl: unverified });
  });
  it('require: SSL without checks, or the chain checked when a root certificate is at hand', async () => {
    expect((await target('postgres://h?sslmode=require')).config.ssl).toEqual(unverified);
    expect((await target('postgres://h?sslmode=require')).fallback).toBeUndefined();
    const ssl = (await target('postgres://h?sslmode=require', {}, { readFile: files({ [rootcrt]: 'CA' }) })).config.ssl as Record<string, unknown>;
    expect(ssl).toMatchObject({ ca: 'CA', rejectUnauthorized: true });
    expect((ssl.checkServerIdentity as () => unknown)()).toBeUndefined();
  });
  it('verify-ca: the chain, not the name', async () => {
    const ssl = (await target('postgres://h?sslmode=verify-ca&sslrootcert=/etc/ca.pem', {}, { readFile: files({ '/etc/ca.pem': 'MYCA' }) })).config
      .ssl as Record<string, unknown>;
    expect(ssl).toMatchObject({ ca: 'MYCA', rejectUnauthorized: true });
    expect((ssl.checkServerIdentity as () => unknown)()).toBeUndefined();
  });
  it('verify-full: the chain and the name', async () => {
    const t = await target('postgres://h?sslmode=verify-full', { PGSSLROOTCERT: '/etc/ca.pem' }, { readFile: files({ '/etc/ca.pem': 'MYCA' }) });
    expect(t.config.ssl).toEqual({ ca: 'MYCA', rejectUnauthorized: true });
    expect(t.fallback).toBeUndefined();
  });
  it('the verifying modes refuse to go on without the root certificate', async () => {
    expect(await refused('postgres://h?sslmode=verify-full')).toBe(
      'VIS_HISTORY: sslmode=verify-full needs the server\'s root certificate: "/home/ana/.postgresql/root.crt" does not exist (give sslrootcert=FILE, or sslrootcert=system for the system\'s roots)',
    );
    expect(await refused('postgres://h?sslmode=verify-ca&sslrootcert=/nope')).toContain(
      'sslmode=verify-ca needs the server\'s root certificate: "/nope" does not exist',
    );
    expect(await refused('postgres://h?sslmode=verify-ca', {}, { readFile: files({ [rootcrt]: { text: '', mode: 0o600, plain: false } }) })).toContain(
      'does not exist',
    );
  });
  it('sslrootcert=system: the system’s roots, verify-full by default and required', async () => {
    const t = await target('postgres://h?sslrootcert=system');
    expect(t.config.ssl).toEqual({ rejectUnauthorized: true });
    expect(t.fallback).toBeUndefined();
    expect((await target('postgres://h', { PGSSLROOTCERT: 'system' })).config.ssl).toEqual({ rejectUnauthorized: true });
    expect(await refused('postgres://h?sslrootcert=system&sslmode=require')).toBe(
      'VIS_HISTORY: sslrootcert=system needs sslmode=verify-full (got require), as in libpq',
    );
  });
  it('PGSSLMODE when the URL has none, checked and named', async () => {
    expect((await target('postgres://h', { PGSSLMODE: 'disable' })).config.ssl).toBe(false);
    expect((await target('postgres://h?sslmode=require', { PGSSLMODE: 'bogus' })).config.ssl).toEqual(unverified);
    expect(await refused('postgres://h', { PGSSLMODE: 'bogus' })).toBe(
      'PGSSLMODE must be one of disable, allow, prefer, require, verify-ca, verify-full (got "bogus")',
    );
    expect((await target('postgres://h', { PGSSLMODE: '' })).config.ssl).toEqual(unverified);
  });
  it('a socket never uses SSL, whatever the mode', async () => {
    for (const mode of ['require', 'verify-full', 'prefer', 'allow']) {
      const t = await target(`postgres://%2Frun%2Fpg?sslmode=${mode}`);
      expect(t.config.ssl).toBe(false);
      expect(t.fallback).toBeUndefined();
    }
  });
});

describe('parsePgUrl: what the URL itself says', () => {
  it('only what is written, and the schema', async () => {
    expect(await parsePgUrl('postgres://h', 'VIS_HISTORY')).toStrictEqual({ host: 'h', schema: 'vis' });
    expect(
      await parsePgUrl(
        'postgres://u:p@h:5/d?sslmode=disable&sslrootcert=/c&connect_timeout=3&statement_timeout=4s&application_name=a&options=o&schema=s',
        'VIS_HISTORY',
      ),
    ).toStrictEqual({
      user: 'u',
      password: 'p',
      host: 'h',
      port: 5,
      dbname: 'd',
      sslmode: 'disable',
      sslrootcert: '/c',
      connectTimeoutS: 3,
      statementTimeoutMs: 4000,
      applicationName: 'a',
      options: 'o',
      schema: 's',
    });
    expect(await parsePgUrl('postgres://h?sslrootcert=', 'VIS_HISTORY')).toStrictEqual({ host: 'h', schema: 'vis' });
    expect(await parsePgUrl('postgres://', 'VIS_HISTORY')).toStrictEqual({ schema: 'vis' });
    expect(await parsePgUrl('postgres://h?application_name=', 'VIS_HISTORY')).toStrictEqual({ host: 'h', applicationName: '', schema: 'vis' });
  });
});

describe('display: the URL with its password as ***', () => {
  it.each([
    ['postgres://u:secret@h/db', 'postgres://u:***@h/db'],
    ['postgres://u:@h/db', 'postgres://u:***@h/db'],
    ['postgres://u@h/db', 'postgres://u@h/db'],
    ['postgres://h:5432/db', 'postgres://h:5432/db'],
    ['postgres://h/db?sslmode=disable&password=x&schema=s', 'postgres://h/db?sslmode=disable&password=***&schema=s'],
    ['postgres://h/db?pass%77ord=x', 'postgres://h/db?pass%77ord=***'],
    ['postgres://h/db?pass%2577ord=x&schema=s', 'postgres://h/db?pass%2577ord=***&schema=s'],
    ['postgres://h/db?PASSWORD=x', 'postgres://h/db?PASSWORD=***'],
    ['postgres://@h/db', 'postgres://@h/db'],
    ['postgres://h:5/db?a=b@c', 'postgres://h:***@c'],
    ['x:y@z/a://b', 'x:***@z/a://b'],
    [':pw@h', ':***@h'],
    ['postgres://u@h:5432/db', 'postgres://u@h:5432/db'],
    ['postgres://password@h/db', 'postgres://password@h/db'],
    ['?password=x', '?password=***'],
    ['postgres://h?=password', 'postgres://h?=***'],
    ['postgres://h/db?password', 'postgres://h/db?***'],
    ['postgres://u:a/b@c@h', 'postgres://u:***@h'],
    ['postgres://h/db?password=a:b@c', 'postgres://h/db?password=***'],
    ['postgres://u:pa?password=zz@h', 'postgres://u:***@h'],
    ['not a url:secret@x', 'not a url:***@x'],
    ['', ''],
  ])('%s', (url, shown) => expect(maskPgUrl(url)).toBe(shown));

  // PostgreSQL takes no NUL (%00 is refused); anything else.
  const encoded = fc
    .string({ minLength: 1, unit: 'binary' })
    .filter((p) => !p.includes('\0'))
    .map((p) => ({ p, enc: encodeURIComponent(p) }));
  it('is the same whatever the password, and the password is read back whole (property)', async () => {
    await fc.assert(
      fc.asyncProperty(encoded, fc.constantFrom('db.example.com', '[::1]', '%2Fsrv%2Fpg', ''), async ({ p, enc }, host) => {
        const t = await target(`postgres://ana:${enc}@${host}/app`);
        expect(t.display).toBe(`postgres://ana:***@${host}/app`);
        expect(t.config.password).toBe(p);
        const q = await target(`postgres://${host}/app?sslmode=disable&password=${enc}`);
        expect(q.display).toBe(`postgres://${host}/app?sslmode=disable&password=***`);
        expect(q.config.password).toBe(p);
      }),
    );
  });

  it('masks a password written raw, whatever it holds, and the refusal never quotes it (property)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ minLength: 1, unit: 'binary' }), async (p) => {
        const url = `postgres://ana:${p}@db.example.com/app`;
        expect(maskPgUrl(url)).toBe('postgres://ana:***@db.example.com/app');
        let shown: string;
        try {
          shown = (await target(url)).display;
        } catch (err) {
          shown = (err as Error).message;
        }
        if (p.length >= 4 && !`postgres://ana:***@db.example.com/app VIS_HISTORY`.includes(p)) expect(shown).not.toContain(p);
        if (!p.includes('&')) expect(maskPgUrl(`postgres://h/app?password=${p}`)).toBe('postgres://h/app?password=***');
      }),
    );
  });

  it('never holds PGPASSWORD or the password file’s password', async () => {
    const readFile = files({ '/home/ana/.pgpass': '*:*:*:*:filesecret' });
    expect((await target('postgres://ana@h/app', {}, { readFile })).display).toBe('postgres://ana@h/app');
    expect((await target('postgres://ana@h/app', { PGPASSWORD: 'envsecret' })).display).toBe('postgres://ana@h/app');
  });
});

describe('a URL given as an argument holds no password (ps shows a command line to every user)', () => {
  const refusal = async (url: string) => {
    try {
      await parsePgUrl(url, 'vis history push URL', { argument: true });
    } catch (err) {
      return err as UsageError;
    }
    return undefined;
  };

  it.each([
    'postgres://ana:s3cret@db/vis',
    'postgresql://ana:%73%33cret@db/vis',
    'postgresql://ana@db/vis?password=s3cret',
    'postgresql://db/vis?sslmode=disable&password=s3cret',
    'postgresql://ana:s3cret@db/vis?password=',
    'postgresql://ana:@db/vis?password=s3cret',
  ])('%s: refused, exit 2, with the way out', async (url) => {
    const err = await refusal(url);
    expect(err).toBeInstanceOf(UsageError);
    expect(err!.message).toBe(
      'vis history push URL: the URL holds a password, and a command line is visible to every user of this machine (ps): vis takes none there',
    );
    expect(err!.hint).toBe(
      'Leave the password out of the URL, and give it in PGPASSWORD or in ~/.pgpass (a line host:port:database:user:password, chmod 600).',
    );
  });

  it.each(['postgres://ana@db/vis', 'postgres://ana:@db/vis', 'postgres://db/vis?password=', 'postgres://ana:@db/vis?password=&sslmode=disable'])(
    '%s: no password, taken',
    async (url) => {
      expect(await refusal(url)).toBeUndefined();
    },
  );

  it('elsewhere (VIS_HISTORY, a saved setting) a password in the URL is read as libpq reads it', async () => {
    expect((await parsePgUrl('postgres://ana:s3cret@db/vis', 'VIS_HISTORY')).password).toBe('s3cret');
    expect((await parsePgUrl('postgres://ana:s3cret@db/vis', 'VIS_HISTORY', { argument: false })).password).toBe('s3cret');
  });
});

// pg-connection-string reads a URL as a WHATWG URL, which is not how libpq reads one: each case below
// is one where it would read otherwise (or throw), and where vis keeps libpq's reading.
describe('libpq’s reading, where a WHATWG URL reader would read otherwise', () => {
  it('the user part runs to the @: a # in the password is the password’s', async () =>
    expect((await target('postgres://u:p#x@h/db')).config).toMatchObject({ user: 'u', password: 'p#x', host: 'h', database: 'db' }));
  it('no fragment: a # is part of the database name, not its end', async () => expect((await target('postgres://h/d#x')).config.database).toBe('d#x'));
  it('a # or ? in the user name is the name’s, as in the password', async () =>
    expect((await target('postgres://u?x#y:p@h/db')).config).toMatchObject({ user: 'u?x#y', password: 'p', host: 'h', database: 'db' }));
  it('no fragment in a value either: a # is the value’s', async () =>
    expect((await target('postgres://h/db?application_name=a#b&options=-c%20x%3D1')).config).toMatchObject({ application_name: 'a#b', options: '-c x=1' }));
  it('the database name’s dot segments are its own, not a path to resolve', async () => {
    expect((await target('postgres://h/a/../b')).config.database).toBe('a/../b');
    expect((await target('postgres://h/..')).config.database).toBe('..');
  });
  it('every escape of the database name is decoded, / ? # @ : among them', async () =>
    expect((await target('postgres://h/d%2Fx%3F%23%40%3A%2525')).config.database).toBe('d/x?#@:%25'));
  it('a + in a value is a +, not a space', async () => expect((await target('postgres://h?application_name=a+b')).config.application_name).toBe('a+b'));
  it('an escape that is not UTF-8 in a value is that byte, as in the URL’s parts', async () =>
    expect((await target('postgres://h?password=%ff%41')).config.password).toBe('\u00ffA'));
  it('a user and no host, or a port and no host: the default host', async () => {
    expect((await target('postgres://u@')).config).toMatchObject({ user: 'u', host: '/var/run/postgresql' });
    expect((await target('postgres://u@:5433')).config).toMatchObject({ user: 'u', host: '/var/run/postgresql', port: 5433 });
  });
  it('the host as written: neither lower-cased nor rewritten', async () => {
    expect((await target('postgres://DB.Example.COM')).config.host).toBe('DB.Example.COM');
    expect((await target('postgres://[2001:DB8:0::1]')).config.host).toBe('2001:DB8:0::1');
  });
  it('a file-reading parameter (sslcert, sslkey) is refused before anything reads the file', async () => {
    const read: string[] = [];
    const readFile = (path: string) => {
      read.push(path);
      return undefined;
    };
    for (const key of ['sslcert', 'sslkey']) expect(await refused(`postgres://h?${key}=/etc/shadow`, {}, { readFile })).toContain(`unknown parameter "${key}"`);
    expect(read).toEqual([]);
  });
  it('an empty parameter hides the same part of the URL: the defaults apply', async () => {
    expect((await target('postgres://u@h/db?user=&dbname=')).config).toMatchObject({ user: 'ana', database: 'ana' });
    expect((await target('postgres://u:pw@h?password=', { PGPASSWORD: 'from-env' })).config.password).toBe('from-env');
  });
});

describe('characters written as they are', () => {
  it('a lone surrogate (a JSON setting may hold one) is U+FFFD, in every part', async () =>
    expect((await target('postgres://u\ud800:p\ud800@h/d\ud800?application_name=a\ud800')).config).toMatchObject({
      user: 'u\ufffd',
      password: 'p\ufffd',
      database: 'd\ufffd',
      application_name: 'a\ufffd',
    }));
  it('a letter beyond ASCII, not percent-encoded, is read as itself', async () =>
    expect((await target('postgres://j\u00f6rg:p\u00e4ss@h/caf\u00e9?application_name=\u65e5\u672c')).config).toMatchObject({
      user: 'j\u00f6rg',
      password: 'p\u00e4ss',
      database: 'caf\u00e9',
      application_name: '\u65e5\u672c',
    }));
});

describe('an empty host or port parameter', () => {
  it('hides the URL’s host and port: the default socket and port', async () =>
    expect((await target('postgres://h:5433/db?host=&port=')).config).toMatchObject({ host: '/var/run/postgresql', port: 5432, database: 'db' }));
});

// pg-connection-string reads the files sslcert, sslkey and sslrootcert name as it parses, and
// may print a warning about sslmode: vis reads no file a URL names but the root certificate
// its sslmode needs, and prints nothing the library would.
describe('what reading a URL may not do', () => {
  afterEach(() => vi.restoreAllMocks());

  it('reads the file sslrootcert names only when the sslmode needs it, and only through vis', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'vis-rootcert-'));
    const ca = join(dir, 'ca.pem');
    writeFileSync(ca, 'MYCA');
    const opened = vi.spyOn(fs, 'readFileSync');
    const readFile = vi.fn(files({ [ca]: 'MYCA' }));
    // The password from the environment: no password file is read either.
    const env = { PGPASSWORD: 'pw' };
    const rootcert = `sslrootcert=${encodeURIComponent(ca)}`;
    for (const mode of ['disable', 'allow', 'prefer']) {
      expect((await target(`postgres://h?sslmode=${mode}&${rootcert}`, env, { readFile })).config.ssl).not.toHaveProperty('ca');
    }
    expect((await target(`postgres://%2Frun%2Fpg?sslmode=verify-full&${rootcert}`, env, { readFile })).config.ssl).toBe(false);
    expect((await target('postgres://h?sslmode=prefer&sslrootcert=/nonexistent/ca.pem', env)).config.ssl).toEqual({ rejectUnauthorized: false });
    expect(readFile).not.toHaveBeenCalled();
    expect((await target(`postgres://h?sslmode=verify-full&${rootcert}`, env, { readFile })).config.ssl).toEqual({ ca: 'MYCA', rejectUnauthorized: true });
    expect(readFile.mock.calls).toEqual([[ca]]);
    expect(opened).not.toHaveBeenCalled();
  });

  it('prints nothing, whatever the sslmode', async () => {
    const warned = vi.spyOn(process, 'emitWarning');
    const logged = [vi.spyOn(console, 'warn'), vi.spyOn(console, 'error'), vi.spyOn(console, 'log')];
    const readFile = files({ '/home/ana/.postgresql/root.crt': 'CA' });
    for (const mode of ['disable', 'allow', 'prefer', 'require', 'verify-ca', 'verify-full']) {
      await target(`postgres://h?sslmode=${mode}`, {}, { readFile });
      await target('postgres://h', { PGSSLMODE: mode }, { readFile });
    }
    expect(warned).not.toHaveBeenCalled();
    for (const spy of logged) expect(spy).not.toHaveBeenCalled();
  });

  it('pg’s own parameters (uselibpqcompat, sslnegotiation, client_encoding) and ssl=false are refused, never passed on', async () => {
    for (const key of ['uselibpqcompat', 'sslnegotiation', 'client_encoding', 'ssl']) {
      expect(await refused(`postgres://h?${key}=false`)).toContain(`unknown parameter "${key}"`);
    }
  });
});
