/* The query compiler (handstat/query.h): the stages in order, lex, parse, bind, check and plan,
 * each stopping at the first error; the compiled query keeps its text (the runner's job compiles
 * its own copy from it). */
#include "query_internal.h"

#include "handstat/handstat.h"

#include <stdlib.h>
#include <string.h>

void hs_query_free(hs_query *q) {
    if (q == NULL)
        return;
    for (int i = 0; i < Q_MAX_PLAYERS; i++) {
        free(q->hands[i]);
        free(q->weight[i]);
        free(q->range[i]);
    }
    free(q->sets);
    for (int i = 0; i < q->nosets; i++)
        free(q->oset[i]);
    free(q->oset);
    free(q->noset);
    free(q->text);
    free(q);
}

int hs_query_compile(const char *text, size_t len, hs_query **out, hs_query_error *err) {
    if (err != NULL)
        memset(err, 0, sizeof *err);
    *out = NULL;
    hs_query *q = calloc(1, sizeof *q);
    if (q == NULL)
        return HS_ERR_NOMEM;
    pctx p = {.text = text, .len = len, .q = q, .err = err, .rc = HS_OK};
    q->where = -1;
    binding b[MAX_BINDINGS];
    int nb = 0;
    if (hs_q_lex_start(&p) != HS_OK || hs_q_parse(&p, b, &nb) != HS_OK ||
        hs_q_bind(&p, b, nb) != HS_OK || hs_q_check(&p) != HS_OK)
        goto done;
    hs_q_plan(q);
    q->text = malloc(len + 1);
    if (q->text == NULL) {
        hs_q_perr(&p, HS_ERR_NOMEM, 0, 0, "out of memory");
        goto done;
    }
    memcpy(q->text, text, len);
    q->text[len] = '\0';
done:
    if (p.rc != HS_OK) {
        hs_query_free(q);
        return p.rc;
    }
    *out = q;
    return HS_OK;
}
