# Lines typed into a real interactive shell, each completed with TAB and entered:
#   zsh -f pty-lines.zsh <init-file> <shell command> <line>...
#
# Starts the shell in a pseudo-terminal (zpty) and has it source <init-file>, which
# defines `__vis_ready` (prints <<<vis-ready>>>) and a `vis` function that prints each
# argument it is given after <<<vis-arg>>>, then <<<vis-done>>> (and passes `vis
# __complete` on to the real vis). Each <line> is typed, then TAB and Return: so the
# shell's own line editor inserts the completion, and the shell itself reads the line
# (quotes, expansions, history expansion) as it would a user's. For each line this prints
# <<<vis-line>>>, then the arguments `vis` received, one a line, or <<<vis-not-run>>>
# when the shell never ran it (a syntax error, an unclosed quote, a failed history
# expansion): the shell is then interrupted and the next line starts afresh.
emulate -L zsh
zmodload zsh/zpty || { print -u2 'pty-lines: no zsh/zpty module'; exit 3 }
zmodload zsh/datetime
(( $# >= 2 )) || { print -u2 'usage: zsh -f pty-lines.zsh <init-file> <shell command> <line>...'; exit 2 }

local init=$1 shell=$2
shift 2

# Reads the shell's output until a line holds $1, for up to $2 seconds; the lines read
# are left in $reply. Fails when the time runs out.
read_until() {
    local want=$1 out
    local -F deadline=$(( EPOCHREALTIME + $2 ))
    reply=()
    while (( EPOCHREALTIME < deadline )); do
        if zpty -r -t vis_pty out; then
            out=${out%$'\n'}; out=${out%$'\r'}
            reply+=("$out")
            [[ $out == *$want* ]] && return 0
        else
            sleep 0.02
        fi
    done
    return 1
}

zpty vis_pty "$shell"
zpty -w vis_pty "source ${(q)init}; __vis_ready"
read_until '<<<vis-ready>>>' 20 || { print -u2 "pty-lines: $shell did not start: ${(F)reply}"; exit 3 }

local line
for line in "$@"; do
    zpty -w -n vis_pty "$line"$'\t'
    # Let the completion finish before Return, as a person would.
    sleep 0.3
    zpty -w -n vis_pty $'\r'
    print -r -- '<<<vis-line>>>'
    if read_until '<<<vis-done>>>' 3; then
        print -rl -- ${${(M)reply:#*'<<<vis-arg>>>'*}##*'<<<vis-arg>>>'}
    else
        print -r -- '<<<vis-not-run>>>'
        zpty -w -n vis_pty $'\x03'
        # A shell reading the interrupt may drop what is typed right after it.
        sleep 0.3
    fi
    zpty -w vis_pty '__vis_ready'
    read_until '<<<vis-ready>>>' 10 || { print -u2 "pty-lines: $shell stopped answering: ${(F)reply}"; exit 3 }
done
zpty -d vis_pty
exit 0
