/**
 * `vis report`'s flag rules one by one (src/cli/commands/report/parse.ts): what each takes,
 * its exact refusal, and the defaults; no session, no request.
 */
import { execFileSync } from 'node:child_process';
import { linkSync, mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  checkDistinct,
  checkWritable,
  DEFAULT_ACCENT,
  MAX_LOGO_BYTES,
  parseAccent,
  parseLocale,
  parsePaper,
  parsePdf,
  parseReportCommand,
  periodSpan,
  readLogo,
  systemLocale,
} from '../../../src/cli/commands/report/parse.js';
import { UsageError } from '../../../src/errors.js';
import { testContext, testIO } from '../../support/context.js';

const dir = mkdtempSync(join(tmpdir(), 'vis-report-parse-'));
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function refusal(f: () => unknown): string {
  try {
    f();
  } catch (err) {
    expect(err).toBeInstanceOf(UsageError);
    return (err as Error).message;
  }
  throw new Error('not refused');
}

describe('--accent', () => {
  it.each([
    ['#00aa77', '#00aa77'],
    ['#0A7', '#00aa77'],
    [' #ABCDEF ', '#abcdef'],
    ['#fff', '#ffffff'],
    [undefined, DEFAULT_ACCENT],
  ])('%j is %s', (value, accent) => expect(parseAccent(value)).toBe(accent));

  it.each(['red', 'x#0a7', '#12345', '#1234567', '#ggg', '00aa77', '#00aa7g', 'x#00aa77', '#00aa77x', '#0a77', ''])('%j is refused', (value) => {
    expect(refusal(() => parseAccent(value))).toBe(`--accent must be a colour written #rgb or #rrggbb, such as #0a7 or #00aa77 (got "${value}")`);
  });

  it('the house colour is #rrggbb itself', () => expect(parseAccent(DEFAULT_ACCENT)).toBe(DEFAULT_ACCENT));
});

describe('--locale and the system’s', () => {
  it.each([
    ['en-gb', 'en-GB'],
    [' de-DE ', 'de-DE'],
    ['ja', 'ja'],
    ['zh-Hant-TW', 'zh-Hant-TW'],
  ])('%j is %s', (value, tag) => expect(parseLocale(value, {})).toBe(tag));

  it.each(['not a locale', 'en_GB', '', 'x', '123', 'xyz', 'qaa'])('%j is refused', (value) => {
    expect(refusal(() => parseLocale(value, {}))).toBe(
      `--locale must be a BCP 47 language tag this Node.js formats dates and numbers for, such as en-GB or de-DE (got "${value}")`,
    );
  });

  it('the environment: LC_ALL, then LC_MESSAGES, then LANG; encodings and modifiers dropped', () => {
    expect(systemLocale({ LC_ALL: 'de_AT.UTF-8', LC_MESSAGES: 'it_IT', LANG: 'fr_FR' })).toBe('de-AT');
    expect(systemLocale({ LC_MESSAGES: 'it_IT.UTF-8', LANG: 'fr_FR' })).toBe('it-IT');
    expect(systemLocale({ LANG: 'sr_RS@latin' })).toBe('sr-RS');
    expect(systemLocale({ LC_ALL: '  ', LANG: 'pt_BR' })).toBe('pt-BR');
    expect(systemLocale({ LANG: 'C' })).toBeUndefined();
    expect(systemLocale({ LC_ALL: 'C', LANG: 'de_DE.UTF-8' })).toBeUndefined();
    expect(systemLocale({ LC_ALL: 'POSIX', LANG: 'de_DE.UTF-8' })).toBeUndefined();
    expect(systemLocale({ LANG: 'POSIX' })).toBeUndefined();
    expect(systemLocale({ LANG: 'C.UTF-8' })).toBeUndefined();
    expect(systemLocale({ LANG: '.UTF-8' })).toBeUndefined();
    expect(systemLocale({ LANG: 'not_a locale' })).toBeUndefined();
    expect(systemLocale({})).toBeUndefined();
    expect(parseLocale(undefined, { LANG: 'nl_NL.UTF-8' })).toBe('nl-NL');
    expect(parseLocale(undefined, { LANG: 'C' })).toBe(new Intl.NumberFormat().resolvedOptions().locale);
  });
});

describe('--paper', () => {
  it.each([
    [undefined, 'a4'],
    ['a4', 'a4'],
    ['A4', 'a4'],
    [' Letter ', 'letter'],
  ])('%j is %s', (value, paper) => expect(parsePaper(value)).toBe(paper));
  it.each(['a3', 'legal', ''])('%j is refused', (value) => expect(refusal(() => parsePaper(value))).toBe(`--paper must be a4 or letter (got "${value}")`));
});

describe('--logo', () => {
  const file = (name: string, bytes: number[] | Buffer) => {
    const p = join(dir, name);
    writeFileSync(p, Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes));
    return p;
  };

  it('none: null', () => expect(readLogo(undefined, dir)).toBeNull());

  it('a PNG and a JPEG by their first bytes, whatever the name; relative to the folder given', () => {
    const png = file('logo.jpg', [...PNG, 1, 2]);
    expect(readLogo(png, '/')).toEqual({ mime: 'image/png', bytes: new Uint8Array([...PNG, 1, 2]) });
    file('photo.png', [0xff, 0xd8, 0xff, 0xdb]);
    expect(readLogo('photo.png', dir)).toEqual({ mime: 'image/jpeg', bytes: new Uint8Array([0xff, 0xd8, 0xff, 0xdb]) });
  });

  it('exactly 1 MiB is taken; one byte more is refused', () => {
    const at = file('at.png', Buffer.concat([Buffer.from(PNG), Buffer.alloc(MAX_LOGO_BYTES - PNG.length)]));
    expect(readLogo(at, dir)?.bytes.length).toBe(MAX_LOGO_BYTES);
    const over = file('over.png', Buffer.concat([Buffer.from(PNG), Buffer.alloc(MAX_LOGO_BYTES - PNG.length + 1)]));
    expect(refusal(() => readLogo(over, dir))).toBe(`--logo must be at most 1 MiB: ${over} is larger`);
  });

  it.each([
    ['svg', [...Buffer.from('<svg/>')]],
    ['gif', [...Buffer.from('GIF89a')]],
    ['empty', []],
    ['png cut short', PNG.slice(0, 7)],
    ['jpeg cut short', [0xff, 0xd8]],
    ['png off by one byte', [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0b]],
    ['jpeg off by one byte', [0xff, 0xd8, 0xfe, 0xe0]],
  ])('%s is refused', (name, bytes) => {
    const p = file(`${name}.bin`, bytes);
    expect(refusal(() => readLogo(p, dir))).toBe(`--logo must be a PNG or JPEG image: ${p} is neither (SVG and other formats are refused)`);
  });

  it('a link (even to a PNG), a folder, a FIFO, a missing file: refused by name', () => {
    const png = file('real.png', PNG);
    const link = join(dir, 'link.png');
    symlinkSync(png, link);
    expect(refusal(() => readLogo(link, dir))).toBe(`--logo must be a regular file: ${link} is a symbolic link`);
    expect(refusal(() => readLogo(dir, dir))).toBe(`--logo must be a regular file: ${dir} is not a regular file`);
    const fifo = join(dir, 'fifo');
    execFileSync('mkfifo', [fifo]);
    expect(refusal(() => readLogo(fifo, dir))).toBe(`--logo must be a regular file: ${fifo} is not a regular file`);
    expect(refusal(() => readLogo('missing.png', dir))).toBe('--logo: cannot read missing.png (ENOENT)');
  });
});

describe('-o and --pdf: where the files go', () => {
  it('a file in a writable folder, a new one or an existing one, and /dev/stdout: taken', () => {
    expect(() => checkWritable('--output', join(dir, 'new.html'))).not.toThrow();
    writeFileSync(join(dir, 'old.html'), 'x');
    expect(() => checkWritable('--output', join(dir, 'old.html'))).not.toThrow();
    expect(() => checkWritable('--output', '/dev/stdout')).not.toThrow();
  });

  it('a folder, a missing folder, a read-only folder, a device that cannot be written: refused naming the flag', () => {
    expect(refusal(() => checkWritable('--pdf', dir))).toBe(`--pdf must name a file, not a folder (got "${dir}")`);
    expect(refusal(() => checkWritable('--output', join(dir, 'no', 'r.html')))).toBe(
      `--output: the folder ${join(dir, 'no')} does not exist or is not writable`,
    );
    const ro = join(dir, 'ro');
    mkdirSync(ro, { mode: 0o500 });
    if (process.getuid?.() !== 0) {
      expect(refusal(() => checkWritable('--output', join(ro, 'r.html')))).toBe(`--output: the folder ${ro} does not exist or is not writable`);
    }
    const fifo = join(dir, 'ro-fifo');
    execFileSync('mkfifo', ['-m', '0400', fifo]);
    if (process.getuid?.() !== 0) expect(refusal(() => checkWritable('--pdf', fifo))).toBe(`--pdf: ${fifo} is not writable`);
    const rw = join(dir, 'rw-fifo');
    execFileSync('mkfifo', ['-m', '0600', rw]);
    expect(() => checkWritable('--pdf', rw)).not.toThrow();
  });

  it('through a link, the folder of the file it points at is the one that must be writable; a loop of links is refused', () => {
    const links = mkdtempSync(join(dir, 'links-'));
    symlinkSync(join(links, 'missing', 'r.pdf'), join(links, 'dangling'));
    expect(refusal(() => checkWritable('--pdf', join(links, 'dangling')))).toBe(
      `--pdf: the folder ${join(links, 'missing')} does not exist or is not writable`,
    );
    symlinkSync('made.pdf', join(links, 'to-new'));
    expect(() => checkWritable('--pdf', join(links, 'to-new'))).not.toThrow();
    symlinkSync('b', join(links, 'a'));
    symlinkSync('a', join(links, 'b'));
    expect(refusal(() => checkWritable('--output', join(links, 'a')))).toBe(`--output: cannot write ${join(links, 'a')} (ELOOP)`);
  });

  it('checkDistinct: two files pass; one file, by any name, is refused', () => {
    expect(() => checkDistinct(join(dir, 'a.html'), join(dir, 'a.pdf'))).not.toThrow();
    expect(() => checkDistinct('-', join(dir, 'a.pdf'))).not.toThrow();
    expect(() => checkDistinct(join(dir, 'a.html'), '-')).not.toThrow();
    expect(refusal(() => checkDistinct(join(dir, 'a.html'), join(dir, 'a.html')))).toBe(
      `--output and --pdf name the same file (${join(dir, 'a.html')}): give each its own`,
    );
  });
});

describe('the period', () => {
  it('--days counts back from today, counting it; --from alone ends today; --from and --to as given', () => {
    expect(periodSpan({}, '2026-11-22')).toEqual({ from: '2026-10-24', to: '2026-11-22', days: 30 });
    expect(periodSpan({ days: 1 }, '2026-11-22')).toEqual({ from: '2026-11-22', to: '2026-11-22', days: 1 });
    expect(periodSpan({ days: 7 }, '2026-03-02')).toEqual({ from: '2026-02-24', to: '2026-03-02', days: 7 });
    expect(periodSpan({ from: '2026-11-22' }, '2026-11-22')).toEqual({ from: '2026-11-22', to: '2026-11-22', days: 1 });
    expect(periodSpan({ from: '2026-10-01', to: '2026-10-31' }, '2026-11-22')).toEqual({ from: '2026-10-01', to: '2026-10-31', days: 31 });
  });
});

describe('parseReportCommand', () => {
  const env = { VIS_BASE_URL: 'https://api.example.test/api/v1/', VIS_API_KEY: 'vis_test_0123456789abcdef', HOME: dir, VIS_CONFIG_DIR: join(dir, 'config') };
  const parse = (raw: Record<string, unknown>, e: Record<string, string> = env) => parseReportCommand(testContext({ env: e, io: testIO() }), raw, dir);

  it('the default file’s folder (the current one) must be writable too', () => {
    const missing = join(dir, 'gone');
    // A folder that is not there yet is made later (before any read); one under a file cannot be.
    expect(parseReportCommand(testContext({ env, io: testIO() }), {}, missing).dir).toBe(missing);
    writeFileSync(join(dir, 'a-file'), 'x');
    expect(refusal(() => parseReportCommand(testContext({ env, io: testIO() }), {}, join(dir, 'a-file', 'sub')))).toBe(
      `--dir: ${join(dir, 'a-file')} is a file, so ${join(dir, 'a-file', 'sub')} cannot be made`,
    );
  });

  it('the defaults: a month, the house look, the HTML named later, the history’s API without its trailing slash', () => {
    const o = parse({});
    expect(o).toMatchObject({
      command: 'report',
      brands: undefined,
      markets: undefined,
      period: { days: 30 },
      output: undefined,
      pdf: undefined,
      dryRun: false,
      cwd: dir,
      api: 'https://api.example.test/api/v1',
    });
    expect(o.look).toEqual({ title: 'AI visibility report', logo: null, accent: DEFAULT_ACCENT, locale: expect.any(String), paper: 'a4' });
    expect(o.session.cache).toBe('use');
  });

  it('the scope flags: --brand values kept whole, --market split at commas, --all-*', () => {
    expect(parse({ brand: ['Acme, Inc.', 'B'], market: ['US-en,GB-en', ' DE-de '] })).toMatchObject({
      brands: ['Acme, Inc.', 'B'],
      markets: ['US-en', 'GB-en', 'DE-de'],
    });
    expect(parse({ allBrands: true, allMarkets: true })).toMatchObject({ brands: 'all', markets: 'all' });
    expect(parse({ brand: ' ', market: ',' })).toMatchObject({ brands: undefined, markets: undefined });
    expect(refusal(() => parse({ brand: 'A', allBrands: true }))).toBe('--brand and --all-brands cannot be used together: --all-brands reports every brand');
    expect(refusal(() => parse({ market: 'US-en', allMarkets: true }))).toBe(
      '--market and --all-markets cannot be used together: --all-markets reports each brand’s markets',
    );
  });

  it('the period flags as given, checked by the shared rules', () => {
    expect(parse({ days: '7' }).period).toEqual({ days: 7, from: undefined, to: undefined });
    expect(parse({ from: '2026-11-01', to: '2026-11-10' }).period).toEqual({ days: undefined, from: '2026-11-01', to: '2026-11-10' });
    expect(refusal(() => parse({ days: '0' }))).toMatch(/--days/);
  });

  it('-o and --pdf alike: - is stdout, a path is made absolute and checked, an empty one refused', () => {
    expect(parse({ output: '-' }).output).toBe('-');
    expect(parse({ output: 'r.html' }).output).toBe(join(dir, 'r.html'));
    expect(parse({ pdf: 'r.pdf' }).pdf).toBe(join(dir, 'r.pdf'));
    expect(parse({ pdf: '-' }).pdf).toBe('-');
    expect(parse({ output: 'r.html', pdf: '-' })).toMatchObject({ output: join(dir, 'r.html'), pdf: '-' });
    expect(parse({ output: '-', pdf: 'r.pdf' })).toMatchObject({ output: '-', pdf: join(dir, 'r.pdf') });
    expect(refusal(() => parse({ output: 'nowhere/r.html' }))).toBe(`--output: the folder ${join(dir, 'nowhere')} does not exist or is not writable`);
    expect(refusal(() => parse({ pdf: ' ' }))).toBe('--pdf must name a file, or - for stdout');
    expect(refusal(() => parse({ pdf: '' }))).toBe('--pdf must name a file, or - for stdout');
    expect(refusal(() => parse({ pdf: 'nowhere/r.pdf' }))).toBe(`--pdf: the folder ${join(dir, 'nowhere')} does not exist or is not writable`);
  });

  it('-o and --pdf naming one file, or both stdout: refused naming both flags', () => {
    const both = mkdtempSync(join(dir, 'both-'));
    writeFileSync(join(both, 'r.html'), 'old');
    linkSync(join(both, 'r.html'), join(both, 'hard.html'));
    symlinkSync('r.html', join(both, 'soft.html'));
    const at = (f: string) => join(both, f);
    expect(refusal(() => parse({ output: at('r.html'), pdf: at('r.html') }))).toBe(
      `--output and --pdf name the same file (${at('r.html')}): give each its own`,
    );
    expect(refusal(() => parse({ output: at('r.html'), pdf: at('hard.html') }))).toBe(
      `--output and --pdf name the same file (${at('r.html')} and ${at('hard.html')}): give each its own`,
    );
    expect(refusal(() => parse({ output: at('soft.html'), pdf: at('r.html') }))).toMatch(/^--output and --pdf name the same file/);
    expect(refusal(() => parse({ output: at('new.html'), pdf: `${both}/./new.html` }))).toMatch(/^--output and --pdf name the same file/);
    expect(refusal(() => parse({ output: '-', pdf: '-' }))).toBe('--output and --pdf cannot both be - (stdout): give one of them a file');
    expect(refusal(() => parse({ output: '-', pdf: '/dev/stdout' }))).toBe('--output and --pdf name the same file (- and /dev/stdout): give each its own');
    expect(refusal(() => parse({ output: '/dev/fd/1', pdf: '-' }))).toMatch(/^--output and --pdf name the same file/);
    // Two files: taken.
    expect(parse({ output: at('r.html'), pdf: at('r.pdf') }).pdf).toBe(at('r.pdf'));
  });

  it('--pdf on a terminal is refused: a PDF is not text', () => {
    const tty = (raw: Record<string, unknown>) => parseReportCommand(testContext({ env, io: testIO({ stdoutIsTTY: true }) }), raw, dir);
    expect(refusal(() => tty({ pdf: '-' }))).toBe('--pdf: stdout is a terminal, and a PDF is not text: name a file, or redirect stdout');
    expect(refusal(() => tty({ pdf: '/dev/stdout' }))).toBe('--pdf: /dev/stdout is a terminal, and a PDF is not text: name a file, or redirect stdout');
    expect(tty({ pdf: 'r.pdf' }).pdf).toBe(join(dir, 'r.pdf'));
    // The HTML may go to the terminal: it is text.
    expect(tty({ output: '-' }).output).toBe('-');
    expect(parsePdf({ io: testIO() }, '-', dir)).toBe('-');
    expect(parsePdf({ io: testIO() }, undefined, dir)).toBeUndefined();
  });

  it('the title as typed (escaped when drawn), the default for an empty one; --dry-run; --refresh; --demo’s history', () => {
    expect(parse({ title: ' <b>Q4</b> & co ' }).look.title).toBe(' <b>Q4</b> & co ');
    expect(parse({ title: '  ' }).look.title).toBe('AI visibility report');
    expect(parse({ dryRun: true }).dryRun).toBe(true);
    expect(parse({ refresh: true }).session.cache).toBe('refresh');
    expect(parse({ demo: true }).api).toBe('demo');
    expect(parse({}, { ...env, VIS_BASE_URL: 'https://api.example.test/api/v1//' }).api).toBe('https://api.example.test/api/v1');
  });
});
