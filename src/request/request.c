/* The request layer (handstat/request.h) and the command registry (handstat/command.h): the
 * registry's order, a request's arguments checked against its command's entry, and the phases
 * every adapter runs in. The adapters and their entries live in one file per game family
 * (request_holdem.c, request_holdem_tables.c, request_crib.c, request_poker.c,
 * request_omaha_stud.c, request_query.c); request_args.c holds the argument helpers they share. */
#include "request_internal.h"

#include "handstat/handstat.h"

#include <stdlib.h>
#include <string.h>
#include <threads.h>

/* ---- the registry ---------------------------------------------------------------------------- */

/* Every command, in the order hs_command_next and hs_request_commands list them. Adding a command
 * is its entry beside its adapter and its place here (one a line: clang-format is kept off). */
/* clang-format off */
static const hs_command_def *const REGISTRY[] = {&hs_req_holdem_equity,
                                                 &hs_req_shortdeck_equity,
                                                 &hs_req_holdem_hits,
                                                 &hs_req_holdem_equity_dist,
                                                 &hs_req_holdem_filter,
                                                 &hs_req_holdem_matrix,
                                                 &hs_req_holdem_range,
                                                 &hs_req_omaha_equity,
                                                 &hs_req_stud_equity,
                                                 &hs_req_razz_equity,
                                                 &hs_req_crib_score,
                                                 &hs_req_crib_explain,
                                                 &hs_req_crib_discard,
                                                 &hs_req_poker_rank,
                                                 &hs_req_crib_peg,
                                                 &hs_req_crib_peg_line,
                                                 &hs_req_crib_hist,
                                                 &hs_req_lowball_rank,
                                                 &hs_req_shortdeck_rank,
                                                 &hs_req_omaha_rank,
                                                 &hs_req_omaha_range,
                                                 &hs_req_poker_compare,
                                                 &hs_req_poker_hist,
                                                 &hs_req_shortdeck_hist,
                                                 &hs_req_lowball_hist,
                                                 &hs_req_badugi_rank,
                                                 &hs_req_badugi_hist,
                                                 &hs_req_draw_odds,
                                                 &hs_req_draw_discard,
                                                 &hs_req_draw_table,
                                                 &hs_req_draw_equity,
                                                 &hs_req_poker_showdown,
                                                 &hs_req_poker_pe54,
                                                 &hs_req_poker_matchups,
                                                 &hs_req_holdem_vs_random,
                                                 &hs_req_holdem_preflop,
                                                 &hs_req_holdem_preflop3,
                                                 &hs_req_crib_throw_table,
                                                 &hs_req_crib_deals,
                                                 &hs_req_crib_peg_table,
                                                 &hs_req_query};
/* clang-format on */
#define N_COMMANDS (sizeof REGISTRY / sizeof REGISTRY[0])

static const hs_command_def *def_of(const char *name) {
    for (size_t i = 0; name != NULL && i < N_COMMANDS; i++)
        if (strcmp(name, REGISTRY[i]->info.name) == 0)
            return REGISTRY[i];
    return NULL;
}

const hs_command_info *hs_command_by_name(const char *name) {
    const hs_command_def *d = def_of(name);
    return d != NULL ? &d->info : NULL;
}

const hs_command_info *hs_command_next(const hs_command_info *prev) {
    if (prev == NULL)
        return &REGISTRY[0]->info;
    for (size_t i = 0; i + 1 < N_COMMANDS; i++)
        if (&REGISTRY[i]->info == prev)
            return &REGISTRY[i + 1]->info;
    return NULL;
}

const hs_command_arg *hs_command_arg_by_name(const hs_command_info *c, const char *name) {
    for (size_t i = 0; c != NULL && name != NULL && i < c->n_args; i++)
        if (strcmp(c->args[i].name, name) == 0)
            return &c->args[i];
    return NULL;
}

const char *hs_arg_kind_name(int kind) {
    static const char *const NAMES[] = {"text",   "cards", "range",  "board",
                                        "choice", "count", "number", "flag"};
    return kind >= 0 && kind < (int)(sizeof NAMES / sizeof NAMES[0]) ? NAMES[kind] : NULL;
}

/* The names, NULL-terminated, made once from the registry (the one list of commands). */
static const char *names[N_COMMANDS + 1];
static once_flag names_once = ONCE_FLAG_INIT;

static void names_init(void) {
    for (size_t i = 0; i < N_COMMANDS; i++)
        names[i] = REGISTRY[i]->info.name;
}

const char *const *hs_request_commands(void) {
    call_once(&names_once, names_init);
    return names;
}

/* ---- the request ------------------------------------------------------------------------------
 */

int hs_request_new(const char *command, hs_request **out) {
    *out = NULL;
    if (command == NULL)
        return HS_ERR_ARG;
    const hs_command_def *d = def_of(command);
    if (d == NULL)
        return HS_ERR_ARG;
    hs_request *r = calloc(1, sizeof *r);
    if (r == NULL)
        return HS_ERR_NOMEM;
    r->cmd = d;
    *out = r;
    return HS_OK;
}

int hs_request_add(hs_request *r, const char *key, const char *value) {
    if (r == NULL || key == NULL || value == NULL)
        return HS_ERR_ARG;
    const hs_command_arg *arg = hs_command_arg_by_name(&r->cmd->info, key);
    if (arg == NULL)
        return HS_ERR_ARG;
    /* a key of one value at most, given again; "hand" repeats (its count is checked when the
     * request runs, in the command's words) */
    if (arg->max <= 1 && hs_req_get(r, key) != NULL)
        return HS_ERR_DUPLICATE;
    if (r->n >= HS_REQUEST_ARGS)
        return HS_ERR_COUNT;
    const size_t n = strlen(value);
    if (n > HS_REQUEST_VALUE_MAX)
        return HS_ERR_ARG;
    char *k = malloc(strlen(key) + 1), *v = malloc(n + 1);
    if (k == NULL || v == NULL) {
        free(k);
        free(v);
        return HS_ERR_NOMEM;
    }
    memcpy(k, key, strlen(key) + 1);
    memcpy(v, value, n + 1);
    r->key[r->n] = k;
    r->value[r->n++] = v;
    return HS_OK;
}

static int phase(const hs_request *r, hs_req_ctx *x) {
    if (x->msg != NULL && x->cap > 0)
        x->msg[0] = '\0';
    if (r == NULL)
        return hs_req_fail(x, HS_ERR_ARG, "no request");
    if (x->threads < 0)
        return hs_req_fail(x, HS_ERR_ARG, "threads: at least 0");
    return r->cmd->run(r, x);
}

int hs_request_start(const hs_request *r, hs_job **job, char *msg, size_t cap) {
    *job = NULL;
    hs_req_ctx x = {.phase = HS_REQ_START, .job_out = job, .msg = msg, .cap = cap};
    int rc = phase(r, &x);
    if (rc != HS_OK) {
        hs_job_free(*job);
        *job = NULL;
    }
    return rc;
}

int hs_request_finish(const hs_request *r, const hs_job *job, int threads, hs_progress_fn progress,
                      void *ctx, hs_table **out, char *msg, size_t cap) {
    *out = NULL;
    hs_req_ctx x = {.phase = HS_REQ_FINISH,
                    .job = job,
                    .threads = threads,
                    .progress = progress,
                    .progress_ctx = ctx,
                    .out = out,
                    .msg = msg,
                    .cap = cap};
    return phase(r, &x);
}

int hs_request_run(const hs_request *r, int threads, hs_progress_fn progress, void *ctx,
                   hs_table **out, char *msg, size_t cap) {
    return hs_request_finish(r, NULL, threads, progress, ctx, out, msg, cap);
}

const char *hs_request_work(const hs_request *r, char *buf, size_t cap) {
    if (buf == NULL || cap == 0)
        return buf;
    buf[0] = '\0';
    if (r == NULL || !(r->cmd->info.flags & HS_COMMAND_WORK_NOTE))
        return buf;
    hs_req_ctx x = {.phase = HS_REQ_WORK, .work = buf, .work_cap = cap};
    if (r->cmd->run(r, &x) != HS_OK)
        buf[0] = '\0';
    return buf;
}

double hs_request_job_seconds(const hs_request *r, const hs_job *job) {
    if (r == NULL || job == NULL || r->cmd->seconds == NULL)
        return 0;
    return r->cmd->seconds(r, job);
}

void hs_request_free(hs_request *r) {
    if (r == NULL)
        return;
    for (int i = 0; i < r->n; i++) {
        free(r->key[i]);
        free(r->value[i]);
    }
    free(r);
}
