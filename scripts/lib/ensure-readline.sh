# Sourced by scripts/navsh and scripts/test (bash).
#
# ensure_readline: makes sure the C compiler can include and link the
# readline API navsh uses (Sources/CReadline). It decides by compiling and
# linking a small C file that calls those functions, not by looking for a
# header at a fixed path:
#   - it works as it is: nothing to do (Linux with libreadline-dev; any
#     system whose compiler finds a complete readline);
#   - macOS: tries the SDK's readline API (libedit), then Homebrew's GNU
#     readline; when Homebrew's is the one that links, it exports CPATH and
#     LIBRARY_PATH so that swift build finds it too;
#   - Linux with apt-get: as root it installs libreadline-dev; otherwise it
#     prints the command to run and returns 1.
# Set NAVSH_READLINE_VERBOSE=1 to see the compiler's complaints.

# The functions and variables navsh calls, so a readline that lacks one of
# them (an old GNU readline, or a libedit without the callback interface)
# does not pass.
_navsh_readline_probe_source() {
    cat <<'EOF'
#include <stdio.h>
#include <stdlib.h>
#include <readline/readline.h>
#include <readline/history.h>
static void line(char *text) { free(text); }
static char *gen(const char *text, int state) { (void)text; (void)state; return NULL; }
int main(int argc, char **argv) {
    (void)argv;
    rl_catch_signals = 0;
    rl_catch_sigwinch = 0;
    rl_attempted_completion_over = 1;
    rl_completion_append_character = ' ';
    rl_filename_completion_desired = 0;
    using_history();
    stifle_history(10);
    add_history("x");
    if (argc > 5) {
        rl_callback_handler_install("> ", line);
        rl_callback_read_char();
        rl_callback_sigcleanup();
        rl_callback_handler_remove();
        rl_clear_visible_line();
        rl_echo_signal_char(2);
        rl_free_line_state();
        rl_cleanup_after_signal();
        rl_reset_after_signal();
        rl_resize_terminal();
        rl_replace_line("", 0);
        rl_on_new_line();
        rl_forced_update_display();
        rl_redisplay();
        char **m = rl_completion_matches("a", gen);
        char *f = rl_filename_completion_function("a", 0);
        free(m);
        free(f);
    }
    return rl_point + rl_end + rl_done + rl_pending_input + history_length + history_base
        + (rl_line_buffer != NULL) + (rl_readline_name != NULL) < 0;
}
EOF
}

# _navsh_readline_links [CFLAGS...]: true if the probe compiles and links.
_navsh_readline_links() {
    local cc="${CC:-}"
    if [ -z "$cc" ]; then
        for candidate in cc clang gcc; do
            if command -v "$candidate" >/dev/null 2>&1; then
                cc="$candidate"
                break
            fi
        done
    fi
    if [ -z "$cc" ]; then
        echo "navsh: no C compiler (cc, clang or gcc) to check for readline with." >&2
        return 1
    fi
    local dir status
    dir="$(mktemp -d)"
    _navsh_readline_probe_source >"$dir/probe.c"
    if [ "${NAVSH_READLINE_VERBOSE:-0}" = 1 ]; then
        "$cc" "$dir/probe.c" -o "$dir/probe" "$@" -lreadline
    else
        "$cc" "$dir/probe.c" -o "$dir/probe" "$@" -lreadline >/dev/null 2>&1
    fi
    status=$?
    rm -rf "$dir"
    return "$status"
}

ensure_readline() {
    if _navsh_readline_links; then
        return 0
    fi
    case "$(uname -s)" in
    Darwin)
        # The SDK's libedit provides readline/readline.h and libreadline; if it
        # lacks part of the API, GNU readline from Homebrew.
        local sdk prefix
        sdk="$(xcrun --show-sdk-path 2>/dev/null || true)"
        if [ -n "$sdk" ] && _navsh_readline_links -isysroot "$sdk"; then
            return 0
        fi
        prefix="$(brew --prefix readline 2>/dev/null || true)"
        if [ -n "$prefix" ] && _navsh_readline_links -I"$prefix/include" -L"$prefix/lib"; then
            export CPATH="$prefix/include${CPATH:+:$CPATH}"
            export LIBRARY_PATH="$prefix/lib${LIBRARY_PATH:+:$LIBRARY_PATH}"
            return 0
        fi
        echo "navsh needs a readline with the callback interface. Install GNU readline:" >&2
        echo "  brew install readline" >&2
        return 1
        ;;
    esac
    if ! command -v apt-get >/dev/null 2>&1; then
        echo "navsh needs GNU readline's headers and library (the compiler cannot include and link" >&2
        echo "readline/readline.h with -lreadline). Install your system's readline development package" >&2
        echo "(libreadline-dev, readline-devel, readline), then run this again." >&2
        return 1
    fi
    if [ "$(id -u)" -ne 0 ]; then
        echo "navsh needs GNU readline's headers. Run:" >&2
        echo "  sudo apt-get install -y libreadline-dev" >&2
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
    if ! _navsh_readline_links; then
        echo "libreadline-dev is installed but the compiler still cannot include and link readline" >&2
        echo "(NAVSH_READLINE_VERBOSE=1 shows why)." >&2
        return 1
    fi
}
