# Sourced by scripts/navsh and scripts/test (bash).
#
# ensure_readline: makes sure GNU readline's headers are installed (navsh links
# libreadline). As root it installs libreadline-dev with apt-get; otherwise it
# prints the command to run and returns 1.
ensure_readline() {
    if [ -f /usr/include/readline/readline.h ]; then
        return 0
    fi
    if [ "$(id -u)" -ne 0 ]; then
        echo "navsh needs GNU readline's headers. Run:" >&2
        echo "  sudo apt-get install -y libreadline-dev" >&2
        return 1
    fi
    if ! command -v apt-get >/dev/null 2>&1; then
        echo "navsh needs GNU readline's headers (libreadline-dev), and apt-get is not available to install them." >&2
        return 1
    fi
    echo "Installing libreadline-dev (GNU readline headers)..." >&2
    local log
    log="$(mktemp)"
    if ! { apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y libreadline-dev; } >"$log" 2>&1; then
        cat "$log" >&2
        rm -f "$log"
        echo "Installing libreadline-dev failed." >&2
        return 1
    fi
    rm -f "$log"
    if [ ! -f /usr/include/readline/readline.h ]; then
        echo "libreadline-dev is installed but /usr/include/readline/readline.h is still missing." >&2
        return 1
    fi
}
