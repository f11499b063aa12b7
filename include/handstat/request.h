/* handstat — one request layer for every front end (the command line, the web app, Python): a
 * request (a command and its arguments, in the words of the command line) is checked once, run
 * once through the library, and answered as one result table: named, typed columns whose cells
 * are exactly the text the command line's --csv prints, plus named notes (the board, the deals,
 * the range's equity...). A query therefore means the same thing and gives the same table in
 * every front end, and a new front end is a thin shell: build a request, run it, render the
 * table.
 *
 *   hs_request *r;
 *   hs_request_new("holdem equity", &r);
 *   hs_request_add(r, "hand", "QQ+,AKs");
 *   hs_request_add(r, "hand", "JJ-99,AQs+");
 *   hs_request_add(r, "board", "Kh7d2c");
 *   hs_table *t;
 *   char msg[HS_REQUEST_MESSAGE];
 *   if (hs_request_run(r, 0, NULL, NULL, &t, msg, sizeof msg) == HS_OK) { ... hs_table_free(t); }
 *   hs_request_free(r);
 *
 * Commands and their arguments are described once, in the command registry (handstat/command.h:
 * hs_command_next lists every command with its arguments, their kinds, counts, choices, defaults,
 * help and a worked example; `handstat serve` answers the same as GET /api/commands, and
 * Python's handstat.commands()). Each argument is a key and a text value; a key whose entry
 * allows several values ("hand") repeats, in order; a flag takes "1" or "0"; the rest at most
 * once. Every value is checked with the command line's rules and an error names the offending
 * key and token, as the command line says it.
 *
 * The columns are the command's --csv columns ("crib explain": the items of the text breakdown,
 * item,cards,points, with the totals as notes). */
#ifndef HANDSTAT_REQUEST_H
#define HANDSTAT_REQUEST_H

#include "handstat/api.h"

#include <stddef.h>
#include <stdint.h>

#include "handstat/command.h"
#include "handstat/table.h"
#include "handstat/progress.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Room for any message of hs_request_run. */
#define HS_REQUEST_MESSAGE 512
/* The longest value accepted (a range's text is far shorter). */
#define HS_REQUEST_VALUE_MAX 16384

/* ---- the request ---------------------------------------------------------------------------- */

typedef struct hs_request hs_request;

/* A new request for `command` (a name of the registry: hs_command_by_name). Returns HS_OK,
 * HS_ERR_ARG (no such command) or HS_ERR_NOMEM. */
HS_API int hs_request_new(const char *command, hs_request **out);

/* The commands' names in the registry's order, NULL-terminated. Static storage. */
HS_API const char *const *hs_request_commands(void);

/* Add argument key = value (copied). Returns HS_OK; HS_ERR_ARG (a key the command does not take,
 * a value over HS_REQUEST_VALUE_MAX bytes); HS_ERR_DUPLICATE (a second value of a key whose
 * registry entry takes one at most: every key but "hand"); HS_ERR_COUNT (more than HS_REQUEST_ARGS
 * arguments in all); HS_ERR_NOMEM. The value itself is checked when the request runs: any byte the
 * command's grammar does not take (a control character, say) is refused there, named in the
 * message. */
#define HS_REQUEST_ARGS 24
HS_API int hs_request_add(hs_request *r, const char *key, const char *value);

/* Check and run the request with `threads` OpenMP workers (0: the default) and `progress` (may be
 * NULL; returning non-zero cancels), and answer it as *out (the caller frees it). Returns HS_OK;
 * HS_ERR_TOKEN, HS_ERR_DUPLICATE, HS_ERR_COUNT, HS_ERR_ARG (bad input: msg names the argument and
 * the token, e.g. "hand 1: 'XX' is not two cards, a class or a range item (...)"); HS_ERR_OVERFLOW
 * (too large to count exactly: msg gives the size); HS_ERR_CANCELLED; HS_ERR_NOMEM. msg (cap
 * bytes, may be NULL) gets the message on failure, "" on success. Thread-safe for distinct
 * requests; a request may be run again. */
HS_API int hs_request_run(const hs_request *r, int threads, hs_progress_fn progress, void *ctx,
                          hs_table **out, char *msg, size_t cap);

/* The same in two steps, for front ends that run long jobs their own way (checkpoints, other
 * processes): hs_request_start checks the request and, for a command that runs as one job
 * (holdem hits over every board, holdem equity-dist, stud and razz equity, holdem vs-random, crib
 * deals and crib peg-table, a query the equity engine does not answer), makes it into *job (else
 * *job is NULL); the caller runs
 * the job's units (handstat/job.h) or none, then hs_request_finish answers from the finished job,
 * or, with job NULL, runs the command itself (threads, progress as in hs_request_run). Returns and
 * messages as hs_request_run. */
typedef struct hs_job hs_job;
HS_API int hs_request_start(const hs_request *r, hs_job **job, char *msg, size_t cap);
HS_API int hs_request_finish(const hs_request *r, const hs_job *job, int threads,
                             hs_progress_fn progress, void *ctx, hs_table **out, char *msg,
                             size_t cap);

/* An estimate of the seconds one thread of this machine class takes to run the job of
 * hs_request_start (from measured costs per unit of work), so that a front end can decide to keep
 * a checkpoint or refuse the work; 0 when job is NULL. */
HS_API double hs_request_job_seconds(const hs_request *r, const hs_job *job);

/* A one-line note of the work ahead when a request will take a while to answer exactly (holdem
 * and shortdeck equity: "up to 3.2e+13 deals (1.87e+07 choices of hands x 1712304 boards), solved
 * once per suit-symmetric set"; holdem vs-random against three opponents), so that a front end
 * can say so before it starts; "" for a quick request, an estimate or an invalid one. It checks
 * the arguments but makes no job. Returns buf (cap bytes; 160 hold any note). */
HS_API const char *hs_request_work(const hs_request *r, char *buf, size_t cap);

HS_API void hs_request_free(hs_request *r);

#ifdef __cplusplus
}
#endif

#endif
