# Completion in a real interactive zsh: zsh -f zsh-capture.zsh <fpath-dir> <line>...
#
# Starts `zsh -f -i` in a pseudo-terminal (zpty), loads compinit with <fpath-dir> first on
# $fpath, then for each <line> types it and TAB, and prints <<<vis-line>>> and every
# candidate the completion system offered, one a line; the line is then killed (^U), so
# the next one starts from an empty line and a fresh completion. compadd is wrapped to
# record what each call adds (after matching against the word at the cursor); TAB runs a
# widget that sets the completion's pre/post hooks (zsh empties them after each use),
# which print markers around the candidates, so each line's output is exactly one
# completion's candidates.
emulate -L zsh
zmodload zsh/zpty || { print -u2 'zsh-capture: no zsh/zpty module'; exit 3 }
(( $# >= 2 )) || { print -u2 'usage: zsh -f zsh-capture.zsh <fpath-dir> <line>...'; exit 2 }

local init=${TMPDIR:-/tmp}/vis-zsh-capture.$$.zsh
<<'INIT' >| $init
PROMPT='' RPROMPT='' PS2=''
fpath=("$VIS_CAPTURE_FPATH" $fpath)
autoload -Uz compinit && compinit -u -D
bindkey -e
zstyle ':completion:*' insert-tab false
__vis_capture_begin() { print -r -- '<<<vis-capture-begin>>>' }
__vis_capture_end() { print -r -- '<<<vis-capture-end>>>' }
__vis_capture_tab() {
    compprefuncs=(__vis_capture_begin)
    comppostfuncs=(__vis_capture_end)
    zle complete-word
}
zle -N __vis_capture_tab
bindkey '^I' __vis_capture_tab
compadd() {
    # Calls that only compute matches into arrays (-O, -A, -D) are not offers.
    if [[ " ${@[1,(i)(-|--)]} " == *' '-[[:alpha:]]#[OAD]* ]]; then
        builtin compadd "$@"
        return
    fi
    local -a __vis_hits
    builtin compadd -A __vis_hits "$@"
    print -rl -- "<<<vis-candidate>>>"${^__vis_hits}
    builtin compadd "$@"
}
print -r -- '<<<vis-capture-ready>>>'
INIT

export VIS_CAPTURE_FPATH=$1
shift
zpty vis_capture 'zsh -f -i'
zpty -w vis_capture "source ${(q)init}"
local out
while zpty -r vis_capture out; do
    [[ $out == *'<<<vis-capture-ready>>>'* && $out != *source* ]] && break
done
local line inside rc=0
for line in "$@"; do
    zpty -w -n vis_capture "$line"$'\t'
    print -r -- '<<<vis-line>>>'
    inside=0
    while true; do
        zpty -r vis_capture out || { rc=1; break 2 }
        out=${out%$'\r\n'}; out=${out%$'\n'}; out=${out%$'\r'}
        case $out in
            (*'<<<vis-capture-begin>>>'*) inside=1 ;;
            (*'<<<vis-capture-end>>>'*) (( inside )) && break ;;
            (*'<<<vis-candidate>>>'*) (( inside )) && print -r -- ${out##*'<<<vis-candidate>>>'} ;;
        esac
    done
    # ^U: kill the whole line, so the next one is typed on an empty line.
    zpty -w -n vis_capture $'\x15'
done
zpty -d vis_capture
rm -f $init
exit $rc
