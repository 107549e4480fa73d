/**
 * Where options go, said in vis's words. Commander decides what each command accepts:
 * the root holds the true globals, every other option is declared by the commands that
 * take it (declare.ts). When commander refuses an option, this explains why, as a
 * UsageError (exit 2) raised before any action runs: nothing opened, sent or written.
 *
 * - An option the command does not take: `--market does not apply to vis config get`,
 *   with the reason where one is known, and how to see what it takes.
 * - A command's option typed before the command words (`vis -f json topics`): `--format
 *   goes after the command: vis topics -f json`, the command line rebuilt from argv with
 *   the option moved after the command words.
 * - An option no command has (a typo): `unknown option --sort for vis topics`, with the
 *   closest option the command takes when one is close enough to be the one meant.
 * - Every other refusal of commander's (a bad choice, a missing argument or value, too many
 *   arguments, an unknown command) in the same voice: vis's words, never commander's
 *   `error:` or `Allowed choices are`.
 *
 * Each refusal is told by its code (`err.code`); what it concerns is read from the command
 * (its options, arguments and `args`) and from argv, never from commander's English.
 */
import type { Command, CommanderError, Option } from 'commander';
import { UsageError } from '../errors.js';
import { periodHint } from '../flags/command-options.js';
import { GLOBAL_OPTIONS } from '../flags/globals.js';

/** A command option found before the last command word, and the argv indices it spans. */
interface Misplaced {
  option: Option;
  start: number;
  end: number;
}

/** Where argv puts things: the command it names, the index of its last word, what came before. */
interface Placement {
  target: Command;
  lastWord: number;
  misplaced: Misplaced[];
}

/**
 * The command line as parsed: commander keeps it on the program as `rawArgs` (set by
 * parse and parseAsync; with `from: 'user'`, argv as given), though its typings omit it.
 */
function argvOf(program: Command): readonly string[] {
  return (program as Command & { rawArgs: string[] }).rawArgs;
}

function allCommands(cmd: Command): Command[] {
  return [cmd, ...cmd.commands.flatMap(allCommands)];
}

/** `config get` for `vis config get`. */
export function commandPath(cmd: Command): string {
  const words: string[] = [];
  for (let c = cmd; c.parent; c = c.parent) words.unshift(c.name());
  return words.join(' ');
}

/** The flag of an argv word: `--market` for `--market=US`. */
function flagOf(arg: string): string {
  return arg.split('=')[0]!;
}

function findOption(cmd: Command, flag: string): Option | undefined {
  return cmd.options.find((o) => o.long === flag || o.short === flag);
}

/**
 * The option `flag` names on whichever command declares it (they share definitions), the
 * first in allCommands' order. Walked without building that list: it runs for every option
 * of a refused command line.
 */
function findAnywhere(cmd: Command, flag: string): Option | undefined {
  const o = findOption(cmd, flag);
  if (o) return o;
  for (const sub of cmd.commands) {
    const found = findAnywhere(sub, flag);
    if (found) return found;
  }
  return undefined;
}

/** Does `cmd` accept `flag` (a command option: the root's never reach here)? */
function takes(cmd: Command, flag: string): boolean {
  return findOption(cmd, flag) !== undefined;
}

/**
 * Walks argv as commander would: root options (with their values) anywhere, command words
 * from the root down, and every other option noted with its value (its arity read from
 * whichever command declares it). Stops at the first word that names no sub-command.
 */
function place(program: Command, argv: readonly string[]): Placement {
  let target = program;
  let lastWord = -1;
  let argsStarted = false;
  const found: Misplaced[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--') break;
    if (arg.startsWith('-') && arg !== '-') {
      const flag = flagOf(arg);
      // The root's own first: a global is never out of place.
      const option = findAnywhere(program, flag);
      const end = option && (option.required || option.optional) && !arg.includes('=') ? i + 1 : i;
      if (option && !program.options.includes(option)) found.push({ option, start: i, end });
      i = end;
      continue;
    }
    if (argsStarted) continue;
    const sub = target.commands.find((c) => c.name() === arg || c.aliases().includes(arg));
    if (sub) {
      target = sub;
      lastWord = i;
    } else argsStarted = true;
  }
  return { target, lastWord, misplaced: found.filter((m) => m.start < lastWord) };
}

/** A word as a POSIX shell reads it back: bare when safe, else in single quotes. */
export function shellWord(word: string): string {
  if (/^[A-Za-z0-9_@%+=:,./-]+$/.test(word)) return word;
  return `'${word.replace(/'/g, `'\\''`)}'`;
}

/** argv with the misplaced options moved, in their order, right after the last command word. */
function corrected(argv: readonly string[], p: Placement): string {
  const moved = new Set(p.misplaced.flatMap((m) => Array.from({ length: m.end - m.start + 1 }, (_, k) => m.start + k)));
  const out: string[] = [];
  argv.forEach((arg, i) => {
    if (moved.has(i)) return;
    out.push(arg);
    if (i === p.lastWord) for (const m of p.misplaced) out.push(...argv.slice(m.start, m.end + 1));
  });
  return ['vis', ...out.map(shellWord)].join(' ');
}

/** Why `cmd` does not take `name`, where that follows from what it does take. */
function whyNot(name: string, cmd: Command): string | undefined {
  const has = (n: string) => findOption(cmd, `--${n}`) !== undefined;
  if ((name === 'brand' || name === 'market') && commandPath(cmd).startsWith('config ')) {
    return `it works on saved settings (vis config set ${name} ${name === 'brand' ? '<id|name>' : '<code|id>'} saves one)`;
  }
  // A command that writes a folder of files (`vis export --dir`), not one answer.
  if (has('dir')) {
    const files: Record<string, string> = {
      output: 'it writes one file per endpoint into --dir',
      columns: 'each file holds every column of its endpoint',
      rows: 'each file holds its endpoint’s main collection',
      wide: 'it writes files, not tables',
    };
    if (files[name]) return files[name];
  }
  switch (name) {
    // (A command that takes --format and not --output writes files: above.)
    case 'format':
    case 'output':
      return 'it prints plain text';
    case 'columns':
    case 'rows':
    case 'wide':
      return 'it prints no table';
    case 'no-pager':
      return 'it never pages';
    case 'refresh':
    case 'no-cache':
      return 'what it shows is never cached';
    case 'days':
    case 'from':
    case 'to':
      if (has('days')) return 'it takes a trailing window only: use --days';
      // vis changes: it compares two recorded days, the earlier one named by --since.
      return has('since')
        ? 'it compares two recorded days, the newest and the one --since names (YYYY-MM-DD, or Nd: the day N days before today)'
        : 'it has no period';
  }
  return undefined;
}

function doesNotApply(option: Option, cmd: Command): UsageError {
  const name = option.long!.slice(2);
  const where = commandPath(cmd);
  const why = whyNot(name, cmd);
  const periodless = ['days', 'from', 'to'].includes(name) && findOption(cmd, '--days') === undefined && findOption(cmd, '--since') === undefined;
  const hint = periodless ? periodHint() : `Run \`vis ${where} --help\` for the options it takes.`;
  return new UsageError(`--${name} does not apply to vis ${where}${why === undefined ? '' : `: ${why}`}`, { hint });
}

const GLOBAL_LONGS = GLOBAL_OPTIONS.map((g) => `--${g.name}`);
const BEFORE_THE_COMMAND = `${GLOBAL_LONGS.slice(0, -1).join(', ')} and ${GLOBAL_LONGS.at(-1)}`;

function goesAfter(option: Option, argv: readonly string[], p: Placement): UsageError {
  return new UsageError(`${option.long} goes after the command: ${corrected(argv, p)}`, {
    hint: `Only ${BEFORE_THE_COMMAND} may come before the command words; in an alias, use VIS_FORMAT, VIS_BRAND or VIS_MARKET instead.`,
  });
}

/**
 * The refusal for the command options typed before the command words of argv, or
 * undefined when there is none. Used by commands with sub-commands (`vis answers --brand
 * x runs`), which commander would otherwise let take the option for their sub-command:
 * by then every option on the line is known to the program as built, so `program` is
 * enough; after commander's error, `everything` must be the whole program.
 */
export function misplacedOptions(program: Command, everything: Command = program): UsageError | undefined {
  const argv = argvOf(program);
  const p = place(everything, argv);
  if (p.misplaced.length === 0) return undefined;
  const notTaken = p.misplaced.find((m) => !takes(p.target, m.option.long!));
  return notTaken ? doesNotApply(notTaken.option, p.target) : goesAfter(p.misplaced[0]!.option, argv, p);
}

/** The refusal for an option `parent` took off the command line that `sub` does not take. */
export function optionsNotTaken(parent: Command, sub: Command): UsageError | undefined {
  const typed = parent.options.filter((o) => parent.getOptionValueSource(o.attributeName()) === 'cli');
  const refused = typed.find((o) => !takes(sub, o.long!));
  return refused ? doesNotApply(refused, sub) : undefined;
}

/**
 * commander's refusal, raised by `cmd`, as a UsageError in vis's words: where an option
 * goes, or what went wrong with an option, an argument or a command word.
 */
export function explainOptionError(err: CommanderError, cmd: Command, program: Command, full: () => Command): Error {
  if (err.code !== 'commander.unknownOption') return inVisWords(err, cmd, argvOf(program));
  const typed = unknownTyped(cmd);
  // The whole program: an option's value may have been taken for the command word
  // (`vis --only topics usage` built `topics` alone).
  const everything = full();
  const option = findAnywhere(everything, flagOf(typed));
  // No command has it: a typo.
  if (!option?.long) return unknownOption(flagOf(typed), cmd);
  const p = place(everything, argvOf(program));
  if (p.target === everything) {
    // No command word: a command's option on its own (`vis --market US-en`).
    const owner = allCommands(everything).find((c) => findOption(c, option.long!) !== undefined)!;
    return new UsageError(`${option.long} goes after the words of a command that takes it, such as vis ${commandPath(owner)} ${option.long}`, {
      hint: `Only ${BEFORE_THE_COMMAND} may come without a command. Run \`vis --help\` for the commands.`,
    });
  }
  if (!takes(p.target, option.long)) return doesNotApply(option, p.target);
  return misplacedOptions(program, everything) ?? unknownOption(flagOf(typed), cmd);
}

/** `vis topics` for the command, `vis` for the root. */
function visPath(cmd: Command): string {
  return ['vis', commandPath(cmd)].filter(Boolean).join(' ');
}

/** The long flag of commander's `-f, --format <format>`. */
function longOf(flags: string): string {
  return /--[^\s,<[]+/.exec(flags)?.[0] ?? flags.split(/[\s,]/)[0]!;
}

/**
 * Optimal string alignment distance: edits, counting a swap of neighbours as one
 * (`--marekt` is one from `--market`).
 */
export function editDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
    }
  }
  return d[a.length]![b.length]!;
}

/**
 * The candidate `typed` most likely meant, when it is close: at most one edit in three
 * letters (and two in all), or a prefix of it. A guess further off (`--sort` for
 * `--format`) would mislead more than it helps.
 */
export function closest(typed: string, candidates: readonly string[]): string | undefined {
  const bare = (w: string) => w.replace(/^-+/, '');
  const word = bare(typed);
  if (word.length === 0) return undefined;
  let best: { candidate: string; distance: number } | undefined;
  for (const candidate of candidates) {
    const distance = bare(candidate).startsWith(word) && word.length >= 3 ? 0.5 : editDistance(word, bare(candidate));
    if (best === undefined || distance < best.distance) best = { candidate, distance };
  }
  const allowed = Math.min(2, Math.max(1, Math.floor(word.length / 3)));
  return best && best.distance <= allowed ? best.candidate : undefined;
}

/** The long flags `cmd` takes: its own and the root's globals (not --version, which is the root's alone). */
function flagsTaken(cmd: Command): string[] {
  let root = cmd;
  while (root.parent) root = root.parent;
  const options = root === cmd ? cmd.options : [...cmd.options, ...root.options.filter((o) => o.long !== '--version')];
  return [...new Set(options.flatMap((o) => (o.long ? [o.long] : [])))];
}

function unknownOption(flag: string, cmd: Command): UsageError {
  const guess = flag.startsWith('--') ? closest(flag, flagsTaken(cmd)) : undefined;
  return new UsageError(`unknown option ${flag} for ${visPath(cmd)}`, {
    hint: guess ? `Did you mean ${guess}?` : `Run \`${visPath(cmd)} --help\` for its options.`,
  });
}

const quoted = (values: readonly string[]) => values.map((v) => `"${shownArgument(v)}"`).join(', ');

/**
 * A stray argument as a refusal echoes it: a URL with a path or query as its scheme and
 * host only, since such a URL (a webhook, a signed link) may be a secret pasted in the
 * wrong place.
 */
function shownArgument(value: string): string {
  const m = /^([a-z][a-z0-9+.-]*:\/\/)([^/?#@\s]*@)?([^/?#\s]*)[/?#]/i.exec(value);
  if (m) return `${m[1]}${m[3]}/…`;
  return /^[a-z][a-z0-9+.-]*:\/\/[^/?#\s]*@/i.test(value) ? 'a URL holding a password (not shown)' : value;
}

/** A negative number, which a command without sub-commands reads as an argument, not an option. */
const NEGATIVE_NUMBER = /^-(\d+|\d*\.\d+)(e[+-]?\d+)?$/;

/**
 * The word commander refused as an unknown option: the first of the words it did not
 * recognise, which it keeps after the arguments in `args`.
 */
function unknownTyped(cmd: Command): string {
  const unknown = (a: string) => a.length > 1 && a.startsWith('-') && !(cmd.commands.length === 0 && NEGATIVE_NUMBER.test(a));
  return cmd.args.find(unknown) ?? '';
}

/** What an option takes a value in: `<format>` of `-f, --format <format>`. */
function valueOf(option: Option): string {
  return /<[^>]+>|\[[^\]]+\]/.exec(option.flags)?.[0] ?? '<value>';
}

/**
 * The option of `cmd` left without its value: commander stops there, at the last word of
 * argv (`--size`, or `-qs` whose last letter names it).
 */
function awaitingValue(cmd: Command, argv: readonly string[]): Option | undefined {
  const last = argv.at(-1);
  if (last === undefined) return undefined;
  const flag = /^-[^-]./.test(last) ? `-${last.at(-1)}` : last;
  return cmd.options.find((o) => o.required && (o.long === flag || o.short === flag));
}

/**
 * The values argv gives the options of `cmd`, in order, read as commander reads them:
 * `--format json`, `--format=json`, `-f json`, `-fjson` and `-qf json`. The arity of any
 * other option comes from `program`, so that its value is never taken for an option.
 */
function valuesGiven(cmd: Command, program: Command, argv: readonly string[]): { option: Option; value: string }[] {
  const out: { option: Option; value: string }[] = [];
  const find = (flag: string) => findOption(cmd, flag) ?? findAnywhere(program, flag);
  const takesValue = (o: Option | undefined) => o !== undefined && (o.required || o.optional);
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--') break;
    if (arg.length < 2 || !arg.startsWith('-')) continue;
    let option: Option | undefined;
    let value: string | undefined;
    if (arg.startsWith('--')) {
      const eq = arg.indexOf('=');
      option = find(eq > 0 ? arg.slice(0, eq) : arg);
      if (!takesValue(option)) continue;
      if (eq > 0) value = arg.slice(eq + 1);
    } else {
      // A group of short flags: the booleans, then at most one that takes the rest.
      for (let k = 1; k < arg.length && option === undefined; k++) {
        const short = find(`-${arg[k]}`);
        if (short === undefined) break;
        if (!takesValue(short)) continue;
        option = short;
        if (k + 1 < arg.length) value = arg.slice(k + 1);
      }
      if (option === undefined) continue;
    }
    if (value === undefined && i + 1 < argv.length && (option!.required || !(argv[i + 1]!.length > 1 && argv[i + 1]!.startsWith('-')))) value = argv[++i];
    if (value !== undefined && cmd.options.includes(option!)) out.push({ option: option!, value });
  }
  return out;
}

/** Does the option or argument refuse `value` (not one of its choices, or its parser says no)? */
function refuses(target: { argChoices?: string[]; parseArg?: (value: string, previous: unknown) => unknown }, value: string): boolean {
  if (target.argChoices) return !target.argChoices.includes(value);
  try {
    target.parseArg?.(value, undefined);
    return false;
  } catch (e) {
    return (e as { code?: unknown }).code === 'commander.invalidArgument';
  }
}

/** The option or argument commander found invalid, by its name in vis's messages, and the value typed. */
function invalidValue(cmd: Command, program: Command, argv: readonly string[]): { what: string; got: string; choices?: string[] } | undefined {
  const option = valuesGiven(cmd, program, argv).find((v) => refuses(v.option, v.value));
  if (option) return { what: longOf(option.option.flags), got: option.value, choices: option.option.argChoices };
  for (const [i, argument] of cmd.registeredArguments.entries()) {
    const values = argument.variadic ? cmd.args.slice(i) : cmd.args.slice(i, i + 1);
    const got = values.find((v) => refuses(argument, v));
    if (got !== undefined) return { what: `<${argument.name()}>`, got, choices: argument.argChoices };
  }
  return undefined;
}

/**
 * The two options commander found used together, as it finds them: the first of `cmd`'s
 * options given a value with another it conflicts with (a negated option named as typed).
 */
function conflicting(cmd: Command): [Option, Option] | undefined {
  const given = cmd.options.filter((o) => cmd.getOptionValue(o.attributeName()) !== undefined && cmd.getOptionValueSource(o.attributeName()) !== 'default');
  // `conflictsWith` is set by Option.conflicts(), though commander's typings omit it.
  const conflictsWith = (o: Option) => (o as Option & { conflictsWith?: string[] }).conflictsWith ?? [];
  const named = (o: Option) => {
    const key = o.attributeName();
    const negated = cmd.options.find((n) => n.negate && n.attributeName() === key);
    const value = cmd.getOptionValue(key);
    if (negated && (negated.presetArg === undefined ? value === false : value === negated.presetArg)) return negated;
    return cmd.options.find((p) => !p.negate && p.attributeName() === key) ?? o;
  };
  for (const option of given) {
    const other = given.find((g) => conflictsWith(option).includes(g.attributeName()));
    if (other) return [named(option), named(other)];
  }
  return undefined;
}

/** commander's other refusals, each said as vis says its own (`--days must be ...`). */
function inVisWords(err: CommanderError, cmd: Command, argv: readonly string[]): Error {
  // Help and the version, shown: no refusal.
  if (err.exitCode === 0 || err.code.startsWith('commander.help') || err.code === 'commander.version') return err;
  const help = `Run \`${visPath(cmd)} --help\` for its usage.`;
  let root = cmd;
  while (root.parent) root = root.parent;
  // Each case words only what it finds on the command and in argv; what it cannot find
  // (a refusal raised some other way) falls through to commander's own sentence below,
  // never a half-filled one of vis.
  switch (err.code) {
    case 'commander.invalidArgument': {
      const invalid = invalidValue(cmd, root, argv);
      if (invalid === undefined) break;
      const rule = invalid.choices === undefined ? 'is not valid' : `must be one of ${invalid.choices.join(', ')}`;
      return new UsageError(`${invalid.what} ${rule} (got "${invalid.got}")`);
    }
    case 'commander.missingArgument': {
      const missing = cmd.registeredArguments.find((a, i) => a.required && cmd.args[i] == null);
      if (missing === undefined) break;
      return new UsageError(`<${missing.name()}> is required by ${visPath(cmd)}`, { hint: help });
    }
    case 'commander.optionMissingArgument': {
      const option = awaitingValue(cmd, argv);
      if (option === undefined) break;
      return new UsageError(`${longOf(option.flags)} needs a value: ${longOf(option.flags)} ${valueOf(option)}`, { hint: help });
    }
    case 'commander.missingMandatoryOptionValue': {
      const option = cmd.options.find((o) => o.mandatory && cmd.getOptionValue(o.attributeName()) === undefined);
      if (option === undefined) break;
      return new UsageError(`${longOf(option.flags)} ${valueOf(option)} is required by ${visPath(cmd)}`, { hint: help });
    }
    case 'commander.excessArguments': {
      const expected = cmd.registeredArguments.map((a) => (a.required ? `<${a.name()}>` : `[${a.name()}]`));
      const most = expected.length === 1 ? `1 argument, ${expected[0]}` : `${expected.length} arguments, ${expected.join(' ')}`;
      const takes = expected.length === 0 ? 'takes no arguments' : `takes at most ${most}`;
      return new UsageError(`too many arguments: ${visPath(cmd)} ${takes} (got ${quoted(cmd.args)})`, { hint: help });
    }
    case 'commander.conflictingOption': {
      const pair = conflicting(cmd);
      if (pair === undefined) break;
      return new UsageError(`${longOf(pair[0].flags)} and ${longOf(pair[1].flags)} cannot be used together`, { hint: help });
    }
    case 'commander.unknownCommand': {
      // The word as commander read it: the first of the command's arguments.
      const word = cmd.args[0];
      if (word === undefined) break;
      const names = cmd
        .createHelp()
        .visibleCommands(cmd)
        .flatMap((c) => [c.name(), ...c.aliases()]);
      const guess = closest(word, names);
      return new UsageError(`unknown command "${word}" for ${visPath(cmd)}`, {
        hint: guess ? `Did you mean ${visPath(cmd)} ${guess}?` : `Run \`${visPath(cmd)} --help\` for the commands.`,
      });
    }
  }
  // Any other refusal: commander's sentence without its prefix and suggestion format.
  return new UsageError(err.message.replace(/^error: /, '').replace(/\n?\(Did you mean (.*)\?\)$/, ''), { hint: help });
}
