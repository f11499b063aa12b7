/* The handstat command-line tool: shared helpers of the subcommands. The CLI turns arguments
 * into plain settings, calls the library's public API and prints; all I/O lives here. */
#ifndef HS_CLI_H
#define HS_CLI_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* Exit codes (documented in README.md and --help). */
enum {
    CLI_OK = 0,
    CLI_EXIT_DATA = 1,  /* bad input data (a card, a line, a file's content) */
    CLI_EXIT_USAGE = 2, /* bad command line */
    CLI_EXIT_IO = 3,    /* a file could not be read or written */
    CLI_EXIT_INTERRUPTED = 130
};

/* "handstat crib hist": the command path, used as the prefix of every error message. */
extern const char *cli_command;

/* Print "handstat <command>: <message>" and a newline on stderr. */
void cli_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* A token of input made safe to print in a message: at most 40 bytes shown (then "..."), bytes
 * outside printable ASCII and UTF-8 sequences as \xNN. Returns one of two rotating static
 * buffers, so a message may hold two tokens. */
const char *cli_token(const char *s, size_t n);

/* True when arg is -h or --help. */
int cli_is_help(const char *arg);

/* An argument of a command that takes at most one input file: an unknown option or a second file
 * is an error (printed; returns non-zero, a usage error); otherwise *path takes the argument. */
int cli_input_path_arg(const char *arg, const char **path);

/* Parse a --threads value: an integer 1..1024. Prints the error; returns -1 on failure. */
int cli_parse_threads(const char *text);

/* An output destination written whole or not at all: a temporary file in the target's directory
 * renamed over it on commit, or stdout for NULL or "-". A path that is a device or a pipe (such as
 * /dev/null) is written in place instead: renaming over it would replace the device. */
typedef struct cli_out {
    FILE *fp;
    const char *path; /* the regular file renamed into place; NULL otherwise */
    char *tmp_path;
    int direct; /* fp is a device or pipe opened in place (closed on commit or abort) */
} cli_out;

/* Open the destination (creating the temporary file now, so an unwritable path fails before any
 * long work). Prints the error and returns non-zero on failure. */
int cli_out_open(cli_out *out, const char *path);
/* Flush, sync and rename into place. Prints the error and returns non-zero on failure, leaving
 * any previous file at the path untouched. */
int cli_out_commit(cli_out *out);
/* Discard the temporary file. */
void cli_out_abort(cli_out *out);

/* The largest input read (256 MiB): beyond it a command refuses the input with a clear error
 * rather than exhausting memory. */
#define CLI_MAX_INPUT ((size_t)256 << 20)

/* Read a whole stream into a NUL-terminated heap buffer, without a leading UTF-8 byte-order
 * mark. Returns NULL (after printing the error; *status set to CLI_EXIT_IO for a read error,
 * CLI_EXIT_DATA for input over CLI_MAX_INPUT) on failure. */
char *cli_read_all(FILE *fp, const char *name, size_t *len, int *status);

/* Read the file at `path` ("-" or NULL: standard input) whole, as cli_read_all. Prints the error
 * and returns NULL with *status set (CLI_EXIT_IO when it cannot be opened or read). */
char *cli_read_input(const char *path, size_t *len, int *status);

/* A progress display on stderr, active only when stderr is a terminal. */
typedef struct cli_progress {
    int active;
    double start;
    double last;
    const char *label;
    uint64_t base;  /* units done before this run (resumed work), added to what is reported */
    uint64_t total; /* units of the whole job when larger than what one call reports, or 0 */
} cli_progress;

void cli_progress_init(cli_progress *p, const char *label);
/* An hs_progress_fn: ctx is a cli_progress. Returns non-zero (stop) once SIGINT or SIGTERM has
 * arrived, so that long jobs end promptly. */
int cli_progress_update(void *ctx, uint64_t done, uint64_t total);
/* Clear the progress line. */
void cli_progress_done(cli_progress *p);

/* The arguments argv[from..to) joined with single spaces into a heap string (*len its length),
 * skipping options (arguments that start with '-' other than "-" itself) when skip_options is
 * set; card arguments may so hold one card or several. NULL (after printing) when out of memory. */
char *cli_join_args(char **argv, int from, int to, int skip_options, size_t *len);

/* Call fn(text, len, line, ctx) for each line of input, without its comment ('#' to the end of
 * the line), that is not blank; line numbers count from 1. Returns CLI_EXIT_DATA when any call
 * returned non-zero, else CLI_OK. */
typedef int (*cli_line_fn)(const char *text, size_t len, size_t line, void *ctx);
int cli_for_each_line(const char *input, size_t len, cli_line_fn fn, void *ctx);

/* Read the input (as cli_read_input) and call fn on each of its lines (as cli_for_each_line).
 * Returns the read error's status, CLI_EXIT_DATA when a line failed, else CLI_OK. */
int cli_for_each_input_line(const char *path, cli_line_fn fn, void *ctx);

/* Parse between min and max cards (in order) from text into cards[] (room for max). On failure
 * prints one line naming the offending token, prefixed by "line N: " when line > 0 and by
 * "<what>: " when what is not NULL; `expected` describes the count wanted ("5 cards (...)").
 * Returns the number of cards, or -1. */
int cli_parse_cards(const char *text, size_t len, size_t line, const char *what, int min, int max,
                    const char *expected, int *cards);

/* Catch SIGINT and SIGTERM: the first one sets a flag that cli_progress_update reports; the
 * job then stops at its next unit. */
void cli_catch_signals(void);
/* 0, or the signal that asked to stop. */
int cli_stop_signal(void);
/* The exit status for a job stopped by a signal: 128 + the signal (130 for SIGINT). */
int cli_interrupted_status(void);

/* Seconds on a monotonic clock. */
double cli_now(void);

/* Subcommand groups. */
int cli_crib_main(int argc, char **argv);
/* crib discard, throw-table and deals (cli_discard.c): `command` is one of those names. */
int cli_crib_discard_main(const char *command, int argc, char **argv);
int cli_poker_main(int argc, char **argv);
int cli_holdem_main(int argc, char **argv);

#endif
