# fish completion for vis. Generated from src/endpoints.ts and the command definitions by
# `npm run completions` (the same text as `vis completion fish`). Do not edit: regenerate.
#
# Install: copy this file to ~/.config/fish/completions/vis.fish
# Brand and profile names come from `vis __complete`, which is silent and quick when
# offline and never spends a read.

# Prints the command path that word $argv[2] leads to from path $argv[1]; fails otherwise.
function __vis_subcommand
    switch "$argv[1]|$argv[2]"
        case '|brands'
            echo 'brands'
        case '|markets'
            echo 'markets'
        case '|usage'
            echo 'usage'
        case '|overview'
            echo 'overview'
        case '|visibility'
            echo 'visibility'
        case '|topics'
            echo 'topics'
        case '|prompts'
            echo 'prompts'
        case '|answers'
            echo 'answers'
        case '|competitors'
            echo 'competitors'
        case '|sources'
            echo 'sources'
        case '|pages'
            echo 'pages'
        case '|content-gaps'
            echo 'content-gaps'
        case '|brand-perception' '|perception'
            echo 'brand-perception'
        case '|forum'
            echo 'forum'
        case '|search-performance'
            echo 'search-performance'
        case '|technical'
            echo 'technical'
        case '|ai-crawlers'
            echo 'ai-crawlers'
        case '|ai-visitors'
            echo 'ai-visitors'
        case '|tasks'
            echo 'tasks'
        case '|weekly-plan'
            echo 'weekly-plan'
        case '|activity'
            echo 'activity'
        case '|pitches'
            echo 'pitches'
        case '|changes'
            echo 'changes'
        case '|auth'
            echo 'auth'
        case '|config'
            echo 'config'
        case '|cache'
            echo 'cache'
        case '|api'
            echo 'api'
        case '|openapi'
            echo 'openapi'
        case '|export'
            echo 'export'
        case '|sandbox'
            echo 'sandbox'
        case '|completion'
            echo 'completion'
        case '|version'
            echo 'version'
        case '|help'
            echo 'help'
        case 'answers|runs'
            echo 'answers runs'
        case 'answers|history'
            echo 'answers history'
        case 'brand-perception|transcript'
            echo 'brand-perception transcript'
        case 'pitches|create'
            echo 'pitches create'
        case 'auth|login'
            echo 'auth login'
        case 'auth|status'
            echo 'auth status'
        case 'auth|logout'
            echo 'auth logout'
        case 'config|get'
            echo 'config get'
        case 'config|set'
            echo 'config set'
        case 'config|unset'
            echo 'config unset'
        case 'config|list'
            echo 'config list'
        case 'config|path'
            echo 'config path'
        case 'cache|status'
            echo 'cache status'
        case 'cache|clear'
            echo 'cache clear'
        case '*'
            return 1
    end
end

# Succeeds when flag $argv[2] of the command at path $argv[1] takes a value.
function __vis_takes_value
    switch "$argv[1]|$argv[2]"
        case 'brands|-f' 'brands|--format' 'brands|-o' 'brands|--output' 'brands|--columns' 'brands|--rows' 'brands|--sort' 'brands|--top' 'brands|--param' 'markets|-b' 'markets|--brand' 'markets|-f' 'markets|--format' 'markets|-o' 'markets|--output' 'markets|--columns' 'markets|--rows' 'markets|--sort' 'markets|--top' 'markets|--param' 'usage|-f' 'usage|--format' 'usage|-o' 'usage|--output' 'usage|--columns' 'usage|--rows' 'usage|--param' 'overview|-b' 'overview|--brand' 'overview|-m' 'overview|--market' 'overview|-d' 'overview|--days' 'overview|--from' 'overview|--to' 'overview|-f' 'overview|--format' 'overview|-o' 'overview|--output' 'overview|--columns' 'overview|--rows' 'overview|--param' 'visibility|-b' 'visibility|--brand' 'visibility|-m' 'visibility|--market' 'visibility|-f' 'visibility|--format' 'visibility|-o' 'visibility|--output' 'visibility|--columns' 'visibility|--rows' 'visibility|--sort' 'visibility|--top' 'visibility|--param' 'topics|-b' 'topics|--brand' 'topics|-m' 'topics|--market' 'topics|-d' 'topics|--days' 'topics|--from' 'topics|--to' 'topics|-f' 'topics|--format' 'topics|-o' 'topics|--output' 'topics|--columns' 'topics|--rows' 'topics|--sort' 'topics|--top' 'topics|--param' 'prompts|-b' 'prompts|--brand' 'prompts|-m' 'prompts|--market' 'prompts|-f' 'prompts|--format' 'prompts|-o' 'prompts|--output' 'prompts|--columns' 'prompts|--rows' 'prompts|--sort' 'prompts|--top' 'prompts|--engine' 'prompts|--state' 'prompts|--param' 'answers|-b' 'answers|--brand' 'answers|-m' 'answers|--market' 'answers|-f' 'answers|--format' 'answers|-o' 'answers|--output' 'answers|--columns' 'answers|--rows' 'answers|--sort' 'answers|--top' 'answers|--engine' 'answers|--state' 'answers|--param' 'answers runs|--prompt' 'answers runs|-b' 'answers runs|--brand' 'answers runs|-m' 'answers runs|--market' 'answers runs|-f' 'answers runs|--format' 'answers runs|-o' 'answers runs|--output' 'answers runs|--columns' 'answers runs|--rows' 'answers runs|--sort' 'answers runs|--top' 'answers runs|--engine' 'answers runs|--param' 'answers history|-b' 'answers history|--brand' 'answers history|-m' 'answers history|--market' 'answers history|-d' 'answers history|--days' 'answers history|--from' 'answers history|--to' 'answers history|-f' 'answers history|--format' 'answers history|-o' 'answers history|--output' 'answers history|--columns' 'answers history|--rows' 'answers history|--sort' 'answers history|--top' 'answers history|--param' 'competitors|-b' 'competitors|--brand' 'competitors|-m' 'competitors|--market' 'competitors|-f' 'competitors|--format' 'competitors|-o' 'competitors|--output' 'competitors|--columns' 'competitors|--rows' 'competitors|--sort' 'competitors|--top' 'competitors|--param' 'sources|-b' 'sources|--brand' 'sources|-m' 'sources|--market' 'sources|-d' 'sources|--days' 'sources|--from' 'sources|--to' 'sources|-f' 'sources|--format' 'sources|-o' 'sources|--output' 'sources|--columns' 'sources|--rows' 'sources|--sort' 'sources|--top' 'sources|--param' 'pages|-b' 'pages|--brand' 'pages|-m' 'pages|--market' 'pages|-d' 'pages|--days' 'pages|--from' 'pages|--to' 'pages|-f' 'pages|--format' 'pages|-o' 'pages|--output' 'pages|--columns' 'pages|--rows' 'pages|--sort' 'pages|--top' 'pages|--engine' 'pages|--param' 'content-gaps|-b' 'content-gaps|--brand' 'content-gaps|-m' 'content-gaps|--market' 'content-gaps|-f' 'content-gaps|--format' 'content-gaps|-o' 'content-gaps|--output' 'content-gaps|--columns' 'content-gaps|--rows' 'content-gaps|--sort' 'content-gaps|--top' 'content-gaps|--action' 'content-gaps|--param' 'brand-perception|-b' 'brand-perception|--brand' 'brand-perception|-m' 'brand-perception|--market' 'brand-perception|-d' 'brand-perception|--days' 'brand-perception|--from' 'brand-perception|--to' 'brand-perception|-f' 'brand-perception|--format' 'brand-perception|-o' 'brand-perception|--output' 'brand-perception|--columns' 'brand-perception|--rows' 'brand-perception|--sort' 'brand-perception|--top' 'brand-perception|--engine' 'brand-perception|--param' 'brand-perception transcript|-b' 'brand-perception transcript|--brand' 'brand-perception transcript|-m' 'brand-perception transcript|--market' 'brand-perception transcript|-d' 'brand-perception transcript|--days' 'brand-perception transcript|--from' 'brand-perception transcript|--to' 'brand-perception transcript|-f' 'brand-perception transcript|--format' 'brand-perception transcript|-o' 'brand-perception transcript|--output' 'brand-perception transcript|--columns' 'brand-perception transcript|--rows' 'brand-perception transcript|--sort' 'brand-perception transcript|--top' 'brand-perception transcript|--param' 'forum|--limit' 'forum|-b' 'forum|--brand' 'forum|-m' 'forum|--market' 'forum|-d' 'forum|--days' 'forum|--from' 'forum|--to' 'forum|-f' 'forum|--format' 'forum|-o' 'forum|--output' 'forum|--columns' 'forum|--rows' 'forum|--sort' 'forum|--top' 'forum|--param' 'search-performance|--group-by' 'search-performance|--limit' 'search-performance|-b' 'search-performance|--brand' 'search-performance|-m' 'search-performance|--market' 'search-performance|-d' 'search-performance|--days' 'search-performance|-f' 'search-performance|--format' 'search-performance|-o' 'search-performance|--output' 'search-performance|--columns' 'search-performance|--rows' 'search-performance|--sort' 'search-performance|--top' 'search-performance|--param' 'technical|-b' 'technical|--brand' 'technical|-m' 'technical|--market' 'technical|-f' 'technical|--format' 'technical|-o' 'technical|--output' 'technical|--columns' 'technical|--rows' 'technical|--sort' 'technical|--top' 'technical|--param' 'ai-crawlers|-b' 'ai-crawlers|--brand' 'ai-crawlers|-m' 'ai-crawlers|--market' 'ai-crawlers|-d' 'ai-crawlers|--days' 'ai-crawlers|--from' 'ai-crawlers|--to' 'ai-crawlers|-f' 'ai-crawlers|--format' 'ai-crawlers|-o' 'ai-crawlers|--output' 'ai-crawlers|--columns' 'ai-crawlers|--rows' 'ai-crawlers|--sort' 'ai-crawlers|--top' 'ai-crawlers|--param' 'ai-visitors|-b' 'ai-visitors|--brand' 'ai-visitors|-m' 'ai-visitors|--market' 'ai-visitors|-d' 'ai-visitors|--days' 'ai-visitors|--from' 'ai-visitors|--to' 'ai-visitors|-f' 'ai-visitors|--format' 'ai-visitors|-o' 'ai-visitors|--output' 'ai-visitors|--columns' 'ai-visitors|--rows' 'ai-visitors|--sort' 'ai-visitors|--top' 'ai-visitors|--param' 'tasks|--layer' 'tasks|--status' 'tasks|--limit' 'tasks|-b' 'tasks|--brand' 'tasks|-m' 'tasks|--market' 'tasks|-f' 'tasks|--format' 'tasks|-o' 'tasks|--output' 'tasks|--columns' 'tasks|--rows' 'tasks|--sort' 'tasks|--top' 'tasks|--param' 'weekly-plan|-b' 'weekly-plan|--brand' 'weekly-plan|-m' 'weekly-plan|--market' 'weekly-plan|-f' 'weekly-plan|--format' 'weekly-plan|-o' 'weekly-plan|--output' 'weekly-plan|--columns' 'weekly-plan|--rows' 'weekly-plan|--sort' 'weekly-plan|--top' 'weekly-plan|--param' 'activity|-b' 'activity|--brand' 'activity|-m' 'activity|--market' 'activity|-d' 'activity|--days' 'activity|--from' 'activity|--to' 'activity|-f' 'activity|--format' 'activity|-o' 'activity|--output' 'activity|--columns' 'activity|--rows' 'activity|--sort' 'activity|--top' 'activity|--param' 'pitches|-b' 'pitches|--brand' 'pitches|-f' 'pitches|--format' 'pitches|-o' 'pitches|--output' 'pitches|--columns' 'pitches|--rows' 'pitches|--sort' 'pitches|--top' 'pitches|--param' 'pitches create|--business-type' 'pitches create|--field' 'pitches create|-b' 'pitches create|--brand' 'pitches create|-m' 'pitches create|--market' 'pitches create|-f' 'pitches create|--format' 'pitches create|-o' 'pitches create|--output' 'pitches create|--columns' 'pitches create|--rows' 'pitches create|--param' 'changes|-b' 'changes|--brand' 'changes|-m' 'changes|--market' 'changes|-f' 'changes|--format' 'changes|-o' 'changes|--output' 'changes|--since' 'changes|--threshold' 'api|-b' 'api|--brand' 'api|-m' 'api|--market' 'api|-d' 'api|--days' 'api|--from' 'api|--to' 'api|-f' 'api|--format' 'api|-o' 'api|--output' 'api|--columns' 'api|--rows' 'api|--param' 'openapi|-f' 'openapi|--format' 'openapi|-o' 'openapi|--output' 'export|-b' 'export|--brand' 'export|-m' 'export|--market' 'export|-d' 'export|--days' 'export|--from' 'export|--to' 'export|-f' 'export|--format' 'export|--param' 'export|--dir' 'export|--only' 'sandbox|--port' 'sandbox|--host' '*|--profile' '*|--base-url' '*|--timeout'
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
        case '|--version' '|--profile' '|--base-url' '|--demo' '|--timeout' '|--quiet' '|--verbose' '|--debug' '|--no-color' 'brands|--profile' 'brands|--base-url' 'brands|--demo' 'brands|--timeout' 'brands|--quiet' 'brands|--verbose' 'brands|--debug' 'brands|--no-color' 'markets|--profile' 'markets|--base-url' 'markets|--demo' 'markets|--timeout' 'markets|--quiet' 'markets|--verbose' 'markets|--debug' 'markets|--no-color' 'usage|--profile' 'usage|--base-url' 'usage|--demo' 'usage|--timeout' 'usage|--quiet' 'usage|--verbose' 'usage|--debug' 'usage|--no-color' 'overview|--profile' 'overview|--base-url' 'overview|--demo' 'overview|--timeout' 'overview|--quiet' 'overview|--verbose' 'overview|--debug' 'overview|--no-color' 'visibility|--profile' 'visibility|--base-url' 'visibility|--demo' 'visibility|--timeout' 'visibility|--quiet' 'visibility|--verbose' 'visibility|--debug' 'visibility|--no-color' 'topics|--profile' 'topics|--base-url' 'topics|--demo' 'topics|--timeout' 'topics|--quiet' 'topics|--verbose' 'topics|--debug' 'topics|--no-color' 'prompts|--profile' 'prompts|--base-url' 'prompts|--demo' 'prompts|--timeout' 'prompts|--quiet' 'prompts|--verbose' 'prompts|--debug' 'prompts|--no-color' 'answers|--profile' 'answers|--base-url' 'answers|--demo' 'answers|--timeout' 'answers|--quiet' 'answers|--verbose' 'answers|--debug' 'answers|--no-color' 'answers runs|--profile' 'answers runs|--base-url' 'answers runs|--demo' 'answers runs|--timeout' 'answers runs|--quiet' 'answers runs|--verbose' 'answers runs|--debug' 'answers runs|--no-color' 'answers history|--profile' 'answers history|--base-url' 'answers history|--demo' 'answers history|--timeout' 'answers history|--quiet' 'answers history|--verbose' 'answers history|--debug' 'answers history|--no-color' 'competitors|--profile' 'competitors|--base-url' 'competitors|--demo' 'competitors|--timeout' 'competitors|--quiet' 'competitors|--verbose' 'competitors|--debug' 'competitors|--no-color' 'sources|--profile' 'sources|--base-url' 'sources|--demo' 'sources|--timeout' 'sources|--quiet' 'sources|--verbose' 'sources|--debug' 'sources|--no-color' 'pages|--profile' 'pages|--base-url' 'pages|--demo' 'pages|--timeout' 'pages|--quiet' 'pages|--verbose' 'pages|--debug' 'pages|--no-color' 'content-gaps|--profile' 'content-gaps|--base-url' 'content-gaps|--demo' 'content-gaps|--timeout' 'content-gaps|--quiet' 'content-gaps|--verbose' 'content-gaps|--debug' 'content-gaps|--no-color' 'brand-perception|--profile' 'brand-perception|--base-url' 'brand-perception|--demo' 'brand-perception|--timeout' 'brand-perception|--quiet' 'brand-perception|--verbose' 'brand-perception|--debug' 'brand-perception|--no-color' 'brand-perception transcript|--profile' 'brand-perception transcript|--base-url' 'brand-perception transcript|--demo' 'brand-perception transcript|--timeout' 'brand-perception transcript|--quiet' 'brand-perception transcript|--verbose' 'brand-perception transcript|--debug' 'brand-perception transcript|--no-color' 'forum|--profile' 'forum|--base-url' 'forum|--demo' 'forum|--timeout' 'forum|--quiet' 'forum|--verbose' 'forum|--debug' 'forum|--no-color' 'search-performance|--profile' 'search-performance|--base-url' 'search-performance|--demo' 'search-performance|--timeout' 'search-performance|--quiet' 'search-performance|--verbose' 'search-performance|--debug' 'search-performance|--no-color' 'technical|--profile' 'technical|--base-url' 'technical|--demo' 'technical|--timeout' 'technical|--quiet' 'technical|--verbose' 'technical|--debug' 'technical|--no-color' 'ai-crawlers|--profile' 'ai-crawlers|--base-url' 'ai-crawlers|--demo' 'ai-crawlers|--timeout' 'ai-crawlers|--quiet' 'ai-crawlers|--verbose' 'ai-crawlers|--debug' 'ai-crawlers|--no-color' 'ai-visitors|--profile' 'ai-visitors|--base-url' 'ai-visitors|--demo' 'ai-visitors|--timeout' 'ai-visitors|--quiet' 'ai-visitors|--verbose' 'ai-visitors|--debug' 'ai-visitors|--no-color' 'tasks|--profile' 'tasks|--base-url' 'tasks|--demo' 'tasks|--timeout' 'tasks|--quiet' 'tasks|--verbose' 'tasks|--debug' 'tasks|--no-color' 'weekly-plan|--profile' 'weekly-plan|--base-url' 'weekly-plan|--demo' 'weekly-plan|--timeout' 'weekly-plan|--quiet' 'weekly-plan|--verbose' 'weekly-plan|--debug' 'weekly-plan|--no-color' 'activity|--profile' 'activity|--base-url' 'activity|--demo' 'activity|--timeout' 'activity|--quiet' 'activity|--verbose' 'activity|--debug' 'activity|--no-color' 'pitches|--profile' 'pitches|--base-url' 'pitches|--demo' 'pitches|--timeout' 'pitches|--quiet' 'pitches|--verbose' 'pitches|--debug' 'pitches|--no-color' 'pitches create|--profile' 'pitches create|--base-url' 'pitches create|--demo' 'pitches create|--timeout' 'pitches create|--quiet' 'pitches create|--verbose' 'pitches create|--debug' 'pitches create|--no-color' 'changes|--profile' 'changes|--base-url' 'changes|--demo' 'changes|--timeout' 'changes|--quiet' 'changes|--verbose' 'changes|--debug' 'changes|--no-color' 'auth|--profile' 'auth|--base-url' 'auth|--demo' 'auth|--timeout' 'auth|--quiet' 'auth|--verbose' 'auth|--debug' 'auth|--no-color' 'auth login|--profile' 'auth login|--base-url' 'auth login|--demo' 'auth login|--timeout' 'auth login|--quiet' 'auth login|--verbose' 'auth login|--debug' 'auth login|--no-color' 'auth status|--profile' 'auth status|--base-url' 'auth status|--demo' 'auth status|--timeout' 'auth status|--quiet' 'auth status|--verbose' 'auth status|--debug' 'auth status|--no-color' 'auth logout|--profile' 'auth logout|--base-url' 'auth logout|--demo' 'auth logout|--timeout' 'auth logout|--quiet' 'auth logout|--verbose' 'auth logout|--debug' 'auth logout|--no-color' 'config|--profile' 'config|--base-url' 'config|--demo' 'config|--timeout' 'config|--quiet' 'config|--verbose' 'config|--debug' 'config|--no-color' 'config get|--profile' 'config get|--base-url' 'config get|--demo' 'config get|--timeout' 'config get|--quiet' 'config get|--verbose' 'config get|--debug' 'config get|--no-color' 'config set|--profile' 'config set|--base-url' 'config set|--demo' 'config set|--timeout' 'config set|--quiet' 'config set|--verbose' 'config set|--debug' 'config set|--no-color' 'config unset|--profile' 'config unset|--base-url' 'config unset|--demo' 'config unset|--timeout' 'config unset|--quiet' 'config unset|--verbose' 'config unset|--debug' 'config unset|--no-color' 'config list|--profile' 'config list|--base-url' 'config list|--demo' 'config list|--timeout' 'config list|--quiet' 'config list|--verbose' 'config list|--debug' 'config list|--no-color' 'config path|--profile' 'config path|--base-url' 'config path|--demo' 'config path|--timeout' 'config path|--quiet' 'config path|--verbose' 'config path|--debug' 'config path|--no-color' 'cache|--profile' 'cache|--base-url' 'cache|--demo' 'cache|--timeout' 'cache|--quiet' 'cache|--verbose' 'cache|--debug' 'cache|--no-color' 'cache status|--profile' 'cache status|--base-url' 'cache status|--demo' 'cache status|--timeout' 'cache status|--quiet' 'cache status|--verbose' 'cache status|--debug' 'cache status|--no-color' 'cache clear|--profile' 'cache clear|--base-url' 'cache clear|--demo' 'cache clear|--timeout' 'cache clear|--quiet' 'cache clear|--verbose' 'cache clear|--debug' 'cache clear|--no-color' 'api|--profile' 'api|--base-url' 'api|--demo' 'api|--timeout' 'api|--quiet' 'api|--verbose' 'api|--debug' 'api|--no-color' 'openapi|--profile' 'openapi|--base-url' 'openapi|--demo' 'openapi|--timeout' 'openapi|--quiet' 'openapi|--verbose' 'openapi|--debug' 'openapi|--no-color' 'export|--profile' 'export|--base-url' 'export|--demo' 'export|--timeout' 'export|--quiet' 'export|--verbose' 'export|--debug' 'export|--no-color' 'sandbox|--profile' 'sandbox|--base-url' 'sandbox|--demo' 'sandbox|--timeout' 'sandbox|--quiet' 'sandbox|--verbose' 'sandbox|--debug' 'sandbox|--no-color' 'completion|--profile' 'completion|--base-url' 'completion|--demo' 'completion|--timeout' 'completion|--quiet' 'completion|--verbose' 'completion|--debug' 'completion|--no-color' 'version|--profile' 'version|--base-url' 'version|--demo' 'version|--timeout' 'version|--quiet' 'version|--verbose' 'version|--debug' 'version|--no-color' 'help|--profile' 'help|--base-url' 'help|--demo' 'help|--timeout' 'help|--quiet' 'help|--verbose' 'help|--debug' 'help|--no-color'
            return 0
    end
    return 1
end

# Prints `vis __complete $argv[1]` candidates (brand or profile names, one a line).
function __vis_dynamic
    __vis_parse
    set -l cmd (commandline -opc)[1]
    $cmd __complete $argv[1] $__vis_account 2>/dev/null </dev/null
end

# No file names unless a flag asks for them.
complete -c vis -f

# Global flags, recognised before or after the command words: each offered where the
# command at the cursor takes it.
complete -c vis -n '__vis_global --version' -s V -l version -d 'print the version'
complete -c vis -n '__vis_global --profile' -l profile -x -a '(__vis_dynamic profiles)' -d 'saved profile to use (env VIS_PROFILE)'
complete -c vis -n '__vis_global --base-url' -l base-url -x -d 'API base address ending in /api/v1 (env VIS_BASE_URL)'
complete -c vis -n '__vis_global --demo' -l demo -d 'use the built-in sandbox: no key or network needed (env VIS_DEMO=1)'
complete -c vis -n '__vis_global --timeout' -l timeout -x -d 'per request, default 30'
complete -c vis -n '__vis_global --quiet' -s q -l quiet -d 'no spinner, progress or warnings on stderr'
complete -c vis -n '__vis_global --verbose' -l verbose -d 'one line per request on stderr (method, path, status, time, cache, reads spent), and a piped table\'s notes'
complete -c vis -n '__vis_global --debug' -l debug -d 'log each request to stderr; the key is never shown (env VIS_DEBUG=1)'
complete -c vis -n '__vis_global --no-color' -l no-color -d 'no colour (also NO_COLOR; FORCE_COLOR forces it)'
complete -c vis -s h -l help -d 'show help'

# vis
complete -c vis -n '__vis_at "" 0' -a brands -d 'List the brands of the account (free: no read spent)'
complete -c vis -n '__vis_at "" 0' -a markets -d 'List the markets (country + language) of a brand'
complete -c vis -n '__vis_at "" 0' -a usage -d 'Reads used and left this month, and when the budget resets (free)'
complete -c vis -n '__vis_at "" 0' -a overview -d 'Home summary: visibility, share of voice, position, citations, readiness'
complete -c vis -n '__vis_at "" 0' -a visibility -d 'Brand-wide visibility score (0-100) with 12 weeks of history'
complete -c vis -n '__vis_at "" 0' -a topics -d 'All topics: visibility, change over the period, rank, rivals named instead'
complete -c vis -n '__vis_at "" 0' -a prompts -d 'Buyer question by engine matrix: dominant state, rate, position'
complete -c vis -n '__vis_at "" 0' -a answers -d 'Answers by question: how often AI named the brand, each engine’s state'
complete -c vis -n '__vis_at "" 0' -a competitors -d 'Share of voice per competitor over the last 30 days'
complete -c vis -n '__vis_at "" 0' -a sources -d 'Sources AI cites in answers about the brand’s topics'
complete -c vis -n '__vis_at "" 0' -a pages -d 'The brand’s own pages AI cites, now versus the previous period'
complete -c vis -n '__vis_at "" 0' -a content-gaps -d 'Per question: does the brand have a page, does AI cite it, what to do'
complete -c vis -n '__vis_at "" 0' -a brand-perception -d 'Per engine: does AI know the brand, would it recommend it (Pro, Growth)'
complete -c vis -n '__vis_at "" 0' -a perception -d 'Per engine: does AI know the brand, would it recommend it (Pro, Growth)'
complete -c vis -n '__vis_at "" 0' -a forum -d 'Forum threads buyers write, by topic, and whether AI cites them (Pro, Growth)'
complete -c vis -n '__vis_at "" 0' -a search-performance -d 'Search clicks, impressions and position joined to AI citations'
complete -c vis -n '__vis_at "" 0' -a technical -d 'Latest technical scan: AI readiness score, per-engine scores, issues'
complete -c vis -n '__vis_at "" 0' -a ai-crawlers -d 'Which AI bots read the brand’s pages, how often, which pages (Pro, Growth)'
complete -c vis -n '__vis_at "" 0' -a ai-visitors -d 'Visits from AI engines (Pro, Growth)'
complete -c vis -n '__vis_at "" 0' -a tasks -d 'Tasks, best first, with open counts per layer (Pro, Growth)'
complete -c vis -n '__vis_at "" 0' -a weekly-plan -d 'The weekly board: To do, In progress, Done (Pro, Growth)'
complete -c vis -n '__vis_at "" 0' -a activity -d 'Activity feed'
complete -c vis -n '__vis_at "" 0' -a pitches -d 'Pitch reports about prospects'
complete -c vis -n '__vis_at "" 0' -a changes -d 'What changed between the two newest recorded days: topics, answer states, competitors, pages, issues'
complete -c vis -n '__vis_at "" 0' -a auth -d 'Log in, log out, and see which key is in use'
complete -c vis -n '__vis_at "" 0' -a config -d 'Read and change saved settings (base URL, brand, market, format)'
complete -c vis -n '__vis_at "" 0' -a cache -d 'The local response cache: status and clear'
complete -c vis -n '__vis_at "" 0' -a api -d 'Raw GET of any API path, for what the commands do not cover yet'
complete -c vis -n '__vis_at "" 0' -a openapi -d 'Print the API’s OpenAPI description ({base_url}/openapi.json)'
complete -c vis -n '__vis_at "" 0' -a export -d 'Write every endpoint to files (csv or json) with a manifest, for cron jobs'
complete -c vis -n '__vis_at "" 0' -a sandbox -d 'Serve the whole API on loopback from built-in data, with demo keys'
complete -c vis -n '__vis_at "" 0' -a completion -d 'Print the shell completion script for bash, zsh or fish'
complete -c vis -n '__vis_at "" 0' -a version -d 'Print the version of vis (also vis --version)'
complete -c vis -n '__vis_at "" 0' -a help -d 'Help for a command, or a topic: exit-codes, environment, options'

# vis brands
complete -c vis -n '__vis_at "brands"' -s f -l format -x -a 'table json csv' -d 'table, json or csv (env VIS_FORMAT)'
complete -c vis -n '__vis_at "brands"' -s o -l output -r -F -d 'write to this file instead of stdout: a regular file is replaced atomically, a device or FIFO written in place; - is stdout'
complete -c vis -n '__vis_at "brands"' -l columns -x -d 'csv/table: pick and order columns'
complete -c vis -n '__vis_at "brands"' -l rows -x -d 'csv/table: the rows: an array inside data, an object inside data (one row), or . (all of data, one row)'
complete -c vis -n '__vis_at "brands"' -l wide -d 'table: keep long text whole'
complete -c vis -n '__vis_at "brands"' -l no-pager -d 'never page long output on a terminal (also VIS_PAGER=)'
complete -c vis -n '__vis_at "brands"' -l sort -x -a 'id name domain primary_market markets integrations.search_console' -d 'sort the rows by this column as csv names it, numbers as numbers; -column for descending'
complete -c vis -n '__vis_at "brands"' -l top -x -d 'only the first n rows after --sort, cut by vis from the answer (unlike --limit, which the API applies)'
complete -c vis -n '__vis_at "brands"' -l param -x -d 'add a query parameter verbatim (repeatable)'

# vis markets
complete -c vis -n '__vis_at "markets"' -s b -l brand -x -a '(__vis_dynamic brands)' -d 'brand id, or a brand name (env VIS_BRAND)'
complete -c vis -n '__vis_at "markets"' -s f -l format -x -a 'table json csv' -d 'table, json or csv (env VIS_FORMAT)'
complete -c vis -n '__vis_at "markets"' -s o -l output -r -F -d 'write to this file instead of stdout: a regular file is replaced atomically, a device or FIFO written in place; - is stdout'
complete -c vis -n '__vis_at "markets"' -l columns -x -d 'csv/table: pick and order columns'
complete -c vis -n '__vis_at "markets"' -l rows -x -d 'csv/table: the rows: an array inside data, an object inside data (one row), or . (all of data, one row)'
complete -c vis -n '__vis_at "markets"' -l wide -d 'table: keep long text whole'
complete -c vis -n '__vis_at "markets"' -l no-pager -d 'never page long output on a terminal (also VIS_PAGER=)'
complete -c vis -n '__vis_at "markets"' -l sort -x -a 'id code country language label primary' -d 'sort the rows by this column as csv names it, numbers as numbers; -column for descending'
complete -c vis -n '__vis_at "markets"' -l top -x -d 'only the first n rows after --sort, cut by vis from the answer (unlike --limit, which the API applies)'
complete -c vis -n '__vis_at "markets"' -l refresh -d 'read from the API even when the cache holds the answer, and cache the new one'
complete -c vis -n '__vis_at "markets"' -l no-cache -d 'neither read nor write the local cache (also VIS_CACHE=off)'
complete -c vis -n '__vis_at "markets"' -l param -x -d 'add a query parameter verbatim (repeatable)'

# vis usage
complete -c vis -n '__vis_at "usage"' -s f -l format -x -a 'table json csv' -d 'table, json or csv (env VIS_FORMAT)'
complete -c vis -n '__vis_at "usage"' -s o -l output -r -F -d 'write to this file instead of stdout: a regular file is replaced atomically, a device or FIFO written in place; - is stdout'
complete -c vis -n '__vis_at "usage"' -l columns -x -d 'csv/table: pick and order columns'
complete -c vis -n '__vis_at "usage"' -l rows -x -d 'csv/table: the rows: an array inside data, an object inside data (one row), or . (all of data, one row)'
complete -c vis -n '__vis_at "usage"' -l wide -d 'table: keep long text whole'
complete -c vis -n '__vis_at "usage"' -l no-pager -d 'never page long output on a terminal (also VIS_PAGER=)'
complete -c vis -n '__vis_at "usage"' -l param -x -d 'add a query parameter verbatim (repeatable)'

# vis overview
complete -c vis -n '__vis_at "overview"' -s b -l brand -x -a '(__vis_dynamic brands)' -d 'brand id, or a brand name (env VIS_BRAND)'
complete -c vis -n '__vis_at "overview"' -l all-brands -d 'every brand of the account in one output (--brand A,B, or repeated, names several)'
complete -c vis -n '__vis_at "overview"' -s m -l market -x -d 'market: US-en, US, or a market id (env VIS_MARKET)'
complete -c vis -n '__vis_at "overview"' -l all-markets -d 'each brand\'s live markets in one output (--market A,B, or repeated, names several)'
complete -c vis -n '__vis_at "overview"' -s d -l days -x -d 'period: days back ending today, 1-90'
complete -c vis -n '__vis_at "overview"' -l from -x -d 'period start, YYYY-MM-DD (at most 90 days before --to)'
complete -c vis -n '__vis_at "overview"' -l to -x -d 'period end, YYYY-MM-DD (default today; needs --from)'
complete -c vis -n '__vis_at "overview"' -s f -l format -x -a 'table json csv' -d 'table, json or csv (env VIS_FORMAT)'
complete -c vis -n '__vis_at "overview"' -s o -l output -r -F -d 'write to this file instead of stdout: a regular file is replaced atomically, a device or FIFO written in place; - is stdout'
complete -c vis -n '__vis_at "overview"' -l columns -x -d 'csv/table: pick and order columns'
complete -c vis -n '__vis_at "overview"' -l rows -x -d 'csv/table: the rows: an array inside data, an object inside data (one row), or . (all of data, one row)'
complete -c vis -n '__vis_at "overview"' -l wide -d 'table: keep long text whole'
complete -c vis -n '__vis_at "overview"' -l no-pager -d 'never page long output on a terminal (also VIS_PAGER=)'
complete -c vis -n '__vis_at "overview"' -l refresh -d 'read from the API even when the cache holds the answer, and cache the new one'
complete -c vis -n '__vis_at "overview"' -l no-cache -d 'neither read nor write the local cache (also VIS_CACHE=off)'
complete -c vis -n '__vis_at "overview"' -l param -x -d 'add a query parameter verbatim (repeatable)'

# vis visibility
complete -c vis -n '__vis_at "visibility"' -s b -l brand -x -a '(__vis_dynamic brands)' -d 'brand id, or a brand name (env VIS_BRAND)'
complete -c vis -n '__vis_at "visibility"' -l all-brands -d 'every brand of the account in one output (--brand A,B, or repeated, names several)'
complete -c vis -n '__vis_at "visibility"' -s m -l market -x -d 'market: US-en, US, or a market id (env VIS_MARKET)'
complete -c vis -n '__vis_at "visibility"' -l all-markets -d 'each brand\'s live markets in one output (--market A,B, or repeated, names several)'
complete -c vis -n '__vis_at "visibility"' -s f -l format -x -a 'table json csv' -d 'table, json or csv (env VIS_FORMAT)'
complete -c vis -n '__vis_at "visibility"' -s o -l output -r -F -d 'write to this file instead of stdout: a regular file is replaced atomically, a device or FIFO written in place; - is stdout'
complete -c vis -n '__vis_at "visibility"' -l columns -x -d 'csv/table: pick and order columns'
complete -c vis -n '__vis_at "visibility"' -l rows -x -d 'csv/table: the rows: an array inside data, an object inside data (one row), or . (all of data, one row)'
complete -c vis -n '__vis_at "visibility"' -l wide -d 'table: keep long text whole'
complete -c vis -n '__vis_at "visibility"' -l no-pager -d 'never page long output on a terminal (also VIS_PAGER=)'
complete -c vis -n '__vis_at "visibility"' -l sort -x -a 'week_start week_end score' -d 'sort the rows by this column as csv names it, numbers as numbers; -column for descending'
complete -c vis -n '__vis_at "visibility"' -l top -x -d 'only the first n rows after --sort, cut by vis from the answer (unlike --limit, which the API applies)'
complete -c vis -n '__vis_at "visibility"' -l refresh -d 'read from the API even when the cache holds the answer, and cache the new one'
complete -c vis -n '__vis_at "visibility"' -l no-cache -d 'neither read nor write the local cache (also VIS_CACHE=off)'
complete -c vis -n '__vis_at "visibility"' -l param -x -d 'add a query parameter verbatim (repeatable)'

# vis topics
complete -c vis -n '__vis_at "topics"' -s b -l brand -x -a '(__vis_dynamic brands)' -d 'brand id, or a brand name (env VIS_BRAND)'
complete -c vis -n '__vis_at "topics"' -l all-brands -d 'every brand of the account in one output (--brand A,B, or repeated, names several)'
complete -c vis -n '__vis_at "topics"' -s m -l market -x -d 'market: US-en, US, or a market id (env VIS_MARKET)'
complete -c vis -n '__vis_at "topics"' -l all-markets -d 'each brand\'s live markets in one output (--market A,B, or repeated, names several)'
complete -c vis -n '__vis_at "topics"' -s d -l days -x -d 'period: days back ending today, 1-90'
complete -c vis -n '__vis_at "topics"' -l from -x -d 'period start, YYYY-MM-DD (at most 90 days before --to)'
complete -c vis -n '__vis_at "topics"' -l to -x -d 'period end, YYYY-MM-DD (default today; needs --from)'
complete -c vis -n '__vis_at "topics"' -s f -l format -x -a 'table json csv' -d 'table, json or csv (env VIS_FORMAT)'
complete -c vis -n '__vis_at "topics"' -s o -l output -r -F -d 'write to this file instead of stdout: a regular file is replaced atomically, a device or FIFO written in place; - is stdout'
complete -c vis -n '__vis_at "topics"' -l columns -x -d 'csv/table: pick and order columns'
complete -c vis -n '__vis_at "topics"' -l rows -x -d 'csv/table: the rows: an array inside data, an object inside data (one row), or . (all of data, one row)'
complete -c vis -n '__vis_at "topics"' -l wide -d 'table: keep long text whole'
complete -c vis -n '__vis_at "topics"' -l no-pager -d 'never page long output on a terminal (also VIS_PAGER=)'
complete -c vis -n '__vis_at "topics"' -l sort -x -a 'id name visibility change rank share_of_voice rivals questions' -d 'sort the rows by this column as csv names it, numbers as numbers; -column for descending'
complete -c vis -n '__vis_at "topics"' -l top -x -d 'only the first n rows after --sort, cut by vis from the answer (unlike --limit, which the API applies)'
complete -c vis -n '__vis_at "topics"' -l refresh -d 'read from the API even when the cache holds the answer, and cache the new one'
complete -c vis -n '__vis_at "topics"' -l no-cache -d 'neither read nor write the local cache (also VIS_CACHE=off)'
complete -c vis -n '__vis_at "topics"' -l param -x -d 'add a query parameter verbatim (repeatable)'

# vis prompts
complete -c vis -n '__vis_at "prompts"' -s b -l brand -x -a '(__vis_dynamic brands)' -d 'brand id, or a brand name (env VIS_BRAND)'
complete -c vis -n '__vis_at "prompts"' -l all-brands -d 'every brand of the account in one output (--brand A,B, or repeated, names several)'
complete -c vis -n '__vis_at "prompts"' -s m -l market -x -d 'market: US-en, US, or a market id (env VIS_MARKET)'
complete -c vis -n '__vis_at "prompts"' -l all-markets -d 'each brand\'s live markets in one output (--market A,B, or repeated, names several)'
complete -c vis -n '__vis_at "prompts"' -s f -l format -x -a 'table json csv' -d 'table, json or csv (env VIS_FORMAT)'
complete -c vis -n '__vis_at "prompts"' -s o -l output -r -F -d 'write to this file instead of stdout: a regular file is replaced atomically, a device or FIFO written in place; - is stdout'
complete -c vis -n '__vis_at "prompts"' -l columns -x -d 'csv/table: pick and order columns'
complete -c vis -n '__vis_at "prompts"' -l rows -x -d 'csv/table: the rows: an array inside data, an object inside data (one row), or . (all of data, one row)'
complete -c vis -n '__vis_at "prompts"' -l wide -d 'table: keep long text whole'
complete -c vis -n '__vis_at "prompts"' -l no-pager -d 'never page long output on a terminal (also VIS_PAGER=)'
complete -c vis -n '__vis_at "prompts"' -l sort -x -a 'id prompt topic_id engines.chatgpt.state engines.chatgpt.rate engines.chatgpt.position engines.perplexity.state engines.perplexity.rate engines.perplexity.position engines.gemini.state engines.gemini.rate engines.gemini.position engines.claude.state engines.claude.rate engines.claude.position engines.copilot.state engines.copilot.rate engines.copilot.position' -d 'sort the rows by this column as csv names it, numbers as numbers; -column for descending'
complete -c vis -n '__vis_at "prompts"' -l top -x -d 'only the first n rows after --sort, cut by vis from the answer (unlike --limit, which the API applies)'
complete -c vis -n '__vis_at "prompts"' -l engine -x -a '(__vis_dynamic engines)' -d 'only these engines, comma-separated or repeatable: their rows, or their columns of a matrix'
complete -c vis -n '__vis_at "prompts"' -l state -x -a 'open absent mentioned recommended no_answer' -d 'only rows where an engine (of --engine, else any) is in one of these states, comma-separated or repeatable'
complete -c vis -n '__vis_at "prompts"' -l refresh -d 'read from the API even when the cache holds the answer, and cache the new one'
complete -c vis -n '__vis_at "prompts"' -l no-cache -d 'neither read nor write the local cache (also VIS_CACHE=off)'
complete -c vis -n '__vis_at "prompts"' -l param -x -d 'add a query parameter verbatim (repeatable)'

# vis answers
complete -c vis -n '__vis_at "answers" 0' -a runs -d 'The exact answer text each engine gave for one question, per run'
complete -c vis -n '__vis_at "answers" 0' -a history -d 'Historical answers'
complete -c vis -n '__vis_at "answers"' -s b -l brand -x -a '(__vis_dynamic brands)' -d 'brand id, or a brand name (env VIS_BRAND)'
complete -c vis -n '__vis_at "answers"' -l all-brands -d 'every brand of the account in one output (--brand A,B, or repeated, names several)'
complete -c vis -n '__vis_at "answers"' -s m -l market -x -d 'market: US-en, US, or a market id (env VIS_MARKET)'
complete -c vis -n '__vis_at "answers"' -l all-markets -d 'each brand\'s live markets in one output (--market A,B, or repeated, names several)'
complete -c vis -n '__vis_at "answers"' -s f -l format -x -a 'table json csv' -d 'table, json or csv (env VIS_FORMAT)'
complete -c vis -n '__vis_at "answers"' -s o -l output -r -F -d 'write to this file instead of stdout: a regular file is replaced atomically, a device or FIFO written in place; - is stdout'
complete -c vis -n '__vis_at "answers"' -l columns -x -d 'csv/table: pick and order columns'
complete -c vis -n '__vis_at "answers"' -l rows -x -d 'csv/table: the rows: an array inside data, an object inside data (one row), or . (all of data, one row)'
complete -c vis -n '__vis_at "answers"' -l wide -d 'table: keep long text whole'
complete -c vis -n '__vis_at "answers"' -l no-pager -d 'never page long output on a terminal (also VIS_PAGER=)'
complete -c vis -n '__vis_at "answers"' -l sort -x -a 'id prompt topic_id topic rate runs_counted named engines.chatgpt engines.perplexity engines.gemini engines.claude engines.copilot' -d 'sort the rows by this column as csv names it, numbers as numbers; -column for descending'
complete -c vis -n '__vis_at "answers"' -l top -x -d 'only the first n rows after --sort, cut by vis from the answer (unlike --limit, which the API applies)'
complete -c vis -n '__vis_at "answers"' -l engine -x -a '(__vis_dynamic engines)' -d 'only these engines, comma-separated or repeatable: their rows, or their columns of a matrix'
complete -c vis -n '__vis_at "answers"' -l state -x -a 'open absent mentioned recommended no_answer' -d 'only rows where an engine (of --engine, else any) is in one of these states, comma-separated or repeatable'
complete -c vis -n '__vis_at "answers"' -l refresh -d 'read from the API even when the cache holds the answer, and cache the new one'
complete -c vis -n '__vis_at "answers"' -l no-cache -d 'neither read nor write the local cache (also VIS_CACHE=off)'
complete -c vis -n '__vis_at "answers"' -l param -x -d 'add a query parameter verbatim (repeatable)'

# vis answers runs
complete -c vis -n '__vis_at "answers runs"' -l prompt -x -d 'the question’s id as `vis answers` shows it (looked up there: one more read, unless cached) or its text'
complete -c vis -n '__vis_at "answers runs"' -s b -l brand -x -a '(__vis_dynamic brands)' -d 'brand id, or a brand name (env VIS_BRAND)'
complete -c vis -n '__vis_at "answers runs"' -s m -l market -x -d 'market: US-en, US, or a market id (env VIS_MARKET)'
complete -c vis -n '__vis_at "answers runs"' -s f -l format -x -a 'table json csv' -d 'table, json or csv (env VIS_FORMAT)'
complete -c vis -n '__vis_at "answers runs"' -s o -l output -r -F -d 'write to this file instead of stdout: a regular file is replaced atomically, a device or FIFO written in place; - is stdout'
complete -c vis -n '__vis_at "answers runs"' -l columns -x -d 'csv/table: pick and order columns'
complete -c vis -n '__vis_at "answers runs"' -l rows -x -d 'csv/table: the rows: an array inside data, an object inside data (one row), or . (all of data, one row)'
complete -c vis -n '__vis_at "answers runs"' -l wide -d 'table: keep long text whole'
complete -c vis -n '__vis_at "answers runs"' -l no-pager -d 'never page long output on a terminal (also VIS_PAGER=)'
complete -c vis -n '__vis_at "answers runs"' -l sort -x -a 'engine run_at state named_brand position brands_named answer citations' -d 'sort the rows by this column as csv names it, numbers as numbers; -column for descending'
complete -c vis -n '__vis_at "answers runs"' -l top -x -d 'only the first n rows after --sort, cut by vis from the answer (unlike --limit, which the API applies)'
complete -c vis -n '__vis_at "answers runs"' -l engine -x -a '(__vis_dynamic engines)' -d 'only these engines, comma-separated or repeatable: their rows, or their columns of a matrix'
complete -c vis -n '__vis_at "answers runs"' -l refresh -d 'read from the API even when the cache holds the answer, and cache the new one'
complete -c vis -n '__vis_at "answers runs"' -l no-cache -d 'neither read nor write the local cache (also VIS_CACHE=off)'
complete -c vis -n '__vis_at "answers runs"' -l param -x -d 'add a query parameter verbatim (repeatable)'

# vis answers history
complete -c vis -n '__vis_at "answers history"' -s b -l brand -x -a '(__vis_dynamic brands)' -d 'brand id, or a brand name (env VIS_BRAND)'
complete -c vis -n '__vis_at "answers history"' -l all-brands -d 'every brand of the account in one output (--brand A,B, or repeated, names several)'
complete -c vis -n '__vis_at "answers history"' -s m -l market -x -d 'market: US-en, US, or a market id (env VIS_MARKET)'
complete -c vis -n '__vis_at "answers history"' -l all-markets -d 'each brand\'s live markets in one output (--market A,B, or repeated, names several)'
complete -c vis -n '__vis_at "answers history"' -s d -l days -x -d 'period: days back ending today, 1-90'
complete -c vis -n '__vis_at "answers history"' -l from -x -d 'period start, YYYY-MM-DD (at most 90 days before --to)'
complete -c vis -n '__vis_at "answers history"' -l to -x -d 'period end, YYYY-MM-DD (default today; needs --from)'
complete -c vis -n '__vis_at "answers history"' -s f -l format -x -a 'table json csv' -d 'table, json or csv (env VIS_FORMAT)'
complete -c vis -n '__vis_at "answers history"' -s o -l output -r -F -d 'write to this file instead of stdout: a regular file is replaced atomically, a device or FIFO written in place; - is stdout'
complete -c vis -n '__vis_at "answers history"' -l columns -x -d 'csv/table: pick and order columns'
complete -c vis -n '__vis_at "answers history"' -l rows -x -d 'csv/table: the rows: an array inside data, an object inside data (one row), or . (all of data, one row)'
complete -c vis -n '__vis_at "answers history"' -l wide -d 'table: keep long text whole'
complete -c vis -n '__vis_at "answers history"' -l no-pager -d 'never page long output on a terminal (also VIS_PAGER=)'
complete -c vis -n '__vis_at "answers history"' -l sort -x -a 'date prompt_id prompt topic_id rate engines.chatgpt engines.perplexity engines.gemini engines.claude engines.copilot' -d 'sort the rows by this column as csv names it, numbers as numbers; -column for descending'
complete -c vis -n '__vis_at "answers history"' -l top -x -d 'only the first n rows after --sort, cut by vis from the answer (unlike --limit, which the API applies)'
complete -c vis -n '__vis_at "answers history"' -l refresh -d 'read from the API even when the cache holds the answer, and cache the new one'
complete -c vis -n '__vis_at "answers history"' -l no-cache -d 'neither read nor write the local cache (also VIS_CACHE=off)'
complete -c vis -n '__vis_at "answers history"' -l param -x -d 'add a query parameter verbatim (repeatable)'

# vis competitors
complete -c vis -n '__vis_at "competitors"' -s b -l brand -x -a '(__vis_dynamic brands)' -d 'brand id, or a brand name (env VIS_BRAND)'
complete -c vis -n '__vis_at "competitors"' -l all-brands -d 'every brand of the account in one output (--brand A,B, or repeated, names several)'
complete -c vis -n '__vis_at "competitors"' -s m -l market -x -d 'market: US-en, US, or a market id (env VIS_MARKET)'
complete -c vis -n '__vis_at "competitors"' -l all-markets -d 'each brand\'s live markets in one output (--market A,B, or repeated, names several)'
complete -c vis -n '__vis_at "competitors"' -s f -l format -x -a 'table json csv' -d 'table, json or csv (env VIS_FORMAT)'
complete -c vis -n '__vis_at "competitors"' -s o -l output -r -F -d 'write to this file instead of stdout: a regular file is replaced atomically, a device or FIFO written in place; - is stdout'
complete -c vis -n '__vis_at "competitors"' -l columns -x -d 'csv/table: pick and order columns'
complete -c vis -n '__vis_at "competitors"' -l rows -x -d 'csv/table: the rows: an array inside data, an object inside data (one row), or . (all of data, one row)'
complete -c vis -n '__vis_at "competitors"' -l wide -d 'table: keep long text whole'
complete -c vis -n '__vis_at "competitors"' -l no-pager -d 'never page long output on a terminal (also VIS_PAGER=)'
complete -c vis -n '__vis_at "competitors"' -l sort -x -a 'name domain is_brand share_of_voice change visibility mentions position questions citations' -d 'sort the rows by this column as csv names it, numbers as numbers; -column for descending'
complete -c vis -n '__vis_at "competitors"' -l top -x -d 'only the first n rows after --sort, cut by vis from the answer (unlike --limit, which the API applies)'
complete -c vis -n '__vis_at "competitors"' -l refresh -d 'read from the API even when the cache holds the answer, and cache the new one'
complete -c vis -n '__vis_at "competitors"' -l no-cache -d 'neither read nor write the local cache (also VIS_CACHE=off)'
complete -c vis -n '__vis_at "competitors"' -l param -x -d 'add a query parameter verbatim (repeatable)'

# vis sources
complete -c vis -n '__vis_at "sources"' -s b -l brand -x -a '(__vis_dynamic brands)' -d 'brand id, or a brand name (env VIS_BRAND)'
complete -c vis -n '__vis_at "sources"' -l all-brands -d 'every brand of the account in one output (--brand A,B, or repeated, names several)'
complete -c vis -n '__vis_at "sources"' -s m -l market -x -d 'market: US-en, US, or a market id (env VIS_MARKET)'
complete -c vis -n '__vis_at "sources"' -l all-markets -d 'each brand\'s live markets in one output (--market A,B, or repeated, names several)'
complete -c vis -n '__vis_at "sources"' -s d -l days -x -d 'period: days back ending today, 1-90'
complete -c vis -n '__vis_at "sources"' -l from -x -d 'period start, YYYY-MM-DD (at most 90 days before --to)'
complete -c vis -n '__vis_at "sources"' -l to -x -d 'period end, YYYY-MM-DD (default today; needs --from)'
complete -c vis -n '__vis_at "sources"' -s f -l format -x -a 'table json csv' -d 'table, json or csv (env VIS_FORMAT)'
complete -c vis -n '__vis_at "sources"' -s o -l output -r -F -d 'write to this file instead of stdout: a regular file is replaced atomically, a device or FIFO written in place; - is stdout'
complete -c vis -n '__vis_at "sources"' -l columns -x -d 'csv/table: pick and order columns'
complete -c vis -n '__vis_at "sources"' -l rows -x -d 'csv/table: the rows: an array inside data, an object inside data (one row), or . (all of data, one row)'
complete -c vis -n '__vis_at "sources"' -l wide -d 'table: keep long text whole'
complete -c vis -n '__vis_at "sources"' -l no-pager -d 'never page long output on a terminal (also VIS_PAGER=)'
complete -c vis -n '__vis_at "sources"' -l sort -x -a 'domain kind owner citations share engines.chatgpt engines.perplexity engines.gemini engines.claude engines.copilot topics top_url' -d 'sort the rows by this column as csv names it, numbers as numbers; -column for descending'
complete -c vis -n '__vis_at "sources"' -l top -x -d 'only the first n rows after --sort, cut by vis from the answer (unlike --limit, which the API applies)'
complete -c vis -n '__vis_at "sources"' -l refresh -d 'read from the API even when the cache holds the answer, and cache the new one'
complete -c vis -n '__vis_at "sources"' -l no-cache -d 'neither read nor write the local cache (also VIS_CACHE=off)'
complete -c vis -n '__vis_at "sources"' -l param -x -d 'add a query parameter verbatim (repeatable)'

# vis pages
complete -c vis -n '__vis_at "pages"' -s b -l brand -x -a '(__vis_dynamic brands)' -d 'brand id, or a brand name (env VIS_BRAND)'
complete -c vis -n '__vis_at "pages"' -l all-brands -d 'every brand of the account in one output (--brand A,B, or repeated, names several)'
complete -c vis -n '__vis_at "pages"' -s m -l market -x -d 'market: US-en, US, or a market id (env VIS_MARKET)'
complete -c vis -n '__vis_at "pages"' -l all-markets -d 'each brand\'s live markets in one output (--market A,B, or repeated, names several)'
complete -c vis -n '__vis_at "pages"' -s d -l days -x -d 'period: days back ending today, 1-90'
complete -c vis -n '__vis_at "pages"' -l from -x -d 'period start, YYYY-MM-DD (at most 90 days before --to)'
complete -c vis -n '__vis_at "pages"' -l to -x -d 'period end, YYYY-MM-DD (default today; needs --from)'
complete -c vis -n '__vis_at "pages"' -s f -l format -x -a 'table json csv' -d 'table, json or csv (env VIS_FORMAT)'
complete -c vis -n '__vis_at "pages"' -s o -l output -r -F -d 'write to this file instead of stdout: a regular file is replaced atomically, a device or FIFO written in place; - is stdout'
complete -c vis -n '__vis_at "pages"' -l columns -x -d 'csv/table: pick and order columns'
complete -c vis -n '__vis_at "pages"' -l rows -x -d 'csv/table: the rows: an array inside data, an object inside data (one row), or . (all of data, one row)'
complete -c vis -n '__vis_at "pages"' -l wide -d 'table: keep long text whole'
complete -c vis -n '__vis_at "pages"' -l no-pager -d 'never page long output on a terminal (also VIS_PAGER=)'
complete -c vis -n '__vis_at "pages"' -l sort -x -a 'url title topic_id citations previous_citations change engines.chatgpt engines.perplexity engines.gemini engines.claude engines.copilot' -d 'sort the rows by this column as csv names it, numbers as numbers; -column for descending'
complete -c vis -n '__vis_at "pages"' -l top -x -d 'only the first n rows after --sort, cut by vis from the answer (unlike --limit, which the API applies)'
complete -c vis -n '__vis_at "pages"' -l engine -x -a '(__vis_dynamic engines)' -d 'only these engines, comma-separated or repeatable: their rows, or their columns of a matrix'
complete -c vis -n '__vis_at "pages"' -l refresh -d 'read from the API even when the cache holds the answer, and cache the new one'
complete -c vis -n '__vis_at "pages"' -l no-cache -d 'neither read nor write the local cache (also VIS_CACHE=off)'
complete -c vis -n '__vis_at "pages"' -l param -x -d 'add a query parameter verbatim (repeatable)'

# vis content-gaps
complete -c vis -n '__vis_at "content-gaps"' -s b -l brand -x -a '(__vis_dynamic brands)' -d 'brand id, or a brand name (env VIS_BRAND)'
complete -c vis -n '__vis_at "content-gaps"' -l all-brands -d 'every brand of the account in one output (--brand A,B, or repeated, names several)'
complete -c vis -n '__vis_at "content-gaps"' -s m -l market -x -d 'market: US-en, US, or a market id (env VIS_MARKET)'
complete -c vis -n '__vis_at "content-gaps"' -l all-markets -d 'each brand\'s live markets in one output (--market A,B, or repeated, names several)'
complete -c vis -n '__vis_at "content-gaps"' -s f -l format -x -a 'table json csv' -d 'table, json or csv (env VIS_FORMAT)'
complete -c vis -n '__vis_at "content-gaps"' -s o -l output -r -F -d 'write to this file instead of stdout: a regular file is replaced atomically, a device or FIFO written in place; - is stdout'
complete -c vis -n '__vis_at "content-gaps"' -l columns -x -d 'csv/table: pick and order columns'
complete -c vis -n '__vis_at "content-gaps"' -l rows -x -d 'csv/table: the rows: an array inside data, an object inside data (one row), or . (all of data, one row)'
complete -c vis -n '__vis_at "content-gaps"' -l wide -d 'table: keep long text whole'
complete -c vis -n '__vis_at "content-gaps"' -l no-pager -d 'never page long output on a terminal (also VIS_PAGER=)'
complete -c vis -n '__vis_at "content-gaps"' -l sort -x -a 'prompt_id prompt topic_id topic has_page page_url cited citations cited_by action reason' -d 'sort the rows by this column as csv names it, numbers as numbers; -column for descending'
complete -c vis -n '__vis_at "content-gaps"' -l top -x -d 'only the first n rows after --sort, cut by vis from the answer (unlike --limit, which the API applies)'
complete -c vis -n '__vis_at "content-gaps"' -l action -x -a 'write improve leave' -d 'only rows with one of these actions, comma-separated or repeatable'
complete -c vis -n '__vis_at "content-gaps"' -l refresh -d 'read from the API even when the cache holds the answer, and cache the new one'
complete -c vis -n '__vis_at "content-gaps"' -l no-cache -d 'neither read nor write the local cache (also VIS_CACHE=off)'
complete -c vis -n '__vis_at "content-gaps"' -l param -x -d 'add a query parameter verbatim (repeatable)'

# vis brand-perception
complete -c vis -n '__vis_at "brand-perception" 0' -a transcript -d 'The perception transcript: what each engine was asked and said (Pro, Growth)'
complete -c vis -n '__vis_at "brand-perception"' -s b -l brand -x -a '(__vis_dynamic brands)' -d 'brand id, or a brand name (env VIS_BRAND)'
complete -c vis -n '__vis_at "brand-perception"' -l all-brands -d 'every brand of the account in one output (--brand A,B, or repeated, names several)'
complete -c vis -n '__vis_at "brand-perception"' -s m -l market -x -d 'market: US-en, US, or a market id (env VIS_MARKET)'
complete -c vis -n '__vis_at "brand-perception"' -l all-markets -d 'each brand\'s live markets in one output (--market A,B, or repeated, names several)'
complete -c vis -n '__vis_at "brand-perception"' -s d -l days -x -d 'period: days back ending today, 1-90'
complete -c vis -n '__vis_at "brand-perception"' -l from -x -d 'period start, YYYY-MM-DD (at most 90 days before --to)'
complete -c vis -n '__vis_at "brand-perception"' -l to -x -d 'period end, YYYY-MM-DD (default today; needs --from)'
complete -c vis -n '__vis_at "brand-perception"' -s f -l format -x -a 'table json csv' -d 'table, json or csv (env VIS_FORMAT)'
complete -c vis -n '__vis_at "brand-perception"' -s o -l output -r -F -d 'write to this file instead of stdout: a regular file is replaced atomically, a device or FIFO written in place; - is stdout'
complete -c vis -n '__vis_at "brand-perception"' -l columns -x -d 'csv/table: pick and order columns'
complete -c vis -n '__vis_at "brand-perception"' -l rows -x -d 'csv/table: the rows: an array inside data, an object inside data (one row), or . (all of data, one row)'
complete -c vis -n '__vis_at "brand-perception"' -l wide -d 'table: keep long text whole'
complete -c vis -n '__vis_at "brand-perception"' -l no-pager -d 'never page long output on a terminal (also VIS_PAGER=)'
complete -c vis -n '__vis_at "brand-perception"' -l sort -x -a 'engine label knows recommends sentiment says history' -d 'sort the rows by this column as csv names it, numbers as numbers; -column for descending'
complete -c vis -n '__vis_at "brand-perception"' -l top -x -d 'only the first n rows after --sort, cut by vis from the answer (unlike --limit, which the API applies)'
complete -c vis -n '__vis_at "brand-perception"' -l engine -x -a '(__vis_dynamic engines)' -d 'only these engines, comma-separated or repeatable: their rows, or their columns of a matrix'
complete -c vis -n '__vis_at "brand-perception"' -l refresh -d 'read from the API even when the cache holds the answer, and cache the new one'
complete -c vis -n '__vis_at "brand-perception"' -l no-cache -d 'neither read nor write the local cache (also VIS_CACHE=off)'
complete -c vis -n '__vis_at "brand-perception"' -l param -x -d 'add a query parameter verbatim (repeatable)'

# vis brand-perception transcript
complete -c vis -n '__vis_at "brand-perception transcript"' -s b -l brand -x -a '(__vis_dynamic brands)' -d 'brand id, or a brand name (env VIS_BRAND)'
complete -c vis -n '__vis_at "brand-perception transcript"' -l all-brands -d 'every brand of the account in one output (--brand A,B, or repeated, names several)'
complete -c vis -n '__vis_at "brand-perception transcript"' -s m -l market -x -d 'market: US-en, US, or a market id (env VIS_MARKET)'
complete -c vis -n '__vis_at "brand-perception transcript"' -l all-markets -d 'each brand\'s live markets in one output (--market A,B, or repeated, names several)'
complete -c vis -n '__vis_at "brand-perception transcript"' -s d -l days -x -d 'period: days back ending today, 1-90'
complete -c vis -n '__vis_at "brand-perception transcript"' -l from -x -d 'period start, YYYY-MM-DD (at most 90 days before --to)'
complete -c vis -n '__vis_at "brand-perception transcript"' -l to -x -d 'period end, YYYY-MM-DD (default today; needs --from)'
complete -c vis -n '__vis_at "brand-perception transcript"' -s f -l format -x -a 'table json csv' -d 'table, json or csv (env VIS_FORMAT)'
complete -c vis -n '__vis_at "brand-perception transcript"' -s o -l output -r -F -d 'write to this file instead of stdout: a regular file is replaced atomically, a device or FIFO written in place; - is stdout'
complete -c vis -n '__vis_at "brand-perception transcript"' -l columns -x -d 'csv/table: pick and order columns'
complete -c vis -n '__vis_at "brand-perception transcript"' -l rows -x -d 'csv/table: the rows: an array inside data, an object inside data (one row), or . (all of data, one row)'
complete -c vis -n '__vis_at "brand-perception transcript"' -l wide -d 'table: keep long text whole'
complete -c vis -n '__vis_at "brand-perception transcript"' -l no-pager -d 'never page long output on a terminal (also VIS_PAGER=)'
complete -c vis -n '__vis_at "brand-perception transcript"' -l sort -x -a 'engine asked_at question answer' -d 'sort the rows by this column as csv names it, numbers as numbers; -column for descending'
complete -c vis -n '__vis_at "brand-perception transcript"' -l top -x -d 'only the first n rows after --sort, cut by vis from the answer (unlike --limit, which the API applies)'
complete -c vis -n '__vis_at "brand-perception transcript"' -l refresh -d 'read from the API even when the cache holds the answer, and cache the new one'
complete -c vis -n '__vis_at "brand-perception transcript"' -l no-cache -d 'neither read nor write the local cache (also VIS_CACHE=off)'
complete -c vis -n '__vis_at "brand-perception transcript"' -l param -x -d 'add a query parameter verbatim (repeatable)'

# vis forum
complete -c vis -n '__vis_at "forum"' -l limit -x -d 'threads per topic, 1-50 (default 20)'
complete -c vis -n '__vis_at "forum"' -s b -l brand -x -a '(__vis_dynamic brands)' -d 'brand id, or a brand name (env VIS_BRAND)'
complete -c vis -n '__vis_at "forum"' -l all-brands -d 'every brand of the account in one output (--brand A,B, or repeated, names several)'
complete -c vis -n '__vis_at "forum"' -s m -l market -x -d 'market: US-en, US, or a market id (env VIS_MARKET)'
complete -c vis -n '__vis_at "forum"' -l all-markets -d 'each brand\'s live markets in one output (--market A,B, or repeated, names several)'
complete -c vis -n '__vis_at "forum"' -s d -l days -x -d 'period: days back ending today, 1-90'
complete -c vis -n '__vis_at "forum"' -l from -x -d 'period start, YYYY-MM-DD (at most 90 days before --to)'
complete -c vis -n '__vis_at "forum"' -l to -x -d 'period end, YYYY-MM-DD (default today; needs --from)'
complete -c vis -n '__vis_at "forum"' -s f -l format -x -a 'table json csv' -d 'table, json or csv (env VIS_FORMAT)'
complete -c vis -n '__vis_at "forum"' -s o -l output -r -F -d 'write to this file instead of stdout: a regular file is replaced atomically, a device or FIFO written in place; - is stdout'
complete -c vis -n '__vis_at "forum"' -l columns -x -d 'csv/table: pick and order columns'
complete -c vis -n '__vis_at "forum"' -l rows -x -d 'csv/table: the rows: an array inside data, an object inside data (one row), or . (all of data, one row)'
complete -c vis -n '__vis_at "forum"' -l wide -d 'table: keep long text whole'
complete -c vis -n '__vis_at "forum"' -l no-pager -d 'never page long output on a terminal (also VIS_PAGER=)'
complete -c vis -n '__vis_at "forum"' -l sort -x -a 'topic_id topic threads_total cited_total brand_mentions summary threads' -d 'sort the rows by this column as csv names it, numbers as numbers; -column for descending'
complete -c vis -n '__vis_at "forum"' -l top -x -d 'only the first n rows after --sort, cut by vis from the answer (unlike --limit, which the API applies)'
complete -c vis -n '__vis_at "forum"' -l refresh -d 'read from the API even when the cache holds the answer, and cache the new one'
complete -c vis -n '__vis_at "forum"' -l no-cache -d 'neither read nor write the local cache (also VIS_CACHE=off)'
complete -c vis -n '__vis_at "forum"' -l param -x -d 'add a query parameter verbatim (repeatable)'

# vis search-performance
complete -c vis -n '__vis_at "search-performance"' -l group-by -x -a 'query page' -d 'rows by search query (default) or by page URL'
complete -c vis -n '__vis_at "search-performance"' -l limit -x -d 'rows, ordered by impressions, 1-1000 (default 25)'
complete -c vis -n '__vis_at "search-performance"' -s b -l brand -x -a '(__vis_dynamic brands)' -d 'brand id, or a brand name (env VIS_BRAND)'
complete -c vis -n '__vis_at "search-performance"' -l all-brands -d 'every brand of the account in one output (--brand A,B, or repeated, names several)'
complete -c vis -n '__vis_at "search-performance"' -s m -l market -x -d 'market: US-en, US, or a market id (env VIS_MARKET)'
complete -c vis -n '__vis_at "search-performance"' -l all-markets -d 'each brand\'s live markets in one output (--market A,B, or repeated, names several)'
complete -c vis -n '__vis_at "search-performance"' -s d -l days -x -d 'period: days back ending today, 1-90'
complete -c vis -n '__vis_at "search-performance"' -s f -l format -x -a 'table json csv' -d 'table, json or csv (env VIS_FORMAT)'
complete -c vis -n '__vis_at "search-performance"' -s o -l output -r -F -d 'write to this file instead of stdout: a regular file is replaced atomically, a device or FIFO written in place; - is stdout'
complete -c vis -n '__vis_at "search-performance"' -l columns -x -d 'csv/table: pick and order columns'
complete -c vis -n '__vis_at "search-performance"' -l rows -x -d 'csv/table: the rows: an array inside data, an object inside data (one row), or . (all of data, one row)'
complete -c vis -n '__vis_at "search-performance"' -l wide -d 'table: keep long text whole'
complete -c vis -n '__vis_at "search-performance"' -l no-pager -d 'never page long output on a terminal (also VIS_PAGER=)'
complete -c vis -n '__vis_at "search-performance"' -l sort -x -a 'query clicks impressions ctr position topic_id page ai_citations ai_cited title top_query' -d 'sort the rows by this column as csv names it, numbers as numbers; -column for descending'
complete -c vis -n '__vis_at "search-performance"' -l top -x -d 'only the first n rows after --sort, cut by vis from the answer (unlike --limit, which the API applies)'
complete -c vis -n '__vis_at "search-performance"' -l refresh -d 'read from the API even when the cache holds the answer, and cache the new one'
complete -c vis -n '__vis_at "search-performance"' -l no-cache -d 'neither read nor write the local cache (also VIS_CACHE=off)'
complete -c vis -n '__vis_at "search-performance"' -l param -x -d 'add a query parameter verbatim (repeatable)'

# vis technical
complete -c vis -n '__vis_at "technical"' -s b -l brand -x -a '(__vis_dynamic brands)' -d 'brand id, or a brand name (env VIS_BRAND)'
complete -c vis -n '__vis_at "technical"' -l all-brands -d 'every brand of the account in one output (--brand A,B, or repeated, names several)'
complete -c vis -n '__vis_at "technical"' -s m -l market -x -d 'market: US-en, US, or a market id (env VIS_MARKET)'
complete -c vis -n '__vis_at "technical"' -l all-markets -d 'each brand\'s live markets in one output (--market A,B, or repeated, names several)'
complete -c vis -n '__vis_at "technical"' -s f -l format -x -a 'table json csv' -d 'table, json or csv (env VIS_FORMAT)'
complete -c vis -n '__vis_at "technical"' -s o -l output -r -F -d 'write to this file instead of stdout: a regular file is replaced atomically, a device or FIFO written in place; - is stdout'
complete -c vis -n '__vis_at "technical"' -l columns -x -d 'csv/table: pick and order columns'
complete -c vis -n '__vis_at "technical"' -l rows -x -d 'csv/table: the rows: an array inside data, an object inside data (one row), or . (all of data, one row)'
complete -c vis -n '__vis_at "technical"' -l wide -d 'table: keep long text whole'
complete -c vis -n '__vis_at "technical"' -l no-pager -d 'never page long output on a terminal (also VIS_PAGER=)'
complete -c vis -n '__vis_at "technical"' -l sort -x -a 'id title severity category engines affected_pages pages description fix' -d 'sort the rows by this column as csv names it, numbers as numbers; -column for descending'
complete -c vis -n '__vis_at "technical"' -l top -x -d 'only the first n rows after --sort, cut by vis from the answer (unlike --limit, which the API applies)'
complete -c vis -n '__vis_at "technical"' -l refresh -d 'read from the API even when the cache holds the answer, and cache the new one'
complete -c vis -n '__vis_at "technical"' -l no-cache -d 'neither read nor write the local cache (also VIS_CACHE=off)'
complete -c vis -n '__vis_at "technical"' -l param -x -d 'add a query parameter verbatim (repeatable)'

# vis ai-crawlers
complete -c vis -n '__vis_at "ai-crawlers"' -s b -l brand -x -a '(__vis_dynamic brands)' -d 'brand id, or a brand name (env VIS_BRAND)'
complete -c vis -n '__vis_at "ai-crawlers"' -l all-brands -d 'every brand of the account in one output (--brand A,B, or repeated, names several)'
complete -c vis -n '__vis_at "ai-crawlers"' -s m -l market -x -d 'market: US-en, US, or a market id (env VIS_MARKET)'
complete -c vis -n '__vis_at "ai-crawlers"' -l all-markets -d 'each brand\'s live markets in one output (--market A,B, or repeated, names several)'
complete -c vis -n '__vis_at "ai-crawlers"' -s d -l days -x -d 'period: days back ending today, 1-90'
complete -c vis -n '__vis_at "ai-crawlers"' -l from -x -d 'period start, YYYY-MM-DD (at most 90 days before --to)'
complete -c vis -n '__vis_at "ai-crawlers"' -l to -x -d 'period end, YYYY-MM-DD (default today; needs --from)'
complete -c vis -n '__vis_at "ai-crawlers"' -s f -l format -x -a 'table json csv' -d 'table, json or csv (env VIS_FORMAT)'
complete -c vis -n '__vis_at "ai-crawlers"' -s o -l output -r -F -d 'write to this file instead of stdout: a regular file is replaced atomically, a device or FIFO written in place; - is stdout'
complete -c vis -n '__vis_at "ai-crawlers"' -l columns -x -d 'csv/table: pick and order columns'
complete -c vis -n '__vis_at "ai-crawlers"' -l rows -x -d 'csv/table: the rows: an array inside data, an object inside data (one row), or . (all of data, one row)'
complete -c vis -n '__vis_at "ai-crawlers"' -l wide -d 'table: keep long text whole'
complete -c vis -n '__vis_at "ai-crawlers"' -l no-pager -d 'never page long output on a terminal (also VIS_PAGER=)'
complete -c vis -n '__vis_at "ai-crawlers"' -l sort -x -a 'bot operator purpose hits pages last_seen top_pages' -d 'sort the rows by this column as csv names it, numbers as numbers; -column for descending'
complete -c vis -n '__vis_at "ai-crawlers"' -l top -x -d 'only the first n rows after --sort, cut by vis from the answer (unlike --limit, which the API applies)'
complete -c vis -n '__vis_at "ai-crawlers"' -l refresh -d 'read from the API even when the cache holds the answer, and cache the new one'
complete -c vis -n '__vis_at "ai-crawlers"' -l no-cache -d 'neither read nor write the local cache (also VIS_CACHE=off)'
complete -c vis -n '__vis_at "ai-crawlers"' -l param -x -d 'add a query parameter verbatim (repeatable)'

# vis ai-visitors
complete -c vis -n '__vis_at "ai-visitors"' -s b -l brand -x -a '(__vis_dynamic brands)' -d 'brand id, or a brand name (env VIS_BRAND)'
complete -c vis -n '__vis_at "ai-visitors"' -l all-brands -d 'every brand of the account in one output (--brand A,B, or repeated, names several)'
complete -c vis -n '__vis_at "ai-visitors"' -s m -l market -x -d 'market: US-en, US, or a market id (env VIS_MARKET)'
complete -c vis -n '__vis_at "ai-visitors"' -l all-markets -d 'each brand\'s live markets in one output (--market A,B, or repeated, names several)'
complete -c vis -n '__vis_at "ai-visitors"' -s d -l days -x -d 'period: days back ending today, 1-90'
complete -c vis -n '__vis_at "ai-visitors"' -l from -x -d 'period start, YYYY-MM-DD (at most 90 days before --to)'
complete -c vis -n '__vis_at "ai-visitors"' -l to -x -d 'period end, YYYY-MM-DD (default today; needs --from)'
complete -c vis -n '__vis_at "ai-visitors"' -s f -l format -x -a 'table json csv' -d 'table, json or csv (env VIS_FORMAT)'
complete -c vis -n '__vis_at "ai-visitors"' -s o -l output -r -F -d 'write to this file instead of stdout: a regular file is replaced atomically, a device or FIFO written in place; - is stdout'
complete -c vis -n '__vis_at "ai-visitors"' -l columns -x -d 'csv/table: pick and order columns'
complete -c vis -n '__vis_at "ai-visitors"' -l rows -x -d 'csv/table: the rows: an array inside data, an object inside data (one row), or . (all of data, one row)'
complete -c vis -n '__vis_at "ai-visitors"' -l wide -d 'table: keep long text whole'
complete -c vis -n '__vis_at "ai-visitors"' -l no-pager -d 'never page long output on a terminal (also VIS_PAGER=)'
complete -c vis -n '__vis_at "ai-visitors"' -l sort -x -a 'engine label visits change_pct share landing_pages' -d 'sort the rows by this column as csv names it, numbers as numbers; -column for descending'
complete -c vis -n '__vis_at "ai-visitors"' -l top -x -d 'only the first n rows after --sort, cut by vis from the answer (unlike --limit, which the API applies)'
complete -c vis -n '__vis_at "ai-visitors"' -l refresh -d 'read from the API even when the cache holds the answer, and cache the new one'
complete -c vis -n '__vis_at "ai-visitors"' -l no-cache -d 'neither read nor write the local cache (also VIS_CACHE=off)'
complete -c vis -n '__vis_at "ai-visitors"' -l param -x -d 'add a query parameter verbatim (repeatable)'

# vis tasks
complete -c vis -n '__vis_at "tasks"' -l layer -x -a 'content technical authority community' -d 'only tasks of this layer; known: content, technical, authority, community (others are passed through as given)'
complete -c vis -n '__vis_at "tasks"' -l status -x -a 'open todo in_progress done dismissed all' -d 'task status (default open); known: open, todo, in_progress, done, dismissed, all (others are passed through as given)'
complete -c vis -n '__vis_at "tasks"' -l limit -x -d 'at most this many tasks, 1-1000 (default 30)'
complete -c vis -n '__vis_at "tasks"' -s b -l brand -x -a '(__vis_dynamic brands)' -d 'brand id, or a brand name (env VIS_BRAND)'
complete -c vis -n '__vis_at "tasks"' -l all-brands -d 'every brand of the account in one output (--brand A,B, or repeated, names several)'
complete -c vis -n '__vis_at "tasks"' -s m -l market -x -d 'market: US-en, US, or a market id (env VIS_MARKET)'
complete -c vis -n '__vis_at "tasks"' -l all-markets -d 'each brand\'s live markets in one output (--market A,B, or repeated, names several)'
complete -c vis -n '__vis_at "tasks"' -s f -l format -x -a 'table json csv' -d 'table, json or csv (env VIS_FORMAT)'
complete -c vis -n '__vis_at "tasks"' -s o -l output -r -F -d 'write to this file instead of stdout: a regular file is replaced atomically, a device or FIFO written in place; - is stdout'
complete -c vis -n '__vis_at "tasks"' -l columns -x -d 'csv/table: pick and order columns'
complete -c vis -n '__vis_at "tasks"' -l rows -x -d 'csv/table: the rows: an array inside data, an object inside data (one row), or . (all of data, one row)'
complete -c vis -n '__vis_at "tasks"' -l wide -d 'table: keep long text whole'
complete -c vis -n '__vis_at "tasks"' -l no-pager -d 'never page long output on a terminal (also VIS_PAGER=)'
complete -c vis -n '__vis_at "tasks"' -l sort -x -a 'id title layer status priority impact topics created_at updated_at' -d 'sort the rows by this column as csv names it, numbers as numbers; -column for descending'
complete -c vis -n '__vis_at "tasks"' -l top -x -d 'only the first n rows after --sort, cut by vis from the answer (unlike --limit, which the API applies)'
complete -c vis -n '__vis_at "tasks"' -l refresh -d 'read from the API even when the cache holds the answer, and cache the new one'
complete -c vis -n '__vis_at "tasks"' -l no-cache -d 'neither read nor write the local cache (also VIS_CACHE=off)'
complete -c vis -n '__vis_at "tasks"' -l param -x -d 'add a query parameter verbatim (repeatable)'

# vis weekly-plan
complete -c vis -n '__vis_at "weekly-plan"' -s b -l brand -x -a '(__vis_dynamic brands)' -d 'brand id, or a brand name (env VIS_BRAND)'
complete -c vis -n '__vis_at "weekly-plan"' -l all-brands -d 'every brand of the account in one output (--brand A,B, or repeated, names several)'
complete -c vis -n '__vis_at "weekly-plan"' -s m -l market -x -d 'market: US-en, US, or a market id (env VIS_MARKET)'
complete -c vis -n '__vis_at "weekly-plan"' -l all-markets -d 'each brand\'s live markets in one output (--market A,B, or repeated, names several)'
complete -c vis -n '__vis_at "weekly-plan"' -s f -l format -x -a 'table json csv' -d 'table, json or csv (env VIS_FORMAT)'
complete -c vis -n '__vis_at "weekly-plan"' -s o -l output -r -F -d 'write to this file instead of stdout: a regular file is replaced atomically, a device or FIFO written in place; - is stdout'
complete -c vis -n '__vis_at "weekly-plan"' -l columns -x -d 'csv/table: pick and order columns'
complete -c vis -n '__vis_at "weekly-plan"' -l rows -x -d 'csv/table: the rows: an array inside data, an object inside data (one row), or . (all of data, one row)'
complete -c vis -n '__vis_at "weekly-plan"' -l wide -d 'table: keep long text whole'
complete -c vis -n '__vis_at "weekly-plan"' -l no-pager -d 'never page long output on a terminal (also VIS_PAGER=)'
complete -c vis -n '__vis_at "weekly-plan"' -l sort -x -a 'name status count tasks' -d 'sort the rows by this column as csv names it, numbers as numbers; -column for descending'
complete -c vis -n '__vis_at "weekly-plan"' -l top -x -d 'only the first n rows after --sort, cut by vis from the answer (unlike --limit, which the API applies)'
complete -c vis -n '__vis_at "weekly-plan"' -l refresh -d 'read from the API even when the cache holds the answer, and cache the new one'
complete -c vis -n '__vis_at "weekly-plan"' -l no-cache -d 'neither read nor write the local cache (also VIS_CACHE=off)'
complete -c vis -n '__vis_at "weekly-plan"' -l param -x -d 'add a query parameter verbatim (repeatable)'

# vis activity
complete -c vis -n '__vis_at "activity"' -s b -l brand -x -a '(__vis_dynamic brands)' -d 'brand id, or a brand name (env VIS_BRAND)'
complete -c vis -n '__vis_at "activity"' -l all-brands -d 'every brand of the account in one output (--brand A,B, or repeated, names several)'
complete -c vis -n '__vis_at "activity"' -s m -l market -x -d 'market: US-en, US, or a market id (env VIS_MARKET)'
complete -c vis -n '__vis_at "activity"' -l all-markets -d 'each brand\'s live markets in one output (--market A,B, or repeated, names several)'
complete -c vis -n '__vis_at "activity"' -s d -l days -x -d 'period: days back ending today, 1-90'
complete -c vis -n '__vis_at "activity"' -l from -x -d 'period start, YYYY-MM-DD (at most 90 days before --to)'
complete -c vis -n '__vis_at "activity"' -l to -x -d 'period end, YYYY-MM-DD (default today; needs --from)'
complete -c vis -n '__vis_at "activity"' -s f -l format -x -a 'table json csv' -d 'table, json or csv (env VIS_FORMAT)'
complete -c vis -n '__vis_at "activity"' -s o -l output -r -F -d 'write to this file instead of stdout: a regular file is replaced atomically, a device or FIFO written in place; - is stdout'
complete -c vis -n '__vis_at "activity"' -l columns -x -d 'csv/table: pick and order columns'
complete -c vis -n '__vis_at "activity"' -l rows -x -d 'csv/table: the rows: an array inside data, an object inside data (one row), or . (all of data, one row)'
complete -c vis -n '__vis_at "activity"' -l wide -d 'table: keep long text whole'
complete -c vis -n '__vis_at "activity"' -l no-pager -d 'never page long output on a terminal (also VIS_PAGER=)'
complete -c vis -n '__vis_at "activity"' -l sort -x -a 'at type title ref.kind ref.id' -d 'sort the rows by this column as csv names it, numbers as numbers; -column for descending'
complete -c vis -n '__vis_at "activity"' -l top -x -d 'only the first n rows after --sort, cut by vis from the answer (unlike --limit, which the API applies)'
complete -c vis -n '__vis_at "activity"' -l refresh -d 'read from the API even when the cache holds the answer, and cache the new one'
complete -c vis -n '__vis_at "activity"' -l no-cache -d 'neither read nor write the local cache (also VIS_CACHE=off)'
complete -c vis -n '__vis_at "activity"' -l param -x -d 'add a query parameter verbatim (repeatable)'

# vis pitches
complete -c vis -n '__vis_at "pitches" 0' -a create -d 'Scan a prospect and create a pitch report (spends one monthly pitch report)'
complete -c vis -n '__vis_at "pitches"' -s b -l brand -x -a '(__vis_dynamic brands)' -d 'brand id, or a brand name (env VIS_BRAND)'
complete -c vis -n '__vis_at "pitches"' -l all-brands -d 'every brand of the account in one output (--brand A,B, or repeated, names several)'
complete -c vis -n '__vis_at "pitches"' -s f -l format -x -a 'table json csv' -d 'table, json or csv (env VIS_FORMAT)'
complete -c vis -n '__vis_at "pitches"' -s o -l output -r -F -d 'write to this file instead of stdout: a regular file is replaced atomically, a device or FIFO written in place; - is stdout'
complete -c vis -n '__vis_at "pitches"' -l columns -x -d 'csv/table: pick and order columns'
complete -c vis -n '__vis_at "pitches"' -l rows -x -d 'csv/table: the rows: an array inside data, an object inside data (one row), or . (all of data, one row)'
complete -c vis -n '__vis_at "pitches"' -l wide -d 'table: keep long text whole'
complete -c vis -n '__vis_at "pitches"' -l no-pager -d 'never page long output on a terminal (also VIS_PAGER=)'
complete -c vis -n '__vis_at "pitches"' -l sort -x -a 'id prospect domain market business_type status created_at share_url' -d 'sort the rows by this column as csv names it, numbers as numbers; -column for descending'
complete -c vis -n '__vis_at "pitches"' -l top -x -d 'only the first n rows after --sort, cut by vis from the answer (unlike --limit, which the API applies)'
complete -c vis -n '__vis_at "pitches"' -l refresh -d 'read from the API even when the cache holds the answer, and cache the new one'
complete -c vis -n '__vis_at "pitches"' -l no-cache -d 'neither read nor write the local cache (also VIS_CACHE=off)'
complete -c vis -n '__vis_at "pitches"' -l param -x -d 'add a query parameter verbatim (repeatable)'

# vis pitches create
complete -c vis -n '__vis_at "pitches create"' -l business-type -x -d 'what the prospect does, free text'
complete -c vis -n '__vis_at "pitches create"' -l field -x -d 'add a body field verbatim (repeatable)'
complete -c vis -n '__vis_at "pitches create"' -s y -l yes -d 'do not ask before spending a pitch report'
complete -c vis -n '__vis_at "pitches create"' -s b -l brand -x -a '(__vis_dynamic brands)' -d 'brand id, or a brand name (env VIS_BRAND)'
complete -c vis -n '__vis_at "pitches create"' -s m -l market -x -d 'market: US-en, US, or a market id (env VIS_MARKET)'
complete -c vis -n '__vis_at "pitches create"' -s f -l format -x -a 'table json csv' -d 'table, json or csv (env VIS_FORMAT)'
complete -c vis -n '__vis_at "pitches create"' -s o -l output -r -F -d 'write to this file instead of stdout: a regular file is replaced atomically, a device or FIFO written in place; - is stdout'
complete -c vis -n '__vis_at "pitches create"' -l columns -x -d 'csv/table: pick and order columns'
complete -c vis -n '__vis_at "pitches create"' -l rows -x -d 'csv/table: the rows: an array inside data, an object inside data (one row), or . (all of data, one row)'
complete -c vis -n '__vis_at "pitches create"' -l wide -d 'table: keep long text whole'
complete -c vis -n '__vis_at "pitches create"' -l no-pager -d 'never page long output on a terminal (also VIS_PAGER=)'
complete -c vis -n '__vis_at "pitches create"' -l param -x -d 'add a query parameter verbatim (repeatable)'

# vis changes
complete -c vis -n '__vis_at "changes"' -s b -l brand -x -a '(__vis_dynamic brands)' -d 'brand id, or a brand name (env VIS_BRAND)'
complete -c vis -n '__vis_at "changes"' -l all-brands -d 'every brand of the account in one output (--brand A,B, or repeated, names several)'
complete -c vis -n '__vis_at "changes"' -s m -l market -x -d 'market: US-en, US, or a market id (env VIS_MARKET)'
complete -c vis -n '__vis_at "changes"' -l all-markets -d 'each brand\'s live markets in one output (--market A,B, or repeated, names several)'
complete -c vis -n '__vis_at "changes"' -s f -l format -x -a 'table json csv' -d 'table, json or csv (env VIS_FORMAT)'
complete -c vis -n '__vis_at "changes"' -s o -l output -r -F -d 'write to this file instead of stdout: a regular file is replaced atomically, a device or FIFO written in place; - is stdout'
complete -c vis -n '__vis_at "changes"' -l no-pager -d 'never page long output on a terminal (also VIS_PAGER=)'
complete -c vis -n '__vis_at "changes"' -l refresh -d 'read from the API even when the cache holds the answer, and cache the new one'
complete -c vis -n '__vis_at "changes"' -l no-cache -d 'neither read nor write the local cache (also VIS_CACHE=off)'
complete -c vis -n '__vis_at "changes"' -l since -x -d 'compare with the newest recorded day on or before this one (YYYY-MM-DD, or 7d for a week ago)'
complete -c vis -n '__vis_at "changes"' -l threshold -x -d 'smallest move reported, in points (percentage points for 0-1 shares); default 5'
complete -c vis -n '__vis_at "changes"' -l exit-code -d 'exit 8 when anything changed, 0 when nothing did (like git diff --exit-code)'
complete -c vis -n '__vis_at "changes"' -l fetch -d 'read today’s answers first, through the cache (--refresh: from the API, which implies --fetch), so they are compared'

# vis auth
complete -c vis -n '__vis_at "auth" 0' -a login -d 'Save an API key for a profile (hidden prompt, or stdin when piped)'
complete -c vis -n '__vis_at "auth" 0' -a status -d 'Which key is in use and where it came from (masked)'
complete -c vis -n '__vis_at "auth" 0' -a logout -d 'Remove the saved key of the active profile'

# vis config
complete -c vis -n '__vis_at "config" 0' -a get -d 'Print one setting of the active profile'
complete -c vis -n '__vis_at "config" 0' -a set -d 'Change a setting of the active profile, or switch profiles'
complete -c vis -n '__vis_at "config" 0' -a unset -d 'Remove a setting of the active profile'
complete -c vis -n '__vis_at "config" 0' -a list -d 'All profiles and settings (keys masked)'
complete -c vis -n '__vis_at "config" 0' -a path -d 'Where the config file is'

# vis config get
complete -c vis -n '__vis_at "config get" 0' -a 'profile base_url brand market format cache history' -d 'profile, base_url, brand, market, format, cache or history'

# vis config set
complete -c vis -n '__vis_at "config set" 0' -a 'profile base_url brand market format cache history' -d 'profile, base_url, brand, market, format, cache or history'
complete -c vis -n '__vis_at "config set" 1 format' -a 'table json csv' -d 'the new value; for profile, the name of the profile to make active'
complete -c vis -n '__vis_at "config set" 1 profile' -a '(__vis_dynamic profiles)' -d 'the new value; for profile, the name of the profile to make active'

# vis config unset
complete -c vis -n '__vis_at "config unset" 0' -a 'profile base_url brand market format cache history' -d 'profile, base_url, brand, market, format, cache or history'

# vis cache
complete -c vis -n '__vis_at "cache" 0' -a status -d 'Where the cache is, and per account: entries, size, reads saved this month'
complete -c vis -n '__vis_at "cache" 0' -a clear -d 'Remove every cached answer, of every account'

# vis api
complete -c vis -n '__vis_at "api"' -s b -l brand -x -a '(__vis_dynamic brands)' -d 'brand id, or a brand name (env VIS_BRAND)'
complete -c vis -n '__vis_at "api"' -s m -l market -x -d 'market: US-en, US, or a market id (env VIS_MARKET)'
complete -c vis -n '__vis_at "api"' -s d -l days -x -d 'period: days back ending today, 1-90'
complete -c vis -n '__vis_at "api"' -l from -x -d 'period start, YYYY-MM-DD (at most 90 days before --to)'
complete -c vis -n '__vis_at "api"' -l to -x -d 'period end, YYYY-MM-DD (default today; needs --from)'
complete -c vis -n '__vis_at "api"' -s f -l format -x -a 'table json csv' -d 'table, json or csv (env VIS_FORMAT)'
complete -c vis -n '__vis_at "api"' -s o -l output -r -F -d 'write to this file instead of stdout: a regular file is replaced atomically, a device or FIFO written in place; - is stdout'
complete -c vis -n '__vis_at "api"' -l columns -x -d 'csv/table: pick and order columns'
complete -c vis -n '__vis_at "api"' -l rows -x -d 'csv/table: the rows: an array inside data, an object inside data (one row), or . (all of data, one row)'
complete -c vis -n '__vis_at "api"' -l wide -d 'table: keep long text whole'
complete -c vis -n '__vis_at "api"' -l no-pager -d 'never page long output on a terminal (also VIS_PAGER=)'
complete -c vis -n '__vis_at "api"' -l refresh -d 'read from the API even when the cache holds the answer, and cache the new one'
complete -c vis -n '__vis_at "api"' -l no-cache -d 'neither read nor write the local cache (also VIS_CACHE=off)'
complete -c vis -n '__vis_at "api"' -l param -x -d 'add a query parameter verbatim (repeatable)'
complete -c vis -n '__vis_at "api" 0' -a '/brands /markets /usage /overview /visibility /topics /prompts /answers /answers/runs /answers/history /competitors /sources /pages /content-gaps /brand-perception /brand-perception/transcript /forum /search-performance /technical /ai-crawlers /ai-visitors /tasks /weekly-plan /activity /pitches /openapi.json'

# vis openapi
complete -c vis -n '__vis_at "openapi"' -s f -l format -x -a 'table json csv' -d 'table, json or csv (env VIS_FORMAT)'
complete -c vis -n '__vis_at "openapi"' -s o -l output -r -F -d 'write to this file instead of stdout: a regular file is replaced atomically, a device or FIFO written in place; - is stdout'
complete -c vis -n '__vis_at "openapi"' -l no-pager -d 'never page long output on a terminal (also VIS_PAGER=)'

# vis export
complete -c vis -n '__vis_at "export"' -s b -l brand -x -a '(__vis_dynamic brands)' -d 'brand id, or a brand name (env VIS_BRAND)'
complete -c vis -n '__vis_at "export"' -s m -l market -x -d 'market: US-en, US, or a market id (env VIS_MARKET)'
complete -c vis -n '__vis_at "export"' -s d -l days -x -d 'period: days back ending today, 1-90'
complete -c vis -n '__vis_at "export"' -l from -x -d 'period start, YYYY-MM-DD (at most 90 days before --to)'
complete -c vis -n '__vis_at "export"' -l to -x -d 'period end, YYYY-MM-DD (default today; needs --from)'
complete -c vis -n '__vis_at "export"' -s f -l format -x -a 'csv json' -d 'csv (default) or json (env VIS_FORMAT, when it is csv or json)'
complete -c vis -n '__vis_at "export"' -l refresh -d 'read from the API even when the cache holds the answer, and cache the new one'
complete -c vis -n '__vis_at "export"' -l no-cache -d 'neither read nor write the local cache (also VIS_CACHE=off)'
complete -c vis -n '__vis_at "export"' -l param -x -d 'add a query parameter verbatim (repeatable)'
complete -c vis -n '__vis_at "export"' -l dir -x -a '(__fish_complete_directories)' -d 'folder to write into (created if missing)'
complete -c vis -n '__vis_at "export"' -l only -x -d 'export only these endpoint ids, comma-separated (e.g. topics,competitors,topics.get)'
complete -c vis -n '__vis_at "export"' -l all-brands -d 'every brand of the account (default: --brand, or the only brand)'
complete -c vis -n '__vis_at "export"' -l all-markets -d 'every market of each brand (default: --market, or the primary market)'
complete -c vis -n '__vis_at "export"' -l dry-run -d 'print the plan and its cost in reads; read and write nothing'
complete -c vis -n '__vis_at "export"' -l force -d 'when the reads left do not cover the plan, export what fits instead of refusing'
complete -c vis -n '__vis_at "export"' -l resume -d 'finish the unfinished export in --dir with its plan, reading only the files still missing'

# vis sandbox
complete -c vis -n '__vis_at "sandbox"' -l port -x -d 'port to listen on (default: a free one)'
complete -c vis -n '__vis_at "sandbox"' -l host -x -d 'loopback address to listen on'

# vis completion
complete -c vis -n '__vis_at "completion" 0' -a 'bash zsh fish' -d 'bash, zsh or fish'

# vis help
complete -c vis -n '__vis_at "help" 0' -a 'brands markets usage overview visibility topics prompts answers competitors sources pages content-gaps brand-perception forum search-performance technical ai-crawlers ai-visitors tasks weekly-plan activity pitches changes auth config cache api openapi export sandbox completion version help exit-codes environment options' -d 'a command and its sub-commands, or a topic (exit-codes, environment, options)'
