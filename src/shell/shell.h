/* What the two programs, handstat (src/cli/) and handstat-serve (src/serve/), share: the exit
 * statuses, the messages ("handstat <command>: ...", tokens made safe to print) and the one
 * option parser with its common options. Nothing here knows a command. */
#ifndef HS_SHELL_H
#define HS_SHELL_H

#include <stddef.h>

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

/* ---- options (cli_opts.c) ---------------------------------------------------------------- */

typedef enum cli_opt_kind {
    CLI_OPT_FLAG,    /* no value: *(int *)dest = 1 */
    CLI_OPT_VALUE,   /* a value: *(const char **)dest = the value (the last one given wins) */
    CLI_OPT_THREADS, /* a --threads value, plain decimal 1..1024: *(int *)dest */
    CLI_OPT_LIST     /* a repeatable value: appended to *(cli_opt_list *)dest */
} cli_opt_kind;

/* The values of a repeatable option (CLI_OPT_LIST), in the order given; one more than
 * CLI_OPT_LIST_MAX is an error. */
#define CLI_OPT_LIST_MAX 8
typedef struct cli_opt_list {
    int n;
    const char *value[CLI_OPT_LIST_MAX];
} cli_opt_list;

/* One row of a command's option table; a table ends with a row whose name is NULL. */
typedef struct cli_opt {
    const char *name;  /* "--board", or a short option "-o" */
    const char *alias; /* another spelling ("-v" for --verbose), or NULL */
    cli_opt_kind kind;
    void *dest;
} cli_opt;

/* Set by --quiet (no summary or progress on standard error) and --no-progress, which every
 * command accepts. */
extern int cli_quiet;
extern int cli_no_progress;

/* The lines every command's --help ends its options with. */
#define CLI_COMMON_HELP                                                                            \
    "  --quiet        no summary or progress on standard error\n"                                  \
    "  --no-progress  no progress display\n"                                                       \
    "Options may also be written --opt=value (and -oFILE for -o FILE); -- ends the options.\n"

/* cli_parse_options flags: keep "--" as a positional argument (poker compare's separator)
 * instead of ending the options. */
#define CLI_OPTS_KEEP_DASHDASH 1
/* cli_parse_options flags: the command takes no positional argument (one is an error). */
#define CLI_OPTS_NO_POSITIONAL 2
/* cli_parse_options result: the usage was printed (the command then exits 0). */
#define CLI_OPTS_HELP (-1)

/* Parse argv[1..argc) (argv[0] is the command's name) against the table `opts` plus --quiet and
 * --no-progress: "--opt value", "--opt=value", "-oVALUE", "-o VALUE", "-h"/"--help" (prints
 * `usage` on stdout), "--" ends the options. The positional arguments are moved, in order, to
 * argv[1..1 + *n_pos) (argv[1 + *n_pos] = NULL). Returns CLI_OK, CLI_OPTS_HELP, or
 * CLI_EXIT_USAGE after printing the error (unknown option, missing or bad value). */
int cli_parse_options(int argc, char **argv, const cli_opt *opts, const char *usage, int flags,
                      int *n_pos);

/* The exit status of a command whose cli_parse_options returned rc != CLI_OK. */
static inline int cli_options_status(int rc) {
    return rc == CLI_OPTS_HELP ? CLI_OK : rc;
}

/* Parse a --threads value: plain decimal 1..1024. Prints the error; returns -1 on failure. */
int cli_parse_threads(const char *text);

#endif
