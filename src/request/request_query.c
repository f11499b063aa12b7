/* The request layer's adapter for the query language (handstat/query.h): a query compiled, then
 * answered by the equity engine, or as a job (exact or sampled) that the front end may run its own
 * way. */
#include "request_internal.h"

#include "handstat/handstat.h"

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- query ---------------------------------------------------------------------------------- */

/* A query of the query language (handstat/query.h): compiled, then answered by the equity engine,
 * or as a job (exact or sampled) that the front end may run its own way. */
static int run_query(const hs_request *r, hs_req_ctx *x) {
    const char *text = hs_req_get(r, "query");
    if (text == NULL)
        return hs_req_fail(x, HS_ERR_ARG, "query: give the query text (select ... from ...)");
    uint64_t samples, seed;
    int rc = hs_req_samples(r, &samples, &seed, x);
    if (rc != HS_OK)
        return rc;
    hs_query *q;
    hs_query_error e;
    rc = hs_query_compile(text, strlen(text), &q, &e);
    /* the query text is data: a wrong argument in it is a bad token, not a bad option */
    if (rc != HS_OK)
        return hs_req_fail(x, rc == HS_ERR_ARG ? HS_ERR_TOKEN : rc, "%s",
                           rc == HS_ERR_NOMEM ? "out of memory" : e.message);
    const int engine = hs_query_uses_engine(q, samples);
    if (x->phase == HS_REQ_WORK) {
        if (samples == 0 && !engine && hs_query_size(q) > 1e8)
            snprintf(x->work, x->work_cap, "up to %.3g deals to evaluate, every one exactly",
                     hs_query_size(q));
    } else if (x->phase == HS_REQ_START) {
        *x->job_out = NULL;
        if (!engine && (rc = hs_query_job_new(q, samples, seed, x->job_out, &e)) != HS_OK)
            rc = hs_req_fail(x, rc, "%s", e.message);
    } else {
        hs_table *t = NULL;
        rc = hs_query_run(q, x->job, samples, seed, x->threads, x->progress, x->progress_ctx, &t,
                          &e);
        if (rc != HS_OK)
            rc = hs_req_fail(x, rc, "%s", e.message);
        else
            *x->out = t;
    }
    hs_query_free(q);
    return rc;
}

/* ---- the registry's entry ------------------------------------------------------------------- */

/* A query's deal evaluated (the flush-draw question of the README: about 25 ns), and a sample,
 * on one Intel Xeon thread. */
#define QUERY_DEAL_SECONDS 20e-9
#define QUERY_SAMPLE_SECONDS 100e-9

static double query_seconds(const hs_request *r, const hs_job *job) {
    (void)job;
    const char *samples = hs_req_get(r, "samples");
    if (samples != NULL)
        return strtod(samples, NULL) * QUERY_SAMPLE_SECONDS;
    const char *text = hs_req_get(r, "query");
    hs_query *q;
    if (text == NULL || hs_query_compile(text, strlen(text), &q, NULL) != HS_OK)
        return 0;
    const double seconds = hs_query_size(q) * QUERY_DEAL_SECONDS;
    hs_query_free(q);
    return seconds;
}

static const hs_command_arg QUERY_ARGS[] = {
    {"query", HS_ARG_TEXT, 1, 1, NULL, NULL,
     "select ... from game=holdem, hero=AKs, villain=QQ+, board=Kh7d2c [where ...]"},
    {"samples", HS_ARG_COUNT, 0, 1, NULL, NULL,
     "a Monte Carlo estimate from this many deals instead"},
    {"seed", HS_ARG_COUNT, 0, 1, NULL, "1", "the estimate's random seed"}};
static const char *const QUERY_EXAMPLE[] = {
    "query",
    "select avg(riverEquity(hero)), count(flopHandCategory(hero) = flushDraw), "
    "histogram(handType(hero, river)) from game=holdem, hero=AKs, villain='QQ+,AKo@50', "
    "board=Kh7d2c",
    NULL};
const hs_command_def hs_req_query = {
    {"query", "Query (PQL)",
     "any question about hold'em or Omaha deals: select avg, count, histogram, max or min of "
     "functions of a deal (riverEquity, handType, flopHandCategory, outs, nutHi, pairedBoard, "
     "...) from the game, board and players' ranges, where a condition; exact, or an estimate "
     "with samples",
     QUERY_ARGS, HS_REQ_N(QUERY_ARGS), QUERY_EXAMPLE,
     "query \"select avg(riverEquity(hero)), count(flopHandCategory(hero) = flushDraw), "
     "histogram(handType(hero, river)) from game=holdem, hero=AKs, villain='QQ+,AKo@50', "
     "board=Kh7d2c\"",
     HS_COMMAND_JOB | HS_COMMAND_WORK_NOTE | HS_COMMAND_SAMPLES},
    run_query,
    query_seconds};
