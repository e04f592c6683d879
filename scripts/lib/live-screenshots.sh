#!/usr/bin/env bash
# Screenshots of `show live` for the README (issue 37): the phone at 80x24 and
# at 120x40, each before and after a resize to the other size, captured from
# tmux and drawn by scripts/lib/pane-to-png.py into docs/images/.
#
#   scripts/lib/live-screenshots.sh [NAVSH]     (default .build/release/navsh)
#
# Installs what is missing (tmux, the DejaVu fonts, Pillow) with apt-get when
# run as root, else says what to install.
set -euo pipefail
cd "$(dirname "$0")/../.."
navsh="$(realpath "${1:-.build/release/navsh}")"
need=()
command -v tmux >/dev/null || need+=(tmux)
[ -f /usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf ] || need+=(fonts-dejavu-core)
python3 -c 'import PIL' 2>/dev/null || need+=(python3-pil)
if [ ${#need[@]} -gt 0 ]; then
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
        apt-get update -qq && apt-get install -y -qq "${need[@]}"
        python3 -c 'import PIL' 2>/dev/null || python3 -m pip install -q pillow
    else
        echo "live-screenshots: install ${need[*]} (apt-get) or pillow (pip)" >&2
        exit 1
    fi
fi
server="navsh-shots-$$"
work="$(mktemp -d)"
trap 'tmux -L "$server" kill-server 2>/dev/null || true; rm -rf "$work"' EXIT
t() { tmux -L "$server" -f /dev/null "$@"; }

# shot START_COLUMNS START_ROWS END_COLUMNS END_ROWS NAME
shot() {
    t kill-server 2>/dev/null || true
    sleep 0.3
    t new-session -d -x "$1" -y "$2" \
        "env -i HOME='$work' TERM=xterm-256color LANG=C.UTF-8 '$navsh' --no-init; sleep 60"
    sleep 0.8
    for line in "show live" "log full" "delegate Spy" "push Home" "push Detail" "drag 40%"; do
        t send-keys -l "$line"
        t send-keys Enter
        sleep 0.6
    done
    t send-keys -l "release"
    sleep 0.5
    t capture-pane -p -e > "$work/before.txt"
    python3 scripts/lib/pane-to-png.py "$work/before.txt" "docs/images/live-$5-before.png" "$1" "$2"
    t resize-window -x "$3" -y "$4"
    sleep 0.8
    t capture-pane -p -e > "$work/after.txt"
    python3 scripts/lib/pane-to-png.py "$work/after.txt" "docs/images/live-$5-after.png" "$3" "$4"
}

shot 80 24 120 40 80x24
shot 120 40 80 24 120x40
ls -l docs/images/live-*-before.png docs/images/live-*-after.png
