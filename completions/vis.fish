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

# Prints `vis __complete $argv[1]` candidates (brand or profile names, one a line).
function __vis_dynamic
    __vis_parse
    set -l cmd (commandline -opc)[1]
    $cmd __complete $argv[1] $__vis_account 2>/dev/null </dev/null
end

# No file names unless a flag asks for them.
complete -c vis -f

# Global flags, recognised before or after the command words.
complete -c vis -s V -l version -d 'print the version'
complete -c vis -s b -l brand -x -a '(__vis_dynamic brands)' -d 'brand id, or a brand name (env VIS_BRAND)'
complete -c vis -s m -l market -x -d 'market: US-en, US, or a market id (env VIS_MARKET)'
complete -c vis -s d -l days -x -d 'period: days back ending today, 1-90'
complete -c vis -l from -x -d 'period start, YYYY-MM-DD (at most 90 days before --to)'
complete -c vis -l to -x -d 'period end, YYYY-MM-DD (default today; needs --from)'
complete -c vis -s f -l format -x -a 'table json csv' -d 'table, json or csv (env VIS_FORMAT)'
complete -c vis -s o -l output -r -F -d 'write to this file instead of stdout: a regular file is replaced atomically, a device or FIFO written in place; - is stdout'
complete -c vis -l columns -x -d 'csv/table: pick and order columns'
complete -c vis -l rows -x -d 'csv/table: use this array inside data as the rows'
complete -c vis -l wide -d 'table: keep long text whole'
complete -c vis -l param -x -d 'add a query parameter verbatim (repeatable)'
complete -c vis -l profile -x -a '(__vis_dynamic profiles)' -d 'saved profile to use (env VIS_PROFILE)'
complete -c vis -l base-url -x -d 'API base address ending in /api/v1 (env VIS_BASE_URL)'
complete -c vis -l demo -d 'use the built-in sandbox: no key or network needed (env VIS_DEMO=1)'
complete -c vis -l timeout -x -d 'per request, default 30'
complete -c vis -s q -l quiet -d 'no spinner, progress, warnings or piped-table notes on stderr'
complete -c vis -l debug -d 'log each request to stderr; the key is never shown (env VIS_DEBUG=1)'
complete -c vis -l no-color -d 'no colour (also NO_COLOR; FORCE_COLOR forces it)'
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
complete -c vis -n '__vis_at "answers runs"' -l prompt -x -d 'the exact question text, as `vis answers` shows it'

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
complete -c vis -n '__vis_at "tasks"' -l limit -x -d 'at most this many tasks (default 30)'

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
complete -c vis -n '__vis_at "config get" 0' -a 'profile base_url brand market format' -d 'profile, base_url, brand, market or format'

# vis config set
complete -c vis -n '__vis_at "config set" 0' -a 'profile base_url brand market format' -d 'profile, base_url, brand, market or format'
complete -c vis -n '__vis_at "config set" 1 format' -a 'table json csv' -d 'the new value; for profile, the name of the profile to make active'
complete -c vis -n '__vis_at "config set" 1 profile' -a '(__vis_dynamic profiles)' -d 'the new value; for profile, the name of the profile to make active'

# vis config unset
complete -c vis -n '__vis_at "config unset" 0' -a 'profile base_url brand market format' -d 'profile, base_url, brand, market or format'

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
complete -c vis -n '__vis_at "help" 0' -a 'brands markets usage overview visibility topics prompts answers competitors sources pages content-gaps brand-perception forum search-performance technical ai-crawlers ai-visitors tasks weekly-plan activity pitches auth config api openapi export sandbox completion help exit-codes environment options' -d 'a command and its sub-commands, or a topic (exit-codes, environment, options)'
