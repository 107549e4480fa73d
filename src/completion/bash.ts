/**
 * The bash completion script, generated from the completion model. It walks the words
 * before the cursor (skipping flag values) to find the command path and its arguments,
 * then offers sub-commands, flags, or the values of the flag or argument at the cursor.
 * Works with plain bash 4 and uses bash-completion's helpers when they are loaded.
 */
import { allCommands, globalsOf, inShell, spellings, type CommandModel, type CompletionModel, type FlagModel, type Values } from './model.js';

const pathKey = (c: CommandModel) => c.path.join(' ');
const q = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

function valuesCall(v: Values): string | undefined {
  return inShell<string | undefined>(v, {
    none: undefined,
    words: (words) => `__vis_words ${q(words.join(' '))}`,
    files: '__vis_files',
    directories: '__vis_files -d',
    dynamic: (source) => `__vis_dynamic ${source}`,
  });
}

/** `case "$1|$2"` patterns: a command's own flags, or any command's for a global flag. */
function flagPatterns(scope: string | undefined, flag: FlagModel): string {
  return spellings(flag)
    .map((s) => (scope === undefined ? `*${q(`|${s}`)}` : q(`${scope}|${s}`)))
    .join(' | ');
}

function scopedFlags(model: CompletionModel): Array<{ scope: string | undefined; flag: FlagModel }> {
  const own = allCommands(model).flatMap((c) => c.flags.map((flag) => ({ scope: pathKey(c) as string | undefined, flag })));
  return [...own, ...model.globalFlags.map((flag) => ({ scope: undefined, flag }))];
}

function subcommandCases(model: CompletionModel): string[] {
  return allCommands(model).flatMap((parent) =>
    parent.commands.map((c) => {
      const patterns = [c.path.at(-1)!, ...c.aliases].map((w) => q(`${pathKey(parent)}|${w}`)).join(' | ');
      return `        ${patterns}) REPLY=${q(pathKey(c))} ;;`;
    }),
  );
}

function takesValueCases(model: CompletionModel): string[] {
  const patterns = scopedFlags(model)
    .filter(({ flag }) => flag.value)
    .map(({ scope, flag }) => flagPatterns(scope, flag));
  return patterns.length > 0 ? [`        ${patterns.join(' | \\\n        ')}) return 0 ;;`] : [];
}

function flagValueCases(model: CompletionModel): string[] {
  const lines: string[] = [];
  for (const { scope, flag } of scopedFlags(model)) {
    const call = flag.value && valuesCall(flag.value);
    if (call) lines.push(`        ${flagPatterns(scope, flag)}) ${call} ;;`);
  }
  return lines;
}

function argValueCases(model: CompletionModel): string[] {
  const lines: string[] = [];
  for (const c of allCommands(model)) {
    c.args.forEach((arg, i) => {
      const label = q(`${pathKey(c)}|${i}`);
      if (arg.values.kind === 'keyed') {
        lines.push(`        ${label})`, '            case $3 in');
        for (const k of arg.values.cases) {
          const call = valuesCall(k.values);
          if (call) lines.push(`                ${q(k.previous)}) ${call} ;;`);
        }
        lines.push('            esac ;;');
      } else {
        const call = valuesCall(arg.values);
        if (call) lines.push(`        ${label}) ${call} ;;`);
      }
    });
  }
  return lines;
}

function commandListCases(model: CompletionModel): string[] {
  return allCommands(model)
    .filter((c) => c.commands.length > 0)
    .map((c) => `        ${q(pathKey(c))}) REPLY=${q(c.commands.flatMap((s) => [s.path.at(-1)!, ...s.aliases]).join(' '))} ;;`);
}

/** A command's own flags and only the global flags it takes (its help lists the same). */
function flagListCases(model: CompletionModel): string[] {
  return allCommands(model).map((c) => `        ${q(pathKey(c))}) REPLY=${q([...c.flags, ...globalsOf(model, c)].flatMap(spellings).join(' '))} ;;`);
}

export function bashScript(model: CompletionModel): string {
  const name = model.program;
  const globals = model.globalFlags.flatMap(spellings).join(' ');
  return `# bash completion for ${name}                                  -*- shell-script -*-
#
# Generated from src/endpoints.ts and the command definitions by \`npm run completions\`
# (the same text as \`${name} completion bash\`). Do not edit: regenerate.
#
# Install: source this file from ~/.bashrc, or copy it to
# ~/.local/share/bash-completion/completions/${name} (bash-completion loads it on first use).
# Needs bash 4 or newer. Brand and profile names come from \`${name} __complete\`, which is
# silent and quick when offline and never spends a read.

# Sets REPLY to the command path that word $2 leads to from path $1; fails for other words.
__vis_subcommand() {
    case "$1|$2" in
${subcommandCases(model).join('\n')}
        *) return 1 ;;
    esac
}

# Succeeds when flag $2 of the command at path $1 takes a value.
__vis_takes_value() {
    case "$1|$2" in
${takesValueCases(model).join('\n')}
    esac
    return 1
}

# Sets REPLY to the sub-commands (and aliases) of the command at path $1.
__vis_commands() {
    REPLY=
    case $1 in
${commandListCases(model).join('\n')}
    esac
}

# Sets REPLY to the flags of the command at path $1: its own and the global ones it takes.
__vis_flags() {
    case $1 in
${flagListCases(model).join('\n')}
        *) REPLY=${q(globals)} ;;
    esac
}

# Offers the values of flag $2 of the command at path $1.
__vis_flag_values() {
    case "$1|$2" in
${flagValueCases(model).join('\n')}
    esac
}

# Offers the values of argument $2 (counted from 0) of the command at path $1; $3 is the
# argument before it.
__vis_arg_values() {
    case "$1|$2" in
${argValueCases(model).join('\n')}
    esac
}

# Offers the words of $1 that start with the word at the cursor.
__vis_words() {
    local w
    while IFS= read -r w; do
        COMPREPLY+=("$w")
    done < <(compgen -W "$1" -- "$cur")
}

# Offers file names, or with -d folder names.
__vis_files() {
    if declare -F _filedir >/dev/null 2>&1; then
        _filedir \${1:+"$1"}
    else
        compopt -o filenames 2>/dev/null
        local f
        while IFS= read -r f; do
            COMPREPLY+=("$f")
        done < <(compgen "\${1:--f}" -- "$cur")
    fi
}

# Offers \`${name} __complete $1\` candidates (brand or profile names, one a line) that start
# with the word at the cursor, ignoring case. Readline inserts a candidate as it is, after
# any quote the user opened, so each is escaped for that place: brand names come from
# the API and must never run as code. The --profile and --base-url given on the line pick
# the account.
__vis_dynamic() {
    local -a opts=()
    [[ -n $profile ]] && opts+=(--profile "$profile")
    [[ -n $base_url ]] && opts+=(--base-url "$base_url")
    local open= want=$cur line
    if [[ $cur == [\\"\\']* ]]; then
        open=\${cur:0:1} want=\${cur:1}
    fi
    while IFS= read -r line; do
        # Nothing inside quotes can spell a control character (vis never prints one).
        [[ $line == *[[:cntrl:]]* ]] && continue
        __vis_escape "$open" "$line"
        # What was typed may be the name or its escaped spelling (\\$ inside "...").
        if [[ \${line,,} == "\${want,,}"* || \${REPLY,,} == "\${want,,}"* ]]; then
            COMPREPLY+=("$REPLY")
        fi
    done < <("\${words[0]}" __complete "$1" "\${opts[@]}" 2>/dev/null </dev/null)
}

# Sets REPLY to $2 written so that, inside a word opened with quote $1 (" or ', or none),
# the shell reads back exactly $2 and expands nothing.
__vis_escape() {
    local c i
    REPLY=
    case $1 in
        \\")
            for ((i = 0; i < \${#2}; i++)); do
                c=\${2:i:1}
                case $c in
                    [\\$\\\`\\"\\\\]) REPLY+=\\\\$c ;;
                    # History expansion sees ! even inside "..." and \\! keeps its backslash
                    # there: close the quote, escape it, reopen.
                    !) REPLY+='"\\!"' ;;
                    *) REPLY+=$c ;;
                esac
            done
            ;;
        \\')
            for ((i = 0; i < \${#2}; i++)); do
                c=\${2:i:1}
                if [[ $c == \\' ]]; then REPLY+="'\\\\''"; else REPLY+=$c; fi
            done
            ;;
        *) printf -v REPLY '%q' "$2" ;;
    esac
}

_vis() {
    local cur prev cword
    local -a words
    COMPREPLY=()
    if declare -F _get_comp_words_by_ref >/dev/null 2>&1; then
        # bash-completion: keep "--flag=value" and URLs (with ':') whole.
        _get_comp_words_by_ref -n =: cur prev words cword
    else
        # Rejoin what readline split at ':' (COMP_WORDBREAKS), so URLs stay one word.
        local j
        cword=0
        for ((j = 0; j < \${#COMP_WORDS[@]}; j++)); do
            if ((j > 0)) && [[ \${COMP_WORDS[j]} == : || \${COMP_WORDS[j - 1]} == : ]]; then
                words[\${#words[@]} - 1]+=\${COMP_WORDS[j]}
            else
                words+=("\${COMP_WORDS[j]}")
            fi
            ((j == COMP_CWORD)) && cword=$((\${#words[@]} - 1))
        done
        cur=\${words[cword]} prev=
        ((cword > 0)) && prev=\${words[cword - 1]}
    fi

    # The flag whose value is at the cursor, if any. Without bash-completion readline splits
    # "--flag=value" at the "=" (COMP_WORDBREAKS), so the flag is one or two words back.
    local flag=$prev prefix=
    if [[ $cur == -*=* ]]; then
        flag=\${cur%%=*} cur=\${cur#*=}
        [[ $COMP_WORDBREAKS == *=* ]] || prefix=$flag=
    elif [[ $cur == = ]]; then
        cur=
    elif [[ $prev == = ]] && ((cword > 1)); then
        flag=\${words[cword - 2]}
    fi

    # Walk the words before the cursor: the command path, its arguments, the account flags.
    local path= profile= base_url= REPLY i w
    local -a args=()
    for ((i = 1; i < cword; i++)); do
        w=\${words[i]}
        # Neither a profile name nor a base URL holds quotes: drop any the user typed.
        case $w in
            --profile=*) profile=\${w#*=} profile=\${profile//[\\"\\']/} ;;
            --base-url=*) base_url=\${w#*=} base_url=\${base_url//[\\"\\']/} ;;
            -*=* | =) ;;
            -*)
                __vis_takes_value "$path" "$w" || continue
                ((i++))
                [[ \${words[i]} == = ]] && ((i++))
                ((i < cword)) || break
                case $w in
                    --profile) profile=\${words[i]//[\\"\\']/} ;;
                    --base-url) base_url=\${words[i]//[\\"\\']/} ;;
                esac
                ;;
            *)
                if ((\${#args[@]} == 0)) && __vis_subcommand "$path" "$w"; then
                    path=$REPLY
                else
                    args+=("$w")
                fi
                ;;
        esac
    done

    if [[ $flag == -* ]] && __vis_takes_value "$path" "$flag"; then
        __vis_flag_values "$path" "$flag"
    elif [[ $cur == -* ]]; then
        __vis_flags "$path"
        __vis_words "$REPLY"
    else
        if ((\${#args[@]} == 0)); then
            __vis_commands "$path"
            [[ -n $REPLY ]] && __vis_words "$REPLY"
        fi
        local last=
        ((\${#args[@]} > 0)) && last=\${args[\${#args[@]} - 1]}
        __vis_arg_values "$path" "\${#args[@]}" "$last"
    fi

    if [[ -n $prefix ]]; then
        COMPREPLY=("\${COMPREPLY[@]/#/$prefix}")
    fi
    return 0
}

complete -F _vis ${name}
`;
}
