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
        case 'answers runs|--prompt' 'forum|--limit' 'search-performance|--group-by' 'search-performance|--limit' 'tasks|--layer' 'tasks|--status' 'tasks|--limit' 'pitches create|--business-type' 'pitches create|--field' 'export|--dir' 'export|--only' 'sandbox|--port' 'sandbox|--host' '*|-b' '*|--brand' '*|-m' '*|--market' '*|-d' '*|--days' '*|--from' '*|--to' '*|-f' '*|--format' '*|-o' '*|--output' '*|--columns' '*|--rows' '*|--param' '*|--profile' '*|--base-url' '*|--timeout'
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
        case '|--version' '|--brand' '|--market' '|--days' '|--from' '|--to' '|--format' '|--output' '|--columns' '|--rows' '|--wide' '|--param' '|--profile' '|--base-url' '|--demo' '|--timeout' '|--refresh' '|--no-cache' '|--quiet' '|--debug' '|--no-color' '|--no-pager' 'brands|--format' 'brands|--output' 'brands|--columns' 'brands|--rows' 'brands|--wide' 'brands|--param' 'brands|--profile' 'brands|--base-url' 'brands|--demo' 'brands|--timeout' 'brands|--quiet' 'brands|--debug' 'brands|--no-color' 'brands|--no-pager' 'markets|--brand' 'markets|--format' 'markets|--output' 'markets|--columns' 'markets|--rows' 'markets|--wide' 'markets|--param' 'markets|--profile' 'markets|--base-url' 'markets|--demo' 'markets|--timeout' 'markets|--refresh' 'markets|--no-cache' 'markets|--quiet' 'markets|--debug' 'markets|--no-color' 'markets|--no-pager' 'usage|--format' 'usage|--output' 'usage|--columns' 'usage|--rows' 'usage|--wide' 'usage|--param' 'usage|--profile' 'usage|--base-url' 'usage|--demo' 'usage|--timeout' 'usage|--quiet' 'usage|--debug' 'usage|--no-color' 'usage|--no-pager' 'overview|--brand' 'overview|--market' 'overview|--days' 'overview|--from' 'overview|--to' 'overview|--format' 'overview|--output' 'overview|--columns' 'overview|--rows' 'overview|--wide' 'overview|--param' 'overview|--profile' 'overview|--base-url' 'overview|--demo' 'overview|--timeout' 'overview|--refresh' 'overview|--no-cache' 'overview|--quiet' 'overview|--debug' 'overview|--no-color' 'overview|--no-pager' 'visibility|--brand' 'visibility|--market' 'visibility|--format' 'visibility|--output' 'visibility|--columns' 'visibility|--rows' 'visibility|--wide' 'visibility|--param' 'visibility|--profile' 'visibility|--base-url' 'visibility|--demo' 'visibility|--timeout' 'visibility|--refresh' 'visibility|--no-cache' 'visibility|--quiet' 'visibility|--debug' 'visibility|--no-color' 'visibility|--no-pager' 'topics|--brand' 'topics|--market' 'topics|--days' 'topics|--from' 'topics|--to' 'topics|--format' 'topics|--output' 'topics|--columns' 'topics|--rows' 'topics|--wide' 'topics|--param' 'topics|--profile' 'topics|--base-url' 'topics|--demo' 'topics|--timeout' 'topics|--refresh' 'topics|--no-cache' 'topics|--quiet' 'topics|--debug' 'topics|--no-color' 'topics|--no-pager' 'prompts|--brand' 'prompts|--market' 'prompts|--format' 'prompts|--output' 'prompts|--columns' 'prompts|--rows' 'prompts|--wide' 'prompts|--param' 'prompts|--profile' 'prompts|--base-url' 'prompts|--demo' 'prompts|--timeout' 'prompts|--refresh' 'prompts|--no-cache' 'prompts|--quiet' 'prompts|--debug' 'prompts|--no-color' 'prompts|--no-pager' 'answers|--brand' 'answers|--market' 'answers|--format' 'answers|--output' 'answers|--columns' 'answers|--rows' 'answers|--wide' 'answers|--param' 'answers|--profile' 'answers|--base-url' 'answers|--demo' 'answers|--timeout' 'answers|--refresh' 'answers|--no-cache' 'answers|--quiet' 'answers|--debug' 'answers|--no-color' 'answers|--no-pager' 'answers runs|--brand' 'answers runs|--market' 'answers runs|--format' 'answers runs|--output' 'answers runs|--columns' 'answers runs|--rows' 'answers runs|--wide' 'answers runs|--param' 'answers runs|--profile' 'answers runs|--base-url' 'answers runs|--demo' 'answers runs|--timeout' 'answers runs|--refresh' 'answers runs|--no-cache' 'answers runs|--quiet' 'answers runs|--debug' 'answers runs|--no-color' 'answers runs|--no-pager' 'answers history|--brand' 'answers history|--market' 'answers history|--days' 'answers history|--from' 'answers history|--to' 'answers history|--format' 'answers history|--output' 'answers history|--columns' 'answers history|--rows' 'answers history|--wide' 'answers history|--param' 'answers history|--profile' 'answers history|--base-url' 'answers history|--demo' 'answers history|--timeout' 'answers history|--refresh' 'answers history|--no-cache' 'answers history|--quiet' 'answers history|--debug' 'answers history|--no-color' 'answers history|--no-pager' 'competitors|--brand' 'competitors|--market' 'competitors|--format' 'competitors|--output' 'competitors|--columns' 'competitors|--rows' 'competitors|--wide' 'competitors|--param' 'competitors|--profile' 'competitors|--base-url' 'competitors|--demo' 'competitors|--timeout' 'competitors|--refresh' 'competitors|--no-cache' 'competitors|--quiet' 'competitors|--debug' 'competitors|--no-color' 'competitors|--no-pager' 'sources|--brand' 'sources|--market' 'sources|--days' 'sources|--from' 'sources|--to' 'sources|--format' 'sources|--output' 'sources|--columns' 'sources|--rows' 'sources|--wide' 'sources|--param' 'sources|--profile' 'sources|--base-url' 'sources|--demo' 'sources|--timeout' 'sources|--refresh' 'sources|--no-cache' 'sources|--quiet' 'sources|--debug' 'sources|--no-color' 'sources|--no-pager' 'pages|--brand' 'pages|--market' 'pages|--days' 'pages|--from' 'pages|--to' 'pages|--format' 'pages|--output' 'pages|--columns' 'pages|--rows' 'pages|--wide' 'pages|--param' 'pages|--profile' 'pages|--base-url' 'pages|--demo' 'pages|--timeout' 'pages|--refresh' 'pages|--no-cache' 'pages|--quiet' 'pages|--debug' 'pages|--no-color' 'pages|--no-pager' 'content-gaps|--brand' 'content-gaps|--market' 'content-gaps|--format' 'content-gaps|--output' 'content-gaps|--columns' 'content-gaps|--rows' 'content-gaps|--wide' 'content-gaps|--param' 'content-gaps|--profile' 'content-gaps|--base-url' 'content-gaps|--demo' 'content-gaps|--timeout' 'content-gaps|--refresh' 'content-gaps|--no-cache' 'content-gaps|--quiet' 'content-gaps|--debug' 'content-gaps|--no-color' 'content-gaps|--no-pager' 'brand-perception|--brand' 'brand-perception|--market' 'brand-perception|--days' 'brand-perception|--from' 'brand-perception|--to' 'brand-perception|--format' 'brand-perception|--output' 'brand-perception|--columns' 'brand-perception|--rows' 'brand-perception|--wide' 'brand-perception|--param' 'brand-perception|--profile' 'brand-perception|--base-url' 'brand-perception|--demo' 'brand-perception|--timeout' 'brand-perception|--refresh' 'brand-perception|--no-cache' 'brand-perception|--quiet' 'brand-perception|--debug' 'brand-perception|--no-color' 'brand-perception|--no-pager' 'brand-perception transcript|--brand' 'brand-perception transcript|--market' 'brand-perception transcript|--days' 'brand-perception transcript|--from' 'brand-perception transcript|--to' 'brand-perception transcript|--format' 'brand-perception transcript|--output' 'brand-perception transcript|--columns' 'brand-perception transcript|--rows' 'brand-perception transcript|--wide' 'brand-perception transcript|--param' 'brand-perception transcript|--profile' 'brand-perception transcript|--base-url' 'brand-perception transcript|--demo' 'brand-perception transcript|--timeout' 'brand-perception transcript|--refresh' 'brand-perception transcript|--no-cache' 'brand-perception transcript|--quiet' 'brand-perception transcript|--debug' 'brand-perception transcript|--no-color' 'brand-perception transcript|--no-pager' 'forum|--brand' 'forum|--market' 'forum|--days' 'forum|--from' 'forum|--to' 'forum|--format' 'forum|--output' 'forum|--columns' 'forum|--rows' 'forum|--wide' 'forum|--param' 'forum|--profile' 'forum|--base-url' 'forum|--demo' 'forum|--timeout' 'forum|--refresh' 'forum|--no-cache' 'forum|--quiet' 'forum|--debug' 'forum|--no-color' 'forum|--no-pager' 'search-performance|--brand' 'search-performance|--market' 'search-performance|--days' 'search-performance|--format' 'search-performance|--output' 'search-performance|--columns' 'search-performance|--rows' 'search-performance|--wide' 'search-performance|--param' 'search-performance|--profile' 'search-performance|--base-url' 'search-performance|--demo' 'search-performance|--timeout' 'search-performance|--refresh' 'search-performance|--no-cache' 'search-performance|--quiet' 'search-performance|--debug' 'search-performance|--no-color' 'search-performance|--no-pager' 'technical|--brand' 'technical|--market' 'technical|--format' 'technical|--output' 'technical|--columns' 'technical|--rows' 'technical|--wide' 'technical|--param' 'technical|--profile' 'technical|--base-url' 'technical|--demo' 'technical|--timeout' 'technical|--refresh' 'technical|--no-cache' 'technical|--quiet' 'technical|--debug' 'technical|--no-color' 'technical|--no-pager' 'ai-crawlers|--brand' 'ai-crawlers|--market' 'ai-crawlers|--days' 'ai-crawlers|--from' 'ai-crawlers|--to' 'ai-crawlers|--format' 'ai-crawlers|--output' 'ai-crawlers|--columns' 'ai-crawlers|--rows' 'ai-crawlers|--wide' 'ai-crawlers|--param' 'ai-crawlers|--profile' 'ai-crawlers|--base-url' 'ai-crawlers|--demo' 'ai-crawlers|--timeout' 'ai-crawlers|--refresh' 'ai-crawlers|--no-cache' 'ai-crawlers|--quiet' 'ai-crawlers|--debug' 'ai-crawlers|--no-color' 'ai-crawlers|--no-pager' 'ai-visitors|--brand' 'ai-visitors|--market' 'ai-visitors|--days' 'ai-visitors|--from' 'ai-visitors|--to' 'ai-visitors|--format' 'ai-visitors|--output' 'ai-visitors|--columns' 'ai-visitors|--rows' 'ai-visitors|--wide' 'ai-visitors|--param' 'ai-visitors|--profile' 'ai-visitors|--base-url' 'ai-visitors|--demo' 'ai-visitors|--timeout' 'ai-visitors|--refresh' 'ai-visitors|--no-cache' 'ai-visitors|--quiet' 'ai-visitors|--debug' 'ai-visitors|--no-color' 'ai-visitors|--no-pager' 'tasks|--brand' 'tasks|--market' 'tasks|--format' 'tasks|--output' 'tasks|--columns' 'tasks|--rows' 'tasks|--wide' 'tasks|--param' 'tasks|--profile' 'tasks|--base-url' 'tasks|--demo' 'tasks|--timeout' 'tasks|--refresh' 'tasks|--no-cache' 'tasks|--quiet' 'tasks|--debug' 'tasks|--no-color' 'tasks|--no-pager' 'weekly-plan|--brand' 'weekly-plan|--market' 'weekly-plan|--format' 'weekly-plan|--output' 'weekly-plan|--columns' 'weekly-plan|--rows' 'weekly-plan|--wide' 'weekly-plan|--param' 'weekly-plan|--profile' 'weekly-plan|--base-url' 'weekly-plan|--demo' 'weekly-plan|--timeout' 'weekly-plan|--refresh' 'weekly-plan|--no-cache' 'weekly-plan|--quiet' 'weekly-plan|--debug' 'weekly-plan|--no-color' 'weekly-plan|--no-pager' 'activity|--brand' 'activity|--market' 'activity|--days' 'activity|--from' 'activity|--to' 'activity|--format' 'activity|--output' 'activity|--columns' 'activity|--rows' 'activity|--wide' 'activity|--param' 'activity|--profile' 'activity|--base-url' 'activity|--demo' 'activity|--timeout' 'activity|--refresh' 'activity|--no-cache' 'activity|--quiet' 'activity|--debug' 'activity|--no-color' 'activity|--no-pager' 'pitches|--brand' 'pitches|--format' 'pitches|--output' 'pitches|--columns' 'pitches|--rows' 'pitches|--wide' 'pitches|--param' 'pitches|--profile' 'pitches|--base-url' 'pitches|--demo' 'pitches|--timeout' 'pitches|--refresh' 'pitches|--no-cache' 'pitches|--quiet' 'pitches|--debug' 'pitches|--no-color' 'pitches|--no-pager' 'pitches create|--brand' 'pitches create|--market' 'pitches create|--format' 'pitches create|--output' 'pitches create|--columns' 'pitches create|--rows' 'pitches create|--wide' 'pitches create|--param' 'pitches create|--profile' 'pitches create|--base-url' 'pitches create|--demo' 'pitches create|--timeout' 'pitches create|--quiet' 'pitches create|--debug' 'pitches create|--no-color' 'pitches create|--no-pager' 'auth login|--profile' 'auth login|--base-url' 'auth login|--timeout' 'auth login|--debug' 'auth status|--profile' 'auth status|--base-url' 'auth status|--demo' 'auth status|--timeout' 'auth status|--quiet' 'auth status|--debug' 'auth status|--no-color' 'auth logout|--profile' 'config get|--profile' 'config set|--profile' 'config unset|--profile' 'config list|--profile' 'cache status|--profile' 'cache clear|--profile' 'api|--brand' 'api|--market' 'api|--days' 'api|--from' 'api|--to' 'api|--format' 'api|--output' 'api|--columns' 'api|--rows' 'api|--wide' 'api|--param' 'api|--profile' 'api|--base-url' 'api|--demo' 'api|--timeout' 'api|--refresh' 'api|--no-cache' 'api|--quiet' 'api|--debug' 'api|--no-color' 'api|--no-pager' 'openapi|--format' 'openapi|--output' 'openapi|--profile' 'openapi|--base-url' 'openapi|--demo' 'openapi|--timeout' 'openapi|--quiet' 'openapi|--debug' 'openapi|--no-color' 'openapi|--no-pager' 'export|--brand' 'export|--market' 'export|--days' 'export|--from' 'export|--to' 'export|--format' 'export|--param' 'export|--profile' 'export|--base-url' 'export|--demo' 'export|--timeout' 'export|--refresh' 'export|--no-cache' 'export|--quiet' 'export|--debug' 'export|--no-color'
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
complete -c vis -n '__vis_global --brand' -s b -l brand -x -a '(__vis_dynamic brands)' -d 'brand id, or a brand name (env VIS_BRAND)'
complete -c vis -n '__vis_global --market' -s m -l market -x -d 'market: US-en, US, or a market id (env VIS_MARKET)'
complete -c vis -n '__vis_global --days' -s d -l days -x -d 'period: days back ending today, 1-90'
complete -c vis -n '__vis_global --from' -l from -x -d 'period start, YYYY-MM-DD (at most 90 days before --to)'
complete -c vis -n '__vis_global --to' -l to -x -d 'period end, YYYY-MM-DD (default today; needs --from)'
complete -c vis -n '__vis_global --format' -s f -l format -x -a 'table json csv' -d 'table, json or csv (env VIS_FORMAT)'
complete -c vis -n '__vis_global --output' -s o -l output -r -F -d 'write to this file instead of stdout: a regular file is replaced atomically, a device or FIFO written in place; - is stdout'
complete -c vis -n '__vis_global --columns' -l columns -x -d 'csv/table: pick and order columns'
complete -c vis -n '__vis_global --rows' -l rows -x -d 'csv/table: the rows: an array inside data, an object inside data (one row), or . (all of data, one row)'
complete -c vis -n '__vis_global --wide' -l wide -d 'table: keep long text whole'
complete -c vis -n '__vis_global --param' -l param -x -d 'add a query parameter verbatim (repeatable)'
complete -c vis -n '__vis_global --profile' -l profile -x -a '(__vis_dynamic profiles)' -d 'saved profile to use (env VIS_PROFILE)'
complete -c vis -n '__vis_global --base-url' -l base-url -x -d 'API base address ending in /api/v1 (env VIS_BASE_URL)'
complete -c vis -n '__vis_global --demo' -l demo -d 'use the built-in sandbox: no key or network needed (env VIS_DEMO=1)'
complete -c vis -n '__vis_global --timeout' -l timeout -x -d 'per request, default 30'
complete -c vis -n '__vis_global --refresh' -l refresh -d 'read from the API even when the cache holds the answer, and cache the new one'
complete -c vis -n '__vis_global --no-cache' -l no-cache -d 'neither read nor write the local cache (also VIS_CACHE=off)'
complete -c vis -n '__vis_global --quiet' -s q -l quiet -d 'no spinner, progress, warnings or piped-table notes on stderr'
complete -c vis -n '__vis_global --debug' -l debug -d 'log each request to stderr; the key is never shown (env VIS_DEBUG=1)'
complete -c vis -n '__vis_global --no-color' -l no-color -d 'no colour (also NO_COLOR; FORCE_COLOR forces it)'
complete -c vis -n '__vis_global --no-pager' -l no-pager -d 'never page long output on a terminal (also VIS_PAGER=)'
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
complete -c vis -n '__vis_at "" 0' -a auth -d 'Log in, log out, and see which key is in use'
complete -c vis -n '__vis_at "" 0' -a config -d 'Read and change saved settings (base URL, brand, market, format)'
complete -c vis -n '__vis_at "" 0' -a cache -d 'The local response cache: status and clear'
complete -c vis -n '__vis_at "" 0' -a api -d 'Raw GET of any API path, for what the commands do not cover yet'
complete -c vis -n '__vis_at "" 0' -a openapi -d 'Print the API’s OpenAPI description ({base_url}/openapi.json)'
complete -c vis -n '__vis_at "" 0' -a export -d 'Write every endpoint to files (csv or json) with a manifest, for cron jobs'
complete -c vis -n '__vis_at "" 0' -a sandbox -d 'Serve the whole API on loopback from built-in data, with demo keys'
complete -c vis -n '__vis_at "" 0' -a completion -d 'Print the shell completion script for bash, zsh or fish'
complete -c vis -n '__vis_at "" 0' -a help -d 'Help for a command, or a topic: exit-codes, environment, options'

# vis answers
complete -c vis -n '__vis_at "answers" 0' -a runs -d 'The exact answer text each engine gave for one question, per run'
complete -c vis -n '__vis_at "answers" 0' -a history -d 'Historical answers'

# vis answers runs
complete -c vis -n '__vis_at "answers runs"' -l prompt -x -d 'the question’s id as `vis answers` shows it (looked up there: one more read, unless cached) or its text'

# vis brand-perception
complete -c vis -n '__vis_at "brand-perception" 0' -a transcript -d 'The perception transcript: what each engine was asked and said (Pro, Growth)'

# vis forum
complete -c vis -n '__vis_at "forum"' -l limit -x -d 'threads per topic, 1-50 (default 20)'

# vis search-performance
complete -c vis -n '__vis_at "search-performance"' -l group-by -x -a 'query page' -d 'rows by search query (default) or by page URL'
complete -c vis -n '__vis_at "search-performance"' -l limit -x -d 'rows, ordered by impressions, 1-1000 (default 25)'

# vis tasks
complete -c vis -n '__vis_at "tasks"' -l layer -x -a 'content technical authority community' -d 'only tasks of this layer; known: content, technical, authority, community (others are passed through as given)'
complete -c vis -n '__vis_at "tasks"' -l status -x -a 'open todo in_progress done dismissed all' -d 'task status (default open); known: open, todo, in_progress, done, dismissed, all (others are passed through as given)'
complete -c vis -n '__vis_at "tasks"' -l limit -x -d 'at most this many tasks, 1-1000 (default 30)'

# vis pitches
complete -c vis -n '__vis_at "pitches" 0' -a create -d 'Scan a prospect and create a pitch report (spends one monthly pitch report)'

# vis pitches create
complete -c vis -n '__vis_at "pitches create"' -l business-type -x -d 'what the prospect does, free text'
complete -c vis -n '__vis_at "pitches create"' -l field -x -d 'add a body field verbatim (repeatable)'
complete -c vis -n '__vis_at "pitches create"' -s y -l yes -d 'do not ask before spending a pitch report'

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
complete -c vis -n '__vis_at "config get" 0' -a 'profile base_url brand market format cache' -d 'profile, base_url, brand, market, format or cache'

# vis config set
complete -c vis -n '__vis_at "config set" 0' -a 'profile base_url brand market format cache' -d 'profile, base_url, brand, market, format or cache'
complete -c vis -n '__vis_at "config set" 1 format' -a 'table json csv' -d 'the new value; for profile, the name of the profile to make active'
complete -c vis -n '__vis_at "config set" 1 profile' -a '(__vis_dynamic profiles)' -d 'the new value; for profile, the name of the profile to make active'

# vis config unset
complete -c vis -n '__vis_at "config unset" 0' -a 'profile base_url brand market format cache' -d 'profile, base_url, brand, market, format or cache'

# vis cache
complete -c vis -n '__vis_at "cache" 0' -a status -d 'Where the cache is, and per account: entries, size, reads saved this month'
complete -c vis -n '__vis_at "cache" 0' -a clear -d 'Remove every cached answer, of every account'

# vis api
complete -c vis -n '__vis_at "api" 0' -a '/brands /markets /usage /overview /visibility /topics /prompts /answers /answers/runs /answers/history /competitors /sources /pages /content-gaps /brand-perception /brand-perception/transcript /forum /search-performance /technical /ai-crawlers /ai-visitors /tasks /weekly-plan /activity /pitches /openapi.json'

# vis export
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
complete -c vis -n '__vis_at "help" 0' -a 'brands markets usage overview visibility topics prompts answers competitors sources pages content-gaps brand-perception forum search-performance technical ai-crawlers ai-visitors tasks weekly-plan activity pitches auth config cache api openapi export sandbox completion help exit-codes environment options' -d 'a command and its sub-commands, or a topic (exit-codes, environment, options)'
