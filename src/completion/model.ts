/**
 * What the completion scripts know, read from the commander program (built from the
 * endpoint table) so that a command, flag or sub-command added there is completed
 * without touching the generators. Pure: program in, plain data out.
 */
import { Help, type Argument, type Command, type Option } from 'commander';
import { PROFILE_SETTINGS } from '../config/store.js';
import { HELP_TOPICS } from '../docs/topics.js';
import { ENDPOINTS } from '../endpoints.js';
import { everyKnownColumn } from '../schemas/columns.js';
import { ANSWER_STATES, GAP_ACTIONS } from '../schemas/data.js';
import type { DynamicSource } from './shells.js';

/** What to offer for a flag's value or an argument. */
export type Values =
  | { kind: 'none' } // free text: offer nothing (and no file names)
  | { kind: 'words'; words: readonly string[] }
  | { kind: 'files' }
  | { kind: 'directories' }
  | { kind: 'dynamic'; source: DynamicSource }; // `vis __complete <source>`

/** What one shell's script writes for each kind of values (an action, a command, `complete` options). */
export interface ShellValues<T> {
  none: T;
  words: (words: readonly string[]) => T;
  files: T;
  directories: T;
  dynamic: (source: DynamicSource) => T;
}

/** The shell's text for these values. */
export function inShell<T>(v: Values, shell: ShellValues<T>): T {
  switch (v.kind) {
    case 'none':
      return shell.none;
    case 'words':
      return shell.words(v.words);
    case 'files':
      return shell.files;
    case 'directories':
      return shell.directories;
    case 'dynamic':
      return shell.dynamic(v.source);
  }
}

/** Values that depend on the argument before: `vis config set format <table|json|csv>`. */
export interface KeyedValues {
  kind: 'keyed';
  cases: ReadonlyArray<{ previous: string; values: Values }>;
}

export interface FlagModel {
  /** `-f`, when the flag has a short form. */
  short?: string;
  /** `--format`. */
  long: string;
  description: string;
  /** The value's name from the help (`format` for `--format <format>`); '' for a switch. */
  placeholder: string;
  /** What the flag's value completes to; undefined for a switch (`--wide`). */
  value?: Values;
  /** May be given more than once (`--param`). */
  repeatable: boolean;
}

export interface ArgModel {
  name: string;
  description: string;
  required: boolean;
  values: Values | KeyedValues;
}

export interface CommandModel {
  /** Canonical command words from the root: `['answers', 'runs']`; `[]` for the root. */
  path: readonly string[];
  aliases: readonly string[];
  summary: string;
  /** The command's own flags (with -h/--help). */
  flags: readonly FlagModel[];
  /**
   * The global flags offered here (their `long` spellings): the root's, which every
   * command takes (src/flags/globals.ts). A command's other options are its `flags`.
   */
  globals: readonly string[];
  /** Positional arguments in order; extra ones complete to nothing. */
  args: readonly ArgModel[];
  commands: readonly CommandModel[];
}

export interface CompletionModel {
  /** The command name the scripts register for. */
  program: string;
  /** Options of the root program (the true globals), recognised before or after the command words. */
  globalFlags: readonly FlagModel[];
  root: CommandModel;
}

const NONE: Values = { kind: 'none' };
const words = (list: readonly string[]): Values => ({ kind: 'words', words: list });

/** Flag values no option definition can know: names from the API or the config file, files. */
const FLAG_VALUES: Record<string, Values> = {
  '--brand': { kind: 'dynamic', source: 'brands' },
  // The reference names no engines: those the account's cached answers hold.
  '--engine': { kind: 'dynamic', source: 'engines' },
  '--profile': { kind: 'dynamic', source: 'profiles' },
  '--output': { kind: 'files' },
  '--dir': { kind: 'directories' },
};

/** Settings `vis config get|set|unset` accept (the key itself is set with `vis auth login`). */
export const CONFIG_KEYS: readonly string[] = ['profile', ...PROFILE_SETTINGS];

/** One line of plain text: completion menus show a single line per candidate. */
function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** The first sentence of a longer description, for commands without a summary. */
function firstSentence(text: string): string {
  const line = oneLine(text);
  const m = /^(.+?[.!?])(\s|$)/.exec(line);
  return (m ? m[1]! : line).replace(/\.$/, '');
}

/** Enum values, or the known values of an open one, the endpoint table declares for a flag of the command at `path`. */
function tableEnum(path: readonly string[], flag: string): readonly string[] | undefined {
  const key = path.join(' ');
  for (const spec of ENDPOINTS) {
    if (spec.words.join(' ') !== key) continue;
    for (const p of [...spec.query, ...(spec.body ?? [])]) {
      if (`--${p.flag}` !== flag) continue;
      if (p.spec.kind === 'enum') return p.spec.values;
      if (p.known) return p.known;
    }
  }
  return undefined;
}

/**
 * The columns `--sort` takes on the command at `path`: those its list's schema knows (the
 * list's, where a word has a list and an item). Descending (`-name`) is the same names.
 */
function sortColumns(path: readonly string[]): readonly string[] | undefined {
  const key = path.join(' ');
  const specs = ENDPOINTS.filter((s) => s.words.join(' ') === key && s.collection !== undefined);
  const spec = specs.find((s) => s.pathParam === undefined) ?? specs[0];
  const columns = spec === undefined ? [] : everyKnownColumn(spec.id);
  return columns.length > 0 ? columns : undefined;
}

/**
 * Row filter values the reference names (a value it does not name is still taken). The
 * engines it leaves unnamed: --engine offers those of cached answers (FLAG_VALUES).
 */
const FILTER_VALUES: Record<string, readonly string[]> = { '--state': ANSWER_STATES, '--action': GAP_ACTIONS };

function flagModel(option: Option, path: readonly string[]): FlagModel {
  const long = option.long ?? option.short!;
  const takesValue = option.required || option.optional;
  let value: Values | undefined;
  if (takesValue) {
    const choices = option.argChoices ?? tableEnum(path, long) ?? (long === '--sort' ? sortColumns(path) : FILTER_VALUES[long]);
    value = choices ? words(choices) : (FLAG_VALUES[long] ?? NONE);
  }
  return {
    ...(option.short && option.long ? { short: option.short } : {}),
    long,
    description: oneLine(option.description),
    placeholder: takesValue ? (/[<[]([^>\]]*)[>\]]/.exec(option.flags)?.[1] ?? 'value') : '',
    ...(value ? { value } : {}),
    // The help text is the contract here: a flag that may be given again says so.
    repeatable: option.variadic || /\brepeatable\b/.test(option.description),
  };
}

/** Paths `vis api` is most often given: the table's list endpoints and the OpenAPI document. */
function apiPaths(): string[] {
  const paths = ENDPOINTS.filter((s) => s.method === 'GET' && !s.path.includes('{')).map((s) => s.path);
  return [...new Set(paths), '/openapi.json'];
}

function argValues(path: readonly string[], arg: Argument, root: Command, formats: readonly string[]): Values | KeyedValues {
  if (arg.argChoices) return words(arg.argChoices);
  const where = path.join(' ');
  if (where === 'config get' || where === 'config set' || where === 'config unset') {
    if (arg.name() === 'key') return words(CONFIG_KEYS);
  }
  if (where === 'config set' && arg.name() === 'value') {
    return {
      kind: 'keyed',
      cases: [
        { previous: 'format', values: words(formats) },
        { previous: 'profile', values: { kind: 'dynamic', source: 'profiles' } },
      ],
    };
  }
  if (where === 'help') return words([...visibleSubcommands(root).map((c) => c.name()), ...HELP_TOPICS.map((t) => t.name)]);
  if (where === 'api') return words(apiPaths());
  return NONE;
}

function programCommands(cmd: Command): Command[] {
  return [cmd, ...cmd.commands.flatMap(programCommands)];
}

/** Sub-commands a user sees in help: not hidden ones, not commander's implicit `help`. */
function visibleSubcommands(cmd: Command): Command[] {
  const shown = new Set(new Help().visibleCommands(cmd));
  return cmd.commands.filter((c) => shown.has(c));
}

function commandModel(cmd: Command, path: readonly string[], root: Command, formats: readonly string[], isRoot: boolean): CommandModel {
  const help = new Help();
  const own = isRoot ? help.visibleOptions(cmd).filter((o) => o.long === '--help') : help.visibleOptions(cmd);
  // The program's own help configuration lists the root's options as each command's globals.
  const globals = isRoot ? help.visibleOptions(cmd).filter((o) => o.long !== '--help') : cmd.createHelp().visibleGlobalOptions(cmd);
  // `vis help` takes a command and then its sub-commands; only the first word completes.
  const args = path.join(' ') === 'help' ? cmd.registeredArguments.slice(0, 1) : cmd.registeredArguments;
  return {
    path,
    aliases: cmd.aliases(),
    summary: firstSentence(cmd.summary() || cmd.description()),
    flags: own.map((o) => flagModel(o, path)),
    globals: globals.map((o) => o.long ?? o.short!),
    args: args.map((a) => ({
      name: a.name(),
      description: oneLine(a.description),
      required: a.required,
      values: argValues(path, a, root, formats),
    })),
    commands: visibleSubcommands(cmd).map((c) => commandModel(c, [...path, c.name()], root, formats, false)),
  };
}

export function buildCompletionModel(program: Command): CompletionModel {
  const globals = new Help().visibleOptions(program).filter((o) => o.long !== '--help');
  // The format names, from the commands that declare --format (`vis config set format <TAB>`).
  const formats =
    programCommands(program)
      .flatMap((c) => c.options)
      .find((o) => o.long === '--format')?.argChoices ?? [];
  const model: CompletionModel = {
    program: program.name(),
    globalFlags: globals.map((o) => flagModel(o, [])),
    root: commandModel(program, [], program, formats, true),
  };
  checkWords(model);
  return model;
}

/**
 * The scripts write command names, flags and fixed values unquoted into case patterns,
 * word lists and compgen; allowing only these characters keeps that safe in all three
 * shells. A name outside them is a mistake to fix in the table, not to escape.
 */
const SAFE_WORD = /^[A-Za-z0-9_/][A-Za-z0-9_./-]*$/;
const SAFE_FLAG = /^--?[A-Za-z0-9][A-Za-z0-9-]*$/;

function checkWords(model: CompletionModel): void {
  const check = (word: string, rule: RegExp, what: string) => {
    if (!rule.test(word)) throw new Error(`completion: ${what} "${word}" has characters the shell scripts cannot carry`);
  };
  const checkValues = (v: Values) => {
    if (v.kind === 'words') v.words.forEach((w) => check(w, SAFE_WORD, 'value'));
  };
  const checkFlag = (f: FlagModel) => {
    spellings(f).forEach((s) => check(s, SAFE_FLAG, 'flag'));
    if (f.value) checkValues(f.value);
  };
  model.globalFlags.forEach(checkFlag);
  check(model.program, SAFE_WORD, 'program name');
  for (const c of allCommands(model)) {
    [...c.path, ...c.aliases].forEach((w) => check(w, SAFE_WORD, 'command'));
    c.flags.forEach(checkFlag);
    for (const a of c.args) {
      if (a.values.kind === 'keyed') {
        for (const k of a.values.cases) {
          check(k.previous, SAFE_WORD, 'value');
          checkValues(k.values);
        }
      } else checkValues(a.values);
    }
  }
}

/** Every command of the model, the root first, parents before their sub-commands. */
export function allCommands(model: CompletionModel): CommandModel[] {
  const out: CommandModel[] = [];
  const walk = (c: CommandModel) => {
    out.push(c);
    c.commands.forEach(walk);
  };
  walk(model.root);
  return out;
}

/** The global flags the command at `c` takes, as the model's global flag entries. */
export function globalsOf(model: CompletionModel, c: CommandModel): FlagModel[] {
  return model.globalFlags.filter((f) => c.globals.includes(f.long));
}

/** The spellings of a flag: `['-f', '--format']`. */
export function spellings(flag: FlagModel): string[] {
  return flag.short ? [flag.short, flag.long] : [flag.long];
}
