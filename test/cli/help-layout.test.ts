/**
 * Help and the conventions around it, as gh has them: the root lists its commands first;
 * a command's help lists its sub-commands, its own options, the global options under
 * their own title, then examples; everything fits the terminal's width (else $COLUMNS,
 * else 80) without a word cut in two; `vis` alone is the root help on stdout; the version
 * in three spellings; commander's refusals in vis's words; the sandbox's demo keys.
 */
import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import { layoutExample } from '../../src/cli/help-layout.js';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { closest, editDistance, explainOptionError } from '../../src/cli/option-errors.js';
import { VERSION } from '../../src/cli/version.js';
import { DEMO_KEY_SUMMARIES, DEMO_KEYS } from '../../src/domain/demo.js';
import { DEMO_ACCOUNTS } from '../../src/sandbox/accounts.js';
import { banner, demoKeyLines } from '../../src/sandbox/serve.js';
import { runSandbox } from '../../src/cli/commands/sandbox/run.js';
import { createContext } from '../../src/services/context.js';
import { testIO } from '../support/context.js';
import { runInProcess } from '../support/run.js';
import { waitUntil } from '../support/wait.js';

const at = (columns: number) => ({ io: { columns } });

/** The lines of `text` wider than `width`. */
function tooWide(text: string, width: number): string[] {
  return text.split('\n').filter((l) => l.length > width);
}

const index = (text: string, heading: string) => text.indexOf(`\n${heading}\n`);

describe('help layout', () => {
  it('vis --help: the command groups first, then the global options, then where to read more', async () => {
    const r = await runInProcess(['--help']);
    expect(r.code).toBe(0);
    const order = ['Visibility data:', 'Account:', 'Tools:', 'Global options:'].map((h) => index(r.stdout, h));
    expect(order.every((i) => i > 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(r.stdout).not.toContain('\nOptions:\n');
    expect(r.stdout.indexOf('More help:')).toBeGreaterThan(order.at(-1)!);
  });

  it('vis answers --help: usage, description, sub-commands, its options, the global options, examples', async () => {
    const r = await runInProcess(['answers', '--help']);
    const order = ['Commands:', 'Options:', 'Global options:', 'Examples:'].map((h) => index(r.stdout, h));
    expect(r.stdout).toMatch(/^Usage: vis answers /);
    expect(order.every((i) => i > 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(r.stdout).not.toContain('Global Options:');
    // The global block holds the globals only; --brand is the command's own.
    const globals = r.stdout.slice(order[2], order[3]);
    expect(globals).toContain('--profile <name>');
    expect(globals).not.toContain('--brand');
  });

  it('the choices of --format and of a shell are said once: the description names them, commander does not repeat them', async () => {
    const topics = await runInProcess(['topics', '--help']);
    expect(topics.stdout).toMatch(/\n {2}-f, --format <format> +table, json or csv \(env VIS_FORMAT\)\n/);
    expect(topics.stdout).not.toContain('choices');
    const completion = await runInProcess(['completion', '--help']);
    expect(completion.stdout).toMatch(/\n {2}shell +bash, zsh or fish\n/);
    // The choices still refuse another value.
    const bad = await runInProcess(['topics', '-f', 'xml']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/table, json, csv|"table", "json", "csv"/);
  });

  it.each([
    ['brands', 'List the brands of the account', 'Free: no read spent.'],
    ['usage', 'Reads used and left this month, and when the budget resets', 'Free: no read spent.'],
    ['perception', 'Per engine: does AI know the brand, would it recommend it', 'Needs the Pro or Growth plan.'],
    ['tasks', 'Tasks, best first, with open counts per layer', 'Needs the Pro or Growth plan.'],
  ])('vis %s --help opens with its summary, and says the plan and cost once, in the Calls sentence', async (word, summary, calls) => {
    const r = await runInProcess([word, '--help']);
    const description = r.stdout.slice(0, r.stdout.search(/\n(Arguments|Commands|Options):\n/));
    expect(description.split('\n')[2]).toBe(summary);
    expect(description.split(calls)).toHaveLength(2);
    expect(description).not.toMatch(/\((free|Pro, Growth)[^)]*\)/);
    // The list of commands keeps them: there the summary is all a command gets.
    expect((await runInProcess(['--help'])).stdout.replace(/\s+/g, ' ')).toMatch(/ \((free|Pro, Growth)[^)]*\)/);
  });

  it('a command the texts quote as Markdown is its bare words on a terminal: help, help topics, errors', async () => {
    const topics = await runInProcess(['topics', '--help']);
    expect(topics.stdout).toContain('Topic scores for the period. vis topics <id> shows one topic in full.');
    expect(topics.stdout).toMatch(/\n {2}id +topic id from vis topics\n/);
    const options = await runInProcess(['help', 'options']);
    expect(options.stdout.replace(/\s+/g, ' ')).toContain('vis --demo topics and vis topics --demo are the same');
    const noKey = await runInProcess(['topics'], { env: { VIS_API_KEY: undefined } });
    expect(noKey.stderr).toContain('run vis auth login');
    for (const out of [topics.stdout, options.stdout, noKey.stderr]) expect(out).not.toContain('`vis');
  });

  it('the help command commander adds to a group reads like the other rows', async () => {
    const r = await runInProcess(['config', '--help']);
    expect(r.stdout).toMatch(/\n {2}help \[command\] +Help for a command\n/);
    expect(r.stdout).not.toContain('display help for command');
  });

  it('the root help points to what an installed user can open, not a README beside them', async () => {
    const r = await runInProcess(['--help']);
    expect(r.stdout).not.toContain('Docs: README.md');
    expect(r.stdout).toContain('vis help exit-codes');
    expect(r.stdout.replace(/\s+/g, ' ')).toContain('README.md and docs/ in the installed package ($(npm root -g)/vis after a global install).');
  });

  it.each([50, 80, 160])('at %i columns every line fits and no word is cut in two', async (columns) => {
    for (const argv of [['--help'], ['answers', '--help'], ['config', '--help'], ['sandbox', '--help'], ['help', 'options']]) {
      const r = await runInProcess(argv, at(columns));
      expect(r.code).toBe(0);
      expect(tooWide(r.stdout, columns), argv.join(' ')).toEqual([]);
    }
    // The closing paragraph, whole words: joined back at its breaks, it is the sentence.
    const root = (await runInProcess(['--help'], at(columns))).stdout;
    const paragraph = root.slice(root.indexOf('More help:')).trimEnd();
    expect(paragraph.replace(/\n/g, ' ')).toMatch(/^More help: vis help <command>, vis help exit-codes, vis help environment, vis help options\. /);
    for (const line of paragraph.split('\n')) expect(line, 'no line starts or ends inside a word').toMatch(/^\S.*\S$/);
  });
});

describe('vis alone', () => {
  it.each([[[]], [['--demo']]])('vis %j prints the root help on stdout, exit 0', async (argv) => {
    const [alone, help] = await Promise.all([runInProcess(argv), runInProcess(['--help'])]);
    expect(alone).toMatchObject({ code: 0, stderr: '', stdout: help.stdout });
  });

  it('a group without its verb (vis config) prints its help on stdout, exit 0', async () => {
    const [alone, help] = await Promise.all([runInProcess(['config']), runInProcess(['config', '--help'])]);
    expect(alone).toMatchObject({ code: 0, stderr: '', stdout: help.stdout });
  });
});

describe('version', () => {
  const details = `node ${process.versions.node} ${process.platform}-${process.arch}\n`;

  it.each([[['--version']], [['-V']], [['version']]])('vis %j prints vis <version>', async (argv) => {
    expect(await runInProcess(argv)).toMatchObject({ code: 0, stdout: `vis ${VERSION}\n`, stderr: '' });
  });

  it.each([[['--version', '--verbose']], [['--debug', '-V']], [['version', '--verbose']], [['--debug', 'version']]])(
    'vis %j adds the Node version and platform',
    async (argv) => {
      expect(await runInProcess(argv)).toMatchObject({ code: 0, stdout: `vis ${VERSION}\n${details}` });
    },
  );

  it('VIS_DEBUG=1 counts as --debug', async () => {
    expect((await runInProcess(['version'], { env: { VIS_DEBUG: '1' } })).stdout).toBe(`vis ${VERSION}\n${details}`);
  });
});

/** What no message of vis may show: commander's own wording. */
function expectVisWords(stderr: string): void {
  expect(stderr).toMatch(/^vis: /);
  for (const words of ['error:', 'Allowed choices are', '(Did you mean', "'"]) expect(stderr.split('\n')[0], words).not.toContain(words);
}

describe('commander’s refusals in vis’s words (exit 2, nothing sent)', () => {
  it.each([
    ['invalidArgument (an option)', ['topics', '-f', 'xml'], 'vis: --format must be one of table, json, csv (got "xml")\n'],
    ['invalidArgument (an argument)', ['completion', 'ksh'], 'vis: <shell> must be one of bash, zsh, fish (got "ksh")\n'],
    ['unknownOption, nothing close', ['topics', '--zebra', 'x'], 'vis: unknown option --zebra for vis topics\nRun vis topics --help for its options.\n'],
    ['unknownOption, a close one', ['topics', '--marekt', 'US'], 'vis: unknown option --marekt for vis topics\nDid you mean --market?\n'],
    ['unknownOption, a global', ['topics', '--verbse'], 'vis: unknown option --verbse for vis topics\nDid you mean --verbose?\n'],
    ['unknownOption, the root', ['--bogus'], 'vis: unknown option --bogus for vis\nRun vis --help for its options.\n'],
    ['unknownOption, a short one', ['api', '/topics', '-X', 'POST'], 'vis: unknown option -X for vis api\nRun vis api --help for its options.\n'],
    ['missingArgument', ['api'], 'vis: <path> is required by vis api\nRun vis api --help for its usage.\n'],
    ['optionMissingArgument', ['topics', '-f'], 'vis: --format needs a value: --format <format>\nRun vis topics --help for its usage.\n'],
    [
      'excessArguments',
      ['answers', 'extra-arg'],
      'vis: too many arguments: vis answers takes no arguments (got "extra-arg")\nRun vis answers --help for its usage.\n',
    ],
    [
      'excessArguments, one allowed',
      ['topics', 'a', 'b'],
      'vis: too many arguments: vis topics takes at most 1 argument, [id] (got "a", "b")\nRun vis topics --help for its usage.\n',
    ],
    ['unknownCommand, a close one', ['topicz'], 'vis: unknown command "topicz" for vis\nDid you mean vis topics?\n'],
    ['unknownCommand, nothing close', ['frobnicate'], 'vis: unknown command "frobnicate" for vis\nRun vis --help for the commands.\n'],
    ['unknownCommand, a sub-command', ['config', 'lst'], 'vis: unknown command "lst" for vis config\nDid you mean vis config list?\n'],
  ])('%s: vis %j', async (_code, argv, message) => {
    const r = await runInProcess(argv);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(message);
    expectVisWords(r.stderr);
    expect(r.requests).toEqual([]);
  });

  /** commander's own error for `argv` on a small program, as its exitOverride receives it. */
  function commanderError(build: (cmd: Command) => void, argv: string[]): { err: CommanderError; cmd: Command } {
    const root = new Command('vis').exitOverride().configureOutput({ writeErr: () => undefined, writeOut: () => undefined });
    const cmd = root
      .command('demo')
      .exitOverride()
      .configureOutput({ writeErr: () => undefined, writeOut: () => undefined });
    build(cmd);
    cmd.action(() => undefined);
    try {
      root.parse(['demo', ...argv], { from: 'user' });
    } catch (err) {
      return { err: err as CommanderError, cmd };
    }
    throw new Error('commander accepted it');
  }

  it.each([
    [
      'commander.invalidArgument',
      (c: Command) => c.addOption(new Option('--mode <m>').choices(['a', 'b'])),
      ['--mode', 'z'],
      'vis: --mode must be one of a, b (got "z")',
    ],
    [
      'commander.invalidArgument',
      (c: Command) =>
        c.argument('<n>', 'n', () => {
          throw new InvalidArgumentError('nope');
        }),
      ['7'],
      'vis: <n> is not valid (got "7")',
    ],
    ['commander.missingArgument', (c: Command) => c.argument('<name>'), [], 'vis: <name> is required by vis demo'],
    ['commander.optionMissingArgument', (c: Command) => c.option('--size <n>'), ['--size'], 'vis: --size needs a value: --size <n>'],
    ['commander.missingMandatoryOptionValue', (c: Command) => c.requiredOption('--id <id>'), [], 'vis: --id <id> is required by vis demo'],
    [
      'commander.excessArguments',
      (c: Command) => c.argument('[a]').argument('[b]'),
      ['1', '2', '3'],
      'vis: too many arguments: vis demo takes at most 2 arguments, [a] [b] (got "1", "2", "3")',
    ],
    ['commander.unknownOption', (c: Command) => c.option('--format <f>'), ['--sort'], 'vis: unknown option --sort for vis demo'],
    [
      'commander.conflictingOption',
      (c: Command) => c.addOption(new Option('--a').conflicts('b')).option('--b'),
      ['--a', '--b'],
      'vis: --a and --b cannot be used together',
    ],
  ] as const)('%s is worded by vis', (code, build, argv, message) => {
    const { err, cmd } = commanderError(build as (c: Command) => void, [...argv]);
    expect(err.code).toBe(code);
    const program = cmd.parent!;
    const said = explainOptionError(err, cmd, program, () => program);
    expect(said.constructor.name).toBe('UsageError');
    const text = `vis: ${said.message}`;
    expect(text.startsWith(message), text).toBe(true);
    expectVisWords(text);
  });

  it.each([
    'commander.missingArgument',
    'commander.optionMissingArgument',
    'commander.missingMandatoryOptionValue',
    'commander.invalidArgument',
    'commander.conflictingOption',
    'commander.somethingNew',
  ])('%s in a wording vis does not know: commander’s sentence, without its prefix or suggestion, never a half-filled one of vis', (code) => {
    const root = new Command('vis');
    const cmd = root.command('demo');
    const err = new CommanderError(1, code, 'error: the wording changed in a new release\n(Did you mean --other?)');
    const said = explainOptionError(err, cmd, root, () => root);
    expect(said.constructor.name).toBe('UsageError');
    expect(said.message).toBe('the wording changed in a new release');
    expect((said as { hint?: string }).hint).toBe('Run `vis demo --help` for its usage.');
  });

  it('the suggestion is taken off only at the end of commander’s sentence', () => {
    const root = new Command('vis');
    const cmd = root.command('demo');
    const err = new CommanderError(1, 'commander.other', 'error: (Did you mean --x?) is quoted here');
    expect(explainOptionError(err, cmd, root, () => root).message).toBe('(Did you mean --x?) is quoted here');
  });

  it('an unknown option in a wording vis does not know: named as commander named it', () => {
    const root = new Command('vis');
    const cmd = root.command('demo');
    const said = explainOptionError(new CommanderError(1, 'commander.unknownOption', 'error: no such flag'), cmd, root, () => root);
    expect(said.constructor.name).toBe('UsageError');
    expect(said.message).toContain('vis demo');
  });

  it('unknownCommand from commander itself', () => {
    const root = new Command('vis').exitOverride().configureOutput({ writeErr: () => undefined });
    root.command('topics').action(() => undefined);
    let err: CommanderError | undefined;
    try {
      root.parse(['topcs'], { from: 'user' });
    } catch (e) {
      err = e as CommanderError;
    }
    expect(err?.code).toBe('commander.unknownCommand');
    expect(explainOptionError(err!, root, root, () => root).message).toBe('unknown command "topcs" for vis');
  });
});

describe('vis sandbox: the demo keys', () => {
  it('--help lists every demo key with what its account shows', async () => {
    const r = await runInProcess(['sandbox', '--help'], at(200));
    const section = r.stdout.slice(index(r.stdout, 'Demo keys:'), index(r.stdout, 'Examples:'));
    for (const key of DEMO_KEYS) expect(section).toMatch(new RegExp(`\\n {2}${key} +${DEMO_KEY_SUMMARIES[key].replace(/[()/]/g, '\\$&')}\\n`));
  });

  it('the sandbox’s accounts are the ones the help describes', () => {
    expect(DEMO_ACCOUNTS.map((a) => [a.key, a.summary])).toEqual(DEMO_KEYS.map((k) => [k, DEMO_KEY_SUMMARIES[k]]));
  });

  it.each([
    [true, 50],
    [false, undefined],
  ])('vis sandbox with stdout a terminal: %s, wraps to %s columns', async (tty, columns) => {
    const controller = new AbortController();
    const io = testIO({ stdoutIsTTY: tty, columns: 50 });
    const ctx = createContext(io, {}, '0.0.0-test', controller.signal);
    const running = runSandbox({ command: 'sandbox', port: 0, host: '127.0.0.1' }, ctx);
    await waitUntil(() => io.out().includes('Try:'), 'the sandbox to print how to use it');
    controller.abort();
    await running;
    const out = io.out();
    const keys = out.slice(out.indexOf('Demo keys:\n') + 'Demo keys:\n'.length, out.indexOf('\n\nTry:')).split('\n');
    expect(keys).toEqual(demoKeyLines(columns));
  });

  it('into a pipe each key stays on one line', () => {
    expect(demoKeyLines()).toEqual(DEMO_ACCOUNTS.map((a) => `  ${a.key.padEnd(18)}  ${a.summary}`));
  });

  it.each([80, 50])('at %i columns the start text fits, descriptions hanging under their column, words whole', (columns) => {
    const text = banner('http://127.0.0.1:43210/api/v1', columns);
    // An address stays whole, to copy: the terminal folds it.
    expect(tooWide(text, columns).filter((l) => !/^\S+: +http:\/\/\S+$/.test(l))).toEqual([]);
    const keys = demoKeyLines(columns);
    // Put back together, each description is its summary.
    const joined = keys.join('\n').split(/\n(?= {2}vis_demo_)/);
    expect(joined.map((block) => block.replace(/\s+/g, ' ').trim())).toEqual(DEMO_ACCOUNTS.map((a) => `${a.key} ${a.summary}`));
    const hanging = keys.filter((l) => !l.startsWith('  vis_demo_'));
    expect(hanging.length).toBeGreaterThan(0);
    const indent = ' '.repeat(22);
    for (const l of hanging) expect(l.startsWith(indent) && l[indent.length] !== ' ', l).toBe(true);
    // The command to try still pastes as one.
    expect(text).toContain('VIS_BASE_URL=http://127.0.0.1:43210/api/v1 \\\n    VIS_API_KEY=vis_demo_growth vis topics');
  });
});

describe('the closest option or command, suggested only when close', () => {
  /** The same distance by its recursive definition: delete, insert, change, or swap two neighbours. */
  function reference(a: string, b: string): number {
    const memo = new Map<string, number>();
    const d = (i: number, j: number): number => {
      if (i === 0) return j;
      if (j === 0) return i;
      const key = `${i},${j}`;
      const known = memo.get(key);
      if (known !== undefined) return known;
      let best = Math.min(d(i - 1, j) + 1, d(i, j - 1) + 1, d(i - 1, j - 1) + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, d(i - 2, j - 2) + 1);
      memo.set(key, best);
      return best;
    };
    return d(a.length, b.length);
  }

  it('editDistance counts edits, a swap of neighbours as one', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom('a', 'b', 'c'), maxLength: 7 }),
        fc.string({ unit: fc.constantFrom('a', 'b', 'c'), maxLength: 7 }),
        (a, b) => {
          expect(editDistance(a, b)).toBe(reference(a, b));
        },
      ),
    );
    expect([
      editDistance('', 'abc'),
      editDistance('abc', ''),
      editDistance('market', 'marekt'),
      editDistance('ab', 'ba'),
      editDistance('abcd', 'acbd'),
    ]).toEqual([3, 3, 1, 1, 1]);
  });

  it.each([
    ['--marekt', ['--format', '--market'], '--market'],
    ['--sort', ['--format'], undefined],
    ['--for', ['--format'], '--format'],
    ['--fo', ['--format'], undefined],
    ['--mat', ['--format'], undefined],
    ['--', ['--x'], undefined],
    ['--ab', ['--ac', '--ad'], '--ac'],
    ['--abcd', ['--abxy'], undefined],
    ['--abcdef', ['--abxyef'], '--abxyef'],
    ['--abcdef', ['--axyzef'], undefined],
    ['topcs', ['usage', 'topics'], 'topics'],
  ] as const)('closest(%s, %j) is %s', (typed, candidates, expected) => {
    expect(closest(typed, candidates)).toBe(expected);
  });
});

describe('vis export -f: files are csv or json', () => {
  it('its help names csv and json only, and table is refused before any request', async () => {
    const help = await runInProcess(['export', '--help'], { io: { columns: 100 } });
    const line = help.stdout.split('\n').find((l) => l.includes('-f, --format'));
    expect(line).toContain('csv (default) or json');
    expect(line).not.toContain('table');
    const r = await runInProcess(['export', '--dir', 'out', '-f', 'table']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('vis: --format must be one of csv, json (got "table")');
    expect(r.requests).toEqual([]);
  });
});

describe('examples at any width', () => {
  it('an example that fits stays on one line', () => {
    expect(layoutExample('vis topics --market US-en', 80)).toBe('  $ vis topics --market US-en');
  });

  it('breaks between words with a shell continuation, options with their values, quotes and $(…) whole', () => {
    const text = layoutExample('vis export --dir ~/vis-exports/$(date +%F) --only topics,topics.get --format json', 50);
    expect(text).toBe(['  $ vis export --dir ~/vis-exports/$(date +%F) \\', '      --only topics,topics.get --format json'].join('\n'));
    const quoted = layoutExample('vis changes --fetch --exit-code || notify-send "AI visibility changed"', 50);
    expect(quoted.split('\n')).toEqual(['  $ vis changes --fetch --exit-code || \\', '      notify-send "AI visibility changed"']);
  });

  it('every line but the last ends in a continuation, no line is wider than the width, and the words come back as typed', () => {
    const example = 'vis completion bash > ~/.local/share/bash-completion/completions/vis';
    for (const width of [50, 60, 80]) {
      const lines = layoutExample(example, width).split('\n');
      for (const line of lines.slice(0, -1)) expect(line.endsWith(' \\')).toBe(true);
      for (const line of lines) expect(line.length).toBeLessThanOrEqual(width);
      expect(
        lines
          .map((l) => l.replace(/ \\$/, '').trim())
          .join(' ')
          .replace(/^\$ /, ''),
      ).toBe(example);
    }
    // A word longer than any line stays whole.
    expect(layoutExample('vis api /a-very-long-path-that-cannot-fit-anywhere-at-all', 20).split('\n')[1]).toBe(
      '/a-very-long-path-that-cannot-fit-anywhere-at-all',
    );
  });
});
