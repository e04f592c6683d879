// Thin C shim over GNU readline for navsh.
//
// Readline's state lives in mutable C globals, which Swift 6 strict
// concurrency refuses to touch directly. These static inline accessors keep
// all such access in C so the Swift side only calls functions.
#ifndef NAVSH_CREADLINE_SHIM_H
#define NAVSH_CREADLINE_SHIM_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <readline/readline.h>
#include <readline/history.h>

// Signal handling: navsh handles SIGINT/SIGTERM/SIGWINCH itself.
static inline void navsh_rl_set_catch_signals(int on) { rl_catch_signals = on; }
static inline void navsh_rl_set_catch_sigwinch(int on) { rl_catch_sigwinch = on; }

// Identification for inputrc conditionals ($if navsh). Copies the string.
static inline void navsh_rl_set_readline_name(const char *name) {
    rl_readline_name = strdup(name);
}

// Completion.
static inline void navsh_rl_set_attempted_completion_function(rl_completion_func_t *f) {
    rl_attempted_completion_function = f;
}
static inline void navsh_rl_set_attempted_completion_over(int v) { rl_attempted_completion_over = v; }
static inline void navsh_rl_set_completion_append_character(int c) { rl_completion_append_character = c; }
static inline void navsh_rl_set_filename_completion_desired(int v) { rl_filename_completion_desired = v; }

// Line state.
static inline char *navsh_rl_line_buffer(void) { return rl_line_buffer; }
static inline int navsh_rl_point(void) { return rl_point; }
static inline void navsh_rl_set_point(int p) { rl_point = p; }
static inline int navsh_rl_end(void) { return rl_end; }
static inline int navsh_rl_done(void) { return rl_done; }
static inline void navsh_rl_set_done(int v) { rl_done = v; }
static inline int navsh_rl_pending_input(void) { return rl_pending_input; }

// stdio streams (Swift 6 rejects the C globals stdout/stderr).
static inline FILE *navsh_stdout(void) { return stdout; }
static inline FILE *navsh_stderr(void) { return stderr; }

// History.
static inline int navsh_history_length(void) { return history_length; }
static inline int navsh_history_base(void) { return history_base; }

#endif
