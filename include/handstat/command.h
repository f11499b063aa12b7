/* handstat — the command registry: every command of the request layer (handstat/request.h)
 * described once, for every front end to read: its name, title and summary, each argument (its
 * key, kind, how many values, choices, default and help) and a worked example with the same
 * question on the command line. The command line's help, the web app's forms and GET
 * /api/commands, and the Python package's handstat.commands() are all made from it.
 *
 *   for (const hs_command_info *c = hs_command_next(NULL); c != NULL; c = hs_command_next(c)) {
 *       printf("%s: %s\n", c->name, c->summary);
 *       for (size_t i = 0; i < c->n_args; i++)
 *           printf("  %s (%s)\n", c->args[i].name, hs_arg_kind_name(c->args[i].kind));
 *   }
 *
 * Everything here is static storage, constant, and thread-safe. */
#ifndef HANDSTAT_COMMAND_H
#define HANDSTAT_COMMAND_H

#include "handstat/api.h"

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* What an argument's value is ("text" values, each checked by the command when it runs):
 *   HS_ARG_CARDS   cards, "AS 10h Td 5C" (how many: the help says)
 *   HS_ARG_RANGE   a hold'em range, "QQ+,AKs,A5s-A2s,15%,AA@50"
 *   HS_ARG_BOARD   board cards, "Kh7d2c"
 *   HS_ARG_CHOICE  one of `choices` (or, where the help says so, several separated by commas)
 *   HS_ARG_COUNT   a whole number, plain decimal digits
 *   HS_ARG_NUMBER  a decimal number
 *   HS_ARG_FLAG    "1" or "0" (also "true", "false"; "" is 1)
 *   HS_ARG_TEXT    free text with a grammar of its own (a query, a list of classes) */
typedef enum hs_arg_kind {
    HS_ARG_TEXT,
    HS_ARG_CARDS,
    HS_ARG_RANGE,
    HS_ARG_BOARD,
    HS_ARG_CHOICE,
    HS_ARG_COUNT,
    HS_ARG_NUMBER,
    HS_ARG_FLAG
} hs_arg_kind;

typedef struct hs_command_arg {
    const char *name;    /* the request's key: "hand", "board", "straight-beats-trips" */
    hs_arg_kind kind;    /* HS_ARG_* */
    int min, max;        /* how many values: 0..1 optional, 1..1 required, "hand" 2..9 */
    const char *choices; /* HS_ARG_CHOICE: the values separated by '|' ("dealer|pone"); else NULL */
    const char *def;     /* the value taken when it is absent, as text; NULL: none (off, all) */
    const char *help;    /* one line */
} hs_command_arg;

typedef struct hs_command_info {
    const char *name;    /* "holdem equity": what hs_request_new takes */
    const char *title;   /* "Hold'em equity": a heading for a form */
    const char *summary; /* one sentence: what it answers */
    const hs_command_arg *args;
    size_t n_args;
    /* A worked example: key, value, key, value, ..., NULL (a repeated key in order: "hand",
     * "AhAd", "hand", "KsKc"); and the same question on the command line, after "handstat "
     * ("holdem equity AhAd KsKc"), whose --csv output is the example's table. */
    const char *const *example;
    const char *example_cli;
    unsigned flags; /* HS_COMMAND_* */
} hs_command_info;

/* The command may run as one long job (hs_request_start makes it one for some arguments), with
 * a time estimate (hs_request_job_seconds). */
#define HS_COMMAND_JOB 1u
/* Its exact count can be large enough for a note of the work ahead (hs_request_work). */
#define HS_COMMAND_WORK_NOTE 2u
/* It can answer an estimate instead of the exact count (the "samples" argument). */
#define HS_COMMAND_SAMPLES 4u

/* The command called `name`, or NULL. */
HS_API const hs_command_info *hs_command_by_name(const char *name);
/* The command after `prev` in the registry's order (the first with NULL), or NULL after the last.
 */
HS_API const hs_command_info *hs_command_next(const hs_command_info *prev);
/* The argument of `c` called `name`, or NULL. */
HS_API const hs_command_arg *hs_command_arg_by_name(const hs_command_info *c, const char *name);
/* "cards", "range", "board", "choice", "count", "number", "flag", "text"; NULL out of range. */
HS_API const char *hs_arg_kind_name(int kind);

#ifdef __cplusplus
}
#endif

#endif
