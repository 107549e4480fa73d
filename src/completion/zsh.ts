/**
 * The zsh completion script (`_vis`), generated from the completion model: one function
 * per command, each an `_arguments` spec with the global flags, the command's own flags
 * and its arguments; commands with sub-commands hand the rest of the line on.
 */
import { allCommands, globalsOf, inShell, spellings, type ArgModel, type CommandModel, type CompletionModel, type FlagModel, type Values } from './model.js';
import type { DynamicSource } from './shells.js';

const sq = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;
/** Text inside an `_arguments` `[description]`. */
const bracketText = (s: string) => s.replace(/\\/g, '\\\\').replace(/\]/g, '\\]');
/** An `_arguments` message field ends at the next colon. */
const message = (s: string) => s.replace(/:/g, '-');

const functionName = (c: CommandModel) => ['__vis_cmd', ...c.path].join('_').replace(/[^A-Za-z0-9_]/g, '_');

/** Files, folders and values vis lists: the same in a spec's action and in a `->state` branch. */
const LOOKUPS = { files: '_files', directories: '_files -/', dynamic: (source: DynamicSource) => `__vis_dynamic ${source}` };

/** The action part of an `_arguments` spec. */
function action(v: Values): string {
  return inShell(v, { ...LOOKUPS, none: ' ', words: (words) => `(${words.join(' ')})` });
}

/** The same, as a command to run from a `->state` branch. */
function command(v: Values, what: string): string | undefined {
  return inShell<string | undefined>(v, { ...LOOKUPS, none: undefined, words: (words) => `_wanted values expl ${sq(what)} compadd -- ${words.join(' ')}` });
}

function flagSpec(flag: FlagModel): string {
  const names = spellings(flag);
  const spelled = names.map((n) => (flag.value ? (n.startsWith('--') ? `${n}=` : `${n}+`) : n));
  const exclusive = flag.long === '--help' || flag.long === '--version';
  const prefix = exclusive ? "'(- *)'" : flag.repeatable ? "'*'" : names.length > 1 ? sq(`(${names.join(' ')})`) : '';
  const nameWords = spelled.length > 1 ? `{${spelled.join(',')}}` : spelled[0]!;
  const arg = flag.value ? `:${message(flag.placeholder)}:${action(flag.value)}` : '';
  return `${prefix}${nameWords}${sq(`[${bracketText(flag.description)}]${arg}`)}`;
}

function argSpec(arg: ArgModel, i: number): string {
  const n = i + 1;
  const sep = arg.required ? ':' : '::';
  if (arg.values.kind === 'keyed') return sq(`${n}${sep}${message(arg.name)}:->arg${n}`);
  return sq(`${n}${sep}${message(arg.name)}:${action(arg.values)}`);
}

function describeEntries(c: CommandModel): string[] {
  return c.commands.flatMap((s) => [s.path.at(-1)!, ...s.aliases].map((w) => `                ${sq(`${w}:${s.summary}`)}`));
}

function commandFunction(model: CompletionModel, c: CommandModel): string {
  // Only the global flags this command takes (its help lists the same), then its own.
  const specs = [...globalsOf(model, c).map(flagSpec), ...c.flags.map(flagSpec)];
  const keyed = c.args.flatMap((a, i) => (a.values.kind === 'keyed' ? [{ n: i + 1, cases: a.values.cases, name: a.name }] : []));
  const hasSubs = c.commands.length > 0;
  if (hasSubs) specs.push(sq('1: :->command'), sq('*:: :->rest'));
  else specs.push(...c.args.map(argSpec));
  const usesState = hasSubs || keyed.length > 0;
  const lines = [`${functionName(c)}() {`];
  if (usesState) {
    lines.push('    local curcontext=$curcontext state state_descr line expl ret=1', '    typeset -A opt_args');
  }
  lines.push(`    _arguments${usesState ? ' -C' : ''} -s -S : \\`);
  lines.push(specs.map((s) => `        ${s}`).join(' \\\n') + (usesState ? ' && ret=0' : ''));
  if (!usesState) {
    lines.push('}');
    return lines.join('\n');
  }
  lines.push('    case $state in');
  if (hasSubs) {
    const what = ['vis', ...c.path].join(' ');
    const context = ['vis', ...c.path].join('-');
    lines.push(
      '        command)',
      '            local -a commands',
      '            commands=(',
      ...describeEntries(c),
      '            )',
      `            _describe -t commands ${sq(`${what} command`)} commands && ret=0`,
      '            ;;',
      '        rest)',
      `            curcontext=\${curcontext%:*:*}:${context}-$words[1]:`,
      '            case $words[1] in',
      ...c.commands.map((s) => `                (${[s.path.at(-1)!, ...s.aliases].join('|')}) ${functionName(s)} && ret=0 ;;`),
      '            esac',
      '            ;;',
    );
  }
  for (const k of keyed) {
    lines.push(`        arg${k.n})`, `            case $line[${k.n - 1}] in`);
    for (const kc of k.cases) {
      const run = command(kc.values, k.name);
      if (run) lines.push(`                (${kc.previous}) ${run} && ret=0 ;;`);
    }
    lines.push('            esac', '            ;;');
  }
  lines.push('    esac', '    return ret', '}');
  return lines.join('\n');
}

export function zshScript(model: CompletionModel): string {
  const name = model.program;
  return `#compdef ${name}
#
# zsh completion for ${name}. Generated from src/endpoints.ts and the command definitions by
# \`npm run completions\` (the same text as \`${name} completion zsh\`). Do not edit: regenerate.
#
# Install: put this file, named _${name}, in a folder on $fpath before compinit runs, e.g.
#   mkdir -p ~/.zfunc && ${name} completion zsh > ~/.zfunc/_${name}
#   # in ~/.zshrc, before compinit:  fpath=(~/.zfunc $fpath)
# Brand and profile names come from \`${name} __complete\`, which is silent and quick when
# offline and never spends a read.

# Offers \`${name} __complete <source>\` candidates (brand or profile names, one a line);
# the source is the last argument, and _arguments puts compadd options before it. The
# --profile and --base-url given on the line pick the account.
__vis_dynamic() {
    local source=\${@[-1]} i
    local -a candidates opts expl
    for (( i = 2; i < __vis_current; i++ )); do
        case $__vis_line[i] in
            (--profile|--base-url) (( i + 1 < __vis_current )) && opts+=($__vis_line[i] \${(Q)__vis_line[i+1]}) ;;
            (--profile=*|--base-url=*) opts+=(\${(Q)__vis_line[i]}) ;;
        esac
    done
    candidates=(\${(f)"$(\${(Q)__vis_line[1]} __complete $source "\${opts[@]}" 2>/dev/null </dev/null)"})
    if (( $# > 1 )); then
        compadd "\${@[1,-2]}" -a candidates
    else
        _wanted $source expl \${source%s} compadd -a candidates
    fi
}

${allCommands(model)
  .map((c) => commandFunction(model, c))
  .join('\n\n')}

_${name}() {
    # The whole line and the cursor, before _arguments narrows $words to a sub-command's.
    local -a __vis_line
    local __vis_current=$CURRENT
    __vis_line=("\${words[@]}")
    ${functionName(model.root)} "$@"
}

if [[ $funcstack[1] == _${name} ]]; then
    # Autoloaded from $fpath: this file is the body of _${name}.
    _${name} "$@"
else
    compdef _${name} ${name}
fi
`;
}
