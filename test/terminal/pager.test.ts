/**
 * The pager: which one (VIS_PAGER, PAGER, less -FRX), how its command is split, when the
 * output is tall enough, and, in-process with a fake pager script, that it starts only on
 * a real terminal, for tall output, without --no-pager, and never for -o.
 */
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { RowCounter, choosePager, measure, onPath, splitCommand, writePaged } from '../../src/terminal/pager.js';
import { runInProcess } from '../support/run.js';

describe('choosePager', () => {
  const less = () => true;
  const noLess = () => false;
  it.each([
    [{}, less, { argv: ['less', '-FRX'], from: 'default' }],
    [{}, noLess, undefined],
    [{ PAGER: 'more' }, less, { argv: ['more'], from: 'PAGER' }],
    [{ PAGER: 'more', VIS_PAGER: 'most -s' }, less, { argv: ['most', '-s'], from: 'VIS_PAGER' }],
    [{ PAGER: 'more', VIS_PAGER: '' }, less, undefined],
    [{ PAGER: 'more', VIS_PAGER: '  ' }, less, undefined],
    [{ VIS_PAGER: 'cat' }, less, undefined],
    [{ PAGER: 'cat' }, less, undefined],
    [{ PAGER: '' }, less, undefined],
    [{ VIS_PAGER: 'cat -n' }, less, { argv: ['cat', '-n'], from: 'VIS_PAGER' }],
  ])('%j (less on PATH: %s)', (env, hasLess, want) => {
    expect(choosePager(env, hasLess)).toEqual(want);
  });

  it('names the variable with an unclosed quote', () => {
    expect(choosePager({ PAGER: "less '-R" }, () => true)).toEqual({ error: `PAGER has an unclosed quote: less '-R` });
  });
});

describe('splitCommand', () => {
  it.each([
    ['less -FRX', ['less', '-FRX']],
    ['  less   -R\t+G ', ['less', '-R', '+G']],
    [`'/opt/my pager/less' -R`, ['/opt/my pager/less', '-R']],
    [`less "--prompt=a b" x`, ['less', '--prompt=a b', 'x']],
    [`a"b c"d`, ['ab cd']],
    [`say "\\"q\\" \\n"`, ['say', '"q" \\n']],
    [`my\\ pager -x`, ['my pager', '-x']],
    [`less ''`, ['less', '']],
    [`less $HOME;rm -rf x`, ['less', '$HOME;rm', '-rf', 'x']],
    ['', []],
    ['less\n-R', ['less', '-R']],
    ['less\\', ['less']], // a backslash at the very end escapes nothing
  ])('%j', (line, words) => {
    expect(splitCommand(line)).toEqual(words);
  });

  it.each([`less '-R`, `less "-R`, `"`])('%s has an unclosed quote', (line) => {
    expect(splitCommand(line)).toBeUndefined();
  });
});

describe('measure: taller than what fits above the prompt', () => {
  const lines = (n: number) => Array.from({ length: n }, (_, i) => `line ${i}\n`);
  it.each([
    [lines(9), 10, false],
    [lines(10), 10, true],
    [[lines(9).join('')], 10, false],
    [[lines(10).join('')], 10, true],
    // A last line without a newline counts.
    [[...lines(9), 'tail'], 10, true],
    // 100 columns at 40 wide take 3 rows.
    [[`${'x'.repeat(100)}\n`, ...lines(6)], 10, false],
    [[`${'x'.repeat(100)}\n`, ...lines(7)], 10, true],
    // Colour takes no room.
    [[`\u001b[31m${'x'.repeat(40)}\u001b[39m\n`, ...lines(8)], 10, false],
    // Wide characters take two columns.
    [[`${'界'.repeat(21)}\n`, ...lines(8)], 10, true],
    [[`${'界'.repeat(20)}\n`, ...lines(8)], 10, false],
  ])('%#', (chunks, screen, tall) => {
    expect(measure(chunks, 40, screen).tall).toBe(tall);
  });

  it('stops reading once it knows, and keeps the rest for the writer', () => {
    let read = 0;
    function* endless() {
      for (;;) {
        read++;
        yield 'row\n';
      }
    }
    const m = measure(endless(), 80, 5);
    expect(m.tall).toBe(true);
    expect(read).toBe(5);
    expect(m.head.join('')).toBe('row\n'.repeat(5));
    expect(m.rest.next().value).toBe('row\n');
  });
});

/** A pager script that records its arguments and stdin in `dir`. */
function fakePager(): { dir: string; pager: string; seen: () => { args: string; input: string } | undefined } {
  const dir = mkdtempSync(join(tmpdir(), 'vis-pager-'));
  const pager = join(dir, 'pager');
  writeFileSync(pager, `#!/bin/sh\nprintf '%s\\n' "$@" > "${dir}/args"\nprintf '%s' "$LESS" > "${dir}/less-env"\ncat > "${dir}/input"\n`);
  chmodSync(pager, 0o755);
  return {
    dir,
    pager,
    seen: () =>
      existsSync(join(dir, 'input')) ? { args: readFileSync(join(dir, 'args'), 'utf8'), input: readFileSync(join(dir, 'input'), 'utf8') } : undefined,
  };
}

describe('RowCounter', () => {
  it('stops counting once over the limit', () => {
    const c = new RowCounter(80, 2);
    c.add('a\nb\nc\nd\ne\n');
    expect(c.rows).toBe(3);
    expect(c.over).toBe(true);
  });

  it('each line starts afresh: a short line after a long one is one row', () => {
    const c = new RowCounter(10, 10);
    c.add('a\nb\ncdefghij\n');
    expect(c.rows).toBe(3);
  });

  it('a last line without a newline counts once; an empty rest counts nothing', () => {
    const c = new RowCounter(10, 10);
    c.add('a\n');
    expect(c.finish()).toBe(1);
    c.add('b');
    expect(c.finish()).toBe(2);
    // Counting goes on after a finish, from a fresh line.
    c.add('cdefghij\n');
    expect(c.finish()).toBe(3);
  });

  it('a long line takes the rows it wraps to, colours not counted', () => {
    const c = new RowCounter(10, 3);
    c.add(`\u001b[1m${'x'.repeat(35)}\u001b[22m\n`);
    expect(c.rows).toBe(4);
    // Wide characters are measured (up to what the limit needs): 36 columns, 4 rows.
    const wide = new RowCounter(10, 3);
    wide.add(`${'漢'.repeat(18)}\n`);
    expect(wide.rows).toBe(4);
    expect(wide.over).toBe(true);
  });

  it('measure: a last line without a newline can make the output tall', () => {
    expect(measure('a\nb\nc', 80, 3).tall).toBe(true);
    expect(measure('a\nb', 80, 3).tall).toBe(false);
  });
});

/** An executable file `name` in a new folder. */
function executable(name: string, mode = 0o755): string {
  const dir = mkdtempSync(join(tmpdir(), 'vis-path-'));
  writeFileSync(join(dir, name), '#!/bin/sh\ncat > /dev/null\n');
  chmodSync(join(dir, name), mode);
  return dir;
}

describe('onPath', () => {
  it('finds an executable file in any folder of PATH, skipping empty entries; not a plain file, not a folder', () => {
    const dir = executable('less');
    expect(onPath('less', { PATH: `:/nonexistent:${dir}` })).toBe(true);
    expect(onPath('less', { PATH: '/nonexistent' })).toBe(false);
    expect(onPath('less', {})).toBe(false);
    expect(onPath('less', { PATH: executable('less', 0o644) })).toBe(false);
    const folder = mkdtempSync(join(tmpdir(), 'vis-path-'));
    mkdirSync(join(folder, 'less'), { mode: 0o755 });
    expect(onPath('less', { PATH: folder })).toBe(false);
  });
});

describe('writePaged', () => {
  const tall = Array.from({ length: 30 }, (_, i) => `x ${i}\n`).join('');
  const run = async (env: Record<string, string | undefined>, hasLess?: () => boolean, stderrColumns?: number) => {
    let direct = '';
    let err = '';
    // One chunk a line: what was read to measure and what was not are both written.
    const chunks = tall.split(/(?<=\n)/);
    await writePaged(
      {
        env,
        columns: 80,
        rows: 10,
        stderr: { write: (s: string) => (err += s) },
        stderrColumns,
        direct: async (c) => void (direct = [...c].join('')),
        hasLess,
      },
      chunks,
    );
    return { direct, err };
  };

  it('no pager chosen (VIS_PAGER empty, no less): written directly, nothing said', async () => {
    expect(await run({ VIS_PAGER: '' })).toEqual({ direct: tall, err: '' });
    expect(await run({}, () => false)).toEqual({ direct: tall, err: '' });
  });

  it('an unclosed quote: one line naming the variable, then written directly', async () => {
    expect(await run({ PAGER: "less '-R" })).toEqual({ direct: tall, err: "vis: no pager: PAGER has an unclosed quote: less '-R\n" });
  });

  it('on a narrow terminal the notice is wrapped at spaces, as errors are', async () => {
    expect(await run({ PAGER: "less '-R" }, undefined, 30)).toEqual({ direct: tall, err: "vis: no pager: PAGER has an\nunclosed quote: less '-R\n" });
    const missing = await run({ PAGER: '/nonexistent/pager' }, undefined, 40);
    expect(
      missing.err
        .split('\n')
        .slice(0, -1)
        .every((line) => line.length <= 40),
    ).toBe(true);
    expect(missing.err.replace(/\n(?!$)/g, ' ')).toMatch(/^vis: could not start the pager "\/nonexistent\/pager" \(PAGER\): .*; writing without it\n$/);
  });

  it('a PAGER with terminal control in it is quoted sanitised in either line', async () => {
    const quote = await run({ PAGER: "less '\u001b[2J\u0007x" });
    expect(quote.err).toBe("vis: no pager: PAGER has an unclosed quote: less '\\x07x\n");
    const missing = await run({ PAGER: '/nonexistent/\u001b]0;title\u0007pager' });
    expect(missing.direct).toBe(tall);
    expect(missing.err).toMatch(/^vis: could not start the pager "\/nonexistent\/pager" \(PAGER\): /);
    expect(missing.err).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/);
  });

  it('the default looks for less on PATH unless told whether it is there', async () => {
    // A `less` on PATH that swallows its input: used when found on PATH, not when hasLess says no.
    const env = { PATH: `${executable('less')}:${process.env.PATH ?? ''}` };
    expect((await run(env)).direct).toBe('');
    expect((await run(env, () => false)).direct).toBe(tall);
  });

  it('writes a short output directly, and a tall one through the pager with its arguments', async () => {
    const f = fakePager();
    let direct = '';
    const target = {
      env: { VIS_PAGER: `${f.pager} -x 'a b'`, PATH: process.env.PATH },
      columns: 80,
      rows: 10,
      stderr: { write: () => true },
      direct: async (c: Iterable<string>) => void (direct = [...c].join('')),
    };
    await writePaged(target, 'one\ntwo\n');
    expect(direct).toBe('one\ntwo\n');
    expect(f.seen()).toBeUndefined();
    const tall = Array.from({ length: 50 }, (_, i) => `row ${i}\n`).join('');
    direct = '';
    await writePaged(target, tall);
    expect(direct).toBe('');
    expect(f.seen()).toEqual({ args: '-x\na b\n', input: tall });
    expect(readFileSync(join(f.dir, 'less-env'), 'utf8')).toBe('FRX');
  });

  it('falls back to writing directly, with one line, when the pager cannot start', async () => {
    let direct = '';
    let err = '';
    const tall = 'x\n'.repeat(30);
    await writePaged(
      {
        env: { PAGER: '/nonexistent/pager -R' },
        columns: 80,
        rows: 10,
        stderr: { write: (s: string) => (err += s) },
        direct: async (c) => void (direct = [...c].join('')),
      },
      tall,
    );
    expect(direct).toBe(tall);
    expect(err).toMatch(/^vis: could not start the pager "\/nonexistent\/pager" \(PAGER\): .*ENOENT.*; writing without it\n$/);
  });

  it('a pager that quits before reading everything ends the write quietly', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'vis-pager-'));
    const pager = join(dir, 'quitter');
    writeFileSync(pager, '#!/bin/sh\nhead -c 10 > /dev/null\nexit 0\n');
    chmodSync(pager, 0o755);
    // Far more than a pipe buffer, so writing would block or fail without the quiet ending.
    const huge = Array.from({ length: 40_000 }, (_, i) => `row ${i} ${'y'.repeat(60)}\n`);
    await expect(
      writePaged({ env: { VIS_PAGER: pager }, columns: 80, rows: 10, stderr: { write: () => true }, direct: async () => undefined }, huge),
    ).resolves.toBeUndefined();
  });

  it('a pager that exits while a process it started still holds its input open ends the write quietly', async () => {
    // Node destroys a child's stdin when it sees the child exit. Here no EPIPE ever comes
    // (the holder keeps the pipe open; the pager waits until vis has filled it), so a write
    // waiting for a drain must end on the close. The race this pins: Node seeing a quitting
    // pager's exit before the EPIPE, which hung the test above in a busy shared worker.
    const dir = mkdtempSync(join(tmpdir(), 'vis-pager-'));
    const pager = join(dir, 'leaver');
    writeFileSync(pager, `#!/bin/sh\nexec 3<&0\nsleep 30 <&3 >/dev/null 2>&1 &\necho $! > "${dir}/holder"\nsleep 0.2\nexit 0\n`);
    chmodSync(pager, 0o755);
    // The holder is ended however the test ends (a hang ends it by the test's timeout).
    onTestFinished(() => {
      const holder = existsSync(join(dir, 'holder')) ? Number(readFileSync(join(dir, 'holder'), 'utf8')) : 0;
      if (holder > 0) process.kill(holder, 'SIGKILL');
    });
    const huge = Array.from({ length: 40_000 }, (_, i) => `row ${i} ${'y'.repeat(60)}\n`);
    await expect(
      writePaged(
        { env: { VIS_PAGER: pager, PATH: process.env.PATH }, columns: 80, rows: 10, stderr: { write: () => true }, direct: async () => undefined },
        huge,
      ),
    ).resolves.toBeUndefined();
  });
});

describe('the pager in a run', () => {
  const tallTopics = ['--demo', 'topics', '--format', 'json'];
  it.each([
    ['a real terminal, output taller than it', tallTopics, { rows: 10 }, true],
    ['not a terminal', tallTopics, {}, false],
    ['a layout forced on a pipe (stdoutIsTTY without a real height)', tallTopics, { stdoutIsTTY: true }, false],
    ['output shorter than the screen', tallTopics, { rows: 10_000 }, false],
    ['--no-pager', [...tallTopics, '--no-pager'], { rows: 10 }, false],
    ['-o - is stdout', [...tallTopics, '-o', '-'], { rows: 10 }, true],
    ['table format', ['--demo', 'topics'], { rows: 5, stdoutIsTTY: true }, true],
  ])('%s', async (_, argv, io, paged) => {
    const f = fakePager();
    const r = await runInProcess(argv, { env: { VIS_PAGER: f.pager, PATH: process.env.PATH, VIS_API_KEY: undefined }, io, realTransport: true });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const seen = f.seen();
    if (paged) {
      expect(r.stdout).toBe('');
      expect(seen?.input.length).toBeGreaterThan(100);
    } else {
      expect(seen).toBeUndefined();
      expect(r.stdout.length).toBeGreaterThan(100);
    }
  });

  it('never for -o FILE', async () => {
    const f = fakePager();
    const out = join(f.dir, 'topics.json');
    const r = await runInProcess([...tallTopics, '-o', out], { env: { VIS_PAGER: f.pager, VIS_API_KEY: undefined }, io: { rows: 5 }, realTransport: true });
    expect(r.code).toBe(0);
    expect(f.seen()).toBeUndefined();
    expect(readFileSync(out, 'utf8').length).toBeGreaterThan(100);
  });
});
