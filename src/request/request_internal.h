/* Private to the request layer: a request, the phases an adapter runs in, a command's registry
 * entry, and the argument helpers every adapter shares (request_args.c). An adapter is one
 * function per command in its game family's file (request_holdem.c, request_holdem_tables.c,
 * request_holdem_filter.c, request_holdem_range.c, request_crib.c, request_poker.c,
 * request_omaha_stud.c, request_query.c) with its registry entry beside it; request.c holds the
 * registry's order and the public functions. */
#ifndef HS_REQUEST_INTERNAL_H
#define HS_REQUEST_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "handstat/command.h"
#include "handstat/holdem.h"
#include "handstat/request.h"
#include "table_internal.h"

struct hs_request {
    const struct hs_command_def *cmd;
    int n;
    char *key[HS_REQUEST_ARGS];
    char *value[HS_REQUEST_ARGS];
};

/* The phase an adapter runs in: START checks the arguments and makes the job (when the command
 * has one for them); FINISH checks again (cheap) and answers from the finished job, or runs the
 * command itself when there is none; WORK checks and writes the note of the work ahead
 * (hs_request_work), for a command flagged HS_COMMAND_WORK_NOTE. */
enum { HS_REQ_START, HS_REQ_FINISH, HS_REQ_WORK };

typedef struct hs_req_ctx {
    int phase;
    hs_job **job_out;  /* START */
    const hs_job *job; /* FINISH: the finished job, or NULL */
    int threads;
    hs_progress_fn progress;
    void *progress_ctx;
    hs_table **out;
    char *msg;
    size_t cap;
    char *work; /* WORK: the size note (hs_request_work), work_cap bytes */
    size_t work_cap;
} hs_req_ctx;

/* A command: its public description (the registry's entry), its adapter, and its cost model:
 * the seconds one thread takes to run the job hs_request_start made of r (NULL: the command
 * never makes a job). */
typedef struct hs_command_def {
    hs_command_info info;
    int (*run)(const hs_request *r, hs_req_ctx *x);
    double (*seconds)(const hs_request *r, const hs_job *job);
} hs_command_def;

/* The registry's entries, one per command, each defined beside its adapter. */
extern const hs_command_def hs_req_holdem_equity, hs_req_shortdeck_equity, hs_req_holdem_hits,
    hs_req_holdem_equity_dist, hs_req_holdem_vs_random, hs_req_holdem_preflop,
    hs_req_holdem_preflop3, hs_req_holdem_range;
/* request_holdem_filter.c */
extern const hs_command_def hs_req_holdem_filter, hs_req_holdem_matrix;
extern const hs_command_def hs_req_omaha_equity, hs_req_stud_equity, hs_req_razz_equity,
    hs_req_omaha_rank, hs_req_omaha_range;
extern const hs_command_def hs_req_crib_score, hs_req_crib_explain, hs_req_crib_discard,
    hs_req_crib_peg, hs_req_crib_peg_line, hs_req_crib_hist, hs_req_crib_throw_table,
    hs_req_crib_deals, hs_req_crib_peg_table;
extern const hs_command_def hs_req_poker_rank, hs_req_poker_compare, hs_req_poker_hist,
    hs_req_poker_showdown, hs_req_poker_pe54, hs_req_poker_matchups, hs_req_lowball_rank,
    hs_req_lowball_hist, hs_req_shortdeck_rank, hs_req_shortdeck_hist;
/* request_draw.c */
extern const hs_command_def hs_req_badugi_rank, hs_req_badugi_hist, hs_req_draw_odds,
    hs_req_draw_discard, hs_req_draw_table, hs_req_draw_equity;
extern const hs_command_def hs_req_query;

/* The size of a static array of arguments, for an entry's n_args. */
#define HS_REQ_N(args) (sizeof(args) / sizeof((args)[0]))

/* ---- messages and arguments (request_args.c) --------------------------------------------- */

/* The message (printf) into x->msg; returns rc. */
int hs_req_fail(hs_req_ctx *x, int rc, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* The value of key, or NULL when absent (the first, for "hand"). */
const char *hs_req_get(const hs_request *r, const char *key);
/* The "hand" values in order into out[] (room for max); their number, up to max + 1. */
int hs_req_hands(const hs_request *r, const char **out, int max);
/* The one "hand" of a command that takes one. */
int hs_req_one_hand(const hs_request *r, const char **text, hs_req_ctx *x);
/* A flag: absent 0; "1", "true", "" 1; "0", "false" 0. */
int hs_req_flag(const hs_request *r, const char *key, int *v, hs_req_ctx *x);
/* A whole number min..max (plain decimal), or def when absent. */
int hs_req_number(const hs_request *r, const char *key, uint64_t min, uint64_t max, uint64_t def,
                  uint64_t *v, hs_req_ctx *x);
/* The optional samples (0: exact; at most what the pot shares' sums hold) and their seed
 * (default 1, only with samples). */
int hs_req_samples(const hs_request *r, uint64_t *samples, uint64_t *seed, hs_req_ctx *x);
/* Cards of text for `what` (min..max of them; `expected` describes the count) into cards[] (room
 * for max) and *mask. Returns their number, or a negative code with the message. */
int hs_req_cards(const char *what, const char *text, int min, int max, const char *expected,
                 int *cards, uint64_t *mask, hs_req_ctx *x);
/* The optional board (bmin..bmax cards) and dead cards, not overlapping. */
int hs_req_known(const hs_request *r, int bmin, int bmax, uint64_t *board, uint64_t *dead,
                 hs_req_ctx *x);
/* A range for `what` ("hand 1") into *out with its canonical text. */
int hs_req_range(const char *what, const char *text, hs_holdem_range *out, char *canon, size_t cap,
                 hs_req_ctx *x);
/* The job of a long table command: in START made by make(args) into *x->job_out (the command
 * line runs it with its checkpoint); in FINISH the finished job given, or one made here and run,
 * left in *own for the caller to free (NULL otherwise, and when it fails: a run cancelled or out
 * of memory frees it and answers the error). *job is the job to answer from. */
int hs_req_table_job(hs_req_ctx *x, int (*make)(const void *args, hs_job **out), const void *args,
                     hs_job **own, const hs_job **job);
/* The job a game's constructor made over inputs the maker built (rc: what the constructor
 * returned): on HS_OK the inputs are handed to the job (hs_job_keep: freed with it); on any
 * failure they are freed with free_inputs (and the job), *out is NULL and the code returned. */
int hs_req_job_keeping(int rc, hs_job **out, void *inputs, void (*free_inputs)(void *));
/* The "table" choice of a command answering one of several tables from one job (names[0..n),
 * the first when absent): its index into *which. */
int hs_req_table_choice(const hs_request *r, const char *const *names, int n, int *which,
                        hs_req_ctx *x);
/* The table (NULL: out of memory) into *x->out. */
int hs_req_answer(hs_req_ctx *x, hs_table *t);
/* A library code as a message (the cases a command does not word itself). */
int hs_req_lib_error(hs_req_ctx *x, int rc);
/* Cards in the order given, "AH AD KS QS". */
void hs_req_cards_text(char *buf, size_t cap, const int *cards, int n);
/* The notes "board" and "dead". */
void hs_req_known_notes(hs_table *t, uint64_t board, uint64_t dead);
/* A hold'em combination's weight (units of 1/HS_HOLDEM_WEIGHT_FULL) as a percent cell: an integer
 * cell when whole ("100", "50"), else its exact decimal ("12.5"). */
void hs_req_weight_cell(hs_table *t, unsigned weight);

#endif
