/* The request layer's argument helpers (request_internal.h): every value read, checked and, when
 * bad, named in the command line's words ("hand 1: 'XX' is not two cards ..."). */
#include "request_internal.h"

#include "handstat/handstat.h"
#include "job_internal.h"

#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int hs_req_fail(hs_req_ctx *x, int rc, const char *fmt, ...) {
    if (x->msg != NULL && x->cap > 0) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(x->msg, x->cap, fmt, ap);
        va_end(ap);
    }
    return rc;
}

const char *hs_req_get(const hs_request *r, const char *key) {
    for (int i = 0; i < r->n; i++)
        if (strcmp(r->key[i], key) == 0)
            return r->value[i];
    return NULL;
}

/* The "hand" values in order into out[] (room for max); their number, up to max + 1. */
int hs_req_hands(const hs_request *r, const char **out, int max) {
    int n = 0;
    for (int i = 0; i < r->n; i++)
        if (strcmp(r->key[i], "hand") == 0) {
            if (n < max)
                out[n] = r->value[i];
            n++;
        }
    return n;
}

/* A flag: absent 0; "1", "true", "" 1; "0", "false" 0. */
int hs_req_flag(const hs_request *r, const char *key, int *v, hs_req_ctx *x) {
    const char *t = hs_req_get(r, key);
    *v = 0;
    if (t == NULL)
        return HS_OK;
    if (strcmp(t, "1") == 0 || strcmp(t, "true") == 0 || *t == '\0')
        *v = 1;
    else if (strcmp(t, "0") != 0 && strcmp(t, "false") != 0) {
        char tok[200];
        return hs_req_fail(x, HS_ERR_ARG, "%s: '%s' is not 1 or 0", key,
                           hs_text_token(tok, t, strlen(t)));
    }
    return HS_OK;
}

/* A whole number min..max (plain decimal), or def when absent. */
int hs_req_number(const hs_request *r, const char *key, uint64_t min, uint64_t max, uint64_t def,
                  uint64_t *v, hs_req_ctx *x) {
    const char *t = hs_req_get(r, key);
    *v = def;
    if (t == NULL)
        return HS_OK;
    if (!hs_text_parse_u64(t, min, max, v)) {
        char tok[200];
        return hs_req_fail(x, HS_ERR_ARG,
                           "%s: '%s' is not a whole number from %" PRIu64 " to %" PRIu64, key,
                           hs_text_token(tok, t, strlen(t)), min, max);
    }
    return HS_OK;
}

/* The optional samples (0: exact; at most what the pot shares' sums hold) and their seed
 * (default 1, only with samples). */
int hs_req_samples(const hs_request *r, uint64_t *samples, uint64_t *seed, hs_req_ctx *x) {
    int rc = hs_req_number(r, "samples", 1, UINT64_MAX / HS_HOLDEM_SHARE_UNIT, 0, samples, x);
    if (rc == HS_OK)
        rc = hs_req_number(r, "seed", 0, UINT64_MAX, 1, seed, x);
    if (rc == HS_OK && hs_req_get(r, "seed") != NULL && *samples == 0)
        rc = hs_req_fail(x, HS_ERR_ARG,
                         "seed: only with samples (an exact count draws nothing at random)");
    return rc;
}

/* Cards of text for `what` (min..max of them; `expected` describes the count) into cards[] (room
 * for max) and *mask. Returns their number, or a negative code with the message. */
int hs_req_cards(const char *what, const char *text, int min, int max, const char *expected,
                 int *cards, uint64_t *mask, hs_req_ctx *x) {
    size_t n = 0;
    hs_parse_error err;
    int rc = hs_cards_parse(text, strlen(text), cards, (size_t)max, &n, &err);
    char tok[200];
    if (rc == HS_ERR_TOKEN || rc == HS_ERR_DUPLICATE)
        return hs_req_fail(x, rc, "%s: '%s' is %s", what,
                           hs_text_token(tok, text + err.offset, err.length),
                           rc == HS_ERR_TOKEN ? "not a card" : "a duplicate card");
    if (rc == HS_ERR_COUNT)
        return hs_req_fail(x, rc, "%s: too many cards at '%s': expected %s", what,
                           hs_text_token(tok, text + err.offset, err.length), expected);
    if (rc != HS_OK)
        return hs_req_fail(x, rc, "%s: %s", what, hs_strerror(rc));
    if ((int)n < min)
        return hs_req_fail(x, HS_ERR_COUNT, "%s: expected %s, got %zu", what, expected, n);
    *mask = hs_cards_mask(cards, n);
    return (int)n;
}

/* The optional board (bmin..bmax cards) and dead cards, not overlapping. */
int hs_req_known(const hs_request *r, int bmin, int bmax, uint64_t *board, uint64_t *dead,
                 hs_req_ctx *x) {
    int cards[HS_CARDS];
    *board = *dead = 0;
    const char *b = hs_req_get(r, "board"), *d = hs_req_get(r, "dead");
    if (b != NULL) {
        int n = hs_req_cards("board", b, 0, 7, "at most 5 cards", cards, board, x);
        if (n < 0)
            return n;
        if (n < bmin || n > bmax) {
            char tok[200];
            return hs_req_fail(x, HS_ERR_COUNT, "board: '%s' is %d card%s; %s",
                               hs_text_token(tok, b, strlen(b)), n, n == 1 ? "" : "s",
                               bmin == 3 ? "a flop, turn or river is 3 to 5 cards"
                                         : "a board is 0 to 5 cards");
        }
    }
    if (d != NULL) {
        int n = hs_req_cards("dead", d, 0, HS_CARDS, "fewer cards", cards, dead, x);
        if (n < 0)
            return n;
    }
    if (*board & *dead) {
        char name[3];
        hs_card_format(__builtin_ctzll(*board & *dead), name);
        return hs_req_fail(x, HS_ERR_DUPLICATE, "%s is both a board card and a dead card", name);
    }
    return HS_OK;
}

/* A range for `what` ("hand 1") into *out with its canonical text. */
int hs_req_range(const char *what, const char *text, hs_holdem_range *out, char *canon, size_t cap,
                 hs_req_ctx *x) {
    hs_parse_error err;
    const char *why = NULL;
    int rc = hs_holdem_range_parse_why(text, strlen(text), out, canon, cap, &err, &why);
    if (rc == HS_OK)
        return HS_OK;
    char msg[320];
    hs_holdem_range_message(text, rc, &err, why, msg, sizeof msg);
    /* the canonical text's size and memory are not the item's fault: no "hand 1:" before them */
    if (rc == HS_ERR_NOMEM)
        return hs_req_fail(x, rc, "%s", msg);
    return hs_req_fail(x, rc == HS_ERR_DUPLICATE || rc == HS_ERR_OVERFLOW ? rc : HS_ERR_TOKEN,
                       "%s: %s", what, msg);
}

/* The table (NULL: out of memory) into *x->out. */
int hs_req_answer(hs_req_ctx *x, hs_table *t) {
    if (hs_tbl_failed(t)) {
        hs_table_free(t);
        return hs_req_fail(x, HS_ERR_NOMEM, "out of memory");
    }
    *x->out = t;
    return HS_OK;
}

/* A library code as a message (the cases a command does not word itself). */
int hs_req_lib_error(hs_req_ctx *x, int rc) {
    if (rc == HS_ERR_CANCELLED)
        return hs_req_fail(x, rc, "cancelled");
    if (rc == HS_ERR_NOMEM)
        return hs_req_fail(x, rc, "out of memory");
    return hs_req_fail(x, rc, "%s", hs_strerror(rc));
}

/* Cards in the order given, "AH AD KS QS". */
void hs_req_cards_text(char *buf, size_t cap, const int *cards, int n) {
    size_t o = 0;
    for (int i = 0; i < n && o + 3 < cap; i++) {
        if (i > 0)
            buf[o++] = ' ';
        hs_card_format(cards[i], buf + o);
        o += 2;
    }
    buf[o] = '\0';
}

void hs_req_known_notes(hs_table *t, uint64_t board, uint64_t dead) {
    char text[3 * HS_CARDS + 1];
    hs_hand_format(board, text, sizeof text);
    hs_tbl_note(t, "board", "%s", board ? text : "");
    hs_hand_format(dead, text, sizeof text);
    hs_tbl_note(t, "dead", "%s", dead ? text : "");
}

/* The one "hand" of a command that takes one. */
int hs_req_one_hand(const hs_request *r, const char **text, hs_req_ctx *x) {
    const int n = hs_req_hands(r, text, 1);
    if (n != 1)
        return hs_req_fail(x, HS_ERR_ARG, "expected one hand, got %d", n);
    return HS_OK;
}

int hs_req_table_job(hs_req_ctx *x, int (*make)(const void *args, hs_job **out), const void *args,
                     hs_job **own, const hs_job **job) {
    *own = NULL;
    *job = x->job;
    if (x->phase != HS_REQ_START && x->job != NULL)
        return HS_OK;
    hs_job **slot = x->phase == HS_REQ_START ? x->job_out : own;
    int rc = make(args, slot);
    if (rc != HS_OK || x->phase == HS_REQ_START)
        return rc != HS_OK ? hs_req_lib_error(x, rc) : HS_OK;
    rc = hs_job_run(*own, 0, hs_job_units(*own),
                    &(hs_job_opts){x->threads, x->progress, x->progress_ctx, NULL, NULL, 0.0});
    *job = *own;
    if (rc == HS_OK)
        return HS_OK;
    hs_job_free(*own); /* cancelled or out of memory: nothing to answer from */
    *own = NULL;
    *job = NULL;
    return hs_req_lib_error(x, rc);
}

/* The choice "table" of a command answering several tables from one job: its index in names[]
 * (the first when absent). */
int hs_req_table_choice(const hs_request *r, const char *const *names, int n, int *which,
                        hs_req_ctx *x) {
    const char *v = hs_req_get(r, "table");
    *which = 0;
    if (v == NULL)
        return HS_OK;
    for (int i = 0; i < n; i++)
        if (strcmp(v, names[i]) == 0) {
            *which = i;
            return HS_OK;
        }
    char tok[HS_TOKEN_TEXT], list[256] = "";
    for (int i = 0; i < n; i++) {
        const size_t at = strlen(list);
        snprintf(list + at, sizeof list - at, "%s%s",
                 i == 0      ? ""
                 : i + 1 < n ? ", "
                             : " or ",
                 names[i]);
    }
    return hs_req_fail(x, HS_ERR_ARG, "table: '%s' is not one of its tables (%s)",
                       hs_text_token(tok, v, strlen(v)), list);
}

int hs_req_job_keeping(int rc, hs_job **out, void *inputs, void (*free_inputs)(void *)) {
    if (rc == HS_OK && (rc = hs_job_keep(*out, inputs, free_inputs)) != HS_OK)
        hs_job_free(*out);
    if (rc != HS_OK) {
        *out = NULL;
        free_inputs(inputs);
    }
    return rc;
}

void hs_req_weight_cell(hs_table *t, unsigned weight) {
    char text[16];
    if (weight % 100 == 0)
        hs_tbl_u128(t, (hs_uint128)(weight / 100));
    else
        hs_tbl_text_number(t, hs_holdem_weight_text(weight, 0, text), weight / 100.0);
}
