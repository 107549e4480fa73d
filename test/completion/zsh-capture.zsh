# Completion in a real interactive zsh: zsh -f zsh-capture.zsh <fpath-dir> <line>
#
# Starts `zsh -f -i` in a pseudo-terminal (zpty), loads compinit with <fpath-dir> first on
# $fpath, types <line> and TAB, and prints every candidate the completion system offered,
# one a line. compadd is wrapped to record what each call adds (after matching against
# the word at the cursor); the completion's pre/post hooks print markers around them and
# the post hook exits the shell, so the output is exactly one completion's candidates.
emulate -L zsh
zmodload zsh/zpty || { print -u2 'zsh-capture: no zsh/zpty module'; exit 3 }
(( $# == 2 )) || { print -u2 'usage: zsh -f zsh-capture.zsh <fpath-dir> <line>'; exit 2 }

local init=${TMPDIR:-/tmp}/vis-zsh-capture.$$.zsh
<<'INIT' >| $init
PROMPT='' RPROMPT='' PS2=''
fpath=("$VIS_CAPTURE_FPATH" $fpath)
autoload -Uz compinit && compinit -u -D
bindkey '^I' complete-word
zstyle ':completion:*' insert-tab false
__vis_capture_begin() { print -r -- '<<<vis-capture-begin>>>' }
__vis_capture_end() { print -r -- '<<<vis-capture-end>>>'; exit 0 }
compprefuncs=(__vis_capture_begin)
comppostfuncs=(__vis_capture_end)
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
zpty vis_capture 'zsh -f -i'
zpty -w vis_capture "source ${(q)init}"
local out
while zpty -r vis_capture out; do
    [[ $out == *'<<<vis-capture-ready>>>'* && $out != *source* ]] && break
done
zpty -w -n vis_capture "$2"$'\t'
local inside=0 rc=1
while zpty -r vis_capture out; do
    out=${out%$'\r\n'}; out=${out%$'\n'}; out=${out%$'\r'}
    case $out in
        (*'<<<vis-capture-begin>>>'*) inside=1 ;;
        (*'<<<vis-capture-end>>>'*) rc=0; break ;;
        (*'<<<vis-candidate>>>'*) (( inside )) && print -r -- ${out##*'<<<vis-candidate>>>'} ;;
    esac
done
zpty -d vis_capture
rm -f $init
exit $rc
