# bash completion for vis                                  -*- shell-script -*-
#
# Generated from src/endpoints.ts and the command definitions by `npm run completions`
# (the same text as `vis completion bash`). Do not edit: regenerate.
#
# Install: source this file from ~/.bashrc, or copy it to
# ~/.local/share/bash-completion/completions/vis (bash-completion loads it on first use).
# Needs bash 4 or newer. Brand and profile names come from `vis __complete`, which is
# silent and quick when offline and never spends a read.

# Sets REPLY to the command path that word $2 leads to from path $1; fails for other words.
__vis_subcommand() {
    case "$1|$2" in
        '|brands') REPLY='brands' ;;
        '|markets') REPLY='markets' ;;
        '|usage') REPLY='usage' ;;
        '|overview') REPLY='overview' ;;
        '|visibility') REPLY='visibility' ;;
        '|topics') REPLY='topics' ;;
        '|prompts') REPLY='prompts' ;;
        '|answers') REPLY='answers' ;;
        '|competitors') REPLY='competitors' ;;
        '|sources') REPLY='sources' ;;
        '|pages') REPLY='pages' ;;
        '|content-gaps') REPLY='content-gaps' ;;
        '|brand-perception' | '|perception') REPLY='brand-perception' ;;
        '|forum') REPLY='forum' ;;
        '|search-performance') REPLY='search-performance' ;;
        '|technical') REPLY='technical' ;;
        '|ai-crawlers') REPLY='ai-crawlers' ;;
        '|ai-visitors') REPLY='ai-visitors' ;;
        '|tasks') REPLY='tasks' ;;
        '|weekly-plan') REPLY='weekly-plan' ;;
        '|activity') REPLY='activity' ;;
        '|pitches') REPLY='pitches' ;;
        '|auth') REPLY='auth' ;;
        '|config') REPLY='config' ;;
        '|cache') REPLY='cache' ;;
        '|api') REPLY='api' ;;
        '|openapi') REPLY='openapi' ;;
        '|export') REPLY='export' ;;
        '|sandbox') REPLY='sandbox' ;;
        '|completion') REPLY='completion' ;;
        '|help') REPLY='help' ;;
        'answers|runs') REPLY='answers runs' ;;
        'answers|history') REPLY='answers history' ;;
        'brand-perception|transcript') REPLY='brand-perception transcript' ;;
        'pitches|create') REPLY='pitches create' ;;
        'auth|login') REPLY='auth login' ;;
        'auth|status') REPLY='auth status' ;;
        'auth|logout') REPLY='auth logout' ;;
        'config|get') REPLY='config get' ;;
        'config|set') REPLY='config set' ;;
        'config|unset') REPLY='config unset' ;;
        'config|list') REPLY='config list' ;;
        'config|path') REPLY='config path' ;;
        'cache|status') REPLY='cache status' ;;
        'cache|clear') REPLY='cache clear' ;;
        *) return 1 ;;
    esac
}

# Succeeds when flag $2 of the command at path $1 takes a value.
__vis_takes_value() {
    case "$1|$2" in
        'answers runs|--prompt' | \
        'forum|--limit' | \
        'search-performance|--group-by' | \
        'search-performance|--limit' | \
        'tasks|--layer' | \
        'tasks|--status' | \
        'tasks|--limit' | \
        'pitches create|--business-type' | \
        'pitches create|--field' | \
        'export|--dir' | \
        'export|--only' | \
        'sandbox|--port' | \
        'sandbox|--host' | \
        *'|-b' | *'|--brand' | \
        *'|-m' | *'|--market' | \
        *'|-d' | *'|--days' | \
        *'|--from' | \
        *'|--to' | \
        *'|-f' | *'|--format' | \
        *'|-o' | *'|--output' | \
        *'|--columns' | \
        *'|--rows' | \
        *'|--param' | \
        *'|--profile' | \
        *'|--base-url' | \
        *'|--timeout') return 0 ;;
    esac
    return 1
}

# Sets REPLY to the sub-commands (and aliases) of the command at path $1.
__vis_commands() {
    REPLY=
    case $1 in
        '') REPLY='brands markets usage overview visibility topics prompts answers competitors sources pages content-gaps brand-perception perception forum search-performance technical ai-crawlers ai-visitors tasks weekly-plan activity pitches auth config cache api openapi export sandbox completion help' ;;
        'answers') REPLY='runs history' ;;
        'brand-perception') REPLY='transcript' ;;
        'pitches') REPLY='create' ;;
        'auth') REPLY='login status logout' ;;
        'config') REPLY='get set unset list path' ;;
        'cache') REPLY='status clear' ;;
    esac
}

# Sets REPLY to the flags of the command at path $1: its own and the global ones it takes.
__vis_flags() {
    case $1 in
        '') REPLY='-h --help -V --version -b --brand -m --market -d --days --from --to -f --format -o --output --columns --rows --wide --param --profile --base-url --demo --timeout --refresh --no-cache -q --quiet --debug --no-color --no-pager' ;;
        'brands') REPLY='-h --help -f --format -o --output --columns --rows --wide --param --profile --base-url --demo --timeout -q --quiet --debug --no-color --no-pager' ;;
        'markets') REPLY='-h --help -b --brand -f --format -o --output --columns --rows --wide --param --profile --base-url --demo --timeout --refresh --no-cache -q --quiet --debug --no-color --no-pager' ;;
        'usage') REPLY='-h --help -f --format -o --output --columns --rows --wide --param --profile --base-url --demo --timeout -q --quiet --debug --no-color --no-pager' ;;
        'overview') REPLY='-h --help -b --brand -m --market -d --days --from --to -f --format -o --output --columns --rows --wide --param --profile --base-url --demo --timeout --refresh --no-cache -q --quiet --debug --no-color --no-pager' ;;
        'visibility') REPLY='-h --help -b --brand -m --market -f --format -o --output --columns --rows --wide --param --profile --base-url --demo --timeout --refresh --no-cache -q --quiet --debug --no-color --no-pager' ;;
        'topics') REPLY='-h --help -b --brand -m --market -d --days --from --to -f --format -o --output --columns --rows --wide --param --profile --base-url --demo --timeout --refresh --no-cache -q --quiet --debug --no-color --no-pager' ;;
        'prompts') REPLY='-h --help -b --brand -m --market -f --format -o --output --columns --rows --wide --param --profile --base-url --demo --timeout --refresh --no-cache -q --quiet --debug --no-color --no-pager' ;;
        'answers') REPLY='-h --help -b --brand -m --market -f --format -o --output --columns --rows --wide --param --profile --base-url --demo --timeout --refresh --no-cache -q --quiet --debug --no-color --no-pager' ;;
        'answers runs') REPLY='--prompt -h --help -b --brand -m --market -f --format -o --output --columns --rows --wide --param --profile --base-url --demo --timeout --refresh --no-cache -q --quiet --debug --no-color --no-pager' ;;
        'answers history') REPLY='-h --help -b --brand -m --market -d --days --from --to -f --format -o --output --columns --rows --wide --param --profile --base-url --demo --timeout --refresh --no-cache -q --quiet --debug --no-color --no-pager' ;;
        'competitors') REPLY='-h --help -b --brand -m --market -f --format -o --output --columns --rows --wide --param --profile --base-url --demo --timeout --refresh --no-cache -q --quiet --debug --no-color --no-pager' ;;
        'sources') REPLY='-h --help -b --brand -m --market -d --days --from --to -f --format -o --output --columns --rows --wide --param --profile --base-url --demo --timeout --refresh --no-cache -q --quiet --debug --no-color --no-pager' ;;
        'pages') REPLY='-h --help -b --brand -m --market -d --days --from --to -f --format -o --output --columns --rows --wide --param --profile --base-url --demo --timeout --refresh --no-cache -q --quiet --debug --no-color --no-pager' ;;
        'content-gaps') REPLY='-h --help -b --brand -m --market -f --format -o --output --columns --rows --wide --param --profile --base-url --demo --timeout --refresh --no-cache -q --quiet --debug --no-color --no-pager' ;;
        'brand-perception') REPLY='-h --help -b --brand -m --market -d --days --from --to -f --format -o --output --columns --rows --wide --param --profile --base-url --demo --timeout --refresh --no-cache -q --quiet --debug --no-color --no-pager' ;;
        'brand-perception transcript') REPLY='-h --help -b --brand -m --market -d --days --from --to -f --format -o --output --columns --rows --wide --param --profile --base-url --demo --timeout --refresh --no-cache -q --quiet --debug --no-color --no-pager' ;;
        'forum') REPLY='--limit -h --help -b --brand -m --market -d --days --from --to -f --format -o --output --columns --rows --wide --param --profile --base-url --demo --timeout --refresh --no-cache -q --quiet --debug --no-color --no-pager' ;;
        'search-performance') REPLY='--group-by --limit -h --help -b --brand -m --market -d --days -f --format -o --output --columns --rows --wide --param --profile --base-url --demo --timeout --refresh --no-cache -q --quiet --debug --no-color --no-pager' ;;
        'technical') REPLY='-h --help -b --brand -m --market -f --format -o --output --columns --rows --wide --param --profile --base-url --demo --timeout --refresh --no-cache -q --quiet --debug --no-color --no-pager' ;;
        'ai-crawlers') REPLY='-h --help -b --brand -m --market -d --days --from --to -f --format -o --output --columns --rows --wide --param --profile --base-url --demo --timeout --refresh --no-cache -q --quiet --debug --no-color --no-pager' ;;
        'ai-visitors') REPLY='-h --help -b --brand -m --market -d --days --from --to -f --format -o --output --columns --rows --wide --param --profile --base-url --demo --timeout --refresh --no-cache -q --quiet --debug --no-color --no-pager' ;;
        'tasks') REPLY='--layer --status --limit -h --help -b --brand -m --market -f --format -o --output --columns --rows --wide --param --profile --base-url --demo --timeout --refresh --no-cache -q --quiet --debug --no-color --no-pager' ;;
        'weekly-plan') REPLY='-h --help -b --brand -m --market -f --format -o --output --columns --rows --wide --param --profile --base-url --demo --timeout --refresh --no-cache -q --quiet --debug --no-color --no-pager' ;;
        'activity') REPLY='-h --help -b --brand -m --market -d --days --from --to -f --format -o --output --columns --rows --wide --param --profile --base-url --demo --timeout --refresh --no-cache -q --quiet --debug --no-color --no-pager' ;;
        'pitches') REPLY='-h --help -b --brand -f --format -o --output --columns --rows --wide --param --profile --base-url --demo --timeout --refresh --no-cache -q --quiet --debug --no-color --no-pager' ;;
        'pitches create') REPLY='--business-type --field -y --yes -h --help -b --brand -m --market -f --format -o --output --columns --rows --wide --param --profile --base-url --demo --timeout -q --quiet --debug --no-color --no-pager' ;;
        'auth') REPLY='-h --help' ;;
        'auth login') REPLY='-h --help --profile --base-url --timeout --debug' ;;
        'auth status') REPLY='-h --help --profile --base-url --demo --timeout -q --quiet --debug --no-color' ;;
        'auth logout') REPLY='-h --help --profile' ;;
        'config') REPLY='-h --help' ;;
        'config get') REPLY='-h --help --profile' ;;
        'config set') REPLY='-h --help --profile' ;;
        'config unset') REPLY='-h --help --profile' ;;
        'config list') REPLY='-h --help --profile' ;;
        'config path') REPLY='-h --help' ;;
        'cache') REPLY='-h --help' ;;
        'cache status') REPLY='-h --help --profile' ;;
        'cache clear') REPLY='-h --help --profile' ;;
        'api') REPLY='-h --help -b --brand -m --market -d --days --from --to -f --format -o --output --columns --rows --wide --param --profile --base-url --demo --timeout --refresh --no-cache -q --quiet --debug --no-color --no-pager' ;;
        'openapi') REPLY='-h --help -f --format -o --output --profile --base-url --demo --timeout -q --quiet --debug --no-color --no-pager' ;;
        'export') REPLY='--dir --only --all-brands --all-markets --dry-run --force --resume -h --help -b --brand -m --market -d --days --from --to -f --format --param --profile --base-url --demo --timeout --refresh --no-cache -q --quiet --debug --no-color' ;;
        'sandbox') REPLY='--port --host -h --help' ;;
        'completion') REPLY='-h --help' ;;
        'help') REPLY='-h --help' ;;
        *) REPLY='-V --version -b --brand -m --market -d --days --from --to -f --format -o --output --columns --rows --wide --param --profile --base-url --demo --timeout --refresh --no-cache -q --quiet --debug --no-color --no-pager' ;;
    esac
}

# Offers the values of flag $2 of the command at path $1.
__vis_flag_values() {
    case "$1|$2" in
        'search-performance|--group-by') __vis_words 'query page' ;;
        'tasks|--layer') __vis_words 'content technical authority community' ;;
        'tasks|--status') __vis_words 'open todo in_progress done dismissed all' ;;
        'export|--dir') __vis_files -d ;;
        *'|-b' | *'|--brand') __vis_dynamic brands ;;
        *'|-f' | *'|--format') __vis_words 'table json csv' ;;
        *'|-o' | *'|--output') __vis_files ;;
        *'|--profile') __vis_dynamic profiles ;;
    esac
}

# Offers the values of argument $2 (counted from 0) of the command at path $1; $3 is the
# argument before it.
__vis_arg_values() {
    case "$1|$2" in
        'config get|0') __vis_words 'profile base_url brand market format cache' ;;
        'config set|0') __vis_words 'profile base_url brand market format cache' ;;
        'config set|1')
            case $3 in
                'format') __vis_words 'table json csv' ;;
                'profile') __vis_dynamic profiles ;;
            esac ;;
        'config unset|0') __vis_words 'profile base_url brand market format cache' ;;
        'api|0') __vis_words '/brands /markets /usage /overview /visibility /topics /prompts /answers /answers/runs /answers/history /competitors /sources /pages /content-gaps /brand-perception /brand-perception/transcript /forum /search-performance /technical /ai-crawlers /ai-visitors /tasks /weekly-plan /activity /pitches /openapi.json' ;;
        'completion|0') __vis_words 'bash zsh fish' ;;
        'help|0') __vis_words 'brands markets usage overview visibility topics prompts answers competitors sources pages content-gaps brand-perception forum search-performance technical ai-crawlers ai-visitors tasks weekly-plan activity pitches auth config cache api openapi export sandbox completion help exit-codes environment options' ;;
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
        _filedir ${1:+"$1"}
    else
        compopt -o filenames 2>/dev/null
        local f
        while IFS= read -r f; do
            COMPREPLY+=("$f")
        done < <(compgen "${1:--f}" -- "$cur")
    fi
}

# Offers `vis __complete $1` candidates (brand or profile names, one a line) that start
# with the word at the cursor, ignoring case. Readline inserts a candidate as it is, after
# any quote the user opened, so each is escaped for that place: brand names come from
# the API and must never run as code. The --profile and --base-url given on the line pick
# the account.
__vis_dynamic() {
    local -a opts=()
    [[ -n $profile ]] && opts+=(--profile "$profile")
    [[ -n $base_url ]] && opts+=(--base-url "$base_url")
    local open= want=$cur line
    if [[ $cur == [\"\']* ]]; then
        open=${cur:0:1} want=${cur:1}
    fi
    while IFS= read -r line; do
        # Nothing inside quotes can spell a control character (vis never prints one).
        [[ $line == *[[:cntrl:]]* ]] && continue
        __vis_escape "$open" "$line"
        # What was typed may be the name or its escaped spelling (\$ inside "...").
        if [[ ${line,,} == "${want,,}"* || ${REPLY,,} == "${want,,}"* ]]; then
            COMPREPLY+=("$REPLY")
        fi
    done < <("${words[0]}" __complete "$1" "${opts[@]}" 2>/dev/null </dev/null)
}

# Sets REPLY to $2 written so that, inside a word opened with quote $1 (" or ', or none),
# the shell reads back exactly $2 and expands nothing.
__vis_escape() {
    local c i
    REPLY=
    case $1 in
        \")
            for ((i = 0; i < ${#2}; i++)); do
                c=${2:i:1}
                case $c in
                    [\$\`\"\\]) REPLY+=\\$c ;;
                    # History expansion sees ! even inside "..." and \! keeps its backslash
                    # there: close the quote, escape it, reopen.
                    !) REPLY+='"\!"' ;;
                    *) REPLY+=$c ;;
                esac
            done
            ;;
        \')
            for ((i = 0; i < ${#2}; i++)); do
                c=${2:i:1}
                if [[ $c == \' ]]; then REPLY+="'\\''"; else REPLY+=$c; fi
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
        for ((j = 0; j < ${#COMP_WORDS[@]}; j++)); do
            if ((j > 0)) && [[ ${COMP_WORDS[j]} == : || ${COMP_WORDS[j - 1]} == : ]]; then
                words[${#words[@]} - 1]+=${COMP_WORDS[j]}
            else
                words+=("${COMP_WORDS[j]}")
            fi
            ((j == COMP_CWORD)) && cword=$((${#words[@]} - 1))
        done
        cur=${words[cword]} prev=
        ((cword > 0)) && prev=${words[cword - 1]}
    fi

    # The flag whose value is at the cursor, if any. Without bash-completion readline splits
    # "--flag=value" at the "=" (COMP_WORDBREAKS), so the flag is one or two words back.
    local flag=$prev prefix=
    if [[ $cur == -*=* ]]; then
        flag=${cur%%=*} cur=${cur#*=}
        [[ $COMP_WORDBREAKS == *=* ]] || prefix=$flag=
    elif [[ $cur == = ]]; then
        cur=
    elif [[ $prev == = ]] && ((cword > 1)); then
        flag=${words[cword - 2]}
    fi

    # Walk the words before the cursor: the command path, its arguments, the account flags.
    local path= profile= base_url= REPLY i w
    local -a args=()
    for ((i = 1; i < cword; i++)); do
        w=${words[i]}
        # Neither a profile name nor a base URL holds quotes: drop any the user typed.
        case $w in
            --profile=*) profile=${w#*=} profile=${profile//[\"\']/} ;;
            --base-url=*) base_url=${w#*=} base_url=${base_url//[\"\']/} ;;
            -*=* | =) ;;
            -*)
                __vis_takes_value "$path" "$w" || continue
                ((i++))
                [[ ${words[i]} == = ]] && ((i++))
                ((i < cword)) || break
                case $w in
                    --profile) profile=${words[i]//[\"\']/} ;;
                    --base-url) base_url=${words[i]//[\"\']/} ;;
                esac
                ;;
            *)
                if ((${#args[@]} == 0)) && __vis_subcommand "$path" "$w"; then
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
        if ((${#args[@]} == 0)); then
            __vis_commands "$path"
            [[ -n $REPLY ]] && __vis_words "$REPLY"
        fi
        local last=
        ((${#args[@]} > 0)) && last=${args[${#args[@]} - 1]}
        __vis_arg_values "$path" "${#args[@]}" "$last"
    fi

    if [[ -n $prefix ]]; then
        COMPREPLY=("${COMPREPLY[@]/#/$prefix}")
    fi
    return 0
}

complete -F _vis vis
