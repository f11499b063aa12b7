/* The handstat command-line tool: shared helpers of the subcommands. The CLI turns arguments
 * into plain settings, calls the library's public API and prints; all I/O lives here. */
#ifndef HS_CLI_H
#define HS_CLI_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "handstat/holdem.h"

/* A result table of the request layer (handstat/request.h). */
typedef struct hs_table hs_table;

#include "shell.h"

/* The threads an enumeration asked for `requested` (0: the default) runs with: never more than
 * requested, nor than OMP_THREAD_LIMIT allows. */
int cli_threads_used(int requested);

/* The one input file of a command that takes at most one (n_pos positionals in argv[1..]): a
 * second one is an error (printed; returns non-zero, a usage error); otherwise *path takes it,
 * or NULL (standard input). */
int cli_input_path(int n_pos, char **argv, const char **path);

/* ---- output (cli_out.c) -------------------------------------------------------------------- */

/* True when standard output was closed when handstat started (main reopens it so that no file
 * can become descriptor 1, and writing to it fails). */
extern int cli_stdout_closed;

/* Reopen descriptors 0, 1 and 2 that are closed, onto /dev/null (1 read-only, so that what is
 * written there fails and is reported). Called first by main. */
void cli_guard_std_fds(void);

/* Flush standard output: prints the error and returns non-zero when anything written to it was
 * lost (a full device, a closed descriptor). */
int cli_stdout_check(void);

/* One destination of an output set: a regular file (written to a temporary beside it, renamed
 * over it on commit, keeping its permission mode), a device or pipe written in place, or
 * standard output (path NULL or "-"). */
typedef struct cli_out {
    const char *option; /* the option that named it ("-o"), for messages */
    const char *path;   /* as given; NULL for standard output */
    FILE *fp;           /* where to write, once the set is open */
    char *target;       /* the regular file renamed over on commit (symbolic links followed) */
    char *tmp_path;     /* the temporary beside it */
    int direct;         /* a device or pipe opened in place */
} cli_out;

#define CLI_MAX_OUTS 4

/* All the files one command writes, written all or nothing: opened first, committed together
 * only when every one was written. */
typedef struct cli_outs {
    cli_out out[CLI_MAX_OUTS];
    int n;
} cli_outs;

/* Add a destination named by option `option` ("-o"); NULL or "-": standard output. Returns the
 * cli_out, whose fp is set by cli_outs_open. */
cli_out *cli_outs_add(cli_outs *set, const char *option, const char *path);

/* Refuse two of paths[0..n) (named by options[]) that are the same file, in any spelling (a
 * symbolic link, "./a" and "a"): prints the error and returns non-zero. NULL entries, "-" and
 * files that are not regular (devices) are skipped. */
int cli_paths_distinct(const char *const *options, const char *const *paths, int n);

/* Check the set's files are distinct (else CLI_EXIT_USAGE) and open every destination now,
 * before any long work (else CLI_EXIT_IO, nothing left behind). Prints the error. */
int cli_outs_open(cli_outs *set);

/* Flush and sync everything, then, only when all of it was written, rename every temporary into
 * place. On failure prints the error, removes the temporaries, leaves every existing file as it
 * was and returns CLI_EXIT_IO; else CLI_OK. */
int cli_outs_commit(cli_outs *set);

/* Discard the set: temporaries removed, nothing changed. */
void cli_outs_abort(cli_outs *set);

/* ---- tables (cli_table.c) ------------------------------------------------------------------ */

/* The text layout of one column: `sep` printed before the field, then the field padded to
 * |width| (negative: left-aligned; 0: as is). */
typedef struct cli_col {
    const char *sep;
    int width;
} cli_col;

/* A table written row by row, as aligned text (cols) or as CSV (RFC 4180: a field holding a
 * comma, a quote, CR or LF is quoted, its quotes doubled). */
typedef struct cli_table {
    FILE *fp;
    int csv;
    const cli_col *cols; /* text layout; NULL: fields separated by one space */
    int col;             /* fields written in the current row */
} cli_table;

void cli_table_init(cli_table *t, FILE *fp, int csv, const cli_col *cols);
/* A text field (quoted in CSV when needed). */
void cli_cell(cli_table *t, const char *text);
/* n text fields, then the end of the row (a header). */
void cli_header(cli_table *t, const char *const *texts, int n);
void cli_cell_u64(cli_table *t, uint64_t v);
void cli_cell_int(cli_table *t, long long v);
/* The precision policy: a ratio of counts (probability, mean, equity) with 12 significant
 * digits ("%.12g"); other decimals with a fixed number of places (CLI_DIGITS_*). */
void cli_cell_ratio(cli_table *t, double v);
void cli_cell_fixed(cli_table *t, double v, int decimals);
/* An exact fraction, in the one format of cli_fraction. */
void cli_cell_fraction(cli_table *t, long long num, uint64_t den);
/* Exact 128-bit counts: one in decimal, and the reduced fraction num/den (den > 0) in the one
 * format of cli_fraction; and num/den as a double (rounded toward zero). */
void cli_cell_u128(cli_table *t, hs_uint128 v);
void cli_cell_fraction_u128(cli_table *t, hs_uint128 num, hs_uint128 den);
double cli_ratio_u128(hs_uint128 num, hs_uint128 den);
/* The decimal text of v into buf (40 bytes hold any). */
const char *cli_u128_text(char *buf, size_t cap, hs_uint128 v);
/* End the row (a newline). */
void cli_row_end(cli_table *t);

/* A result table of the request layer (handstat/request.h), its header first when `header` is
 * set, every row as it is: CSV, or text in t's layout. */
void cli_request_table(cli_table *t, const hs_table *table, int header);
/* The same with a "line" column first (line > 0): the rows of input line `line`, as the commands
 * that answer one request per line write them. */
void cli_request_table_at(cli_table *t, const hs_table *table, int header, size_t line);

/* The players' table of a split-pot equity request (omaha, stud, razz: handstat/request.h) as text
 * on standard output: player, hand, wins/ties/losses or, hi/lo, scoops and the two shares, the
 * equity with 6 decimals and its exact fraction. */
void cli_pot_text(const hs_table *table);

/* Decimals of fixed-point columns: expectations in points in CSV, and in text tables. */
#define CLI_DIGITS_POINTS 6
#define CLI_DIGITS_TEXT 3

/* The one exact-fraction format: num/den reduced to lowest terms, written "p/q" with the
 * denominator always present (0/1, 3/1, -7/2); den > 0. Writes into buf (cap bytes; 48 hold any
 * 64-bit fraction) and returns it. */
const char *cli_fraction(char *buf, size_t cap, long long num, uint64_t den);

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

/* A progress display on stderr, active only when stderr is a terminal (and neither --quiet nor
 * --no-progress was given): one line, cut to the terminal's width, with the rate and the time
 * left from the units done since this process started (the average over the whole run, which
 * does not swing as units of different cost finish). */
typedef struct cli_progress {
    int active;
    double start;
    double last;
    const char *label;
    uint64_t base;   /* units done before this run (resumed work), added to what is reported */
    uint64_t total;  /* units of the whole job when larger than what one call reports, or 0 */
    uint64_t origin; /* units already done when this process began (resumed), set at the first
                        update */
    int width;       /* the terminal's columns */
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
 * the line), that is not blank; line numbers count from 1. A line holding a control byte
 * (cli_line_control) is named and not passed to fn. Returns CLI_EXIT_DATA when a line held one or
 * any call returned non-zero, else CLI_OK. */
typedef int (*cli_line_fn)(const char *text, size_t len, size_t line, void *ctx);
int cli_for_each_line(const char *input, size_t len, cli_line_fn fn, void *ctx);

/* The n bytes of line `line` without a control byte (0x00-0x1F but tab, and 0x7F; a CR only as
 * the last byte, the end of a CRLF): CLI_OK; else prints "line N: control byte \xNN in '...'"
 * and returns CLI_EXIT_DATA. */
int cli_line_control(const char *text, size_t n, size_t line);
/* cli_line_control on every line of input (for a command that parses its input whole): CLI_OK,
 * or CLI_EXIT_DATA after naming the first control byte. */
int cli_check_lines(const char *input, size_t len);

/* Read the input (as cli_read_input) and call fn on each of its lines (as cli_for_each_line).
 * Returns the read error's status, CLI_EXIT_DATA when a line failed, else CLI_OK. */
int cli_for_each_input_line(const char *path, cli_line_fn fn, void *ctx);

/* The positional arguments argv[1..n_pos] joined as one line (line number 0) when there are any
 * (options may stand among them), else each line of standard input, through fn. */
int cli_for_args_or_input_lines(char **argv, int n_pos, cli_line_fn fn, void *ctx);

/* The positional arguments argv[1..n_pos] of a command that takes two sides separated by "--"
 * (kept by CLI_OPTS_KEEP_DASHDASH): each side joined into text[i] (heap, the caller frees both)
 * of len[i] bytes. Without "--" prints "expected <what> separated by '--'" and returns
 * CLI_EXIT_USAGE; CLI_EXIT_IO when out of memory; else CLI_OK. */
int cli_split_sides(char **argv, int n_pos, const char *what, char *text[2], size_t len[2]);

/* Catch SIGINT and SIGTERM: the first one sets a flag that cli_progress_update reports; the
 * job then stops at its next unit. */
void cli_catch_signals(void);
/* 0, or the signal that asked to stop. */
int cli_stop_signal(void);
/* The exit status for a job stopped by a signal: 128 + the signal (130 for SIGINT). */
int cli_interrupted_status(void);
/* Stop as if signal sig had arrived (handstat-mpi: a computing rank was stopped by it). */
void cli_stop_request(int sig);

/* ---- long jobs (cli_job.c) ------------------------------------------------------------------ */

typedef struct hs_job hs_job;

/* Seconds between checkpoint saves while a job runs (it is also saved when interrupted). */
#define CLI_CHECKPOINT_SECONDS 5.0

/* The help lines of the checkpoint options, shared by every command with a long job. */
#define CLI_CHECKPOINT_HELP                                                                        \
    "  --checkpoint FILE  where progress is saved (default: FILE.ckpt beside -o FILE.csv, else\n"  \
    "                     GAME_COMMAND.ckpt in the current folder); removed once all is written\n" \
    "  --resume           continue an interrupted run from its checkpoint (same options)\n"

/* One long job of a command: its checkpoint, threads and timing. */
typedef struct cli_job {
    hs_job *job;
    const char *label; /* "crib deals": the progress line's and the messages' prefix */
    char *ckpt;        /* the checkpoint path (heap) */
    int threads;       /* as asked (0: the default) */
    int threads_used;  /* as run */
    int saved;         /* a checkpoint file was written */
    int resume;        /* --resume: the checkpoint is read by cli_job_attach */
    double start, seconds;
} cli_job;

/* Before any work: the checkpoint path (ckpt_arg, else out_path with ".csv" replaced by ".ckpt"
 * when out_path is a regular file's, else `fallback`); refused when it is one of the outputs
 * paths[0..n) (named by opts[]) or, without `resume`, when it exists; its place probed for
 * writing. Prints the error and returns its exit status, or CLI_OK. */
int cli_job_prepare(cli_job *j, const char *label, const char *ckpt_arg, const char *out_path,
                    const char *fallback, int resume, int threads, const char *const *opts,
                    const char *const *paths, int n);

/* The job to run; with --resume its checkpoint is read into it (refused, with the reason, when
 * it is of another job, other options, another build, or damaged). Prints the error and returns
 * its exit status, or CLI_OK. */
int cli_job_attach(cli_job *j, hs_job *job);

/* Run the job's remaining units: progress on standard error, SIGINT and SIGTERM caught (the job
 * stops after the units under way), the checkpoint saved every CLI_CHECKPOINT_SECONDS and when
 * interrupted. Returns CLI_OK; the interrupted status (128 + signal) after saving; CLI_EXIT_IO;
 * CLI_EXIT_DATA when the finished counts fail the job's invariants (a damaged checkpoint). Prints
 * the error. */
int cli_job_run(cli_job *j);

/* Done with the job, with the command's exit status: CLI_OK (every output written) removes the
 * checkpoint file; CLI_EXIT_IO after the job finished (an output could not be written) saves the
 * finished counts to it, so that --resume only writes the outputs. */
void cli_job_finish(cli_job *j, int status);

/* The usual start of a command's one long job: open the outputs (every destination checked
 * before any work), prepare the checkpoint (as cli_job_prepare, output path `path`), make the
 * job with make(ctx, job) (its inputs built only then; a failure is reported as out of memory),
 * attach and run it. Returns CLI_OK with *job finished, or the exit status (the error printed);
 * the caller writes and commits the outputs, then releases them, the job (cli_job_finish) and
 * *job, which may be set even on failure. */
int cli_job_open_run(cli_job *j, cli_outs *outs, const char *label, const char *ckpt_arg,
                     const char *path, const char *fallback, int resume, int threads,
                     const char *const *opts, const char *const *paths, int n_paths,
                     int (*make)(void *ctx, hs_job **job), void *ctx, hs_job **job);

/* Run every unit of a short job without a checkpoint: progress on standard error, SIGINT and
 * SIGTERM caught. Returns CLI_OK, the interrupted status, CLI_EXIT_IO (no memory) or
 * CLI_EXIT_DATA. Prints the error. */
int cli_job_run_plain(hs_job *job, const char *label, int threads);

/* ---- requests (cli_request.c): the commands that are shells over handstat/request.h ---------- */

typedef struct hs_request hs_request;

/* The exit status of a refused or failed request (hs_request_* code rc), after printing msg:
 * HS_ERR_ARG a usage error (2), out of memory 3, cancelled the interrupted status, else 1. */
int cli_request_status(int rc, const char *msg);

/* The same for the request of --batch line `line` ("line N: " before the message; 0: none);
 * with `options`, a message about an argument the command line spells as an option of the same
 * name ("board: ...") names the option ("--board: ..."). */
int cli_request_fail(int rc, const char *msg, size_t line, int options);

/* Add key = value to the request (value NULL: nothing). Prints the error; returns -1 on
 * failure. */
int cli_request_add(hs_request *r, const char *key, const char *value);
/* The same for the request of --batch or input line `line` ("line N: " before the message). */
int cli_request_add_at(hs_request *r, const char *key, const char *value, size_t line);

/* How a request's job runs: its label (progress, messages), the checkpoint's default name and
 * the checkpoint options, the threads, and the output set (opened before the work; may be NULL)
 * with -o's path and every output's option name and path (kept apart from the checkpoint). */
typedef struct cli_request_job {
    const char *label, *fallback, *ckpt_arg;
    int resume, threads;
    cli_outs *outs;
    const char *path;
    const char *const *names, *const *files;
    int n_files;
    /* optional: another request answered from the same finished job into *also_table (equity-dist
     * with --bins and --svg: the histogram and the rows of one count) */
    const hs_request *also;
    hs_table **also_table;
} cli_request_job;

/* A long table command (holdem preflop, preflop3, vs-random, poker matchups, crib deals,
 * peg-table): the job of q[0] made by the request layer and run with its checkpoint
 * (cli_job_open_run), then file k written from the table q[k] answers from that finished job (the
 * same command, its "table" argument naming the file's table). names[k] is file k's option ("-o",
 * "--matrix"), paths[k] its path (file 0 defaults to standard output; a later file with no path is
 * not written). Every file is written whole or none is; on success (and not --quiet) summary gets
 * file 0's table, the job, the run (seconds, threads) and ctx. Returns the exit status. */
typedef struct cli_table_files {
    const char *label, *fallback, *ckpt_arg;
    int resume, threads, n;
    const char *const *names, *const *paths;
    hs_request *const *q;
    void (*summary)(const hs_table *first, const hs_job *job, const cli_job *run, const void *ctx);
    const void *ctx;
    double *make_seconds; /* optional: the seconds making the job took (its tables) */
} cli_table_files;
int cli_request_tables(const cli_table_files *o);

/* A request for `command` with key = value (value NULL: none). Prints the error and returns
 * NULL with *status set, else CLI_OK. */
hs_request *cli_request_with(const char *command, const char *key, const char *value, int *status);

/* A request for `command` with hands[0..n) as its "hand" arguments. Prints the error and returns
 * NULL with *status set (out of memory 3, a bad value 1), else CLI_OK. */
hs_request *cli_request_new(const char *command, char *const *hands, int n, int *status);

/* A command written "SIDE1 -- SIDE2" (its positionals argv[1..n_pos], `what` naming the two sides
 * in messages) run at once as `command`: side 1 is its "hand", side 2 a second "hand" when
 * second_key is "hand", else the value of second_key ("board"). The answer into *t (freed by the
 * caller; NULL on failure, the error printed). Returns the exit status. */
int cli_request_two_sides(char **argv, int n_pos, const char *what, const char *command,
                          const char *second_key, hs_table **t);

/* Add the options keys[i] = values[i] (i < n; NULL values left out) to the request. Prints the
 * error; returns -1 on failure. */
int cli_request_opts(hs_request *r, const char *const *keys, const char *const *values, int n);

/* A command answered line by line (crib score, poker rank ...): each line of input, or the
 * joined arguments, is the one "hand" of a request for `command` with the options keys[i] =
 * values[i] (NULL values left out), answered at once and written as a CSV row (csv) or printed
 * by print (line 0: the command line). */
typedef struct cli_line_request {
    const char *command;
    const char *const *keys, *const *values;
    int n_keys;
    int csv;
    void (*print)(const hs_table *t, size_t line, void *ctx);
    void *print_ctx;
} cli_line_request;

/* A cli_line_fn (ctx: a cli_line_request): the line's request run and printed; a refusal printed
 * after "line N: " with its exit status. */
int cli_request_line(const char *text, size_t len, size_t line, void *ctx);

/* The request's table as CSV on fp, its header first. */
void cli_request_csv(FILE *fp, const hs_table *table);

/* Check the request, open the outputs, run its job if it has one (with a checkpoint when asked
 * for or estimated at over ten seconds of one thread), and answer it into *table. *jp and *keep:
 * the checkpoint and its job, which the caller ends with cli_request_end. Returns the exit status
 * (CLI_OK); prints the errors. */
int cli_request_run(const hs_request *r, const cli_request_job *o, hs_table **table, cli_job *jp,
                    int *keep);

/* A command answered as one CSV file: a request for `command` with the options keys[i] =
 * values[i] (i < n, NULL values left out), run as o says (its label, threads, -o's path; its
 * output set is made here) and written whole to the path (NULL: standard output) or not at all.
 * Returns the exit status; on CLI_OK *table (the caller frees it) holds the answer for a
 * summary, and *seconds the time. */
int cli_request_to_csv(const char *command, const char *const *keys, const char *const *values,
                       int n, const cli_request_job *o, hs_table **table, double *seconds);

/* After cli_request_run, once the outputs are written (or not): the checkpoint finished with the
 * command's final status (removed on CLI_OK; the finished counts saved on CLI_EXIT_IO) and the
 * job freed, when keep. */
void cli_request_end(cli_job *j, int keep, int status);

/* ---- processes (cli_mpi.c) ------------------------------------------------------------------
 * handstat-mpi runs one process per MPI rank: rank 0 does what handstat does (checks, prints,
 * writes) and coordinates the long jobs; the other ranks, "workers", run the same command on the
 * same job but only compute the ranges of units rank 0 hands them, print nothing (standard output
 * and error are /dev/null) and write no file. In handstat (built without HS_MPI) there is one
 * process, rank 0 of 1, and these are trivial. */

/* Start MPI (MPI_Init_thread, MPI_THREAD_FUNNELED: only the main thread calls MPI, the OpenMP
 * workers run units) and silence the workers. Called by main before anything else runs. */
void cli_mpi_init(int *argc, char ***argv);

/* End MPI with the command's status (rank 0's) and return the exit status: every rank exits
 * with rank 0's status. Called by main last. */
int cli_mpi_finalize(int status);

int cli_mpi_rank(void);
int cli_mpi_size(void);

/* True on a worker: it writes no file (outputs, temporaries, checkpoints) and prints nothing. */
static inline int cli_mpi_worker(void) {
    return cli_mpi_rank() != 0;
}

/* Every rank returns rank 0's `status` (a check only rank 0 makes: the checkpoint file). Prints
 * nothing. */
int cli_mpi_agree(int status);

/* cli_mpi_coordinate returned this: a rank failed or left the run, and why is printed. */
#define CLI_MPI_FAILED 1

/* Rank 0 of more than one: run the job's units that are not done on the workers, in ranges handed
 * out as they ask (rank 0 computes none), merging their counts into job, with o's progress and
 * saves and SIGINT/SIGTERM polled while waiting; *threads_used the threads of all workers.
 * Returns what hs_job_run would (HS_OK once every unit is done and the invariants hold;
 * HS_ERR_CANCELLED, HS_ERR_IO, HS_ERR_CORRUPT, a worker's error such as HS_ERR_NOMEM) or
 * CLI_MPI_FAILED. */
int cli_mpi_coordinate(hs_job *job, const hs_job_opts *o, int *threads_used);

/* A worker: run the ranges rank 0 hands out (o's threads; its progress callback stops a range on
 * SIGINT/SIGTERM) until rank 0 ends the run. Returns rank 0's status for the run; on CLI_OK job
 * holds the finished counts (rank 0's), so that the command goes on as on rank 0. */
int cli_mpi_work(hs_job *job, const hs_job_opts *o, int *threads_used);

/* Rank 0 after the run: the run's status to the workers and, on CLI_OK, the finished job. Returns
 * the status (CLI_EXIT_IO when out of memory). */
int cli_mpi_finish_run(hs_job *job, int status);

/* path with its ".csv" ending (if any) replaced by `suffix`, in a heap string (NULL: no
 * memory). */
char *cli_derived_path(const char *path, const char *suffix);

/* True when path stands for standard output ("-", NULL) or is not a regular file (a device). */
int cli_is_stdout_path(const char *path);

/* Seconds on a monotonic clock. */
double cli_now(void);

/* Subcommand groups. */
int cli_crib_main(int argc, char **argv);
/* crib discard, throw-table and deals (cli_discard.c): `command` is one of those names. */
int cli_crib_discard_main(const char *command, int argc, char **argv);
/* crib peg (cli_peg.c). */
int cli_crib_peg_main(int argc, char **argv);
/* One command of a game's group: its name, its full name for messages, and its function. */
typedef struct cli_command_def {
    const char *name, *path;
    int (*fn)(int, char **);
} cli_command_def;

/* Run the command argv[1] of a group ("poker", ...) from its n commands: the group's usage on
 * --help (or on stderr with exit 2 when no command is given), an error naming an unknown one. */
int cli_dispatch(const char *group, const char *usage, const cli_command_def *commands, size_t n,
                 int argc, char **argv);

int cli_poker_main(int argc, char **argv);
/* handstat serve: runs handstat-serve, the local web app (src/serve/), found beside handstat. */
int cli_serve_main(int argc, char **argv);
/* handstat bench (cli_bench.c): the built-in benchmark and self-test of every ISA path. */
int cli_bench_main(int argc, char **argv);
/* handstat query (cli_query.c). */
int cli_query_main(int argc, char **argv);
/* holdem hits and holdem equity-dist (cli_board.c). */
int cli_holdem_hits(int argc, char **argv);
int cli_holdem_equity_dist(int argc, char **argv);
/* holdem filter and holdem matrix (cli_range_tools.c). */
int cli_holdem_filter(int argc, char **argv);
int cli_holdem_matrix(int argc, char **argv);
/* holdem range (cli_range.c). */
int cli_holdem_range(int argc, char **argv);
int cli_shortdeck_main(int argc, char **argv);
int cli_lowball_main(int argc, char **argv);
/* handstat badugi and handstat draw (cli_draw.c). */
int cli_badugi_main(int argc, char **argv);
int cli_draw_main(int argc, char **argv);
/* handstat shortdeck equity (cli_holdem.c: the requests and tables of holdem equity). */
int cli_shortdeck_equity(int argc, char **argv);
int cli_omaha_main(int argc, char **argv);
int cli_stud_main(int argc, char **argv);
int cli_razz_main(int argc, char **argv);
/* Parse the comma-separated class names of --classes (blanks around items allowed, any case)
 * into classes[] (room for 169; distinct) and their number into *n (cli_holdem_request.c).
 * Prints the offending item and returns CLI_EXIT_USAGE when one is empty, not a class name or
 * repeated; else CLI_OK. */
int cli_parse_classes(const char *text, int *classes, int *n);

/* handstat holdem preflop3 (cli_preflop3.c), dispatched by cli_holdem_main. */
int cli_holdem_preflop3(int argc, char **argv);
int cli_holdem_main(int argc, char **argv);

/* ---- hold'em equity requests (cli_holdem_request.c) ---------------------------------------- */

/* Split one --batch line, RANGE | RANGE [| ...] [board=CARDS] [dead=CARDS], into the "hand",
 * "board" and "dead" arguments of request q (their values are checked when it runs). Prints the
 * error (naming the line) and returns the exit status, CLI_OK when split. */
int cli_equity_line(const char *text, size_t len, size_t line, hs_request *q);

#endif
