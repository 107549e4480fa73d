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
        '|changes') REPLY='changes' ;;
        '|history') REPLY='history' ;;
        '|auth') REPLY='auth' ;;
        '|config') REPLY='config' ;;
        '|cache') REPLY='cache' ;;
        '|api') REPLY='api' ;;
        '|openapi') REPLY='openapi' ;;
        '|export') REPLY='export' ;;
        '|report') REPLY='report' ;;
        '|sandbox') REPLY='sandbox' ;;
        '|mcp') REPLY='mcp' ;;
        '|completion') REPLY='completion' ;;
        '|version') REPLY='version' ;;
        '|help') REPLY='help' ;;
        'answers|runs') REPLY='answers runs' ;;
        'answers|history') REPLY='answers history' ;;
        'brand-perception|transcript') REPLY='brand-perception transcript' ;;
        'pitches|create') REPLY='pitches create' ;;
        'history|markets') REPLY='history markets' ;;
        'history|overview') REPLY='history overview' ;;
        'history|visibility') REPLY='history visibility' ;;
        'history|topics') REPLY='history topics' ;;
        'history|prompts') REPLY='history prompts' ;;
        'history|answers') REPLY='history answers' ;;
        'history|competitors') REPLY='history competitors' ;;
        'history|sources') REPLY='history sources' ;;
        'history|pages') REPLY='history pages' ;;
        'history|content-gaps') REPLY='history content-gaps' ;;
        'history|brand-perception' | 'history|perception') REPLY='history brand-perception' ;;
        'history|forum') REPLY='history forum' ;;
        'history|search-performance') REPLY='history search-performance' ;;
        'history|technical') REPLY='history technical' ;;
        'history|ai-crawlers') REPLY='history ai-crawlers' ;;
        'history|ai-visitors') REPLY='history ai-visitors' ;;
        'history|tasks') REPLY='history tasks' ;;
        'history|weekly-plan') REPLY='history weekly-plan' ;;
        'history|activity') REPLY='history activity' ;;
        'history|pitches') REPLY='history pitches' ;;
        'history|check') REPLY='history check' ;;
        'history|prune') REPLY='history prune' ;;
        'history|push') REPLY='history push' ;;
        'history answers|runs') REPLY='history answers runs' ;;
        'history answers|history') REPLY='history answers history' ;;
        'history brand-perception|transcript') REPLY='history brand-perception transcript' ;;
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
        'brands|-f' | 'brands|--format' | \
        'brands|-o' | 'brands|--output' | \
        'brands|--columns' | \
        'brands|--rows' | \
        'brands|--sort' | \
        'brands|--top' | \
        'brands|--param' | \
        'markets|-b' | 'markets|--brand' | \
        'markets|-f' | 'markets|--format' | \
        'markets|-o' | 'markets|--output' | \
        'markets|--columns' | \
        'markets|--rows' | \
        'markets|--sort' | \
        'markets|--top' | \
        'markets|--param' | \
        'usage|-f' | 'usage|--format' | \
        'usage|-o' | 'usage|--output' | \
        'usage|--columns' | \
        'usage|--rows' | \
        'usage|--param' | \
        'overview|-b' | 'overview|--brand' | \
        'overview|-m' | 'overview|--market' | \
        'overview|-d' | 'overview|--days' | \
        'overview|--from' | \
        'overview|--to' | \
        'overview|-f' | 'overview|--format' | \
        'overview|-o' | 'overview|--output' | \
        'overview|--columns' | \
        'overview|--rows' | \
        'overview|--param' | \
        'visibility|-b' | 'visibility|--brand' | \
        'visibility|-m' | 'visibility|--market' | \
        'visibility|-f' | 'visibility|--format' | \
        'visibility|-o' | 'visibility|--output' | \
        'visibility|--columns' | \
        'visibility|--rows' | \
        'visibility|--sort' | \
        'visibility|--top' | \
        'visibility|--param' | \
        'topics|-b' | 'topics|--brand' | \
        'topics|-m' | 'topics|--market' | \
        'topics|-d' | 'topics|--days' | \
        'topics|--from' | \
        'topics|--to' | \
        'topics|-f' | 'topics|--format' | \
        'topics|-o' | 'topics|--output' | \
        'topics|--columns' | \
        'topics|--rows' | \
        'topics|--sort' | \
        'topics|--top' | \
        'topics|--param' | \
        'prompts|-b' | 'prompts|--brand' | \
        'prompts|-m' | 'prompts|--market' | \
        'prompts|-f' | 'prompts|--format' | \
        'prompts|-o' | 'prompts|--output' | \
        'prompts|--columns' | \
        'prompts|--rows' | \
        'prompts|--sort' | \
        'prompts|--top' | \
        'prompts|--engine' | \
        'prompts|--state' | \
        'prompts|--param' | \
        'answers|-b' | 'answers|--brand' | \
        'answers|-m' | 'answers|--market' | \
        'answers|-f' | 'answers|--format' | \
        'answers|-o' | 'answers|--output' | \
        'answers|--columns' | \
        'answers|--rows' | \
        'answers|--sort' | \
        'answers|--top' | \
        'answers|--engine' | \
        'answers|--state' | \
        'answers|--param' | \
        'answers runs|--prompt' | \
        'answers runs|-b' | 'answers runs|--brand' | \
        'answers runs|-m' | 'answers runs|--market' | \
        'answers runs|-f' | 'answers runs|--format' | \
        'answers runs|-o' | 'answers runs|--output' | \
        'answers runs|--columns' | \
        'answers runs|--rows' | \
        'answers runs|--sort' | \
        'answers runs|--top' | \
        'answers runs|--engine' | \
        'answers runs|--param' | \
        'answers history|-b' | 'answers history|--brand' | \
        'answers history|-m' | 'answers history|--market' | \
        'answers history|-d' | 'answers history|--days' | \
        'answers history|--from' | \
        'answers history|--to' | \
        'answers history|-f' | 'answers history|--format' | \
        'answers history|-o' | 'answers history|--output' | \
        'answers history|--columns' | \
        'answers history|--rows' | \
        'answers history|--sort' | \
        'answers history|--top' | \
        'answers history|--param' | \
        'competitors|-b' | 'competitors|--brand' | \
        'competitors|-m' | 'competitors|--market' | \
        'competitors|-f' | 'competitors|--format' | \
        'competitors|-o' | 'competitors|--output' | \
        'competitors|--columns' | \
        'competitors|--rows' | \
        'competitors|--sort' | \
        'competitors|--top' | \
        'competitors|--param' | \
        'sources|-b' | 'sources|--brand' | \
        'sources|-m' | 'sources|--market' | \
        'sources|-d' | 'sources|--days' | \
        'sources|--from' | \
        'sources|--to' | \
        'sources|-f' | 'sources|--format' | \
        'sources|-o' | 'sources|--output' | \
        'sources|--columns' | \
        'sources|--rows' | \
        'sources|--sort' | \
        'sources|--top' | \
        'sources|--param' | \
        'pages|-b' | 'pages|--brand' | \
        'pages|-m' | 'pages|--market' | \
        'pages|-d' | 'pages|--days' | \
        'pages|--from' | \
        'pages|--to' | \
        'pages|-f' | 'pages|--format' | \
        'pages|-o' | 'pages|--output' | \
        'pages|--columns' | \
        'pages|--rows' | \
        'pages|--sort' | \
        'pages|--top' | \
        'pages|--engine' | \
        'pages|--param' | \
        'content-gaps|-b' | 'content-gaps|--brand' | \
        'content-gaps|-m' | 'content-gaps|--market' | \
        'content-gaps|-f' | 'content-gaps|--format' | \
        'content-gaps|-o' | 'content-gaps|--output' | \
        'content-gaps|--columns' | \
        'content-gaps|--rows' | \
        'content-gaps|--sort' | \
        'content-gaps|--top' | \
        'content-gaps|--action' | \
        'content-gaps|--param' | \
        'brand-perception|-b' | 'brand-perception|--brand' | \
        'brand-perception|-m' | 'brand-perception|--market' | \
        'brand-perception|-d' | 'brand-perception|--days' | \
        'brand-perception|--from' | \
        'brand-perception|--to' | \
        'brand-perception|-f' | 'brand-perception|--format' | \
        'brand-perception|-o' | 'brand-perception|--output' | \
        'brand-perception|--columns' | \
        'brand-perception|--rows' | \
        'brand-perception|--sort' | \
        'brand-perception|--top' | \
        'brand-perception|--engine' | \
        'brand-perception|--param' | \
        'brand-perception transcript|-b' | 'brand-perception transcript|--brand' | \
        'brand-perception transcript|-m' | 'brand-perception transcript|--market' | \
        'brand-perception transcript|-d' | 'brand-perception transcript|--days' | \
        'brand-perception transcript|--from' | \
        'brand-perception transcript|--to' | \
        'brand-perception transcript|-f' | 'brand-perception transcript|--format' | \
        'brand-perception transcript|-o' | 'brand-perception transcript|--output' | \
        'brand-perception transcript|--columns' | \
        'brand-perception transcript|--rows' | \
        'brand-perception transcript|--sort' | \
        'brand-perception transcript|--top' | \
        'brand-perception transcript|--param' | \
        'forum|--limit' | \
        'forum|-b' | 'forum|--brand' | \
        'forum|-m' | 'forum|--market' | \
        'forum|-d' | 'forum|--days' | \
        'forum|--from' | \
        'forum|--to' | \
        'forum|-f' | 'forum|--format' | \
        'forum|-o' | 'forum|--output' | \
        'forum|--columns' | \
        'forum|--rows' | \
        'forum|--sort' | \
        'forum|--top' | \
        'forum|--param' | \
        'search-performance|--group-by' | \
        'search-performance|--limit' | \
        'search-performance|-b' | 'search-performance|--brand' | \
        'search-performance|-m' | 'search-performance|--market' | \
        'search-performance|-d' | 'search-performance|--days' | \
        'search-performance|-f' | 'search-performance|--format' | \
        'search-performance|-o' | 'search-performance|--output' | \
        'search-performance|--columns' | \
        'search-performance|--rows' | \
        'search-performance|--sort' | \
        'search-performance|--top' | \
        'search-performance|--param' | \
        'technical|-b' | 'technical|--brand' | \
        'technical|-m' | 'technical|--market' | \
        'technical|-f' | 'technical|--format' | \
        'technical|-o' | 'technical|--output' | \
        'technical|--columns' | \
        'technical|--rows' | \
        'technical|--sort' | \
        'technical|--top' | \
        'technical|--param' | \
        'ai-crawlers|-b' | 'ai-crawlers|--brand' | \
        'ai-crawlers|-m' | 'ai-crawlers|--market' | \
        'ai-crawlers|-d' | 'ai-crawlers|--days' | \
        'ai-crawlers|--from' | \
        'ai-crawlers|--to' | \
        'ai-crawlers|-f' | 'ai-crawlers|--format' | \
        'ai-crawlers|-o' | 'ai-crawlers|--output' | \
        'ai-crawlers|--columns' | \
        'ai-crawlers|--rows' | \
        'ai-crawlers|--sort' | \
        'ai-crawlers|--top' | \
        'ai-crawlers|--param' | \
        'ai-visitors|-b' | 'ai-visitors|--brand' | \
        'ai-visitors|-m' | 'ai-visitors|--market' | \
        'ai-visitors|-d' | 'ai-visitors|--days' | \
        'ai-visitors|--from' | \
        'ai-visitors|--to' | \
        'ai-visitors|-f' | 'ai-visitors|--format' | \
        'ai-visitors|-o' | 'ai-visitors|--output' | \
        'ai-visitors|--columns' | \
        'ai-visitors|--rows' | \
        'ai-visitors|--sort' | \
        'ai-visitors|--top' | \
        'ai-visitors|--param' | \
        'tasks|--layer' | \
        'tasks|--status' | \
        'tasks|--limit' | \
        'tasks|-b' | 'tasks|--brand' | \
        'tasks|-m' | 'tasks|--market' | \
        'tasks|-f' | 'tasks|--format' | \
        'tasks|-o' | 'tasks|--output' | \
        'tasks|--columns' | \
        'tasks|--rows' | \
        'tasks|--sort' | \
        'tasks|--top' | \
        'tasks|--param' | \
        'weekly-plan|-b' | 'weekly-plan|--brand' | \
        'weekly-plan|-m' | 'weekly-plan|--market' | \
        'weekly-plan|-f' | 'weekly-plan|--format' | \
        'weekly-plan|-o' | 'weekly-plan|--output' | \
        'weekly-plan|--columns' | \
        'weekly-plan|--rows' | \
        'weekly-plan|--sort' | \
        'weekly-plan|--top' | \
        'weekly-plan|--param' | \
        'activity|-b' | 'activity|--brand' | \
        'activity|-m' | 'activity|--market' | \
        'activity|-d' | 'activity|--days' | \
        'activity|--from' | \
        'activity|--to' | \
        'activity|-f' | 'activity|--format' | \
        'activity|-o' | 'activity|--output' | \
        'activity|--columns' | \
        'activity|--rows' | \
        'activity|--sort' | \
        'activity|--top' | \
        'activity|--param' | \
        'pitches|-b' | 'pitches|--brand' | \
        'pitches|-f' | 'pitches|--format' | \
        'pitches|-o' | 'pitches|--output' | \
        'pitches|--columns' | \
        'pitches|--rows' | \
        'pitches|--sort' | \
        'pitches|--top' | \
        'pitches|--param' | \
        'pitches create|--business-type' | \
        'pitches create|--field' | \
        'pitches create|-b' | 'pitches create|--brand' | \
        'pitches create|-m' | 'pitches create|--market' | \
        'pitches create|-f' | 'pitches create|--format' | \
        'pitches create|-o' | 'pitches create|--output' | \
        'pitches create|--columns' | \
        'pitches create|--rows' | \
        'pitches create|--param' | \
        'changes|-b' | 'changes|--brand' | \
        'changes|-m' | 'changes|--market' | \
        'changes|-f' | 'changes|--format' | \
        'changes|-o' | 'changes|--output' | \
        'changes|--since' | \
        'changes|--threshold' | \
        'history markets|-b' | 'history markets|--brand' | \
        'history markets|--since' | \
        'history markets|--until' | \
        'history markets|-f' | 'history markets|--format' | \
        'history markets|-o' | 'history markets|--output' | \
        'history markets|--columns' | \
        'history markets|--rows' | \
        'history markets|--param' | \
        'history overview|-b' | 'history overview|--brand' | \
        'history overview|-m' | 'history overview|--market' | \
        'history overview|-d' | 'history overview|--days' | \
        'history overview|--from' | \
        'history overview|--to' | \
        'history overview|--since' | \
        'history overview|--until' | \
        'history overview|-f' | 'history overview|--format' | \
        'history overview|-o' | 'history overview|--output' | \
        'history overview|--columns' | \
        'history overview|--rows' | \
        'history overview|--param' | \
        'history visibility|-b' | 'history visibility|--brand' | \
        'history visibility|-m' | 'history visibility|--market' | \
        'history visibility|--since' | \
        'history visibility|--until' | \
        'history visibility|-f' | 'history visibility|--format' | \
        'history visibility|-o' | 'history visibility|--output' | \
        'history visibility|--columns' | \
        'history visibility|--rows' | \
        'history visibility|--param' | \
        'history topics|-b' | 'history topics|--brand' | \
        'history topics|-m' | 'history topics|--market' | \
        'history topics|-d' | 'history topics|--days' | \
        'history topics|--from' | \
        'history topics|--to' | \
        'history topics|--since' | \
        'history topics|--until' | \
        'history topics|-f' | 'history topics|--format' | \
        'history topics|-o' | 'history topics|--output' | \
        'history topics|--columns' | \
        'history topics|--rows' | \
        'history topics|--param' | \
        'history prompts|-b' | 'history prompts|--brand' | \
        'history prompts|-m' | 'history prompts|--market' | \
        'history prompts|--since' | \
        'history prompts|--until' | \
        'history prompts|-f' | 'history prompts|--format' | \
        'history prompts|-o' | 'history prompts|--output' | \
        'history prompts|--columns' | \
        'history prompts|--rows' | \
        'history prompts|--param' | \
        'history answers|-b' | 'history answers|--brand' | \
        'history answers|-m' | 'history answers|--market' | \
        'history answers|--since' | \
        'history answers|--until' | \
        'history answers|-f' | 'history answers|--format' | \
        'history answers|-o' | 'history answers|--output' | \
        'history answers|--columns' | \
        'history answers|--rows' | \
        'history answers|--param' | \
        'history answers runs|--prompt' | \
        'history answers runs|-b' | 'history answers runs|--brand' | \
        'history answers runs|-m' | 'history answers runs|--market' | \
        'history answers runs|--since' | \
        'history answers runs|--until' | \
        'history answers runs|-f' | 'history answers runs|--format' | \
        'history answers runs|-o' | 'history answers runs|--output' | \
        'history answers runs|--columns' | \
        'history answers runs|--rows' | \
        'history answers runs|--param' | \
        'history answers history|-b' | 'history answers history|--brand' | \
        'history answers history|-m' | 'history answers history|--market' | \
        'history answers history|-d' | 'history answers history|--days' | \
        'history answers history|--from' | \
        'history answers history|--to' | \
        'history answers history|--since' | \
        'history answers history|--until' | \
        'history answers history|-f' | 'history answers history|--format' | \
        'history answers history|-o' | 'history answers history|--output' | \
        'history answers history|--columns' | \
        'history answers history|--rows' | \
        'history answers history|--param' | \
        'history competitors|-b' | 'history competitors|--brand' | \
        'history competitors|-m' | 'history competitors|--market' | \
        'history competitors|--since' | \
        'history competitors|--until' | \
        'history competitors|-f' | 'history competitors|--format' | \
        'history competitors|-o' | 'history competitors|--output' | \
        'history competitors|--columns' | \
        'history competitors|--rows' | \
        'history competitors|--param' | \
        'history sources|-b' | 'history sources|--brand' | \
        'history sources|-m' | 'history sources|--market' | \
        'history sources|-d' | 'history sources|--days' | \
        'history sources|--from' | \
        'history sources|--to' | \
        'history sources|--since' | \
        'history sources|--until' | \
        'history sources|-f' | 'history sources|--format' | \
        'history sources|-o' | 'history sources|--output' | \
        'history sources|--columns' | \
        'history sources|--rows' | \
        'history sources|--param' | \
        'history pages|-b' | 'history pages|--brand' | \
        'history pages|-m' | 'history pages|--market' | \
        'history pages|-d' | 'history pages|--days' | \
        'history pages|--from' | \
        'history pages|--to' | \
        'history pages|--since' | \
        'history pages|--until' | \
        'history pages|-f' | 'history pages|--format' | \
        'history pages|-o' | 'history pages|--output' | \
        'history pages|--columns' | \
        'history pages|--rows' | \
        'history pages|--param' | \
        'history content-gaps|-b' | 'history content-gaps|--brand' | \
        'history content-gaps|-m' | 'history content-gaps|--market' | \
        'history content-gaps|--since' | \
        'history content-gaps|--until' | \
        'history content-gaps|-f' | 'history content-gaps|--format' | \
        'history content-gaps|-o' | 'history content-gaps|--output' | \
        'history content-gaps|--columns' | \
        'history content-gaps|--rows' | \
        'history content-gaps|--param' | \
        'history brand-perception|-b' | 'history brand-perception|--brand' | \
        'history brand-perception|-m' | 'history brand-perception|--market' | \
        'history brand-perception|-d' | 'history brand-perception|--days' | \
        'history brand-perception|--from' | \
        'history brand-perception|--to' | \
        'history brand-perception|--since' | \
        'history brand-perception|--until' | \
        'history brand-perception|-f' | 'history brand-perception|--format' | \
        'history brand-perception|-o' | 'history brand-perception|--output' | \
        'history brand-perception|--columns' | \
        'history brand-perception|--rows' | \
        'history brand-perception|--param' | \
        'history brand-perception transcript|-b' | 'history brand-perception transcript|--brand' | \
        'history brand-perception transcript|-m' | 'history brand-perception transcript|--market' | \
        'history brand-perception transcript|-d' | 'history brand-perception transcript|--days' | \
        'history brand-perception transcript|--from' | \
        'history brand-perception transcript|--to' | \
        'history brand-perception transcript|--since' | \
        'history brand-perception transcript|--until' | \
        'history brand-perception transcript|-f' | 'history brand-perception transcript|--format' | \
        'history brand-perception transcript|-o' | 'history brand-perception transcript|--output' | \
        'history brand-perception transcript|--columns' | \
        'history brand-perception transcript|--rows' | \
        'history brand-perception transcript|--param' | \
        'history forum|--limit' | \
        'history forum|-b' | 'history forum|--brand' | \
        'history forum|-m' | 'history forum|--market' | \
        'history forum|-d' | 'history forum|--days' | \
        'history forum|--from' | \
        'history forum|--to' | \
        'history forum|--since' | \
        'history forum|--until' | \
        'history forum|-f' | 'history forum|--format' | \
        'history forum|-o' | 'history forum|--output' | \
        'history forum|--columns' | \
        'history forum|--rows' | \
        'history forum|--param' | \
        'history search-performance|--group-by' | \
        'history search-performance|--limit' | \
        'history search-performance|-b' | 'history search-performance|--brand' | \
        'history search-performance|-m' | 'history search-performance|--market' | \
        'history search-performance|-d' | 'history search-performance|--days' | \
        'history search-performance|--since' | \
        'history search-performance|--until' | \
        'history search-performance|-f' | 'history search-performance|--format' | \
        'history search-performance|-o' | 'history search-performance|--output' | \
        'history search-performance|--columns' | \
        'history search-performance|--rows' | \
        'history search-performance|--param' | \
        'history technical|-b' | 'history technical|--brand' | \
        'history technical|-m' | 'history technical|--market' | \
        'history technical|--since' | \
        'history technical|--until' | \
        'history technical|-f' | 'history technical|--format' | \
        'history technical|-o' | 'history technical|--output' | \
        'history technical|--columns' | \
        'history technical|--rows' | \
        'history technical|--param' | \
        'history ai-crawlers|-b' | 'history ai-crawlers|--brand' | \
        'history ai-crawlers|-m' | 'history ai-crawlers|--market' | \
        'history ai-crawlers|-d' | 'history ai-crawlers|--days' | \
        'history ai-crawlers|--from' | \
        'history ai-crawlers|--to' | \
        'history ai-crawlers|--since' | \
        'history ai-crawlers|--until' | \
        'history ai-crawlers|-f' | 'history ai-crawlers|--format' | \
        'history ai-crawlers|-o' | 'history ai-crawlers|--output' | \
        'history ai-crawlers|--columns' | \
        'history ai-crawlers|--rows' | \
        'history ai-crawlers|--param' | \
        'history ai-visitors|-b' | 'history ai-visitors|--brand' | \
        'history ai-visitors|-m' | 'history ai-visitors|--market' | \
        'history ai-visitors|-d' | 'history ai-visitors|--days' | \
        'history ai-visitors|--from' | \
        'history ai-visitors|--to' | \
        'history ai-visitors|--since' | \
        'history ai-visitors|--until' | \
        'history ai-visitors|-f' | 'history ai-visitors|--format' | \
        'history ai-visitors|-o' | 'history ai-visitors|--output' | \
        'history ai-visitors|--columns' | \
        'history ai-visitors|--rows' | \
        'history ai-visitors|--param' | \
        'history tasks|--layer' | \
        'history tasks|--status' | \
        'history tasks|--limit' | \
        'history tasks|-b' | 'history tasks|--brand' | \
        'history tasks|-m' | 'history tasks|--market' | \
        'history tasks|--since' | \
        'history tasks|--until' | \
        'history tasks|-f' | 'history tasks|--format' | \
        'history tasks|-o' | 'history tasks|--output' | \
        'history tasks|--columns' | \
        'history tasks|--rows' | \
        'history tasks|--param' | \
        'history weekly-plan|-b' | 'history weekly-plan|--brand' | \
        'history weekly-plan|-m' | 'history weekly-plan|--market' | \
        'history weekly-plan|--since' | \
        'history weekly-plan|--until' | \
        'history weekly-plan|-f' | 'history weekly-plan|--format' | \
        'history weekly-plan|-o' | 'history weekly-plan|--output' | \
        'history weekly-plan|--columns' | \
        'history weekly-plan|--rows' | \
        'history weekly-plan|--param' | \
        'history activity|-b' | 'history activity|--brand' | \
        'history activity|-m' | 'history activity|--market' | \
        'history activity|-d' | 'history activity|--days' | \
        'history activity|--from' | \
        'history activity|--to' | \
        'history activity|--since' | \
        'history activity|--until' | \
        'history activity|-f' | 'history activity|--format' | \
        'history activity|-o' | 'history activity|--output' | \
        'history activity|--columns' | \
        'history activity|--rows' | \
        'history activity|--param' | \
        'history pitches|-b' | 'history pitches|--brand' | \
        'history pitches|--since' | \
        'history pitches|--until' | \
        'history pitches|-f' | 'history pitches|--format' | \
        'history pitches|-o' | 'history pitches|--output' | \
        'history pitches|--columns' | \
        'history pitches|--rows' | \
        'history pitches|--param' | \
        'history prune|--before' | \
        'history push|--file' | \
        'api|-b' | 'api|--brand' | \
        'api|-m' | 'api|--market' | \
        'api|-d' | 'api|--days' | \
        'api|--from' | \
        'api|--to' | \
        'api|-f' | 'api|--format' | \
        'api|-o' | 'api|--output' | \
        'api|--columns' | \
        'api|--rows' | \
        'api|--param' | \
        'openapi|-f' | 'openapi|--format' | \
        'openapi|-o' | 'openapi|--output' | \
        'export|-b' | 'export|--brand' | \
        'export|-m' | 'export|--market' | \
        'export|-d' | 'export|--days' | \
        'export|--from' | \
        'export|--to' | \
        'export|-f' | 'export|--format' | \
        'export|--param' | \
        'export|--dir' | \
        'export|--only' | \
        'report|-b' | 'report|--brand' | \
        'report|-m' | 'report|--market' | \
        'report|-d' | 'report|--days' | \
        'report|--from' | \
        'report|--to' | \
        'report|-o' | 'report|--output' | \
        'report|--dir' | \
        'report|--pdf' | \
        'report|--title' | \
        'report|--logo' | \
        'report|--accent' | \
        'report|--locale' | \
        'report|--paper' | \
        'sandbox|--port' | \
        'sandbox|--host' | \
        'mcp|--max-reads' | \
        'mcp|--max-bytes' | \
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
        '') REPLY='brands markets usage overview visibility topics prompts answers competitors sources pages content-gaps brand-perception perception forum search-performance technical ai-crawlers ai-visitors tasks weekly-plan activity pitches changes history auth config cache api openapi export report sandbox mcp completion version help' ;;
        'answers') REPLY='runs history' ;;
        'brand-perception') REPLY='transcript' ;;
        'pitches') REPLY='create' ;;
        'history') REPLY='markets overview visibility topics prompts answers competitors sources pages content-gaps brand-perception perception forum search-performance technical ai-crawlers ai-visitors tasks weekly-plan activity pitches check prune push' ;;
        'history answers') REPLY='runs history' ;;
        'history brand-perception') REPLY='transcript' ;;
        'auth') REPLY='login status logout' ;;
        'config') REPLY='get set unset list path' ;;
        'cache') REPLY='status clear' ;;
    esac
}

# Sets REPLY to the flags of the command at path $1: its own and the global ones it takes.
__vis_flags() {
    case $1 in
        '') REPLY='-h --help -V --version --profile --base-url --demo --timeout -q --quiet --verbose --debug --no-color' ;;
        'brands') REPLY='-f --format -o --output --columns --rows --wide --no-pager --sort --top --param -h --help --profile --base-url --demo --timeout -q --quiet --verbose --debug --no-color' ;;
        'markets') REPLY='-b --brand -f --format -o --output --columns --rows --wide --no-pager --sort --top --refresh --no-cache --param -h --help --profile --base-url --demo --timeout -q --quiet --verbose --debug --no-color' ;;
        'usage') REPLY='-f --format -o --output --columns --rows --wide --no-pager --param -h --help --profile --base-url --demo --timeout -q --quiet --verbose --debug --no-color' ;;
        'overview') REPLY='-b --brand --all-brands -m --market --all-markets -d --days --from --to -f --format -o --output --columns --rows --wide --no-pager --refresh --no-cache --param -h --help --profile --base-url --demo --timeout -q --quiet --verbose --debug --no-color' ;;
        'visibility') REPLY='-b --brand --all-brands -m --market --all-markets -f --format -o --output --columns --rows --wide --no-pager --sort --top --refresh --no-cache --param -h --help --profile --base-url --demo --timeout -q --quiet --verbose --debug --no-color' ;;
        'topics') REPLY='-b --brand --all-brands -m --market --all-markets -d --days --from --to -f --format -o --output --columns --rows --wide --no-pager --sort --top --refresh --no-cache --param -h --help --profile --base-url --demo --timeout -q --quiet --verbose --debug --no-color' ;;
        'prompts') REPLY='-b --brand --all-brands -m --market --all-markets -f --format -o --output --columns --rows --wide --no-pager --sort --top --engine --state --refresh --no-cache --param -h --help --profile --base-url --demo --timeout -q --quiet --verbose --debug --no-color' ;;
        'answers') REPLY='-b --brand --all-brands -m --market --all-markets -f --format -o --output --columns --rows --wide --no-pager --sort --top --engine --state --refresh --no-cache --param -h --help --profile --base-url --demo --timeout -q --quiet --verbose --debug --no-color' ;;
        'answers runs') REPLY='--prompt -b --brand -m --market -f --format -o --output --columns --rows --wide --no-pager --sort --top --engine --refresh --no-cache --param -h --help --profile --base-url --demo --timeout -q --quiet --verbose --debug --no-color' ;;
        'answers history') REPLY='-b --brand --all-brands -m --market --all-markets -d --days --from --to -f --format -o --output --columns --rows --wide --no-pager --sort --top --refresh --no-cache --param -h --help --profile --base-url --demo --timeout -q --quiet --verbose --debug --no-color' ;;
        'competitors') REPLY='-b --brand --all-brands -m --market --all-markets -f --format -o --output --columns --rows --wide --no-pager --sort --top --refresh --no-cache --param -h --help --profile --base-url --demo --timeout -q --quiet --verbose --debug --no-color' ;;
        'sources') REPLY='-b --brand --all-brands -m --market --all-markets -d --days --from --to -f --format -o --output --columns --rows --wide --no-pager --sort --top --refresh --no-cache --param -h --help --profile --base-url --demo --timeout -q --quiet --verbose --debug --no-color' ;;
        'pages') REPLY='-b --brand --all-brands -m --market --all-markets -d --days --from --to -f --format -o --output --columns --rows --wide --no-pager --sort --top --engine --refresh --no-cache --param -h --help --profile --base-url --demo --timeout -q --quiet --verbose --debug --no-color' ;;
        'content-gaps') REPLY='-b --brand --all-brands -m --market --all-markets -f --format -o --output --columns --rows --wide --no-pager --sort --top --action --refresh --no-cache --param -h --help --profile --base-url --demo --timeout -q --quiet --verbose --debug --no-color' ;;
        'brand-perception') REPLY='-b --brand --all-brands -m --market --all-markets -d --days --from --to -f --format -o --output --columns --rows --wide --no-pager --sort --top --engine --refresh --no-cache --param -h --help --profile --base-url --demo --timeout -q --quiet --verbose --debug --no-color' ;;
        'brand-perception transcript') REPLY='-b --brand --all-brands -m --market --all-markets -d --days --from --to -f --format -o --output --columns --rows --wide --no-pager --sort --top --refresh --no-cache --param -h --help --profile --base-url --demo --timeout -q --quiet --verbose --debug --no-color' ;;
        'forum') REPLY='--limit -b --brand --all-brands -m --market --all-markets -d --days --from --to -f --format -o --output --columns --rows --wide --no-pager --sort --top --refresh --no-cache --param -h --help --profile --base-url --demo --timeout -q --quiet --verbose --debug --no-color' ;;
        'search-performance') REPLY='--group-by --limit -b --brand --all-brands -m --market --all-markets -d --days -f --format -o --output --columns --rows --wide --no-pager --sort --top --refresh --no-cache --param -h --help --profile --base-url --demo --timeout -q --quiet --verbose --debug --no-color' ;;
        'technical') REPLY='-b --brand --all-brands -m --market --all-markets -f --format -o --output --columns --rows --wide --no-pager --sort --top --refresh --no-cache --param -h --help --profile --base-url --demo --timeout -q --quiet --verbose --debug --no-color' ;;
        'ai-crawlers') REPLY='-b --brand --all-brands -m --market --all-markets -d --days --from --to -f --format -o --output --columns --rows --wide --no-pager --sort --top --refresh --no-cache --param -h --help --profile --base-url --demo --timeout -q --quiet --verbose --debug --no-color' ;;
        'ai-visitors') REPLY='-b --brand --all-brands -m --market --all-markets -d --days --from --to -f --format -o --output --columns --rows --wide --no-pager --sort --top --refresh --no-cache --param -h --help --profile --base-url --demo --timeout -q --quiet --verbose --debug --no-color' ;;
        'tasks') REPLY='--layer --status --limit -b --brand --all-brands -m --market --all-markets -f --format -o --output --columns --rows --wide --no-pager --sort --top --refresh --no-cache --param -h --help --profile --base-url --demo --timeout -q --quiet --verbose --debug --no-color' ;;
        'weekly-plan') REPLY='-b --brand --all-brands -m --market --all-markets -f --format -o --output --columns --rows --wide --no-pager --sort --top --refresh --no-cache --param -h --help --profile --base-url --demo --timeout -q --quiet --verbose --debug --no-color' ;;
        'activity') REPLY='-b --brand --all-brands -m --market --all-markets -d --days --from --to -f --format -o --output --columns --rows --wide --no-pager --sort --top --refresh --no-cache --param -h --help --profile --base-url --demo --timeout -q --quiet --verbose --debug --no-color' ;;
        'pitches') REPLY='-b --brand --all-brands -f --format -o --output --columns --rows --wide --no-pager --sort --top --refresh --no-cache --param -h --help --profile --base-url --demo --timeout -q --quiet --verbose --debug --no-color' ;;
        'pitches create') REPLY='--business-type --field -y --yes -b --brand -m --market -f --format -o --output --columns --rows --wide --no-pager --param -h --help --profile --base-url --demo --timeout -q --quiet --verbose --debug --no-color' ;;
        'changes') REPLY='-b --brand --all-brands -m --market --all-markets -f --format -o --output --no-pager --refresh --no-cache --since --threshold --exit-code --fetch --notify --notify-always -h --help --profile --base-url --demo --timeout -q --quiet --verbose --debug --no-color' ;;
        'history') REPLY='-h --help --profile --base-url --demo --timeout -q --quiet --verbose --debug --no-color' ;;
        'history markets') REPLY='-b --brand --since --until -f --format -o --output --columns --rows --wide --no-pager --param -h --help --profile --base-url --demo --timeout -q --quiet --verbose --debug --no-color' ;;
        'history overview') REPLY='-b --brand -m --market -d --days --from --to --since --until -f --format -o --output --columns --rows --wide --no-pager --param -h --help --profile --base-url --demo --timeout -q --quiet --verbose --debug --no-color' ;;
        'history visibility') REPLY='-b --brand -m --market --since --until -f --format -o --output --columns --rows --wide --no-pager --param -h --help --profile --base-url --demo --timeout -q --quiet --verbose --debug --no-color' ;;
        'history topics') REPLY='-b --brand -m --market -d --days --from --to --since --until -f --format -o --output --columns --rows --wide --no-pager --param -h --help --profile --base-url --demo --timeout -q --quiet --verbose --debug --no-color' ;;
        'history prompts') REPLY='-b --brand -m --market --since --until -f --format -o --output --columns --rows --wide --no-pager --param -h --help --profile --base-url --demo --timeout -q --quiet --verbose --debug --no-color' ;;
        'history answers') REPLY='-b --brand -m --market --since --until -f --format -o --output --columns --rows --wide --no-pager --param -h --help --profile --base-url --demo --timeout -q --quiet --verbose --debug --no-color' ;;
        'history answers runs') REPLY='--prompt -b --brand -m --market --since --until -f --format -o --output --columns --rows --wide --no-pager --param -h --help --profile --base-url --demo --timeout -q --quiet --verbose --debug --no-color' ;;
        'history answers history') REPLY='-b --brand -m --market -d --days --from --to --since --until -f --format -o --output --columns --rows --wide --no-pager --param -h --help --profile --base-url --demo --timeout -q --quiet --verbose --debug --no-color' ;;
        'history competitors') REPLY='-b --brand -m --market --since --until -f --format -o --output --columns --rows --wide --no-pager --param -h --help --profile --base-url --demo --timeout -q --quiet --verbose --debug --no-color' ;;
        'history sources') REPLY='-b --brand -m --market -d --days --from --to --since --until -f --format -o --output --columns --rows --wide --no-pager --param -h --help --profile --base-url --demo --timeout -q --quiet --verbose --debug --no-color' ;;
        'history pages') REPLY='-b --brand -m --market -d --days --from --to --since --until -f --format -o --output --columns --rows --wide --no-pager --param -h --help --profile --base-url --demo --timeout -q --quiet --verbose --debug --no-color' ;;
        'history content-gaps') REPLY='-b --brand -m --market --since --until -f --format -o --output --columns --rows --wide --no-pager --param -h --help --profile --base-url --demo --timeout -q --quiet --verbose --debug --no-color' ;;
        'history brand-perception') REPLY='-b --brand -m --market -d --days --from --to --since --until -f --format -o --output --columns --rows --wide --no-pager --param -h --help --profile --base-url --demo --timeout -q --quiet --verbose --debug --no-color' ;;
        'history brand-perception transcript') REPLY='-b --brand -m --market -d --days --from --to --since --until -f --format -o --output --columns --rows --wide --no-pager --param -h --help --profile --base-url --demo --timeout -q --quiet --verbose --debug --no-color' ;;
        'history forum') REPLY='--limit -b --brand -m --market -d --days --from --to --since --until -f --format -o --output --columns --rows --wide --no-pager --param -h --help --profile --base-url --demo --timeout -q --quiet --verbose --debug --no-color' ;;
        'history search-performance') REPLY='--group-by --limit -b --brand -m --market -d --days --since --until -f --format -o --output --columns --rows --wide --no-pager --param -h --help --profile --base-url --demo --timeout -q --quiet --verbose --debug --no-color' ;;
        'history technical') REPLY='-b --brand -m --market --since --until -f --format -o --output --columns --rows --wide --no-pager --param -h --help --profile --base-url --demo --timeout -q --quiet --verbose --debug --no-color' ;;
        'history ai-crawlers') REPLY='-b --brand -m --market -d --days --from --to --since --until -f --format -o --output --columns --rows --wide --no-pager --param -h --help --profile --base-url --demo --timeout -q --quiet --verbose --debug --no-color' ;;
        'history ai-visitors') REPLY='-b --brand -m --market -d --days --from --to --since --until -f --format -o --output --columns --rows --wide --no-pager --param -h --help --profile --base-url --demo --timeout -q --quiet --verbose --debug --no-color' ;;
        'history tasks') REPLY='--layer --status --limit -b --brand -m --market --since --until -f --format -o --output --columns --rows --wide --no-pager --param -h --help --profile --base-url --demo --timeout -q --quiet --verbose --debug --no-color' ;;
        'history weekly-plan') REPLY='-b --brand -m --market --since --until -f --format -o --output --columns --rows --wide --no-pager --param -h --help --profile --base-url --demo --timeout -q --quiet --verbose --debug --no-color' ;;
        'history activity') REPLY='-b --brand -m --market -d --days --from --to --since --until -f --format -o --output --columns --rows --wide --no-pager --param -h --help --profile --base-url --demo --timeout -q --quiet --verbose --debug --no-color' ;;
        'history pitches') REPLY='-b --brand --since --until -f --format -o --output --columns --rows --wide --no-pager --param -h --help --profile --base-url --demo --timeout -q --quiet --verbose --debug --no-color' ;;
        'history check') REPLY='-h --help --profile --base-url --demo --timeout -q --quiet --verbose --debug --no-color' ;;
        'history prune') REPLY='--before --dry-run -h --help --profile --base-url --demo --timeout -q --quiet --verbose --debug --no-color' ;;
        'history push') REPLY='--file --dry-run -h --help --profile --base-url --demo --timeout -q --quiet --verbose --debug --no-color' ;;
        'auth') REPLY='-h --help --profile --base-url --demo --timeout -q --quiet --verbose --debug --no-color' ;;
        'auth login') REPLY='-h --help --profile --base-url --demo --timeout -q --quiet --verbose --debug --no-color' ;;
        'auth status') REPLY='-h --help --profile --base-url --demo --timeout -q --quiet --verbose --debug --no-color' ;;
        'auth logout') REPLY='-h --help --profile --base-url --demo --timeout -q --quiet --verbose --debug --no-color' ;;
        'config') REPLY='-h --help --profile --base-url --demo --timeout -q --quiet --verbose --debug --no-color' ;;
        'config get') REPLY='-h --help --profile --base-url --demo --timeout -q --quiet --verbose --debug --no-color' ;;
        'config set') REPLY='-h --help --profile --base-url --demo --timeout -q --quiet --verbose --debug --no-color' ;;
        'config unset') REPLY='-h --help --profile --base-url --demo --timeout -q --quiet --verbose --debug --no-color' ;;
        'config list') REPLY='-h --help --profile --base-url --demo --timeout -q --quiet --verbose --debug --no-color' ;;
        'config path') REPLY='-h --help --profile --base-url --demo --timeout -q --quiet --verbose --debug --no-color' ;;
        'cache') REPLY='-h --help --profile --base-url --demo --timeout -q --quiet --verbose --debug --no-color' ;;
        'cache status') REPLY='-h --help --profile --base-url --demo --timeout -q --quiet --verbose --debug --no-color' ;;
        'cache clear') REPLY='-h --help --profile --base-url --demo --timeout -q --quiet --verbose --debug --no-color' ;;
        'api') REPLY='-b --brand -m --market -d --days --from --to -f --format -o --output --columns --rows --wide --no-pager --refresh --no-cache --param -h --help --profile --base-url --demo --timeout -q --quiet --verbose --debug --no-color' ;;
        'openapi') REPLY='-f --format -o --output --no-pager -h --help --profile --base-url --demo --timeout -q --quiet --verbose --debug --no-color' ;;
        'export') REPLY='-b --brand -m --market -d --days --from --to -f --format --refresh --no-cache --param --dir --only --all-brands --all-markets --dry-run --force --resume -h --help --profile --base-url --demo --timeout -q --quiet --verbose --debug --no-color' ;;
        'report') REPLY='-b --brand --all-brands -m --market --all-markets -d --days --from --to --refresh --no-cache -o --output --dir --combined --pdf --title --logo --accent --locale --paper --dry-run -h --help --profile --base-url --demo --timeout -q --quiet --verbose --debug --no-color' ;;
        'sandbox') REPLY='--port --host -h --help --profile --base-url --demo --timeout -q --quiet --verbose --debug --no-color' ;;
        'mcp') REPLY='--max-reads --max-bytes --allow-pitches -h --help --profile --base-url --demo --timeout -q --quiet --verbose --debug --no-color' ;;
        'completion') REPLY='-h --help --profile --base-url --demo --timeout -q --quiet --verbose --debug --no-color' ;;
        'version') REPLY='-h --help --profile --base-url --demo --timeout -q --quiet --verbose --debug --no-color' ;;
        'help') REPLY='-h --help --profile --base-url --demo --timeout -q --quiet --verbose --debug --no-color' ;;
        *) REPLY='-V --version --profile --base-url --demo --timeout -q --quiet --verbose --debug --no-color' ;;
    esac
}

# Offers the values of flag $2 of the command at path $1.
__vis_flag_values() {
    case "$1|$2" in
        'brands|-f' | 'brands|--format') __vis_words 'table json csv' ;;
        'brands|-o' | 'brands|--output') __vis_files ;;
        'brands|--sort') __vis_words 'id name domain primary_market markets integrations.search_console' ;;
        'markets|-b' | 'markets|--brand') __vis_dynamic brands ;;
        'markets|-f' | 'markets|--format') __vis_words 'table json csv' ;;
        'markets|-o' | 'markets|--output') __vis_files ;;
        'markets|--sort') __vis_words 'id code country language label primary' ;;
        'usage|-f' | 'usage|--format') __vis_words 'table json csv' ;;
        'usage|-o' | 'usage|--output') __vis_files ;;
        'overview|-b' | 'overview|--brand') __vis_dynamic brands ;;
        'overview|-f' | 'overview|--format') __vis_words 'table json csv' ;;
        'overview|-o' | 'overview|--output') __vis_files ;;
        'visibility|-b' | 'visibility|--brand') __vis_dynamic brands ;;
        'visibility|-f' | 'visibility|--format') __vis_words 'table json csv' ;;
        'visibility|-o' | 'visibility|--output') __vis_files ;;
        'visibility|--sort') __vis_words 'week_start week_end score' ;;
        'topics|-b' | 'topics|--brand') __vis_dynamic brands ;;
        'topics|-f' | 'topics|--format') __vis_words 'table json csv' ;;
        'topics|-o' | 'topics|--output') __vis_files ;;
        'topics|--sort') __vis_words 'id name visibility change rank share_of_voice rivals questions' ;;
        'prompts|-b' | 'prompts|--brand') __vis_dynamic brands ;;
        'prompts|-f' | 'prompts|--format') __vis_words 'table json csv' ;;
        'prompts|-o' | 'prompts|--output') __vis_files ;;
        'prompts|--sort') __vis_words 'id prompt topic_id engines.chatgpt.state engines.chatgpt.rate engines.chatgpt.position engines.perplexity.state engines.perplexity.rate engines.perplexity.position engines.gemini.state engines.gemini.rate engines.gemini.position engines.claude.state engines.claude.rate engines.claude.position engines.copilot.state engines.copilot.rate engines.copilot.position' ;;
        'prompts|--engine') __vis_dynamic engines ;;
        'prompts|--state') __vis_words 'open absent mentioned recommended no_answer' ;;
        'answers|-b' | 'answers|--brand') __vis_dynamic brands ;;
        'answers|-f' | 'answers|--format') __vis_words 'table json csv' ;;
        'answers|-o' | 'answers|--output') __vis_files ;;
        'answers|--sort') __vis_words 'id prompt topic_id topic rate runs_counted named engines.chatgpt engines.perplexity engines.gemini engines.claude engines.copilot' ;;
        'answers|--engine') __vis_dynamic engines ;;
        'answers|--state') __vis_words 'open absent mentioned recommended no_answer' ;;
        'answers runs|-b' | 'answers runs|--brand') __vis_dynamic brands ;;
        'answers runs|-f' | 'answers runs|--format') __vis_words 'table json csv' ;;
        'answers runs|-o' | 'answers runs|--output') __vis_files ;;
        'answers runs|--sort') __vis_words 'engine run_at state named_brand position brands_named answer citations' ;;
        'answers runs|--engine') __vis_dynamic engines ;;
        'answers history|-b' | 'answers history|--brand') __vis_dynamic brands ;;
        'answers history|-f' | 'answers history|--format') __vis_words 'table json csv' ;;
        'answers history|-o' | 'answers history|--output') __vis_files ;;
        'answers history|--sort') __vis_words 'date prompt_id prompt topic_id rate engines.chatgpt engines.perplexity engines.gemini engines.claude engines.copilot' ;;
        'competitors|-b' | 'competitors|--brand') __vis_dynamic brands ;;
        'competitors|-f' | 'competitors|--format') __vis_words 'table json csv' ;;
        'competitors|-o' | 'competitors|--output') __vis_files ;;
        'competitors|--sort') __vis_words 'name domain is_brand share_of_voice change visibility mentions position questions citations' ;;
        'sources|-b' | 'sources|--brand') __vis_dynamic brands ;;
        'sources|-f' | 'sources|--format') __vis_words 'table json csv' ;;
        'sources|-o' | 'sources|--output') __vis_files ;;
        'sources|--sort') __vis_words 'domain kind owner citations share engines.chatgpt engines.perplexity engines.gemini engines.claude engines.copilot topics top_url' ;;
        'pages|-b' | 'pages|--brand') __vis_dynamic brands ;;
        'pages|-f' | 'pages|--format') __vis_words 'table json csv' ;;
        'pages|-o' | 'pages|--output') __vis_files ;;
        'pages|--sort') __vis_words 'url title topic_id citations previous_citations change engines.chatgpt engines.perplexity engines.gemini engines.claude engines.copilot' ;;
        'pages|--engine') __vis_dynamic engines ;;
        'content-gaps|-b' | 'content-gaps|--brand') __vis_dynamic brands ;;
        'content-gaps|-f' | 'content-gaps|--format') __vis_words 'table json csv' ;;
        'content-gaps|-o' | 'content-gaps|--output') __vis_files ;;
        'content-gaps|--sort') __vis_words 'prompt_id prompt topic_id topic has_page page_url cited citations cited_by action reason' ;;
        'content-gaps|--action') __vis_words 'write improve leave' ;;
        'brand-perception|-b' | 'brand-perception|--brand') __vis_dynamic brands ;;
        'brand-perception|-f' | 'brand-perception|--format') __vis_words 'table json csv' ;;
        'brand-perception|-o' | 'brand-perception|--output') __vis_files ;;
        'brand-perception|--sort') __vis_words 'engine label knows recommends sentiment says history' ;;
        'brand-perception|--engine') __vis_dynamic engines ;;
        'brand-perception transcript|-b' | 'brand-perception transcript|--brand') __vis_dynamic brands ;;
        'brand-perception transcript|-f' | 'brand-perception transcript|--format') __vis_words 'table json csv' ;;
        'brand-perception transcript|-o' | 'brand-perception transcript|--output') __vis_files ;;
        'brand-perception transcript|--sort') __vis_words 'engine asked_at question answer' ;;
        'forum|-b' | 'forum|--brand') __vis_dynamic brands ;;
        'forum|-f' | 'forum|--format') __vis_words 'table json csv' ;;
        'forum|-o' | 'forum|--output') __vis_files ;;
        'forum|--sort') __vis_words 'topic_id topic threads_total cited_total brand_mentions summary threads' ;;
        'search-performance|--group-by') __vis_words 'query page' ;;
        'search-performance|-b' | 'search-performance|--brand') __vis_dynamic brands ;;
        'search-performance|-f' | 'search-performance|--format') __vis_words 'table json csv' ;;
        'search-performance|-o' | 'search-performance|--output') __vis_files ;;
        'search-performance|--sort') __vis_words 'query clicks impressions ctr position topic_id page ai_citations ai_cited title top_query' ;;
        'technical|-b' | 'technical|--brand') __vis_dynamic brands ;;
        'technical|-f' | 'technical|--format') __vis_words 'table json csv' ;;
        'technical|-o' | 'technical|--output') __vis_files ;;
        'technical|--sort') __vis_words 'id title severity category engines affected_pages pages description fix' ;;
        'ai-crawlers|-b' | 'ai-crawlers|--brand') __vis_dynamic brands ;;
        'ai-crawlers|-f' | 'ai-crawlers|--format') __vis_words 'table json csv' ;;
        'ai-crawlers|-o' | 'ai-crawlers|--output') __vis_files ;;
        'ai-crawlers|--sort') __vis_words 'bot operator purpose hits pages last_seen top_pages' ;;
        'ai-visitors|-b' | 'ai-visitors|--brand') __vis_dynamic brands ;;
        'ai-visitors|-f' | 'ai-visitors|--format') __vis_words 'table json csv' ;;
        'ai-visitors|-o' | 'ai-visitors|--output') __vis_files ;;
        'ai-visitors|--sort') __vis_words 'engine label visits change_pct share landing_pages' ;;
        'tasks|--layer') __vis_words 'content technical authority community' ;;
        'tasks|--status') __vis_words 'open todo in_progress done dismissed all' ;;
        'tasks|-b' | 'tasks|--brand') __vis_dynamic brands ;;
        'tasks|-f' | 'tasks|--format') __vis_words 'table json csv' ;;
        'tasks|-o' | 'tasks|--output') __vis_files ;;
        'tasks|--sort') __vis_words 'id title layer status priority impact topics created_at updated_at' ;;
        'weekly-plan|-b' | 'weekly-plan|--brand') __vis_dynamic brands ;;
        'weekly-plan|-f' | 'weekly-plan|--format') __vis_words 'table json csv' ;;
        'weekly-plan|-o' | 'weekly-plan|--output') __vis_files ;;
        'weekly-plan|--sort') __vis_words 'name status count tasks' ;;
        'activity|-b' | 'activity|--brand') __vis_dynamic brands ;;
        'activity|-f' | 'activity|--format') __vis_words 'table json csv' ;;
        'activity|-o' | 'activity|--output') __vis_files ;;
        'activity|--sort') __vis_words 'at type title ref.kind ref.id' ;;
        'pitches|-b' | 'pitches|--brand') __vis_dynamic brands ;;
        'pitches|-f' | 'pitches|--format') __vis_words 'table json csv' ;;
        'pitches|-o' | 'pitches|--output') __vis_files ;;
        'pitches|--sort') __vis_words 'id prospect domain market business_type status created_at share_url' ;;
        'pitches create|-b' | 'pitches create|--brand') __vis_dynamic brands ;;
        'pitches create|-f' | 'pitches create|--format') __vis_words 'table json csv' ;;
        'pitches create|-o' | 'pitches create|--output') __vis_files ;;
        'changes|-b' | 'changes|--brand') __vis_dynamic brands ;;
        'changes|-f' | 'changes|--format') __vis_words 'table json csv' ;;
        'changes|-o' | 'changes|--output') __vis_files ;;
        'history markets|-b' | 'history markets|--brand') __vis_dynamic brands ;;
        'history markets|-f' | 'history markets|--format') __vis_words 'table json csv' ;;
        'history markets|-o' | 'history markets|--output') __vis_files ;;
        'history overview|-b' | 'history overview|--brand') __vis_dynamic brands ;;
        'history overview|-f' | 'history overview|--format') __vis_words 'table json csv' ;;
        'history overview|-o' | 'history overview|--output') __vis_files ;;
        'history visibility|-b' | 'history visibility|--brand') __vis_dynamic brands ;;
        'history visibility|-f' | 'history visibility|--format') __vis_words 'table json csv' ;;
        'history visibility|-o' | 'history visibility|--output') __vis_files ;;
        'history topics|-b' | 'history topics|--brand') __vis_dynamic brands ;;
        'history topics|-f' | 'history topics|--format') __vis_words 'table json csv' ;;
        'history topics|-o' | 'history topics|--output') __vis_files ;;
        'history prompts|-b' | 'history prompts|--brand') __vis_dynamic brands ;;
        'history prompts|-f' | 'history prompts|--format') __vis_words 'table json csv' ;;
        'history prompts|-o' | 'history prompts|--output') __vis_files ;;
        'history answers|-b' | 'history answers|--brand') __vis_dynamic brands ;;
        'history answers|-f' | 'history answers|--format') __vis_words 'table json csv' ;;
        'history answers|-o' | 'history answers|--output') __vis_files ;;
        'history answers runs|-b' | 'history answers runs|--brand') __vis_dynamic brands ;;
        'history answers runs|-f' | 'history answers runs|--format') __vis_words 'table json csv' ;;
        'history answers runs|-o' | 'history answers runs|--output') __vis_files ;;
        'history answers history|-b' | 'history answers history|--brand') __vis_dynamic brands ;;
        'history answers history|-f' | 'history answers history|--format') __vis_words 'table json csv' ;;
        'history answers history|-o' | 'history answers history|--output') __vis_files ;;
        'history competitors|-b' | 'history competitors|--brand') __vis_dynamic brands ;;
        'history competitors|-f' | 'history competitors|--format') __vis_words 'table json csv' ;;
        'history competitors|-o' | 'history competitors|--output') __vis_files ;;
        'history sources|-b' | 'history sources|--brand') __vis_dynamic brands ;;
        'history sources|-f' | 'history sources|--format') __vis_words 'table json csv' ;;
        'history sources|-o' | 'history sources|--output') __vis_files ;;
        'history pages|-b' | 'history pages|--brand') __vis_dynamic brands ;;
        'history pages|-f' | 'history pages|--format') __vis_words 'table json csv' ;;
        'history pages|-o' | 'history pages|--output') __vis_files ;;
        'history content-gaps|-b' | 'history content-gaps|--brand') __vis_dynamic brands ;;
        'history content-gaps|-f' | 'history content-gaps|--format') __vis_words 'table json csv' ;;
        'history content-gaps|-o' | 'history content-gaps|--output') __vis_files ;;
        'history brand-perception|-b' | 'history brand-perception|--brand') __vis_dynamic brands ;;
        'history brand-perception|-f' | 'history brand-perception|--format') __vis_words 'table json csv' ;;
        'history brand-perception|-o' | 'history brand-perception|--output') __vis_files ;;
        'history brand-perception transcript|-b' | 'history brand-perception transcript|--brand') __vis_dynamic brands ;;
        'history brand-perception transcript|-f' | 'history brand-perception transcript|--format') __vis_words 'table json csv' ;;
        'history brand-perception transcript|-o' | 'history brand-perception transcript|--output') __vis_files ;;
        'history forum|-b' | 'history forum|--brand') __vis_dynamic brands ;;
        'history forum|-f' | 'history forum|--format') __vis_words 'table json csv' ;;
        'history forum|-o' | 'history forum|--output') __vis_files ;;
        'history search-performance|-b' | 'history search-performance|--brand') __vis_dynamic brands ;;
        'history search-performance|-f' | 'history search-performance|--format') __vis_words 'table json csv' ;;
        'history search-performance|-o' | 'history search-performance|--output') __vis_files ;;
        'history technical|-b' | 'history technical|--brand') __vis_dynamic brands ;;
        'history technical|-f' | 'history technical|--format') __vis_words 'table json csv' ;;
        'history technical|-o' | 'history technical|--output') __vis_files ;;
        'history ai-crawlers|-b' | 'history ai-crawlers|--brand') __vis_dynamic brands ;;
        'history ai-crawlers|-f' | 'history ai-crawlers|--format') __vis_words 'table json csv' ;;
        'history ai-crawlers|-o' | 'history ai-crawlers|--output') __vis_files ;;
        'history ai-visitors|-b' | 'history ai-visitors|--brand') __vis_dynamic brands ;;
        'history ai-visitors|-f' | 'history ai-visitors|--format') __vis_words 'table json csv' ;;
        'history ai-visitors|-o' | 'history ai-visitors|--output') __vis_files ;;
        'history tasks|-b' | 'history tasks|--brand') __vis_dynamic brands ;;
        'history tasks|-f' | 'history tasks|--format') __vis_words 'table json csv' ;;
        'history tasks|-o' | 'history tasks|--output') __vis_files ;;
        'history weekly-plan|-b' | 'history weekly-plan|--brand') __vis_dynamic brands ;;
        'history weekly-plan|-f' | 'history weekly-plan|--format') __vis_words 'table json csv' ;;
        'history weekly-plan|-o' | 'history weekly-plan|--output') __vis_files ;;
        'history activity|-b' | 'history activity|--brand') __vis_dynamic brands ;;
        'history activity|-f' | 'history activity|--format') __vis_words 'table json csv' ;;
        'history activity|-o' | 'history activity|--output') __vis_files ;;
        'history pitches|-b' | 'history pitches|--brand') __vis_dynamic brands ;;
        'history pitches|-f' | 'history pitches|--format') __vis_words 'table json csv' ;;
        'history pitches|-o' | 'history pitches|--output') __vis_files ;;
        'api|-b' | 'api|--brand') __vis_dynamic brands ;;
        'api|-f' | 'api|--format') __vis_words 'table json csv' ;;
        'api|-o' | 'api|--output') __vis_files ;;
        'openapi|-f' | 'openapi|--format') __vis_words 'table json csv' ;;
        'openapi|-o' | 'openapi|--output') __vis_files ;;
        'export|-b' | 'export|--brand') __vis_dynamic brands ;;
        'export|-f' | 'export|--format') __vis_words 'csv json' ;;
        'export|--dir') __vis_files -d ;;
        'report|-b' | 'report|--brand') __vis_dynamic brands ;;
        'report|-o' | 'report|--output') __vis_files ;;
        'report|--dir') __vis_files -d ;;
        *'|--profile') __vis_dynamic profiles ;;
    esac
}

# Offers the values of argument $2 (counted from 0) of the command at path $1; $3 is the
# argument before it.
__vis_arg_values() {
    case "$1|$2" in
        'config get|0') __vis_words 'profile base_url brand market format cache history notify notify_format' ;;
        'config set|0') __vis_words 'profile base_url brand market format cache history notify notify_format' ;;
        'config set|1')
            case $3 in
                'format') __vis_words 'table json csv' ;;
                'profile') __vis_dynamic profiles ;;
            esac ;;
        'config unset|0') __vis_words 'profile base_url brand market format cache history notify notify_format' ;;
        'api|0') __vis_words '/brands /markets /usage /overview /visibility /topics /prompts /answers /answers/runs /answers/history /competitors /sources /pages /content-gaps /brand-perception /brand-perception/transcript /forum /search-performance /technical /ai-crawlers /ai-visitors /tasks /weekly-plan /activity /pitches /openapi.json' ;;
        'completion|0') __vis_words 'bash zsh fish' ;;
        'help|0') __vis_words 'brands markets usage overview visibility topics prompts answers competitors sources pages content-gaps brand-perception forum search-performance technical ai-crawlers ai-visitors tasks weekly-plan activity pitches changes history auth config cache api openapi export report sandbox mcp completion version help exit-codes environment options' ;;
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
