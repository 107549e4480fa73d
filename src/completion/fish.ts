/**
 * The fish completion script, generated from the completion model: `complete` lines
 * guarded by `__vis_at`, which knows the command path at the cursor (found by walking the
 * words before it once per command line, skipping flag values).
 */
import { allCommands, spellings, type CommandModel, type CompletionModel, type FlagModel, type Values } from './model.js';

/** A fish single-quoted string. */
const sq = (s: string) => `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
/** A word inside a fish double-quoted condition string (paths are safe words or ''). */
const dq = (s: string) => `"${s}"`;

const pathKey = (c: CommandModel) => c.path.join(' ');

function atCondition(path: string, ...more: string[]): string {
  return sq(['__vis_at', dq(path), ...more].join(' '));
}

/** The `complete` options that offer a positional argument's values. */
function argumentOptions(v: Values): string | undefined {
  switch (v.kind) {
    case 'none':
      return undefined;
    case 'words':
      return `-a ${sq(v.words.join(' '))}`;
    case 'files':
      return '-F';
    case 'directories':
      return `-a ${sq('(__fish_complete_directories)')}`;
    case 'dynamic':
      return `-a ${sq(`(__vis_dynamic ${v.source})`)}`;
  }
}

/** The `complete` options for a flag's value. */
function valueOptions(v: Values): string {
  switch (v.kind) {
    case 'none':
      return '-x';
    case 'words':
      return `-x -a ${sq(v.words.join(' '))}`;
    case 'files':
      return '-r -F';
    case 'directories':
      return `-x -a ${sq('(__fish_complete_directories)')}`;
    case 'dynamic':
      return `-x -a ${sq(`(__vis_dynamic ${v.source})`)}`;
  }
}

function flagLine(flag: FlagModel, condition?: string): string {
  const parts = ['complete -c vis'];
  if (condition) parts.push(`-n ${condition}`);
  for (const s of spellings(flag)) parts.push(s.startsWith('--') ? `-l ${s.slice(2)}` : `-s ${s.slice(1)}`);
  if (flag.value) parts.push(valueOptions(flag.value));
  parts.push(`-d ${sq(flag.description)}`);
  return parts.join(' ');
}

function commandLines(c: CommandModel): string[] {
  const key = pathKey(c);
  const lines: string[] = [];
  for (const s of c.commands) {
    for (const w of [s.path.at(-1)!, ...s.aliases]) {
      lines.push(`complete -c vis -n ${atCondition(key, '0')} -a ${w} -d ${sq(s.summary)}`);
    }
  }
  // -h/--help is every command's own flag: one unconditional line covers them all.
  for (const f of c.flags) if (f.long !== '--help') lines.push(flagLine(f, atCondition(key)));
  c.args.forEach((arg, i) => {
    const cases = arg.values.kind === 'keyed' ? arg.values.cases : [{ previous: undefined, values: arg.values }];
    for (const kc of cases) {
      const offer = argumentOptions(kc.values);
      if (!offer) continue;
      const cond = kc.previous === undefined ? atCondition(key, String(i)) : atCondition(key, String(i), kc.previous);
      lines.push(`complete -c vis -n ${cond} ${offer}${arg.description ? ` -d ${sq(arg.description)}` : ''}`);
    }
  });
  return lines;
}

function subcommandCases(model: CompletionModel): string[] {
  return allCommands(model).flatMap((parent) =>
    parent.commands.map((c) => {
      const patterns = [c.path.at(-1)!, ...c.aliases].map((w) => sq(`${pathKey(parent)}|${w}`)).join(' ');
      return `        case ${patterns}\n            echo ${sq(pathKey(c))}`;
    }),
  );
}

function takesValuePatterns(model: CompletionModel): string {
  const patterns: string[] = [];
  for (const c of allCommands(model)) {
    for (const f of c.flags) if (f.value) patterns.push(...spellings(f).map((s) => sq(`${pathKey(c)}|${s}`)));
  }
  for (const f of model.globalFlags) if (f.value) patterns.push(...spellings(f).map((s) => sq(`*|${s}`)));
  return patterns.join(' ');
}

function globalPatterns(model: CompletionModel): string {
  return allCommands(model)
    .flatMap((c) => c.globals.map((g) => sq(`${pathKey(c)}|${g}`)))
    .join(' ');
}

export function fishScript(model: CompletionModel): string {
  const name = model.program;
  const help = model.root.flags.find((f) => f.long === '--help');
  return `# fish completion for ${name}. Generated from src/endpoints.ts and the command definitions by
# \`npm run completions\` (the same text as \`${name} completion fish\`). Do not edit: regenerate.
#
# Install: copy this file to ~/.config/fish/completions/${name}.fish
# Brand and profile names come from \`${name} __complete\`, which is silent and quick when
# offline and never spends a read.

# Prints the command path that word $argv[2] leads to from path $argv[1]; fails otherwise.
function __vis_subcommand
    switch "$argv[1]|$argv[2]"
${subcommandCases(model).join('\n')}
        case '*'
            return 1
    end
end

# Succeeds when flag $argv[2] of the command at path $argv[1] takes a value.
function __vis_takes_value
    switch "$argv[1]|$argv[2]"
        case ${takesValuePatterns(model)}
            return 0
    end
    return 1
end

# Walks the words before the cursor, once per command line: sets __vis_path (the command
# path), __vis_args (its arguments) and __vis_account (the --profile and --base-url given).
function __vis_parse
    set -l line (commandline -pc)
    if set -q __vis_parsed_line; and test "$__vis_parsed_line" = "$line"
        return
    end
    set -g __vis_parsed_line $line
    set -g __vis_path ''
    set -g __vis_args
    set -g __vis_account
    set -l tokens (commandline -opc)
    set -e tokens[1]
    set -l expect ''
    for w in $tokens
        if test -n "$expect"
            if contains -- $expect --profile --base-url
                set -a __vis_account $expect $w
            end
            set expect ''
            continue
        end
        switch $w
            case '--profile=*' '--base-url=*'
                set -a __vis_account $w
            case '-*=*'
            case '-*'
                if __vis_takes_value "$__vis_path" $w
                    set expect $w
                end
            case '*'
                set -l sub
                if test (count $__vis_args) -eq 0; and set sub (__vis_subcommand "$__vis_path" $w)
                    set __vis_path $sub
                else
                    set -a __vis_args $w
                end
        end
    end
end

# True when the command at the cursor is $argv[1]; with $argv[2], when it has that many
# arguments; with $argv[3], when the last of them is $argv[3].
function __vis_at
    __vis_parse
    test "$__vis_path" = "$argv[1]"; or return 1
    set -q argv[2]; or return 0
    test (count $__vis_args) -eq $argv[2]; or return 1
    set -q argv[3]; or return 0
    test "$__vis_args[-1]" = "$argv[3]"
end

# Succeeds when the command at the cursor takes global flag $argv[1] (its help lists it).
function __vis_global
    __vis_parse
    switch "$__vis_path|$argv[1]"
        case ${globalPatterns(model)}
            return 0
    end
    return 1
end

# Prints \`${name} __complete $argv[1]\` candidates (brand or profile names, one a line).
function __vis_dynamic
    __vis_parse
    set -l cmd (commandline -opc)[1]
    $cmd __complete $argv[1] $__vis_account 2>/dev/null </dev/null
end

# No file names unless a flag asks for them.
complete -c ${name} -f

# Global flags, recognised before or after the command words: each offered where the
# command at the cursor takes it.
${model.globalFlags.map((f) => flagLine(f, sq(`__vis_global ${f.long}`))).join('\n')}
${help ? flagLine(help) : ''}

${allCommands(model)
  .map((c) => ({ c, lines: commandLines(c) }))
  .filter(({ lines }) => lines.length > 0)
  .map(({ c, lines }) => [`# ${['vis', ...c.path].join(' ')}`, ...lines].join('\n'))
  .join('\n\n')}
`;
}
