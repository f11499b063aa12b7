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
 * Commands and their arguments (each argument a key and a text value; "hand" repeats, in order;
 * a flag takes "1" or "0"; the rest at most once). Every value is checked with the command
 * line's rules and an error names the offending key and token, as the command line says it:
 *
 *   "holdem equity"       hand x2..9 (ranges), board, dead, samples, seed
 *   "shortdeck equity"    hand x2..9 (ranges of short-deck cards), board, dead,
 *                         straight-beats-trips (flag)
 *   "holdem hits"         hand (one range), board (3..5 cards) | streets ("flop", "flop,turn",
 *                         any of flop, turn, river), dead, by-combo (flag, with board)
 *   "holdem equity-dist"  hand x2 (hero, villain), board, dead, bins
 *   "omaha equity"        hand x2..9 (4-6 cards each), board, dead, hilo (flag)
 *   "stud equity"         hand x2..7 (3-7 cards each), dead, hilo (flag)
 *   "razz equity"         hand x2..7, dead
 *   "crib score"          hand (four cards then the starter: five cards), crib (flag)
 *   "crib explain"        the same: every scoring combination (item, cards, points)
 *   "crib discard"        hand (six or five cards), role ("dealer" | "pone"), pegging (flag,
 *                         six cards): every keep, best first
 *   "poker rank"          hand (5..7 cards)
 *   "poker compare"       hand x2 (5..7 cards each; they may share cards): both ranked, the
 *                         note "winner" 1, 2 or tie
 *   "lowball rank"        hand (5..7 cards), kind ("a5" ace-to-five | "27" deuce-to-seven)
 *   "shortdeck rank"      hand (5..7 short-deck cards), straight-beats-trips (flag)
 *   "omaha rank"          hand (the 4..6 hole cards), board (3..5 cards): the best high and
 *                         8-or-better low (low_class 0: none)
 *   "crib peg"            hand x2 (the pone's four cards, then the dealer's): the double-dummy
 *                         play's points and an optimal line
 *   "crib peg-line"       the same line event by event (player, card, count, points, why)
 *   "crib hist"           crib (flag): every hand with every starter scored, 0..29; the exact
 *                         mean and variance and each component's points as notes
 *   "poker hist"          cards (5, 6 or 7), classes (flag): every hand of that size by
 *                         category (or by class); the note "hands"
 *   "shortdeck hist"      the same over the 36-card deck, straight-beats-trips (flag)
 *   "lowball hist"        kind (a5 | 27): every five-card hand by its low's top card
 *   "poker showdown"      hand (5 cards): against every five-card hand of the other 47 cards,
 *                         hand,wins,ties,losses; the equity and its exact fraction as notes
 *   "poker pe54"          hand (ten cards: player 1's five, then player 2's, Project Euler 54):
 *                         winner (1, 2 or tie) and both hands' classes and descriptions
 *   "holdem vs-random"    opponents (counts "1-3", "2", "1,3": 1..3, default 1-2; 1..9 with
 *                         samples), samples (1..10^10 deals per count), seed, classes (the
 *                         rows of these only, "AA,AKs"): each of the 169 classes (or those)
 *                         against that many random hands, exactly or, with samples, an
 *                         ESTIMATE; a row per class and count (the CSV `handstat holdem
 *                         vs-random` writes: class,opponents,deals,wins,ties,losses,equity,
 *                         equity_exact, or class,opponents,samples,wins,ties,losses,equity,
 *                         std_error,kind); notes boards or samples and seed, and kind. It runs as
 *                         one job: about 8 s of one core exactly, 90 s with three opponents
 *   "query"               query (a query of the query language, handstat/query.h), samples,
 *                         seed: item,bucket,value,exact,count,std_error (hs_query_run's table)
 *
 * The columns are the command's --csv columns ("crib explain": the items of the text breakdown,
 * item,cards,points, with the totals as notes). */
#ifndef HANDSTAT_REQUEST_H
#define HANDSTAT_REQUEST_H

#include "handstat/api.h"

#include <stddef.h>
#include <stdint.h>

#include "handstat/holdem.h" /* hs_uint128 */
#include "handstat/progress.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Room for any message of hs_request_run. */
#define HS_REQUEST_MESSAGE 512
/* The longest value accepted (a range's text is far shorter). */
#define HS_REQUEST_VALUE_MAX 16384

/* ---- the result table ----------------------------------------------------------------------- */

typedef struct hs_table hs_table;

/* How a column's cells read: text; an exact integer (any width: decimal digits); a decimal
 * (a ratio of counts, "%.12g"); an exact reduced fraction "p/q". */
enum hs_cell_kind { HS_CELL_TEXT, HS_CELL_INT, HS_CELL_DECIMAL, HS_CELL_FRACTION };

HS_API size_t hs_table_columns(const hs_table *t);
HS_API const char *hs_table_column(const hs_table *t, size_t col);
HS_API int hs_table_column_kind(const hs_table *t, size_t col);
HS_API size_t hs_table_rows(const hs_table *t);
/* The cell's text exactly as --csv writes it (before CSV quoting); NULL out of range. */
HS_API const char *hs_table_cell(const hs_table *t, size_t row, size_t col);
/* The cell as a number, for columns of integers, decimals and fractions: the ratio of counts it
 * stands for, exactly as computed before it was written (a decimal's double, a fraction's value
 * rounded toward zero), so a front end can print it to any precision without reading the text
 * back; NaN for text cells and out of range. */
HS_API double hs_table_number(const hs_table *t, size_t row, size_t col);
/* Named notes: ("board", "2C 7D KH"), ("deals", "1712304"), ("kind", "estimate"), ... */
HS_API size_t hs_table_notes(const hs_table *t);
HS_API const char *hs_table_note_name(const hs_table *t, size_t i);
HS_API const char *hs_table_note_value(const hs_table *t, size_t i);
/* The note called `name`, or NULL. */
HS_API const char *hs_table_note(const hs_table *t, const char *name);
HS_API void hs_table_free(hs_table *t);

/* ---- the number formats of every front end ------------------------------------------------
 * An exact 128-bit count in decimal; an exact fraction num/den (den > 0) reduced to lowest terms,
 * "p/q" with the denominator always written ("0/1", "3/1"); and num/den as a double rounded toward
 * zero. buf holds cap bytes; 48 hold any count, 96 any fraction. Return buf. Thread-safe. */
HS_API const char *hs_text_u128(char *buf, size_t cap, hs_uint128 v);
HS_API const char *hs_text_fraction(char *buf, size_t cap, hs_uint128 num, hs_uint128 den);
HS_API double hs_ratio_u128(hs_uint128 num, hs_uint128 den);
/* A sum of combination weights (percent: 100 a whole combination) as an exact decimal of
 * combinations: "15", "7.5", "0.25". */
HS_API const char *hs_text_weight(char *buf, size_t cap, hs_uint128 w);
/* Two cards (a two-card mask) as the range grammar writes them, the higher rank first (ace high;
 * a pair: the higher suit first): "AhKd", "KdKc". out holds 8 bytes. */
HS_API const char *hs_text_combo(char *out, uint64_t combo);
/* A whole number written in decimal digits only (no sign, no spaces, no exponent) within
 * min..max: 1 with it in *out, else 0 (*out untouched), also when it passes 2^64 - 1. */
HS_API int hs_text_parse_u64(const char *text, uint64_t min, uint64_t max, uint64_t *out);
/* A list of counts 1..max (max at most 9): comma-separated items, each N or N-M (one digit each,
 * N <= M), as "1-3", "4", "1,3" or "2,5-7", into the bit set *set (bit k for the count k; *set
 * untouched on failure). No blanks, no empty item. Returns HS_OK; HS_ERR_TOKEN (an item that is
 * not N or N-M) or HS_ERR_ARG (an item past max), with *err (may be NULL) locating the item.
 * The opponents of holdem vs-random in every front end. */
HS_API int hs_text_parse_counts(const char *text, int max, unsigned *set, hs_parse_error *err);
/* A token of input made safe to quote in a message: at most 40 bytes of it (then "..."), bytes
 * outside printable ASCII as \xNN. out holds HS_TOKEN_TEXT bytes. */
#define HS_TOKEN_TEXT 200
HS_API const char *hs_text_token(char *out, const char *s, size_t n);

/* ---- the request ---------------------------------------------------------------------------- */

typedef struct hs_request hs_request;

/* A new request for `command` (above). Returns HS_OK, HS_ERR_ARG (no such command; the known
 * ones are listed by hs_request_commands) or HS_ERR_NOMEM. */
HS_API int hs_request_new(const char *command, hs_request **out);

/* The commands, NULL-terminated. Static storage. */
HS_API const char *const *hs_request_commands(void);

/* Add argument key = value (copied). Returns HS_OK; HS_ERR_ARG (a key the command does not take,
 * a value over HS_REQUEST_VALUE_MAX bytes); HS_ERR_DUPLICATE (a
 * second value of a key other than "hand"); HS_ERR_COUNT (more than HS_REQUEST_ARGS arguments in
 * all); HS_ERR_NOMEM. The value itself is checked when the request runs: any byte the command's
 * grammar does not take (a control character, say) is refused there, named in the message. */
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
 * (holdem hits over every board, holdem equity-dist, stud and razz equity, holdem vs-random, a
 * query the equity engine does not answer), makes it into *job (else *job is NULL); the caller runs
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
