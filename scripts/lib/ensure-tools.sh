# Sourced by scripts/test and scripts/bench (bash).
#
# ensure_tools COMMAND:PACKAGE...: makes sure each COMMAND is on the PATH,
# installing its Debian PACKAGE with apt-get when it is not (as root; else it
# prints the command to run and returns 1). Used for GNU parallel (package
# `parallel`, which runs `navsh explore --shard` shards) and SPIN (package
# `spin`, the anchor of `scripts/bench explore`) and Chromium (package `chromium`,
# which opens the pages `timeline FILE.html` writes, headless, in the tests).
ensure_tools() {
    local missing=() pair
    for pair in "$@"; do
        command -v "${pair%%:*}" >/dev/null 2>&1 || missing+=("${pair#*:}")
    done
    [ "${#missing[@]}" -eq 0 ] && return 0
    if ! command -v apt-get >/dev/null 2>&1; then
        echo "navsh: missing ${missing[*]}: install them with your system's package manager." >&2
        return 1
    fi
    if [ "$(id -u)" -ne 0 ]; then
        echo "navsh: missing ${missing[*]}. Run:" >&2
        echo "  sudo apt-get install -y ${missing[*]}" >&2
        return 1
    fi
    echo "Installing ${missing[*]}..." >&2
    local log
    log="$(mktemp)"
    if ! { apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y "${missing[@]}"; } >"$log" 2>&1; then
        cat "$log" >&2
        rm -f "$log"
        echo "Installing ${missing[*]} failed." >&2
        return 1
    fi
    rm -f "$log"
}
