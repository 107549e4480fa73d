#!/usr/bin/env bash
# What the tests need from the machine besides Node, installed from Debian's packages when
# missing: real shells for the completion tests (zsh, fish, bash-completion), and Chromium
# with a font and pdftotext (poppler-utils) for the report's browser and PDF tests, and the
# PostgreSQL server for the PostgreSQL history store's tests (test/support/postgres.ts). Run by
# .ci/run before the tests, and safe to run again: it installs only what is missing, and
# prints nothing when nothing is. Without root or a password-less sudo it only says what
# is missing: the completion tests then fail, and the browser and PostgreSQL tests skip
# saying why.
set -euo pipefail

# Each package, and how to tell it is already here (a command, or a file it installs).
declare -A CHECK=(
  [zsh]='command:zsh'
  [fish]='command:fish'
  [bash-completion]='file:/usr/share/bash-completion/bash_completion'
  [chromium]='command:chromium'
  [fonts-dejavu-core]='file:/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf'
  [poppler-utils]='command:pdftotext'
  # Debian puts the server's programs in /usr/lib/postgresql/<version>/bin, off PATH.
  [postgresql]='glob:/usr/lib/postgresql/*/bin/initdb'
)

missing=()
for pkg in zsh fish bash-completion chromium fonts-dejavu-core poppler-utils postgresql; do
  check="${CHECK[$pkg]}"
  case "$check" in
    command:*) command -v "${check#command:}" >/dev/null 2>&1 || missing+=("$pkg") ;;
    file:*) [ -e "${check#file:}" ] || missing+=("$pkg") ;;
    glob:*) compgen -G "${check#glob:}" >/dev/null || missing+=("$pkg") ;;
  esac
done
[ "${#missing[@]}" -eq 0 ] && exit 0

if [ "$(id -u)" -eq 0 ]; then
  as_root=()
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
  as_root=(sudo -n)
else
  echo "ci-deps: missing ${missing[*]}, and installing needs root or a password-less sudo: install them with apt-get" >&2
  exit 0
fi

echo "ci-deps: installing ${missing[*]} (apt-get)"
log="$(mktemp)"
trap 'rm -f "$log"' EXIT
if ! { "${as_root[@]}" apt-get update -q && "${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -q -o DPkg::Lock::Timeout=300 --no-install-recommends "${missing[@]}"; } >"$log" 2>&1; then
  cat "$log" >&2
  echo "ci-deps: apt-get could not install ${missing[*]}" >&2
  exit 1
fi
