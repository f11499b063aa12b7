/* The request layer (handstat/request.h): a command and its arguments checked once, run once
 * through the games' public functions and jobs, and answered as one result table whose cells are
 * what the command line's --csv prints. Every message names the argument and the token, in the
 * command line's words ("hand 1: 'XX' is not two cards ..."). */
#include "request_internal.h"

#include "handstat/handstat.h"

#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_ARGS HS_REQUEST_ARGS

typedef struct cmd_def cmd_def;

struct hs_request {
    const cmd_def *cmd;
    int n;
    char *key[MAX_ARGS];
    char *value[MAX_ARGS];
};

/* One phase of a command: START checks and makes the job (if the command has one); FINISH
 * checks again (cheap) and answers from the job, or runs the command itself when job is NULL. */
enum { START, FINISH, WORK };

typedef struct run_ctx {
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
} run_ctx;

struct cmd_def {
    const char *name;
    const char *const *keys; /* the keys it takes, NULL-terminated ("hand" may repeat) */
    int (*run)(const hs_request *r, run_ctx *x);
};

/* ---- messages and arguments --------------------------------------------------------------- */

static int fail(run_ctx *x, int rc, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static int fail(run_ctx *x, int rc, const char *fmt, ...) {
    if (x->msg != NULL && x->cap > 0) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(x->msg, x->cap, fmt, ap);
        va_end(ap);
    }
    return rc;
}

/* A token made safe to print (hs_text_token). */
static const char *token(char out[HS_TOKEN_TEXT], const char *s, size_t n) {
    return hs_text_token(out, s, n);
}

static const char *get(const hs_request *r, const char *key) {
    for (int i = 0; i < r->n; i++)
        if (strcmp(r->key[i], key) == 0)
            return r->value[i];
    return NULL;
}

/* The "hand" values in order into out[] (room for max); their number, up to max + 1. */
static int hands_of(const hs_request *r, const char **out, int max) {
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
static int flag_of(const hs_request *r, const char *key, int *v, run_ctx *x) {
    const char *t = get(r, key);
    *v = 0;
    if (t == NULL)
        return HS_OK;
    if (strcmp(t, "1") == 0 || strcmp(t, "true") == 0 || *t == '\0')
        *v = 1;
    else if (strcmp(t, "0") != 0 && strcmp(t, "false") != 0) {
        char tok[200];
        return fail(x, HS_ERR_ARG, "%s: '%s' is not 1 or 0", key, token(tok, t, strlen(t)));
    }
    return HS_OK;
}

/* A whole number min..max (plain decimal), or def when absent. */
static int number_of(const hs_request *r, const char *key, uint64_t min, uint64_t max, uint64_t def,
                     uint64_t *v, run_ctx *x) {
    const char *t = get(r, key);
    *v = def;
    if (t == NULL)
        return HS_OK;
    if (!hs_text_parse_u64(t, min, max, v)) {
        char tok[200];
        return fail(x, HS_ERR_ARG, "%s: '%s' is not a whole number from %" PRIu64 " to %" PRIu64,
                    key, token(tok, t, strlen(t)), min, max);
    }
    return HS_OK;
}

/* The optional samples (0: exact; at most what the pot shares' sums hold) and their seed
 * (default 1, only with samples). */
static int samples_of(const hs_request *r, uint64_t *samples, uint64_t *seed, run_ctx *x) {
    int rc = number_of(r, "samples", 1, UINT64_MAX / HS_HOLDEM_SHARE_UNIT, 0, samples, x);
    if (rc == HS_OK)
        rc = number_of(r, "seed", 0, UINT64_MAX, 1, seed, x);
    if (rc == HS_OK && get(r, "seed") != NULL && *samples == 0)
        rc =
            fail(x, HS_ERR_ARG, "seed: only with samples (an exact count draws nothing at random)");
    return rc;
}

/* Cards of text for `what` (min..max of them; `expected` describes the count) into cards[] (room
 * for max) and *mask. Returns their number, or a negative code with the message. */
static int cards_of(const char *what, const char *text, int min, int max, const char *expected,
                    int *cards, uint64_t *mask, run_ctx *x) {
    size_t n = 0;
    hs_parse_error err;
    int rc = hs_cards_parse(text, strlen(text), cards, (size_t)max, &n, &err);
    char tok[200];
    if (rc == HS_ERR_TOKEN || rc == HS_ERR_DUPLICATE)
        return fail(x, rc, "%s: '%s' is %s", what, token(tok, text + err.offset, err.length),
                    rc == HS_ERR_TOKEN ? "not a card" : "a duplicate card");
    if (rc == HS_ERR_COUNT)
        return fail(x, rc, "%s: too many cards at '%s': expected %s", what,
                    token(tok, text + err.offset, err.length), expected);
    if (rc != HS_OK)
        return fail(x, rc, "%s: %s", what, hs_strerror(rc));
    if ((int)n < min)
        return fail(x, HS_ERR_COUNT, "%s: expected %s, got %zu", what, expected, n);
    *mask = hs_cards_mask(cards, n);
    return (int)n;
}

/* The optional board (bmin..bmax cards) and dead cards, not overlapping. */
static int known_of(const hs_request *r, int bmin, int bmax, uint64_t *board, uint64_t *dead,
                    run_ctx *x) {
    int cards[HS_CARDS];
    *board = *dead = 0;
    const char *b = get(r, "board"), *d = get(r, "dead");
    if (b != NULL) {
        int n = cards_of("board", b, 0, 7, "at most 5 cards", cards, board, x);
        if (n < 0)
            return n;
        if (n < bmin || n > bmax) {
            char tok[200];
            return fail(x, HS_ERR_COUNT, "board: '%s' is %d card%s; %s", token(tok, b, strlen(b)),
                        n, n == 1 ? "" : "s",
                        bmin == 3 ? "a flop, turn or river is 3 to 5 cards"
                                  : "a board is 0 to 5 cards");
        }
    }
    if (d != NULL) {
        int n = cards_of("dead", d, 0, HS_CARDS, "fewer cards", cards, dead, x);
        if (n < 0)
            return n;
    }
    if (*board & *dead) {
        char name[3];
        hs_card_format(__builtin_ctzll(*board & *dead), name);
        return fail(x, HS_ERR_DUPLICATE, "%s is both a board card and a dead card", name);
    }
    return HS_OK;
}

/* A range for `what` ("hand 1") into *out with its canonical text. */
static int range_of(const char *what, const char *text, hs_holdem_range *out, char *canon,
                    size_t cap, run_ctx *x) {
    hs_parse_error err;
    int rc = hs_holdem_range_parse(text, strlen(text), out, canon, cap, &err);
    if (rc == HS_OK)
        return HS_OK;
    char tok[200];
    token(tok, text + err.offset, err.length);
    if (rc == HS_ERR_DUPLICATE)
        return fail(x, rc, "%s: '%s' repeats a combination of an earlier item", what, tok);
    return fail(x, HS_ERR_TOKEN,
                "%s: '%s' is not two cards, a class or a range item (AhKd, AA, AKs, AK, QQ+, "
                "A2s+, 55-22, A5s-A2s, random, 15%%, ITEM@50)",
                what, tok);
}

/* The table (NULL: out of memory) into *x->out. */
static int answer(run_ctx *x, hs_table *t) {
    if (tbl_failed(t)) {
        hs_table_free(t);
        return fail(x, HS_ERR_NOMEM, "out of memory");
    }
    *x->out = t;
    return HS_OK;
}

/* A library code as a message (the cases a command does not word itself). */
static int lib_error(run_ctx *x, int rc) {
    if (rc == HS_ERR_CANCELLED)
        return fail(x, rc, "cancelled");
    if (rc == HS_ERR_NOMEM)
        return fail(x, rc, "out of memory");
    return fail(x, rc, "%s", hs_strerror(rc));
}

/* Cards in the order given, "AH AD KS QS". */
static void cards_text(char *buf, size_t cap, const int *cards, int n) {
    size_t o = 0;
    for (int i = 0; i < n && o + 3 < cap; i++) {
        if (i > 0)
            buf[o++] = ' ';
        hs_card_format(cards[i], buf + o);
        o += 2;
    }
    buf[o] = '\0';
}

static void tbl_weight(hs_table *t, hs_uint128 w) {
    char buf[64];
    hs_text_weight(buf, sizeof buf, w);
    tbl_text(t, buf);
}

static void known_notes(hs_table *t, uint64_t board, uint64_t dead) {
    char text[3 * HS_CARDS + 1];
    hs_hand_format(board, text, sizeof text);
    tbl_note(t, "board", "%s", board ? text : "");
    hs_hand_format(dead, text, sizeof text);
    tbl_note(t, "dead", "%s", dead ? text : "");
}

/* ---- holdem equity -------------------------------------------------------------------------- */

static const char *const K_EQUITY[] = {"hand", "board", "dead", "samples", "seed", NULL};
static const char *const K_SHORTDECK[] = {"hand", "board", "dead", "straight-beats-trips", NULL};

/* The deals an equity query can have at most (every choice of hands, each with every board) as
 * a note, when there are enough of them to take a while (else nothing). */
static void equity_work(const hs_holdem_range *range, int players, uint64_t board, uint64_t dead,
                        int shortdeck, char *buf, size_t cap) {
    long double choices = 1;
    for (int p = 0; p < players; p++)
        choices *= (long double)range[p].n;
    const int left =
        (shortdeck ? HS_SHORTDECK_CARDS : HS_CARDS) - hs_hand_size(board | dead) - 2 * players;
    const int need = 5 - hs_hand_size(board);
    long double boards = 1;
    for (int i = 0; i < need; i++)
        boards = boards * (left - i) / (i + 1);
    /* the short-deck engine walks every deal: 1e9 of them take minutes */
    if (choices * boards < (shortdeck ? 1e9L : 1e11L))
        return;
    snprintf(buf, cap,
             shortdeck ? "up to %.3Lg deals (%.3Lg choices of hands x %.0Lf boards), each walked"
                       : "up to %.3Lg deals (%.3Lg choices of hands x %.0Lf boards), solved once "
                         "per suit-symmetric set",
             choices * boards, choices, boards);
}

/* holdem equity, and shortdeck equity (the same requests and table, the short-deck engine). */
static int run_equity(const hs_request *r, run_ctx *x, int shortdeck) {
    const char *text[HS_HOLDEM_MAX_PLAYERS];
    const int players = hands_of(r, text, HS_HOLDEM_MAX_PLAYERS);
    if (players < 2 || players > HS_HOLDEM_MAX_PLAYERS)
        return fail(x, HS_ERR_ARG, "expected 2 to %d hands, got %d", HS_HOLDEM_MAX_PLAYERS,
                    players);
    uint64_t board, dead, samples, seed;
    int rc = known_of(r, 0, 5, &board, &dead, x);
    if (rc == HS_OK)
        rc = samples_of(r, &samples, &seed, x);
    if (rc != HS_OK)
        return rc;
    int variant = 0;
    if (shortdeck && (rc = flag_of(r, "straight-beats-trips", &variant, x)) != HS_OK)
        return rc;
    const uint64_t off_deck = (board | dead) & ~HS_SHORTDECK_DECK_MASK;
    if (shortdeck && off_deck) {
        char name[3];
        hs_card_format(__builtin_ctzll(off_deck), name);
        return fail(x, HS_ERR_TOKEN, "%s: %s is not a short-deck card (6 through A only)",
                    (board & off_deck) ? "board" : "dead", name);
    }
    if (x->phase == START) {
        *x->job_out = NULL;
    }
    hs_holdem_range *range = malloc((size_t)players * sizeof *range);
    char(*names)[HS_HOLDEM_RANGE_TEXT] = malloc((size_t)players * sizeof *names);
    if (range == NULL || names == NULL) {
        free(range);
        free(names);
        return fail(x, HS_ERR_NOMEM, "out of memory");
    }
    const hs_holdem_range *ranges[HS_HOLDEM_MAX_PLAYERS];
    for (int p = 0; p < players && rc == HS_OK; p++) {
        char what[16];
        snprintf(what, sizeof what, "hand %d", p + 1);
        rc = range_of(what, text[p], &range[p], names[p], sizeof names[p], x);
        if (rc != HS_OK)
            break;
        if (shortdeck) {
            /* cards outside the 36 are refused, but "random" keeps its short-deck combinations */
            size_t kept = 0;
            int outside = 0;
            for (size_t i = 0; i < range[p].n; i++) {
                if (range[p].combo[i] & ~HS_SHORTDECK_DECK_MASK) {
                    outside = 1;
                    continue;
                }
                range[p].combo[kept] = range[p].combo[i];
                range[p].weight[kept++] = range[p].weight[i];
            }
            if (outside && strcmp(names[p], "random") != 0) {
                rc = fail(x, HS_ERR_TOKEN,
                          "hand %d: '%s' holds cards outside the short deck (6 through A)", p + 1,
                          names[p]);
                break;
            }
            range[p].n = kept;
        }
        ranges[p] = &range[p];
        size_t live = 0;
        for (size_t i = 0; i < range[p].n; i++)
            live += (range[p].combo[i] & (board | dead)) == 0;
        if (live == 0 && range[p].n > 1) {
            rc = fail(x, HS_ERR_COUNT,
                      "hand %d: every combination of '%s' meets the board or the dead cards", p + 1,
                      names[p]);
            break;
        }
        if (range[p].n == 1) {
            uint64_t clash = range[p].combo[0] & (board | dead);
            for (int q = 0; q < p; q++)
                if (range[q].n == 1)
                    clash |= range[p].combo[0] & range[q].combo[0];
            if (clash) {
                char name[3];
                hs_card_format(__builtin_ctzll(clash), name);
                rc = fail(x, HS_ERR_DUPLICATE, "hand %d: %s is already in %s", p + 1, name,
                          (clash & board)  ? "the board"
                          : (clash & dead) ? "the dead cards"
                                           : "another hand");
            }
        }
    }
    if (rc == HS_OK && x->phase == WORK && samples == 0)
        equity_work(range, players, board, dead, shortdeck, x->work, x->work_cap);
    if (rc != HS_OK || x->phase != FINISH) {
        free(range);
        free(names);
        return rc;
    }
    hs_table *t = NULL;
    if (samples > 0) {
        hs_holdem_equity_sample_result e;
        rc = hs_holdem_equity_sample(players, ranges, board, dead, samples, seed, x->threads,
                                     x->progress, x->progress_ctx, &e);
        if (rc == HS_OK) {
            static const char *const COLS[] = {"player", "hand",   "samples",   "wins", "ties",
                                               "losses", "equity", "std_error", "kind"};
            static const int KINDS[] = {HS_CELL_INT,     HS_CELL_TEXT,    HS_CELL_INT,
                                        HS_CELL_INT,     HS_CELL_INT,     HS_CELL_INT,
                                        HS_CELL_DECIMAL, HS_CELL_DECIMAL, HS_CELL_TEXT};
            t = tbl_new(COLS, KINDS, 9);
            if (t != NULL) {
                known_notes(t, board, dead);
                tbl_note(t, "samples", "%" PRIu64, e.samples);
                tbl_note(t, "seed", "%" PRIu64, seed);
                tbl_note(t, "kind", "estimate");
                for (int p = 0; p < players; p++) {
                    const hs_holdem_sample_player *pl = &e.player[p];
                    tbl_u128(t, (hs_uint128)(p + 1));
                    tbl_text(t, names[p]);
                    tbl_u128(t, e.samples);
                    tbl_u128(t, pl->wins);
                    tbl_u128(t, pl->ties);
                    tbl_u128(t, pl->losses);
                    tbl_double(t, pl->equity);
                    tbl_double(t, pl->std_error);
                    tbl_text(t, "estimate");
                }
            }
        }
    } else {
        hs_holdem_equity_exact e;
        rc = shortdeck ? hs_shortdeck_equity_ranges(players, ranges, board, dead,
                                                    variant ? HS_SHORTDECK_STRAIGHT_BEATS_TRIPS
                                                            : HS_SHORTDECK_TRIPS_BEAT_STRAIGHT,
                                                    x->threads, x->progress, x->progress_ctx, &e)
                       : hs_holdem_equity_ranges(players, ranges, board, dead, x->threads,
                                                 x->progress, x->progress_ctx, &e);
        if (rc == HS_OK) {
            static const char *const COLS[] = {"player", "hand",   "wins",        "ties",
                                               "losses", "equity", "equity_exact"};
            static const int KINDS[] = {HS_CELL_INT, HS_CELL_TEXT,    HS_CELL_INT,     HS_CELL_INT,
                                        HS_CELL_INT, HS_CELL_DECIMAL, HS_CELL_FRACTION};
            t = tbl_new(COLS, KINDS, 7);
            if (t != NULL) {
                int weighted = 0;
                for (int p = 0; p < players; p++)
                    for (size_t i = 0; i < ranges[p]->n; i++)
                        weighted |= ranges[p]->weight[i] != ranges[p]->weight[0];
                char deals[48];
                known_notes(t, board, dead);
                tbl_note(t, "deals", "%s", tbl_u128_text(deals, sizeof deals, e.deals));
                tbl_note(t, "weighted", "%d", weighted);
                const hs_uint128 den = e.deals * HS_HOLDEM_SHARE_UNIT;
                for (int p = 0; p < players; p++) {
                    const hs_holdem_player_exact *pl = &e.player[p];
                    tbl_u128(t, (hs_uint128)(p + 1));
                    tbl_text(t, names[p]);
                    tbl_u128(t, pl->wins);
                    tbl_u128(t, pl->ties);
                    tbl_u128(t, pl->losses);
                    tbl_ratio(t, pl->shares, den);
                    tbl_fraction(t, pl->shares, den);
                }
            }
        }
    }
    free(range);
    free(names);
    if (rc == HS_ERR_COUNT)
        return fail(x, rc,
                    "no deal is possible: the hands cannot all be dealt disjoint from each other "
                    "and the known cards");
    if (rc == HS_ERR_OVERFLOW)
        return fail(x, rc, "the exact counts of this query could pass 128 bits");
    if (rc != HS_OK)
        return lib_error(x, rc);
    return answer(x, t);
}

static int run_holdem_equity(const hs_request *r, run_ctx *x) {
    return run_equity(r, x, 0);
}

static int run_shortdeck_equity(const hs_request *r, run_ctx *x) {
    return run_equity(r, x, 1);
}

/* ---- holdem hits ---------------------------------------------------------------------------- */

static const char *const K_HITS[] = {"hand", "board", "dead", "streets", "by-combo", NULL};

/* A range of one "hand" that keeps a combination off the known cards. */
static int one_range(const hs_request *r, const char *what, int index, uint64_t known,
                     hs_holdem_range *out, char *canon, run_ctx *x) {
    const char *text[2];
    (void)hands_of(r, text, 2);
    int rc = range_of(what, text[index], out, canon, HS_HOLDEM_RANGE_TEXT, x);
    if (rc != HS_OK)
        return rc;
    for (size_t i = 0; i < out->n; i++)
        if ((out->combo[i] & known) == 0)
            return HS_OK;
    char tok[200];
    return fail(x, HS_ERR_COUNT, "%s: every combination of '%s' meets the board or the dead cards",
                what, token(tok, canon, strlen(canon)));
}

static const char *const STREET_NAME[HS_STREETS] = {"flop", "turn", "river"};

/* "flop,turn" into HS_STREET_* bits. */
static int streets_of(const char *text, unsigned *streets, run_ctx *x) {
    *streets = 0;
    const char *s = text;
    while (*s != '\0') {
        size_t n = strcspn(s, ", ");
        int k = -1;
        for (int i = 0; i < HS_STREETS; i++)
            if (n == strlen(STREET_NAME[i]) && strncmp(s, STREET_NAME[i], n) == 0)
                k = i;
        if (k < 0 && n > 0) {
            char tok[200];
            return fail(x, HS_ERR_ARG, "streets: '%s' is not flop, turn or river",
                        token(tok, s, n));
        }
        if (k >= 0)
            *streets |= 1u << k;
        s += n;
        while (*s == ',' || *s == ' ')
            s++;
    }
    if (*streets == 0)
        return fail(x, HS_ERR_ARG, "streets: name one or more of flop, turn, river");
    return HS_OK;
}

static void hits_board_table(hs_table *t, const hs_holdem_hits *h) {
    for (int kind = 0; kind < 2; kind++) {
        const int n = kind == 0 ? HS_HIT_MADE : HS_HIT_FLAGS;
        for (int i = 0; i < n; i++) {
            const uint64_t v = kind == 0 ? h->made[i] : h->flag[i];
            tbl_text(t, kind == 0 ? "made" : "flag");
            tbl_text(t, kind == 0 ? hs_holdem_hit_name(i) : hs_holdem_hit_flag_name(i));
            tbl_weight(t, v);
            tbl_ratio(t, v, h->total);
            tbl_fraction(t, v, h->total);
        }
    }
}

static int run_holdem_hits(const hs_request *r, run_ctx *x) {
    const char *text[2];
    const int n = hands_of(r, text, 2);
    if (n != 1)
        return fail(x, HS_ERR_ARG, "expected one RANGE, got %d", n);
    const char *streets_text = get(r, "streets");
    unsigned streets = 0;
    int by_combo, rc = flag_of(r, "by-combo", &by_combo, x);
    if (rc != HS_OK)
        return rc;
    if (streets_text != NULL && get(r, "board") != NULL)
        return fail(x, HS_ERR_ARG, "streets count every board: they take no board");
    if (streets_text == NULL && get(r, "board") == NULL)
        return fail(x, HS_ERR_ARG,
                    "give a board (a flop, turn or river), or streets (flop, turn, "
                    "river) for every board");
    if (by_combo && streets_text != NULL)
        return fail(x, HS_ERR_ARG, "by-combo lists the combinations on one board");
    if (streets_text != NULL && (rc = streets_of(streets_text, &streets, x)) != HS_OK)
        return rc;
    uint64_t board, dead;
    if ((rc = known_of(r, 3, 5, &board, &dead, x)) != HS_OK)
        return rc;
    hs_holdem_range *range = malloc(sizeof *range);
    char *name = malloc(HS_HOLDEM_RANGE_TEXT);
    if (range == NULL || name == NULL) {
        free(range);
        free(name);
        return fail(x, HS_ERR_NOMEM, "out of memory");
    }
    rc = one_range(r, "range", 0, board | dead, range, name, x);
    hs_table *t = NULL;
    if (rc == HS_OK && x->phase == START) {
        *x->job_out = NULL;
        if (streets != 0 &&
            (rc = hs_holdem_hits_job_new(range, dead, streets, x->job_out)) != HS_OK)
            rc = lib_error(x, rc);
    } else if (rc == HS_OK && streets == 0 && by_combo) {
        static const char *const COLS[] = {"combo", "class", "weight", "category", "flags"};
        static const int KINDS[] = {HS_CELL_TEXT, HS_CELL_TEXT, HS_CELL_INT, HS_CELL_TEXT,
                                    HS_CELL_TEXT};
        t = tbl_new(COLS, KINDS, 5);
        if (t != NULL) {
            tbl_note(t, "range", "%s", name);
            known_notes(t, board, dead);
            for (size_t i = 0; i < range->n; i++) {
                const uint64_t h = range->combo[i];
                if (h & (board | dead))
                    continue;
                unsigned f;
                const int made = hs_holdem_hit(h, board, &f);
                char combo[8], cls[4], flags[160] = "";
                hs_text_combo(combo, h);
                hs_holdem_class_name(hs_holdem_class(h), cls);
                for (int k = 0; k < HS_HIT_FLAGS; k++)
                    if (f & HS_HIT_F(k)) {
                        if (flags[0])
                            strcat(flags, " ");
                        strcat(flags, hs_holdem_hit_flag_name(k));
                    }
                tbl_text(t, combo);
                tbl_text(t, cls);
                tbl_u128(t, (hs_uint128)(range->weight[i]));
                tbl_text(t, hs_holdem_hit_name(made));
                tbl_text(t, flags);
            }
        }
    } else if (rc == HS_OK && streets == 0) {
        hs_holdem_hits h;
        hs_holdem_hits_board(range, board, dead, &h);
        static const char *const COLS[] = {"kind", "category", "combos", "share", "share_exact"};
        static const int KINDS[] = {HS_CELL_TEXT, HS_CELL_TEXT, HS_CELL_DECIMAL, HS_CELL_DECIMAL,
                                    HS_CELL_FRACTION};
        t = tbl_new(COLS, KINDS, 5);
        if (t != NULL) {
            char total[64];
            hs_text_weight(total, sizeof total, h.total);
            tbl_note(t, "range", "%s", name);
            known_notes(t, board, dead);
            tbl_note(t, "combos", "%s", total);
            hits_board_table(t, &h);
        }
    } else if (rc == HS_OK) {
        /* every board: from the finished job, or run here */
        hs_job *own = NULL;
        const hs_job *job = x->job;
        if (job == NULL) {
            rc = hs_holdem_hits_job_new(range, dead, streets, &own);
            if (rc == HS_OK)
                rc = hs_job_run(
                    own, 0, hs_job_units(own),
                    &(hs_job_opts){x->threads, x->progress, x->progress_ctx, NULL, NULL, 0.0});
            job = own;
        }
        hs_holdem_hits_class *cls = malloc(HS_HOLDEM_CLASSES * sizeof *cls);
        int nc = 0;
        if (rc == HS_OK && cls == NULL)
            rc = HS_ERR_NOMEM;
        if (rc == HS_OK)
            rc = hs_holdem_hits_job_result(job, cls, &nc);
        if (rc == HS_OK) {
            static const char *const COLS[] = {"class",  "combos",   "street",
                                               "kind",   "category", "hits",
                                               "boards", "share",    "share_exact"};
            static const int KINDS[] = {HS_CELL_TEXT,    HS_CELL_DECIMAL, HS_CELL_TEXT,
                                        HS_CELL_TEXT,    HS_CELL_TEXT,    HS_CELL_DECIMAL,
                                        HS_CELL_DECIMAL, HS_CELL_DECIMAL, HS_CELL_FRACTION};
            t = tbl_new(COLS, KINDS, 9);
            if (t != NULL) {
                tbl_note(t, "range", "%s", name);
                known_notes(t, 0, dead);
                for (int i = 0; i < nc; i++)
                    for (int s = 0; s < HS_STREETS; s++) {
                        if (!(streets & (1u << s)))
                            continue;
                        const hs_holdem_hits *h = &cls[i].street[s];
                        char cname[4];
                        hs_holdem_class_name(cls[i].cls, cname);
                        for (int kind = 0; kind < 2; kind++) {
                            const int m = kind == 0 ? HS_HIT_MADE : HS_HIT_FLAGS;
                            for (int k = 0; k < m; k++) {
                                const uint64_t v = kind == 0 ? h->made[k] : h->flag[k];
                                tbl_text(t, cname);
                                tbl_weight(t, cls[i].weight);
                                tbl_text(t, STREET_NAME[s]);
                                tbl_text(t, kind == 0 ? "made" : "flag");
                                tbl_text(t, kind == 0 ? hs_holdem_hit_name(k)
                                                      : hs_holdem_hit_flag_name(k));
                                tbl_weight(t, v);
                                tbl_weight(t, h->total);
                                tbl_ratio(t, v, h->total);
                                tbl_fraction(t, v, h->total);
                            }
                        }
                    }
            }
        } else
            rc = lib_error(x, rc);
        free(cls);
        hs_job_free(own);
    }
    free(range);
    free(name);
    if (rc != HS_OK || x->phase == START)
        return rc;
    return answer(x, t);
}

/* ---- holdem equity-dist --------------------------------------------------------------------- */

static const char *const K_DIST[] = {"hand", "board", "dead", "bins", NULL};

static int run_holdem_equity_dist(const hs_request *r, run_ctx *x) {
    const char *text[3];
    const int n = hands_of(r, text, 3);
    if (n != 2)
        return fail(x, HS_ERR_ARG, "expected two ranges (the hero's, then the villain's), got %d",
                    n);
    uint64_t board, dead, bins;
    int rc = number_of(r, "bins", 1, 1000, 0, &bins, x);
    if (rc == HS_OK)
        rc = known_of(r, 0, 5, &board, &dead, x);
    if (rc != HS_OK)
        return rc;
    hs_holdem_range *range = malloc(2 * sizeof *range);
    char(*name)[HS_HOLDEM_RANGE_TEXT] = malloc(2 * sizeof *name);
    hs_holdem_dist_combo *d = malloc(HS_HOLDEM_COMBOS * sizeof *d);
    hs_job *own = NULL;
    hs_table *t = NULL;
    if (range == NULL || name == NULL || d == NULL)
        rc = fail(x, HS_ERR_NOMEM, "out of memory");
    if (rc == HS_OK)
        rc = one_range(r, "hand 1", 0, board | dead, &range[0], name[0], x);
    if (rc == HS_OK)
        rc = one_range(r, "hand 2", 1, board | dead, &range[1], name[1], x);
    const hs_job *job = x->job;
    if (rc == HS_OK && (x->phase == START || job == NULL)) {
        hs_job **slot = x->phase == START ? x->job_out : &own;
        rc = hs_holdem_equity_dist_job_new(&range[0], &range[1], board, dead, slot);
        if (rc == HS_ERR_COUNT) {
            char t0[200], t1[200];
            rc = fail(x, rc,
                      "no deal is possible: every combination of '%s' shares a card with every "
                      "combination of '%s'",
                      token(t0, name[0], strlen(name[0])), token(t1, name[1], strlen(name[1])));
        } else if (rc != HS_OK)
            rc = lib_error(x, rc);
        else if (x->phase == FINISH) {
            rc = hs_job_run(
                own, 0, hs_job_units(own),
                &(hs_job_opts){x->threads, x->progress, x->progress_ctx, NULL, NULL, 0.0});
            if (rc != HS_OK)
                rc = lib_error(x, rc);
            job = own;
        }
    }
    if (rc == HS_OK && x->phase == FINISH) {
        const size_t nd = hs_holdem_equity_dist_result(job, d);
        hs_uint128 mnum = 0, mden = 0, wsum = 0;
        for (size_t i = 0; i < nd; i++) {
            mnum += (hs_uint128)d[i].weight * (2 * (hs_uint128)d[i].wins + d[i].ties);
            mden += (hs_uint128)d[i].weight * 2 * (hs_uint128)d[i].deals;
            wsum += (hs_uint128)d[i].weight;
        }
        if (bins > 0) {
            static const char *const COLS[] = {"bin", "low", "high", "combos", "share"};
            static const int KINDS[] = {HS_CELL_INT, HS_CELL_DECIMAL, HS_CELL_DECIMAL,
                                        HS_CELL_DECIMAL, HS_CELL_DECIMAL};
            t = tbl_new(COLS, KINDS, 5);
            hs_uint128 *in = calloc((size_t)bins, sizeof *in);
            if (t != NULL && in != NULL) {
                for (size_t i = 0; i < nd; i++) {
                    const hs_uint128 b = (2 * (hs_uint128)d[i].wins + d[i].ties) *
                                         (hs_uint128)bins / (2 * (hs_uint128)d[i].deals);
                    in[b >= bins ? bins - 1 : (size_t)b] += (hs_uint128)d[i].weight;
                }
                for (uint64_t b = 0; b < bins; b++) {
                    tbl_textf(t, "%" PRIu64, b + 1);
                    tbl_fixed(t, (double)b / (double)bins, 6);
                    tbl_fixed(t, (double)(b + 1) / (double)bins, 6);
                    tbl_weight(t, in[b]);
                    tbl_ratio(t, in[b], wsum);
                }
            } else if (t != NULL) {
                hs_table_free(t);
                t = NULL;
            }
            free(in);
        } else {
            static const char *const COLS[] = {"combo",        "class",     "weight", "deals",
                                               "wins",         "ties",      "losses", "equity",
                                               "equity_exact", "cumulative"};
            static const int KINDS[] = {
                HS_CELL_TEXT, HS_CELL_TEXT, HS_CELL_INT,     HS_CELL_INT,      HS_CELL_INT,
                HS_CELL_INT,  HS_CELL_INT,  HS_CELL_DECIMAL, HS_CELL_FRACTION, HS_CELL_DECIMAL};
            t = tbl_new(COLS, KINDS, 10);
            hs_uint128 run = 0;
            for (size_t i = 0; t != NULL && i < nd; i++) {
                char combo[8], cls[4];
                hs_text_combo(combo, d[i].combo);
                hs_holdem_class_name(d[i].cls, cls);
                run += (hs_uint128)d[i].weight;
                const hs_uint128 num = 2 * (hs_uint128)d[i].wins + d[i].ties;
                const hs_uint128 den = 2 * (hs_uint128)d[i].deals;
                tbl_text(t, combo);
                tbl_text(t, cls);
                tbl_u128(t, (hs_uint128)(d[i].weight));
                tbl_u128(t, d[i].deals);
                tbl_u128(t, d[i].wins);
                tbl_u128(t, d[i].ties);
                tbl_u128(t, d[i].losses);
                tbl_ratio(t, num, den);
                tbl_fraction(t, num, den);
                tbl_ratio(t, run, wsum);
            }
        }
        if (t != NULL) {
            char wtext[64];
            hs_text_weight(wtext, sizeof wtext, wsum);
            tbl_note(t, "hero", "%s", name[0]);
            tbl_note(t, "villain", "%s", name[1]);
            known_notes(t, board, dead);
            tbl_note(t, "combinations", "%zu", nd);
            tbl_note(t, "weight", "%s", wtext);
            tbl_note(t, "boards", "%zu", hs_holdem_equity_dist_boards(job));
            tbl_note(t, "symmetry", "%d", hs_holdem_equity_dist_symmetry(job));
            char frac[128];
            hs_text_fraction(frac, sizeof frac, mnum, mden);
            tbl_note(t, "equity", "%.12g", tbl_ratio_value(mnum, mden));
            tbl_note(t, "equity_exact", "%s", frac);
        }
    }
    hs_job_free(own);
    free(range);
    free(name);
    free(d);
    if (rc != HS_OK || x->phase == START)
        return rc;
    return answer(x, t);
}

/* ---- omaha, stud and razz equity ----------------------------------------------------------- */

static const char *const K_OMAHA[] = {"hand", "board", "dead", "hilo", NULL};
static const char *const K_STUD[] = {"hand", "dead", "hilo", NULL};
static const char *const K_RAZZ[] = {"hand", "dead", NULL};

/* The hands of a split-pot game: min..max cards each, all the same number, no card twice. */
static int pot_hands(const hs_request *r, int max_players, int min, int max, const char *expected,
                     const char *game, uint64_t *masks, int (*written)[HS_CARDS], int *players,
                     run_ctx *x) {
    const char *text[HS_HOLDEM_MAX_PLAYERS];
    const int n = hands_of(r, text, max_players);
    *players = n;
    if (n < 2 || n > max_players)
        return fail(x, HS_ERR_ARG, "expected 2 to %d hands, got %d", max_players, n);
    uint64_t used = 0;
    int size = 0;
    for (int p = 0; p < n; p++) {
        char what[16];
        snprintf(what, sizeof what, "hand %d", p + 1);
        int k = cards_of(what, text[p], min, max, expected, written[p], &masks[p], x);
        if (k < 0)
            return k;
        if (p == 0)
            size = k;
        else if (k != size)
            return fail(x, HS_ERR_COUNT,
                        "hand %d has %d cards, hand 1 has %d: every %s hand holds the same number",
                        p + 1, k, size, game);
        if (used & masks[p]) {
            char name[3];
            hs_card_format(__builtin_ctzll(used & masks[p]), name);
            return fail(x, HS_ERR_DUPLICATE, "%s: %s is already in another hand", what, name);
        }
        used |= masks[p];
    }
    return size;
}

/* The players' table of a split-pot game. */
static hs_table *pot_table(int hilo, int players, int size, int (*written)[HS_CARDS],
                           const uint64_t (*row)[6], uint64_t den) {
    static const char *const HIGH[] = {"player", "hand",   "wins",        "ties",
                                       "losses", "equity", "equity_exact"};
    static const char *const HILO[] = {"player",    "hand",   "scoops",      "high_share",
                                       "low_share", "equity", "equity_exact"};
    static const int K_HIGH[] = {HS_CELL_INT, HS_CELL_TEXT,    HS_CELL_INT,     HS_CELL_INT,
                                 HS_CELL_INT, HS_CELL_DECIMAL, HS_CELL_FRACTION};
    static const int K_HILO[] = {HS_CELL_INT,     HS_CELL_TEXT,    HS_CELL_INT,     HS_CELL_DECIMAL,
                                 HS_CELL_DECIMAL, HS_CELL_DECIMAL, HS_CELL_FRACTION};
    hs_table *t = tbl_new(hilo ? HILO : HIGH, hilo ? K_HILO : K_HIGH, 7);
    for (int p = 0; t != NULL && p < players; p++) {
        /* row: wins, ties, losses, scoops, high_share, low_share */
        char hand[3 * HS_CARDS + 1];
        cards_text(hand, sizeof hand, written[p], size);
        tbl_u128(t, (hs_uint128)(p + 1));
        tbl_text(t, hand);
        if (hilo) {
            tbl_u128(t, row[p][3]);
            tbl_fixed(t, (double)row[p][4] / (double)den, 6);
            tbl_fixed(t, (double)row[p][5] / (double)den, 6);
        } else {
            tbl_u128(t, row[p][0]);
            tbl_u128(t, row[p][1]);
            tbl_u128(t, row[p][2]);
        }
        tbl_double(t, (double)(row[p][4] + row[p][5]) / (double)den);
        tbl_fraction(t, row[p][4] + row[p][5], den);
    }
    return t;
}

static int run_omaha_equity(const hs_request *r, run_ctx *x) {
    uint64_t hole[HS_OMAHA_MAX_PLAYERS], board, dead;
    int written[HS_OMAHA_MAX_PLAYERS][HS_CARDS], players, hilo;
    int rc = flag_of(r, "hilo", &hilo, x);
    if (rc != HS_OK)
        return rc;
    int size = pot_hands(r, HS_OMAHA_MAX_PLAYERS, 4, 6, "4, 5 or 6 cards", "Omaha", hole, written,
                         &players, x);
    if (size < 0)
        return size;
    if ((rc = known_of(r, 0, 5, &board, &dead, x)) != HS_OK)
        return rc;
    uint64_t used = 0;
    for (int p = 0; p < players; p++)
        used |= hole[p];
    if ((board | dead) & used) {
        char name[3];
        hs_card_format(__builtin_ctzll((board | dead) & used), name);
        return fail(x, HS_ERR_DUPLICATE, "%s: %s is already in a hand",
                    (board & used) ? "board" : "dead", name);
    }
    if (x->phase == START) {
        *x->job_out = NULL;
        return HS_OK;
    }
    hs_omaha_equity e;
    rc = hs_omaha_equity_run(hole, players, board, dead, hilo, x->threads, x->progress,
                             x->progress_ctx, &e);
    if (rc == HS_ERR_COUNT)
        return fail(x, rc, "too few cards are left to complete the board");
    if (rc != HS_OK)
        return lib_error(x, rc);
    uint64_t row[HS_OMAHA_MAX_PLAYERS][6];
    for (int p = 0; p < players; p++) {
        const hs_omaha_player *q = &e.p[p];
        const uint64_t v[6] = {q->wins, q->ties, q->losses, q->scoops, q->high_share, q->low_share};
        memcpy(row[p], v, sizeof v);
    }
    hs_table *t = pot_table(hilo, players, size, written, (const uint64_t(*)[6])row,
                            e.boards * HS_OMAHA_SHARE_UNIT);
    if (t != NULL) {
        known_notes(t, board, dead);
        tbl_note(t, "boards", "%" PRIu64, e.boards);
        if (hilo)
            tbl_note(t, "low_boards", "%" PRIu64, e.low_boards);
    }
    return answer(x, t);
}

static int run_stud(const hs_request *r, run_ctx *x, int razz) {
    uint64_t hands[HS_STUD_MAX_PLAYERS], dead = 0;
    int written[HS_STUD_MAX_PLAYERS][HS_CARDS], players, hilo = 0, rc = HS_OK;
    if (!razz && (rc = flag_of(r, "hilo", &hilo, x)) != HS_OK)
        return rc;
    int size = pot_hands(r, HS_STUD_MAX_PLAYERS, 3, 7, "3 to 7 cards", "stud", hands, written,
                         &players, x);
    if (size < 0)
        return size;
    const char *d = get(r, "dead");
    int cards[HS_CARDS];
    if (d != NULL && (rc = cards_of("dead", d, 0, HS_CARDS, "fewer cards", cards, &dead, x)) < 0)
        return rc;
    rc = HS_OK;
    uint64_t used = 0;
    for (int p = 0; p < players; p++)
        used |= hands[p];
    if (dead & used) {
        char name[3];
        hs_card_format(__builtin_ctzll(dead & used), name);
        return fail(x, HS_ERR_DUPLICATE, "dead: %s is already in a hand", name);
    }
    const int game = razz ? HS_STUD_RAZZ : hilo ? HS_STUD_HILO : HS_STUD_HIGH;
    hs_job *own = NULL;
    const hs_job *job = x->job;
    if (x->phase == START || job == NULL) {
        hs_job **slot = x->phase == START ? x->job_out : &own;
        rc = hs_stud_equity_job_new(hands, players, dead, game, slot);
        if (rc == HS_ERR_COUNT)
            return fail(
                x, rc, "too few cards: %d players of seven cards%s need %d, the deck has 52",
                players, dead ? " and the dead cards" : "", players * 7 + hs_hand_size(dead));
        if (rc == HS_ERR_OVERFLOW) {
            double steps = 0, deals = 0;
            hs_stud_equity_size(hands, players, dead, &steps, &deals);
            static const char *const STREET[] = {"third", "fourth", "fifth", "sixth", "seventh"};
            return fail(x, rc,
                        "too large to count exactly: %.3g deals, %.3g counting steps (at most "
                        "%.0e, hours of work); deal fewer players or a later street (%d players "
                        "on %s street)",
                        deals, steps, (double)HS_STUD_MAX_STEPS, players, STREET[size - 3]);
        }
        if (rc != HS_OK)
            return lib_error(x, rc);
        if (x->phase == START)
            return HS_OK;
        rc = hs_job_run(own, 0, hs_job_units(own),
                        &(hs_job_opts){x->threads, x->progress, x->progress_ctx, NULL, NULL, 0.0});
        job = own;
    }
    hs_stud_equity e;
    if (rc == HS_OK)
        rc = hs_stud_equity_result(job, &e);
    hs_job_free(own);
    if (rc != HS_OK)
        return lib_error(x, rc);
    uint64_t row[HS_STUD_MAX_PLAYERS][6];
    for (int p = 0; p < players; p++) {
        const hs_stud_player *q = &e.p[p];
        const uint64_t v[6] = {q->wins, q->ties, q->losses, q->scoops, q->high_share, q->low_share};
        memcpy(row[p], v, sizeof v);
    }
    hs_table *t = pot_table(hilo, players, size, written, (const uint64_t(*)[6])row,
                            e.deals * HS_STUD_SHARE_UNIT);
    if (t != NULL) {
        char text[3 * HS_CARDS + 1];
        hs_hand_format(dead, text, sizeof text);
        tbl_note(t, "dead", "%s", dead ? text : "");
        tbl_note(t, "deals", "%" PRIu64, e.deals);
        if (hilo)
            tbl_note(t, "low_deals", "%" PRIu64, e.low_deals);
    }
    return answer(x, t);
}

static int run_stud_equity(const hs_request *r, run_ctx *x) {
    return run_stud(r, x, 0);
}

static int run_razz_equity(const hs_request *r, run_ctx *x) {
    return run_stud(r, x, 1);
}

/* ---- crib score, crib explain, poker rank -------------------------------------------------- */

static const char *const K_CRIB[] = {"hand", "crib", NULL};
static const char *const K_POKER[] = {"hand", NULL};
static const char FIVE_CARDS[] = "5 cards (four in hand, then the starter)";

/* The one "hand" of a command that takes one. */
static int one_hand(const hs_request *r, const char **text, run_ctx *x) {
    const int n = hands_of(r, text, 1);
    if (n != 1)
        return fail(x, HS_ERR_ARG, "expected one hand, got %d", n);
    return HS_OK;
}

static int crib_cards(const hs_request *r, int cards[5], uint64_t *hand, int *crib, run_ctx *x) {
    const char *text = NULL;
    uint64_t mask;
    int rc = one_hand(r, &text, x);
    if (rc == HS_OK)
        rc = flag_of(r, "crib", crib, x);
    if (rc != HS_OK)
        return rc;
    rc = cards_of("hand", text, 5, 5, FIVE_CARDS, cards, &mask, x);
    if (rc < 0)
        return rc;
    *hand = hs_cards_mask(cards, 4);
    return HS_OK;
}

static int run_crib_score(const hs_request *r, run_ctx *x) {
    int cards[5], crib;
    uint64_t hand;
    int rc = crib_cards(r, cards, &hand, &crib, x);
    if (rc != HS_OK || x->phase == START) {
        if (x->phase == START)
            *x->job_out = NULL;
        return rc;
    }
    const hs_crib_score s = hs_crib_score5(hand, cards[4], crib ? HS_CRIB_CRIB : HS_CRIB_HAND);
    static const char *const COLS[] = {"hand", "starter", "fifteens", "pairs",
                                       "runs", "flush",   "nobs",     "total"};
    static const int KINDS[] = {HS_CELL_TEXT, HS_CELL_TEXT, HS_CELL_INT, HS_CELL_INT,
                                HS_CELL_INT,  HS_CELL_INT,  HS_CELL_INT, HS_CELL_INT};
    hs_table *t = tbl_new(COLS, KINDS, 8);
    if (t != NULL) {
        char text[16];
        cards_text(text, sizeof text, cards, 4);
        tbl_text(t, text);
        cards_text(text, sizeof text, cards + 4, 1);
        tbl_text(t, text);
        const unsigned parts[6] = {s.fifteens, s.pairs, s.runs, s.flush, s.nobs, s.total};
        for (int i = 0; i < 6; i++)
            tbl_u128(t, (hs_uint128)(parts[i]));
        tbl_note(t, "rules", "%s", crib ? "crib" : "hand");
    }
    return answer(x, t);
}

static int run_crib_explain(const hs_request *r, run_ctx *x) {
    static const char *const ITEM[5] = {"fifteen", "pair", "run", "flush", "nobs"};
    int cards[5], crib;
    uint64_t hand;
    int rc = crib_cards(r, cards, &hand, &crib, x);
    if (rc != HS_OK || x->phase == START) {
        if (x->phase == START)
            *x->job_out = NULL;
        return rc;
    }
    const hs_crib_rules rules = crib ? HS_CRIB_CRIB : HS_CRIB_HAND;
    hs_crib_item items[HS_CRIB_MAX_ITEMS];
    const int n = hs_crib_explain(hand, cards[4], rules, items);
    const hs_crib_score s = hs_crib_score5(hand, cards[4], rules);
    static const char *const COLS[] = {"item", "cards", "points"};
    static const int KINDS[] = {HS_CELL_TEXT, HS_CELL_TEXT, HS_CELL_INT};
    hs_table *t = tbl_new(COLS, KINDS, 3);
    for (int i = 0; t != NULL && i < n; i++) {
        /* the item's cards in the order given */
        int in_item[5], k = 0;
        for (int c = 0; c < 5; c++)
            if (items[i].cards & hs_card_bit(cards[c]))
                in_item[k++] = cards[c];
        char text[16];
        cards_text(text, sizeof text, in_item, k);
        tbl_text(t, ITEM[items[i].kind]);
        tbl_text(t, text);
        tbl_u128(t, (hs_uint128)(items[i].points));
    }
    if (t != NULL) {
        char text[16];
        cards_text(text, sizeof text, cards, 4);
        tbl_note(t, "hand", "%s", text);
        cards_text(text, sizeof text, cards + 4, 1);
        tbl_note(t, "starter", "%s", text);
        tbl_note(t, "rules", "%s", crib ? "crib" : "hand");
        tbl_note(t, "fifteens", "%u", s.fifteens);
        tbl_note(t, "pairs", "%u", s.pairs);
        tbl_note(t, "runs", "%u", s.runs);
        tbl_note(t, "flush", "%u", s.flush);
        tbl_note(t, "nobs", "%u", s.nobs);
        tbl_note(t, "total", "%u", s.total);
    }
    return answer(x, t);
}

static int run_poker_rank(const hs_request *r, run_ctx *x) {
    const char *text = NULL;
    int cards[7];
    uint64_t mask;
    int rc = one_hand(r, &text, x);
    if (rc != HS_OK)
        return rc;
    int n = cards_of("hand", text, 5, 7, "5 to 7 cards", cards, &mask, x);
    if (n < 0)
        return n;
    if (x->phase == START) {
        *x->job_out = NULL;
        return HS_OK;
    }
    const int cls = hs_poker_rank(mask);
    char desc[128], hand[32];
    hs_poker_describe(cls, desc, sizeof desc);
    cards_text(hand, sizeof hand, cards, n);
    static const char *const COLS[] = {"cards", "class", "category", "description"};
    static const int KINDS[] = {HS_CELL_TEXT, HS_CELL_INT, HS_CELL_TEXT, HS_CELL_TEXT};
    hs_table *t = tbl_new(COLS, KINDS, 4);
    if (t != NULL) {
        tbl_text(t, hand);
        tbl_u128(t, (hs_uint128)(cls));
        tbl_text(t, hs_poker_category_name(hs_poker_category(cls)));
        tbl_text(t, desc);
    }
    return answer(x, t);
}

/* ---- crib discard ---------------------------------------------------------------------------- */

static const char *const K_DISCARD[] = {"hand", "role", "pegging", NULL};

/* The cards of a mask in rank order (ace low), then suit: "3H 4D 5D 5S". */
static void by_rank(uint64_t mask, char *buf) {
    size_t n = 0;
    for (int r = 0; r < HS_RANKS; r++)
        for (int s = 0; s < HS_SUITS; s++)
            if (mask & hs_card_bit(hs_card(r, s))) {
                if (n > 0)
                    buf[n++] = ' ';
                hs_card_format(hs_card(r, s), buf + n);
                n += 2;
            }
    buf[n] = '\0';
}

static uint64_t gcd64(uint64_t a, uint64_t b) {
    while (b != 0) {
        const uint64_t t = a % b;
        a = b;
        b = t;
    }
    return a;
}

static int run_crib_discard(const hs_request *r, run_ctx *x) {
    const char *text = NULL;
    int cards[6], pegging;
    uint64_t dealt;
    int rc = one_hand(r, &text, x);
    if (rc == HS_OK)
        rc = flag_of(r, "pegging", &pegging, x);
    if (rc != HS_OK)
        return rc;
    const char *role_text = get(r, "role");
    if (role_text != NULL && strcmp(role_text, "dealer") != 0 && strcmp(role_text, "pone") != 0) {
        char tok[HS_TOKEN_TEXT];
        return fail(x, HS_ERR_ARG, "role: '%s' is not dealer or pone",
                    token(tok, role_text, strlen(role_text)));
    }
    const int n = cards_of("hand", text, 5, 6, "6 cards (two players) or 5 (three players)", cards,
                           &dealt, x);
    if (n < 0)
        return n;
    if (pegging && n != 6)
        return fail(x, HS_ERR_COUNT,
                    "pegging: the play is solved for two players: expected 6 cards, got %d", n);
    if (x->phase == START) {
        *x->job_out = NULL;
        return HS_OK;
    }
    const hs_crib_role role =
        role_text != NULL && strcmp(role_text, "pone") == 0 ? HS_CRIB_PONE : HS_CRIB_DEALER;
    hs_discard d;
    rc = hs_discard_analyze(dealt, role, &d);
    if (rc != HS_OK)
        return lib_error(x, rc);
    /* each keep's pegging sum and total (combined + pegging) as a fraction */
    int64_t peg[HS_DISCARD_MAX_KEEPS] = {0}, total_num[HS_DISCARD_MAX_KEEPS] = {0};
    uint64_t total_den[HS_DISCARD_MAX_KEEPS] = {0};
    int order[HS_DISCARD_MAX_KEEPS];
    for (int k = 0; k < d.n_keeps; k++) {
        order[k] = k;
        if (!pegging)
            continue;
        const hs_discard_keep *kp = &d.keeps[k];
        (void)hs_peg_keep_sum(dealt, kp->keep, role, &peg[k]); /* six valid cards: HS_OK */
        const uint64_t g = gcd64(kp->crib_cases, HS_PEG_OPPONENT_HANDS);
        total_den[k] = kp->crib_cases / g * HS_PEG_OPPONENT_HANDS;
        total_num[k] = kp->combined_num * (int64_t)(HS_PEG_OPPONENT_HANDS / g) +
                       peg[k] * (int64_t)(kp->crib_cases / g);
    }
    /* with pegging: the best total first (a stable insertion; the denominators are equal),
     * else the analysis's order */
    for (int i = 1; pegging && i < d.n_keeps; i++)
        for (int j = i; j > 0 && total_num[order[j]] > total_num[order[j - 1]]; j--) {
            const int o = order[j];
            order[j] = order[j - 1];
            order[j - 1] = o;
        }
    static const char *const COLS[] = {
        "keep",          "throw",       "hand_ev",           "hand_ev_exact",
        "hand_min",      "hand_max",    "hand_sd",           "crib_ev",
        "crib_ev_exact", "combined_ev", "combined_ev_exact", "peg_ev",
        "peg_ev_exact",  "total_ev",    "total_ev_exact",    "role"};
    static const int KINDS[] = {
        HS_CELL_TEXT,     HS_CELL_TEXT,    HS_CELL_DECIMAL,  HS_CELL_FRACTION,
        HS_CELL_INT,      HS_CELL_INT,     HS_CELL_DECIMAL,  HS_CELL_DECIMAL,
        HS_CELL_FRACTION, HS_CELL_DECIMAL, HS_CELL_FRACTION, HS_CELL_DECIMAL,
        HS_CELL_FRACTION, HS_CELL_DECIMAL, HS_CELL_FRACTION, HS_CELL_TEXT};
    const char *names[16];
    int kinds[16], nc = 0;
    for (int c = 0; c < 16; c++)
        if (pegging || c < 11 || c == 15) {
            names[nc] = COLS[c];
            kinds[nc++] = KINDS[c];
        }
    hs_table *t = tbl_new(names, kinds, (size_t)nc);
    const char *role_name = role == HS_CRIB_DEALER ? "dealer" : "pone";
    for (int i = 0; t != NULL && i < d.n_keeps; i++) {
        const int k = order[i];
        const hs_discard_keep *kp = &d.keeps[k];
        char keep[16], thrown[8];
        by_rank(kp->keep, keep);
        by_rank(kp->thrown, thrown);
        const double nh = kp->hand_cases;
        double var =
            (nh * (double)kp->hand_sum2 - (double)kp->hand_sum * (double)kp->hand_sum) / (nh * nh);
        tbl_text(t, keep);
        tbl_text(t, thrown);
        tbl_fixed(t, (double)kp->hand_sum / kp->hand_cases, 6);
        tbl_fraction(t, kp->hand_sum, kp->hand_cases);
        tbl_u128(t, (hs_uint128)(kp->hand_min));
        tbl_u128(t, (hs_uint128)(kp->hand_max));
        tbl_fixed(t, var > 0 ? sqrt(var) : 0.0, 6);
        tbl_fixed(t, (double)kp->crib_sum / (double)kp->crib_cases, 6);
        tbl_fraction(t, kp->crib_sum, kp->crib_cases);
        tbl_fixed(t, (double)kp->combined_num / (double)kp->crib_cases, 6);
        tbl_fraction_signed(t, kp->combined_num, kp->crib_cases);
        if (pegging) {
            tbl_fixed(t, (double)peg[k] / HS_PEG_OPPONENT_HANDS, 6);
            tbl_fraction_signed(t, peg[k], HS_PEG_OPPONENT_HANDS);
            tbl_fixed(t, (double)total_num[k] / (double)total_den[k], 6);
            tbl_fraction_signed(t, total_num[k], total_den[k]);
        }
        tbl_text(t, role_name);
    }
    if (t != NULL) {
        char all[32];
        by_rank(dealt, all);
        tbl_note(t, "dealt", "%s", all);
        tbl_note(t, "players", "%d", d.players);
        tbl_note(t, "role", "%s", role_name);
    }
    return answer(x, t);
}

/* ---- crib peg ------------------------------------------------------------------------------- */

static const char *const K_PEG[] = {"hand", NULL};

/* Why a card scored: from the count and the run of ranks laid since the count began (the scores
 * as the rules name them). */
static void peg_why(char *buf, size_t cap, const int *seq, int len, int count, int points) {
    int rest = points, same = 1;
    size_t n = 0;
    buf[0] = '\0';
    if (count == 15 || count == 31) {
        n += (size_t)snprintf(buf + n, cap - n, "%s 2", count == 15 ? "fifteen" : "thirty-one");
        rest -= 2;
    }
    while (same < len && seq[len - 1 - same] == seq[len - 1])
        same++;
    static const char *const PAIRS[5] = {"", "", "pair 2", "pair royal 6", "double pair royal 12"};
    static const int PAIR_POINTS[5] = {0, 0, 2, 6, 12};
    if (same >= 2) {
        n += (size_t)snprintf(buf + n, cap - n, "%s%s", n ? ", " : "", PAIRS[same]);
        rest -= PAIR_POINTS[same];
    }
    if (rest > 0)
        snprintf(buf + n, cap - n, "%srun of %d", n ? ", " : "", rest);
}

/* crib peg (one row: pone,dealer,pone_points,dealer_points,differential,line) and crib peg-line
 * (the line event by event: player,card,count,points,why; the totals as notes). */
static int run_peg(const hs_request *r, run_ctx *x, int events) {
    const char *text[2];
    const int nh = hands_of(r, text, 2);
    if (nh != 2)
        return fail(x, HS_ERR_ARG, "expected two hands (the pone's, then the dealer's), got %d",
                    nh);
    static const char *const WHO[2] = {"pone", "dealer"};
    int cards[2][4];
    uint64_t mask[2];
    for (int q = 0; q < 2; q++) {
        const int n = cards_of(WHO[q], text[q], 4, 4, "4 cards", cards[q], &mask[q], x);
        if (n < 0)
            return n;
    }
    if (mask[0] & mask[1]) {
        char name[3];
        hs_card_format(__builtin_ctzll(mask[0] & mask[1]), name);
        return fail(x, HS_ERR_DUPLICATE, "dealer: %s is already in the pone's hand", name);
    }
    if (x->phase == START) {
        *x->job_out = NULL;
        return HS_OK;
    }
    uint8_t ranks[2][4];
    for (int q = 0; q < 2; q++)
        for (int i = 0; i < 4; i++)
            ranks[q][i] = (uint8_t)hs_card_rank(cards[q][i]);
    const hs_peg_position start = hs_peg_start(ranks[0], ranks[1]);
    hs_peg_event ev[HS_PEG_MAX_EVENTS];
    int pts[2];
    const int n = hs_peg_line(&start, ev, &pts[0], &pts[1]);
    /* the line's cards: of each rank, the player's cards in the order given */
    int laid[2][4] = {{0}}, card[HS_PEG_MAX_EVENTS];
    char line[HS_PEG_MAX_EVENTS * 4 + 1];
    size_t k = 0;
    for (int e = 0; e < n; e++) {
        card[e] = -1;
        const int q = ev[e].player;
        for (int i = 0; ev[e].rank >= 0 && i < 4 && card[e] < 0; i++)
            if (!laid[q][i] && hs_card_rank(cards[q][i]) == ev[e].rank) {
                laid[q][i] = 1;
                card[e] = cards[q][i];
            }
        char name[3] = "go";
        if (card[e] >= 0)
            hs_card_format(card[e], name);
        k += (size_t)snprintf(line + k, sizeof line - k, "%s%s", e ? " " : "", name);
    }
    char hand[2][16];
    cards_text(hand[0], sizeof hand[0], cards[0], 4);
    cards_text(hand[1], sizeof hand[1], cards[1], 4);
    hs_table *t;
    if (!events) {
        static const char *const COLS[] = {"pone",          "dealer",       "pone_points",
                                           "dealer_points", "differential", "line"};
        static const int KINDS[] = {HS_CELL_TEXT, HS_CELL_TEXT, HS_CELL_INT,
                                    HS_CELL_INT,  HS_CELL_INT,  HS_CELL_TEXT};
        t = tbl_new(COLS, KINDS, 6);
        if (t != NULL) {
            tbl_text(t, hand[0]);
            tbl_text(t, hand[1]);
            tbl_u128(t, (hs_uint128)pts[0]);
            tbl_u128(t, (hs_uint128)pts[1]);
            tbl_textf(t, "%d", pts[0] - pts[1]);
            tbl_text(t, line);
        }
        return answer(x, t);
    }
    static const char *const COLS[] = {"player", "card", "count", "points", "why"};
    static const int KINDS[] = {HS_CELL_TEXT, HS_CELL_TEXT, HS_CELL_INT, HS_CELL_INT, HS_CELL_TEXT};
    t = tbl_new(COLS, KINDS, 5);
    int seq[8], seq_len = 0, remaining = 8;
    for (int e = 0; t != NULL && e < n; e++) {
        const hs_peg_event *v = &ev[e];
        char why[64] = "", name[3] = "";
        if (v->rank < 0) {
            snprintf(why, sizeof why, "%s", remaining == 0 ? "last card 1" : "go 1");
            seq_len = 0;
        } else {
            if (seq_len > 0 && v->count == (v->rank < 9 ? v->rank + 1 : 10))
                seq_len = 0; /* after 31 the count started again */
            seq[seq_len++] = v->rank;
            remaining--;
            peg_why(why, sizeof why, seq, seq_len, v->count, v->points);
            hs_card_format(card[e], name);
        }
        tbl_text(t, WHO[v->player]);
        tbl_text(t, name);
        tbl_u128(t, (hs_uint128)v->count);
        tbl_u128(t, (hs_uint128)v->points);
        tbl_text(t, v->points > 0 ? why : "");
    }
    if (t != NULL) {
        tbl_note(t, "pone", "%s", hand[0]);
        tbl_note(t, "dealer", "%s", hand[1]);
        tbl_note(t, "pone_points", "%d", pts[0]);
        tbl_note(t, "dealer_points", "%d", pts[1]);
        tbl_note(t, "differential", "%d", pts[0] - pts[1]);
        tbl_note(t, "line", "%s", line);
    }
    return answer(x, t);
}

static int run_crib_peg(const hs_request *r, run_ctx *x) {
    return run_peg(r, x, 0);
}

static int run_crib_peg_line(const hs_request *r, run_ctx *x) {
    return run_peg(r, x, 1);
}

/* ---- crib hist ------------------------------------------------------------------------------ */

static const char *const K_CRIB_HIST[] = {"crib", NULL};

/* Every hand with every starter scored: score,count,probability (0..29); notes: the hands, the
 * exact mean and variance (and their decimals), the standard deviation, each component's points. */
static int run_crib_hist(const hs_request *r, run_ctx *x) {
    int crib;
    int rc = flag_of(r, "crib", &crib, x);
    if (rc != HS_OK || x->phase == START) {
        if (x->phase == START)
            *x->job_out = NULL;
        return rc;
    }
    hs_crib_hist h;
    rc = hs_crib_hist_run(crib ? HS_CRIB_CRIB : HS_CRIB_HAND, x->threads, x->progress,
                          x->progress_ctx, &h);
    if (rc != HS_OK)
        return lib_error(x, rc);
    static const char *const COLS[] = {"score", "count", "probability"};
    static const int KINDS[] = {HS_CELL_INT, HS_CELL_INT, HS_CELL_DECIMAL};
    hs_table *t = tbl_new(COLS, KINDS, 3);
    for (int sc = 0; t != NULL && sc <= HS_CRIB_MAX_SCORE; sc++) {
        tbl_u128(t, (hs_uint128)sc);
        tbl_u128(t, h.count[sc]);
        tbl_ratio(t, h.count[sc], h.hands);
    }
    if (t != NULL) {
        mpq_t mean, var;
        mpq_inits(mean, var, NULL);
        hs_hist_moments(h.count, HS_CRIB_MAX_SCORE + 1, 0, mean, var); /* h.hands > 0 */
        static const char *const PART[5] = {"fifteens", "pairs", "runs", "flush", "nobs"};
        tbl_note(t, "rules", "%s", crib ? "crib" : "hand");
        tbl_note(t, "hands", "%" PRIu64, h.hands);
        char num[48], den[48];
        tbl_note(t, "mean", "%.6f", mpq_get_d(mean));
        tbl_note(t, "mean_exact", "%s/%s", mpz_get_str(num, 10, mpq_numref(mean)),
                 mpz_get_str(den, 10, mpq_denref(mean)));
        tbl_note(t, "variance", "%.6f", mpq_get_d(var));
        tbl_note(t, "variance_exact", "%s/%s", mpz_get_str(num, 10, mpq_numref(var)),
                 mpz_get_str(den, 10, mpq_denref(var)));
        tbl_note(t, "sd", "%.6f", hs_stddev(var));
        for (int c = 0; c < 5; c++)
            tbl_note(t, PART[c], "%" PRIu64, h.points[c]);
        mpq_clears(mean, var, NULL);
    }
    return answer(x, t);
}

/* ---- the other rankings: lowball, short deck, Omaha; two poker hands compared ------------- */

static const char *const K_LOWBALL[] = {"hand", "kind", NULL};
static const char *const K_SHORTDECK_RANK[] = {"hand", "straight-beats-trips", NULL};
static const char *const K_OMAHA_RANK[] = {"hand", "board", NULL};

/* The one hand of 5 to 7 cards of a ranking command: their number, or a negative code. */
static int rank_cards(const hs_request *r, int cards[7], uint64_t *mask, run_ctx *x) {
    const char *text = NULL;
    const int rc = one_hand(r, &text, x);
    if (rc != HS_OK)
        return rc;
    return cards_of("hand", text, 5, 7, "5 to 7 cards", cards, mask, x);
}

/* The "kind" of a lowball command: *a5 1 for "a5" (ace-to-five), 0 for "27" (deuce-to-seven). */
static int low_kind(const hs_request *r, int *a5, run_ctx *x) {
    const char *kind = get(r, "kind");
    if (kind == NULL)
        return fail(x, HS_ERR_ARG, "kind: give one of a5 (ace-to-five) and 27 (deuce-to-seven)");
    if (strcmp(kind, "a5") != 0 && strcmp(kind, "27") != 0) {
        char tok[HS_TOKEN_TEXT];
        return fail(x, HS_ERR_ARG, "kind: '%s' is not a5 (ace-to-five) or 27 (deuce-to-seven)",
                    token(tok, kind, strlen(kind)));
    }
    *a5 = kind[0] == 'a';
    return HS_OK;
}

/* lowball rank: cards,class,description,best_five under kind "a5" (ace-to-five) or "27". */
static int run_lowball_rank(const hs_request *r, run_ctx *x) {
    int cards[7];
    uint64_t hand;
    int a5;
    const int krc = low_kind(r, &a5, x);
    if (krc != HS_OK)
        return krc;
    const int n = rank_cards(r, cards, &hand, x);
    if (n < 0 || x->phase == START) {
        if (x->phase == START)
            *x->job_out = NULL;
        return n < 0 ? n : HS_OK;
    }
    const int cls = a5 ? hs_low_a5_rank(hand) : hs_low_27_rank(hand);
    char desc[128], five[32], text[32];
    if (a5)
        hs_low_a5_describe(cls, desc, sizeof desc);
    else
        hs_low_27_describe(cls, desc, sizeof desc);
    hs_hand_format(a5 ? hs_low_a5_best_five(hand) : hs_low_27_best_five(hand), five, sizeof five);
    cards_text(text, sizeof text, cards, n);
    static const char *const COLS[] = {"cards", "class", "description", "best_five"};
    static const int KINDS[] = {HS_CELL_TEXT, HS_CELL_INT, HS_CELL_TEXT, HS_CELL_TEXT};
    hs_table *t = tbl_new(COLS, KINDS, 4);
    if (t != NULL) {
        tbl_text(t, text);
        tbl_u128(t, (hs_uint128)cls);
        tbl_text(t, desc);
        tbl_text(t, five);
        tbl_note(t, "scale", "%s", a5 ? "A-5" : "2-7");
    }
    return answer(x, t);
}

/* shortdeck rank: cards,class,category,description,best_five of short-deck cards. */
static int run_shortdeck_rank(const hs_request *r, run_ctx *x) {
    int cards[7], variant;
    uint64_t hand;
    int n = rank_cards(r, cards, &hand, x);
    const int rc = n < 0 ? n : flag_of(r, "straight-beats-trips", &variant, x);
    if (rc != HS_OK)
        return rc;
    for (int i = 0; i < n; i++)
        if (!(HS_SHORTDECK_DECK_MASK >> cards[i] & 1)) {
            char name[3];
            hs_card_format(cards[i], name);
            return fail(x, HS_ERR_TOKEN, "hand: '%s' is not a short-deck card (6 through A only)",
                        name);
        }
    if (x->phase == START) {
        *x->job_out = NULL;
        return HS_OK;
    }
    const int rules =
        variant ? HS_SHORTDECK_STRAIGHT_BEATS_TRIPS : HS_SHORTDECK_TRIPS_BEAT_STRAIGHT;
    const int cls = hs_shortdeck_rank(hand, rules);
    char desc[128], five[32], text[32];
    hs_shortdeck_describe(cls, rules, desc, sizeof desc);
    hs_hand_format(hs_shortdeck_best_five(hand, rules), five, sizeof five);
    cards_text(text, sizeof text, cards, n);
    static const char *const COLS[] = {"cards", "class", "category", "description", "best_five"};
    static const int KINDS[] = {HS_CELL_TEXT, HS_CELL_INT, HS_CELL_TEXT, HS_CELL_TEXT,
                                HS_CELL_TEXT};
    hs_table *t = tbl_new(COLS, KINDS, 5);
    if (t != NULL) {
        tbl_text(t, text);
        tbl_u128(t, (hs_uint128)cls);
        tbl_text(t, hs_poker_category_name(hs_shortdeck_category(cls, rules)));
        tbl_text(t, desc);
        tbl_text(t, five);
    }
    return answer(x, t);
}

/* omaha rank: the best high (exactly two hole and three board cards) and 8-or-better low of
 * 4..6 hole cards ("hand") and a board of 3..5. One row: class,category,description,best_five,
 * low_class (0: none),low_description. */
static int run_omaha_rank(const hs_request *r, run_ctx *x) {
    const char *text = NULL, *board_text = get(r, "board");
    int cards[HS_CARDS];
    uint64_t hole, board;
    int rc = one_hand(r, &text, x);
    if (rc != HS_OK)
        return rc;
    if (board_text == NULL)
        return fail(x, HS_ERR_ARG, "board: 3, 4 or 5 board cards are needed");
    if ((rc = cards_of("hole", text, 4, 6, "4, 5 or 6 cards", cards, &hole, x)) < 0 ||
        (rc = cards_of("board", board_text, 3, 5, "3, 4 or 5 cards", cards, &board, x)) < 0)
        return rc;
    if (hole & board) {
        char name[3];
        hs_card_format(__builtin_ctzll(hole & board), name);
        return fail(x, HS_ERR_DUPLICATE, "board: %s is already in the hole cards", name);
    }
    if (x->phase == START) {
        *x->job_out = NULL;
        return HS_OK;
    }
    const int cls = hs_omaha_rank(hole, board), low = hs_omaha_low(hole, board);
    char desc[128], five[32], low_text[32] = "";
    hs_poker_describe(cls, desc, sizeof desc);
    hs_hand_format(hs_omaha_best_five(hole, board), five, sizeof five);
    if (low)
        hs_low8_describe(low, low_text, sizeof low_text);
    static const char *const COLS[] = {"class",     "category",  "description",
                                       "best_five", "low_class", "low_description"};
    static const int KINDS[] = {HS_CELL_INT,  HS_CELL_TEXT, HS_CELL_TEXT,
                                HS_CELL_TEXT, HS_CELL_INT,  HS_CELL_TEXT};
    hs_table *t = tbl_new(COLS, KINDS, 6);
    if (t != NULL) {
        tbl_u128(t, (hs_uint128)cls);
        tbl_text(t, hs_poker_category_name(hs_poker_category(cls)));
        tbl_text(t, desc);
        tbl_text(t, five);
        tbl_u128(t, (hs_uint128)low);
        tbl_text(t, low_text);
    }
    return answer(x, t);
}

/* poker compare: two hands of 5..7 cards, each ranked by its best five (they may share cards,
 * as two hold'em hands share the board): hand,cards,class,category,description; the note
 * "winner" is 1, 2 or tie. */
static int run_poker_compare(const hs_request *r, run_ctx *x) {
    const char *text[2];
    const int nh = hands_of(r, text, 2);
    if (nh != 2)
        return fail(x, HS_ERR_ARG, "expected two hands, got %d", nh);
    int cards[2][7], n[2], cls[2];
    uint64_t mask[2];
    for (int h = 0; h < 2; h++) {
        char what[8];
        snprintf(what, sizeof what, "hand %d", h + 1);
        if ((n[h] = cards_of(what, text[h], 5, 7, "5 to 7 cards", cards[h], &mask[h], x)) < 0)
            return n[h];
    }
    if (x->phase == START) {
        *x->job_out = NULL;
        return HS_OK;
    }
    static const char *const COLS[] = {"hand", "cards", "class", "category", "description"};
    static const int KINDS[] = {HS_CELL_INT, HS_CELL_TEXT, HS_CELL_INT, HS_CELL_TEXT, HS_CELL_TEXT};
    hs_table *t = tbl_new(COLS, KINDS, 5);
    for (int h = 0; t != NULL && h < 2; h++) {
        char desc[128], hand[32];
        cls[h] = hs_poker_rank(mask[h]);
        hs_poker_describe(cls[h], desc, sizeof desc);
        cards_text(hand, sizeof hand, cards[h], n[h]);
        tbl_u128(t, (hs_uint128)(h + 1));
        tbl_text(t, hand);
        tbl_u128(t, (hs_uint128)cls[h]);
        tbl_text(t, hs_poker_category_name(hs_poker_category(cls[h])));
        tbl_text(t, desc);
    }
    if (t != NULL)
        tbl_note(t, "winner", "%s", cls[0] == cls[1] ? "tie" : cls[0] < cls[1] ? "1" : "2");
    return answer(x, t);
}

/* poker showdown: one five-card hand against every five-card hand of the other 47 cards:
 * hand,wins,ties,losses; the notes: its class, category, description, the opponents, the equity
 * (a tie counting half) as a decimal and an exact fraction. */
static int run_poker_showdown(const hs_request *r, run_ctx *x) {
    const char *text = NULL;
    int cards[5];
    uint64_t hand;
    int rc = one_hand(r, &text, x);
    if (rc != HS_OK)
        return rc;
    if ((rc = cards_of("hand", text, 5, 5, "5 cards", cards, &hand, x)) < 0)
        return rc;
    if (x->phase == START) {
        *x->job_out = NULL;
        return HS_OK;
    }
    const hs_showdown sd = hs_poker_showdown5(hand);
    const int cls = hs_poker_rank5(hand);
    static const char *const COLS[] = {"hand", "wins", "ties", "losses"};
    static const int KINDS[] = {HS_CELL_TEXT, HS_CELL_INT, HS_CELL_INT, HS_CELL_INT};
    hs_table *t = tbl_new(COLS, KINDS, 4);
    if (t != NULL) {
        char cards_buf[16], desc[128], frac[96];
        cards_text(cards_buf, sizeof cards_buf, cards, 5);
        tbl_text(t, cards_buf);
        tbl_u128(t, sd.wins);
        tbl_u128(t, sd.ties);
        tbl_u128(t, sd.losses);
        hs_poker_describe(cls, desc, sizeof desc);
        tbl_note(t, "class", "%d", cls);
        tbl_note(t, "category", "%s", hs_poker_category_name(hs_poker_category(cls)));
        tbl_note(t, "description", "%s", desc);
        tbl_note(t, "opponents", "%" PRIu64, (uint64_t)HS_SHOWDOWN_OPPONENTS);
        /* (wins + ties / 2) / opponents = (2 wins + ties) / (2 opponents) */
        const hs_uint128 num = 2 * (hs_uint128)sd.wins + sd.ties,
                         den = 2 * (hs_uint128)HS_SHOWDOWN_OPPONENTS;
        tbl_note(t, "equity", "%.9f", (double)num / (double)den);
        tbl_note(t, "equity_exact", "%s", hs_text_fraction(frac, sizeof frac, num, den));
    }
    return answer(x, t);
}

/* poker pe54: a line of Project Euler problem 54, ten cards (player 1's five, then player 2's):
 * winner (1, 2 or tie),class_1,description_1,class_2,description_2. */
static int run_poker_pe54(const hs_request *r, run_ctx *x) {
    const char *text = NULL;
    int cards[10];
    uint64_t all;
    int rc = one_hand(r, &text, x);
    if (rc != HS_OK)
        return rc;
    if ((rc = cards_of("hand", text, 10, 10, "10 cards (player 1's five, then player 2's)", cards,
                       &all, x)) < 0)
        return rc;
    if (x->phase == START) {
        *x->job_out = NULL;
        return HS_OK;
    }
    const int c1 = hs_poker_rank5(hs_cards_mask(cards, 5)),
              c2 = hs_poker_rank5(hs_cards_mask(cards + 5, 5));
    static const char *const COLS[] = {"winner", "class_1", "description_1", "class_2",
                                       "description_2"};
    static const int KINDS[] = {HS_CELL_TEXT, HS_CELL_INT, HS_CELL_TEXT, HS_CELL_INT, HS_CELL_TEXT};
    hs_table *t = tbl_new(COLS, KINDS, 5);
    if (t != NULL) {
        char d1[128], d2[128];
        hs_poker_describe(c1, d1, sizeof d1);
        hs_poker_describe(c2, d2, sizeof d2);
        tbl_text(t, c1 < c2 ? "1" : c2 < c1 ? "2" : "tie");
        tbl_u128(t, (hs_uint128)c1);
        tbl_text(t, d1);
        tbl_u128(t, (hs_uint128)c2);
        tbl_text(t, d2);
    }
    return answer(x, t);
}

/* ---- the distributions of every hand: poker, short deck, lowball ------------------------- */

static const char *const K_POKER_HIST[] = {"cards", "classes", NULL};
static const char *const K_SHORTDECK_HIST[] = {"cards", "classes", "straight-beats-trips", NULL};
static const char *const K_LOWBALL_HIST[] = {"kind", NULL};

/* The "cards" of a hist: 5, 6 or 7, required. */
static int hist_cards(const hs_request *r, int *k, run_ctx *x) {
    uint64_t v;
    if (get(r, "cards") == NULL)
        return fail(x, HS_ERR_ARG, "cards: 5, 6 or 7 is required (the hand size)");
    const int rc = number_of(r, "cards", 5, 7, 0, &v, x);
    *k = (int)v;
    return rc;
}

/* The rows of a hist: by category (category,count,probability: the categories in `order`) or
 * by class (class,category,description,count: classes 1..n, described by `describe`). */
static hs_table *hist_table(int classes, const uint64_t *count, int n, const uint64_t *category,
                            const int *order, uint64_t hands, int (*category_of)(int, int),
                            void (*describe)(int, int, char *, size_t), int rules) {
    hs_table *t;
    if (classes) {
        static const char *const COLS[] = {"class", "category", "description", "count"};
        static const int KINDS[] = {HS_CELL_INT, HS_CELL_TEXT, HS_CELL_TEXT, HS_CELL_INT};
        t = tbl_new(COLS, KINDS, 4);
        for (int c = 1; t != NULL && c <= n; c++) {
            char desc[128];
            describe(c, rules, desc, sizeof desc);
            tbl_u128(t, (hs_uint128)c);
            tbl_text(t, hs_poker_category_name(category_of(c, rules)));
            tbl_text(t, desc);
            tbl_u128(t, count[c]);
        }
    } else {
        static const char *const COLS[] = {"category", "count", "probability"};
        static const int KINDS[] = {HS_CELL_TEXT, HS_CELL_INT, HS_CELL_DECIMAL};
        t = tbl_new(COLS, KINDS, 3);
        for (int i = 0; t != NULL && i < HS_POKER_CATEGORIES; i++) {
            tbl_text(t, hs_poker_category_name(order[i]));
            tbl_u128(t, category[order[i]]);
            tbl_ratio(t, category[order[i]], hands);
        }
    }
    if (t != NULL)
        tbl_note(t, "hands", "%" PRIu64, hands);
    return t;
}

static int poker_category_of(int cls, int rules) {
    (void)rules;
    return hs_poker_category(cls);
}

static void poker_describe_of(int cls, int rules, char *buf, size_t cap) {
    (void)rules;
    hs_poker_describe(cls, buf, cap);
}

static void shortdeck_describe_of(int cls, int rules, char *buf, size_t cap) {
    hs_shortdeck_describe(cls, rules, buf, cap);
}

/* poker hist: every K-card hand (K = cards) by category or by class. */
static int run_poker_hist(const hs_request *r, run_ctx *x) {
    int k = 0, classes;
    int rc = hist_cards(r, &k, x);
    if (rc == HS_OK)
        rc = flag_of(r, "classes", &classes, x);
    if (rc != HS_OK || x->phase == START) {
        if (x->phase == START)
            *x->job_out = NULL;
        return rc;
    }
    hs_poker_hist *h = malloc(sizeof *h);
    if (h == NULL)
        return fail(x, HS_ERR_NOMEM, "out of memory");
    rc = hs_poker_hist_run(k, x->threads, x->progress, x->progress_ctx, h);
    if (rc != HS_OK) {
        free(h);
        return lib_error(x, rc);
    }
    int order[HS_POKER_CATEGORIES], occurring = 0;
    for (int i = 0; i < HS_POKER_CATEGORIES; i++)
        order[i] = i;
    for (int c = 1; c <= HS_POKER_CLASSES; c++)
        occurring += h->count[c] != 0;
    hs_table *t = hist_table(classes, h->count, HS_POKER_CLASSES, h->category, order, h->hands,
                             poker_category_of, poker_describe_of, 0);
    if (t != NULL)
        tbl_note(t, "classes_occurring", "%d", occurring);
    free(h);
    return answer(x, t);
}

/* shortdeck hist: every K-card hand of the 36 cards, the categories in the rules' order. */
static int run_shortdeck_hist(const hs_request *r, run_ctx *x) {
    int k = 0, classes, variant;
    int rc = hist_cards(r, &k, x);
    if (rc == HS_OK)
        rc = flag_of(r, "classes", &classes, x);
    if (rc == HS_OK)
        rc = flag_of(r, "straight-beats-trips", &variant, x);
    if (rc != HS_OK || x->phase == START) {
        if (x->phase == START)
            *x->job_out = NULL;
        return rc;
    }
    const int rules =
        variant ? HS_SHORTDECK_STRAIGHT_BEATS_TRIPS : HS_SHORTDECK_TRIPS_BEAT_STRAIGHT;
    hs_shortdeck_hist *h = malloc(sizeof *h);
    if (h == NULL)
        return fail(x, HS_ERR_NOMEM, "out of memory");
    rc = hs_shortdeck_hist_run(k, rules, h);
    if (rc != HS_OK) {
        free(h);
        return lib_error(x, rc);
    }
    int order[HS_POKER_CATEGORIES];
    hs_shortdeck_category_order(rules, order);
    hs_table *t = hist_table(classes, h->count, HS_SHORTDECK_CLASSES, h->category, order, h->hands,
                             hs_shortdeck_category, shortdeck_describe_of, rules);
    free(h);
    return answer(x, t);
}

/* lowball hist: every five-card hand by its low, kind a5 or 27: category,count, one row for each
 * top card of an unpaired low, best first, then pair_or_worse. */
static int run_lowball_hist(const hs_request *r, run_ctx *x) {
    int a5;
    const int rc = low_kind(r, &a5, x);
    if (rc != HS_OK)
        return rc;
    if (x->phase == START) {
        *x->job_out = NULL;
        return HS_OK;
    }
    const int classes = a5 ? HS_LOW_A5_CLASSES : HS_LOW_27_CLASSES;
    uint64_t *count = malloc((size_t)(classes + 1) * sizeof *count);
    if (count == NULL)
        return fail(x, HS_ERR_NOMEM, "out of memory");
    if (a5)
        hs_low_a5_hist5(count);
    else
        hs_low_27_hist5(count);
    /* by the top card of the unpaired lows (card ranks, the ace 0), and the rest */
    uint64_t by_top[HS_RANKS] = {0}, rest = 0, hands = 0;
    for (int c = 1; c <= classes; c++) {
        const int top = a5 ? hs_low_a5_top(c) : hs_low_27_top(c);
        if (top >= 0)
            by_top[top] += count[c];
        else
            rest += count[c];
        hands += count[c];
    }
    free(count);
    static const char NAMES[HS_RANKS + 1] = "A23456789TJQK";
    /* best first: A-5 from the five up to the king; 2-7 from the seven up to the king, then the
     * ace */
    int order[HS_RANKS], n = 0;
    for (int rk = a5 ? 4 : 6; rk <= HS_KING; rk++)
        order[n++] = rk;
    if (!a5)
        order[n++] = HS_ACE;
    static const char *const COLS[] = {"category", "count"};
    static const int KINDS[] = {HS_CELL_TEXT, HS_CELL_INT};
    hs_table *t = tbl_new(COLS, KINDS, 2);
    for (int i = 0; t != NULL && i < n; i++) {
        tbl_textf(t, "%c-low", NAMES[order[i]]);
        tbl_u128(t, by_top[order[i]]);
    }
    if (t != NULL) {
        tbl_text(t, "pair_or_worse");
        tbl_u128(t, rest);
        tbl_note(t, "hands", "%" PRIu64, hands);
    }
    return answer(x, t);
}

/* ---- holdem vs-random ------------------------------------------------------------------------ */

static const char *const K_VS_RANDOM[] = {"opponents", "samples", "seed", "classes", NULL};

/* Measured on one Intel Xeon thread (README): the whole exact table against one and two
 * opponents, the same with three, and a sampled deal of one opponent count. */
#define VS_RANDOM_SECONDS 8.0
#define VS_RANDOM3_SECONDS 90.0
#define VS_RANDOM_SAMPLE_SECONDS 2.5e-6

/* The classes of the rows ("AA,AKs", as holdem preflop3's): keep[c] set for each (all when not
 * given). */
static int classes_of(const hs_request *r, unsigned char keep[HS_HOLDEM_CLASSES], run_ctx *x) {
    const char *text = get(r, "classes");
    memset(keep, text == NULL, HS_HOLDEM_CLASSES);
    if (text == NULL)
        return HS_OK;
    int cls[HS_HOLDEM_CLASSES], n = 0;
    hs_parse_error err;
    const int rc = hs_holdem_classes_parse(text, strlen(text), cls, &n, &err);
    if (rc == HS_OK) {
        for (int i = 0; i < n; i++)
            keep[cls[i]] = 1;
        return HS_OK;
    }
    char tok[HS_TOKEN_TEXT];
    token(tok, text + err.offset, err.length);
    if (rc == HS_ERR_TOKEN && err.length == 0)
        return fail(x, HS_ERR_ARG,
                    "classes: an empty item in '%s' (class names separated by "
                    "commas)",
                    token(tok, text, strlen(text)));
    if (rc == HS_ERR_TOKEN)
        return fail(x, HS_ERR_ARG, "classes: '%s' is not a starting-hand class (AA, AKs, T9o, ...)",
                    tok);
    return fail(x, HS_ERR_ARG, "classes: '%s' is given twice", tok);
}

/* The arguments of holdem vs-random, in the command line's order: samples (0: the exact table),
 * seed (only with samples), the opponent counts (default 1-2: up to three exactly, nine with
 * samples) as a bit set, and the classes of the rows. */
static int vs_random_args(const hs_request *r, unsigned *which, uint64_t *samples, uint64_t *seed,
                          unsigned char keep[HS_HOLDEM_CLASSES], run_ctx *x) {
    int rc = number_of(r, "samples", 1, HS_HOLDEM_VS_RANDOM_MAX_SAMPLES, 0, samples, x);
    if (rc == HS_OK && get(r, "seed") != NULL && *samples == 0)
        rc = fail(x, HS_ERR_ARG,
                  "seed: only with samples (the exact table draws nothing at random)");
    if (rc == HS_OK)
        rc = number_of(r, "seed", 0, UINT64_MAX, 1, seed, x);
    if (rc != HS_OK)
        return rc;
    const char *given = get(r, "opponents"), *text = given != NULL ? given : "1-2";
    const int max =
        *samples > 0 ? HS_HOLDEM_VS_RANDOM_SAMPLE_MAX_OPPONENTS : HS_HOLDEM_VS_RANDOM_MAX_OPPONENTS;
    hs_parse_error err;
    rc = hs_text_parse_counts(text, max, which, &err);
    if (rc == HS_OK)
        return classes_of(r, keep, x);
    char tok[HS_TOKEN_TEXT];
    token(tok, text + err.offset, err.length);
    if (rc == HS_ERR_TOKEN)
        return fail(x, HS_ERR_ARG,
                    "opponents: '%s' is not a count 1..%d or a range N-M of them (as 1-3)", tok,
                    max);
    if (*samples == 0)
        return fail(x, HS_ERR_ARG,
                    "opponents: '%s': exact only up to %d opponents (with samples, estimates up "
                    "to %d)",
                    tok, max, HS_HOLDEM_VS_RANDOM_SAMPLE_MAX_OPPONENTS);
    return fail(x, HS_ERR_ARG, "opponents: '%s': at most %d opponents", tok, max);
}

/* The exact table's rows: per class kept (grid order), the counts of `which` in increasing
 * order. */
static void vs_random_exact_rows(hs_table *t, const hs_holdem_vs_random_counts *c, unsigned which,
                                 const unsigned char *keep) {
    for (int cls = 0; cls < HS_HOLDEM_CLASSES; cls++)
        for (int k = 1; k <= HS_HOLDEM_VS_RANDOM_MAX_OPPONENTS; k++) {
            if (!(which >> k & 1) || !keep[cls])
                continue;
            const uint64_t deals = hs_holdem_vs_random_deals(cls, k);
            /* below 2^63 against one or two (holdem.h); 128-bit shares against three */
            const hs_uint128 den = (hs_uint128)deals * HS_HOLDEM_SHARE_UNIT;
            const hs_holdem_player *p = k <= 2 ? &c->vs[cls][k - 1] : NULL;
            const hs_holdem_vs_random_row *r3 = &c->vs3[cls];
            char name[4];
            hs_holdem_class_name(cls, name);
            tbl_text(t, name);
            tbl_u128(t, (hs_uint128)k);
            tbl_u128(t, deals);
            tbl_u128(t, p != NULL ? p->wins : r3->wins);
            tbl_u128(t, p != NULL ? p->ties : r3->ties);
            tbl_u128(t, p != NULL ? p->losses : r3->losses);
            /* against one or two the equity has always been the quotient of the two doubles
             * (results/holdem_vs_random.csv), against three the exact ratio rounded */
            if (p != NULL)
                tbl_double(t, (double)p->shares / (double)den);
            else
                tbl_ratio(t, r3->shares, den);
            tbl_fraction(t, p != NULL ? p->shares : r3->shares, den);
        }
}

/* The sampled table's rows, in the same order. */
static void vs_random_sample_rows(hs_table *t, const hs_holdem_vs_random_sample_counts *c,
                                  unsigned which, const unsigned char *keep) {
    for (int cls = 0; cls < HS_HOLDEM_CLASSES; cls++)
        for (int k = 1; k <= HS_HOLDEM_VS_RANDOM_SAMPLE_MAX_OPPONENTS; k++) {
            if (!(which >> k & 1) || !keep[cls])
                continue;
            const hs_holdem_vs_random_sums *r = &c->row[k - 1][cls];
            double equity, se;
            hs_holdem_vs_random_estimate(r, c->samples[k - 1], &equity, &se);
            char name[4];
            hs_holdem_class_name(cls, name);
            tbl_text(t, name);
            tbl_u128(t, (hs_uint128)k);
            tbl_u128(t, c->samples[k - 1]);
            tbl_u128(t, r->wins);
            tbl_u128(t, r->ties);
            tbl_u128(t, r->hands - r->wins - r->ties);
            tbl_double(t, equity);
            tbl_double(t, se);
            tbl_text(t, "estimate");
        }
}

/* holdem vs-random: each class against 1..3 random hands exactly (a job over the preflop boards),
 * or against 1..9 estimated from samples (a job of sampled deals). */
static int run_holdem_vs_random(const hs_request *r, run_ctx *x) {
    unsigned which;
    uint64_t samples, seed;
    unsigned char keep[HS_HOLDEM_CLASSES];
    int rc = vs_random_args(r, &which, &samples, &seed, keep, x);
    if (rc != HS_OK)
        return rc;
    const int top = 31 - __builtin_clz(which);
    if (x->phase == WORK) {
        if (samples == 0 && top == 3)
            snprintf(x->work, x->work_cap,
                     "the exact table against three opponents: every board with every hero hand "
                     "and ordered triple of opponents' hands, about %.0f s of one core",
                     VS_RANDOM3_SECONDS);
        return HS_OK;
    }
    hs_job *own = NULL;
    const hs_job *job = x->job;
    if (x->phase == START || job == NULL) {
        hs_job **slot = x->phase == START ? x->job_out : &own;
        rc = samples > 0 ? hs_holdem_vs_random_sample_job_new(which, samples, seed, slot)
                         : hs_holdem_vs_random_job_new_own(top > 2 ? top : 2, slot);
        if (rc != HS_OK || x->phase == START)
            return rc != HS_OK ? lib_error(x, rc) : HS_OK;
        rc = hs_job_run(own, 0, hs_job_units(own),
                        &(hs_job_opts){x->threads, x->progress, x->progress_ctx, NULL, NULL, 0.0});
        job = own;
    }
    hs_table *t = NULL;
    if (rc == HS_OK && samples > 0) {
        static const char *const COLS[] = {"class",  "opponents", "samples",   "wins", "ties",
                                           "losses", "equity",    "std_error", "kind"};
        static const int KINDS[] = {HS_CELL_TEXT,    HS_CELL_INT,     HS_CELL_INT,
                                    HS_CELL_INT,     HS_CELL_INT,     HS_CELL_INT,
                                    HS_CELL_DECIMAL, HS_CELL_DECIMAL, HS_CELL_TEXT};
        t = tbl_new(COLS, KINDS, 9);
        if (t != NULL) {
            vs_random_sample_rows(t, hs_holdem_vs_random_sample_job_counts(job), which, keep);
            tbl_note(t, "samples", "%" PRIu64, samples);
            tbl_note(t, "seed", "%" PRIu64, seed);
            tbl_note(t, "kind", "estimate");
        }
    } else if (rc == HS_OK) {
        static const char *const COLS[] = {"class", "opponents", "deals",  "wins",
                                           "ties",  "losses",    "equity", "equity_exact"};
        static const int KINDS[] = {HS_CELL_TEXT, HS_CELL_INT, HS_CELL_INT,     HS_CELL_INT,
                                    HS_CELL_INT,  HS_CELL_INT, HS_CELL_DECIMAL, HS_CELL_FRACTION};
        t = tbl_new(COLS, KINDS, 8);
        if (t != NULL) {
            vs_random_exact_rows(t, hs_holdem_vs_random_job_counts(job), which, keep);
            tbl_note(t, "boards", "%zu", hs_holdem_vs_random_job_boards(job));
            tbl_note(t, "kind", "exact");
        }
    }
    hs_job_free(own);
    if (rc != HS_OK)
        return lib_error(x, rc);
    return answer(x, t);
}

/* ---- query ---------------------------------------------------------------------------------- */

static const char *const K_QUERY[] = {"query", "samples", "seed", NULL};

/* A query of the query language (handstat/query.h): compiled, then answered by the equity engine,
 * or as a job (exact or sampled) that the front end may run its own way. */
static int run_query(const hs_request *r, run_ctx *x) {
    const char *text = get(r, "query");
    if (text == NULL)
        return fail(x, HS_ERR_ARG, "query: give the query text (select ... from ...)");
    uint64_t samples, seed;
    int rc = samples_of(r, &samples, &seed, x);
    if (rc != HS_OK)
        return rc;
    hs_query *q;
    hs_query_error e;
    rc = hs_query_compile(text, strlen(text), &q, &e);
    /* the query text is data: a wrong argument in it is a bad token, not a bad option */
    if (rc != HS_OK)
        return fail(x, rc == HS_ERR_ARG ? HS_ERR_TOKEN : rc, "%s",
                    rc == HS_ERR_NOMEM ? "out of memory" : e.message);
    const int engine = hs_query_uses_engine(q, samples);
    if (x->phase == WORK) {
        if (samples == 0 && !engine && hs_query_size(q) > 1e8)
            snprintf(x->work, x->work_cap, "up to %.3g deals to evaluate, every one exactly",
                     hs_query_size(q));
    } else if (x->phase == START) {
        *x->job_out = NULL;
        if (!engine && (rc = hs_query_job_new(q, samples, seed, x->job_out, &e)) != HS_OK)
            rc = fail(x, rc, "%s", e.message);
    } else {
        hs_table *t = NULL;
        rc = hs_query_run(q, x->job, samples, seed, x->threads, x->progress, x->progress_ctx, &t,
                          &e);
        if (rc != HS_OK)
            rc = fail(x, rc, "%s", e.message);
        else
            *x->out = t;
    }
    hs_query_free(q);
    return rc;
}

/* ---- the commands -----------------------------------------------------------------------------
 */

/* Every command: its name, its keys, its runner (one list for the table and the names). */
#define COMMAND_LIST(X)                                                                            \
    X("holdem equity", K_EQUITY, run_holdem_equity)                                                \
    X("shortdeck equity", K_SHORTDECK, run_shortdeck_equity)                                       \
    X("holdem hits", K_HITS, run_holdem_hits)                                                      \
    X("holdem equity-dist", K_DIST, run_holdem_equity_dist)                                        \
    X("omaha equity", K_OMAHA, run_omaha_equity)                                                   \
    X("stud equity", K_STUD, run_stud_equity)                                                      \
    X("razz equity", K_RAZZ, run_razz_equity)                                                      \
    X("crib score", K_CRIB, run_crib_score)                                                        \
    X("crib explain", K_CRIB, run_crib_explain)                                                    \
    X("crib discard", K_DISCARD, run_crib_discard)                                                 \
    X("poker rank", K_POKER, run_poker_rank)                                                       \
    X("crib peg", K_PEG, run_crib_peg)                                                             \
    X("crib peg-line", K_PEG, run_crib_peg_line)                                                   \
    X("crib hist", K_CRIB_HIST, run_crib_hist)                                                     \
    X("lowball rank", K_LOWBALL, run_lowball_rank)                                                 \
    X("shortdeck rank", K_SHORTDECK_RANK, run_shortdeck_rank)                                      \
    X("omaha rank", K_OMAHA_RANK, run_omaha_rank)                                                  \
    X("poker compare", K_POKER, run_poker_compare)                                                 \
    X("poker hist", K_POKER_HIST, run_poker_hist)                                                  \
    X("shortdeck hist", K_SHORTDECK_HIST, run_shortdeck_hist)                                      \
    X("lowball hist", K_LOWBALL_HIST, run_lowball_hist)                                            \
    X("poker showdown", K_POKER, run_poker_showdown)                                               \
    X("poker pe54", K_POKER, run_poker_pe54)                                                       \
    X("holdem vs-random", K_VS_RANDOM, run_holdem_vs_random)                                       \
    X("query", K_QUERY, run_query)

#define AS_DEF(name, keys, run) {name, keys, run},
static const cmd_def COMMANDS[] = {COMMAND_LIST(AS_DEF)};
#define N_COMMANDS (sizeof COMMANDS / sizeof COMMANDS[0])

const char *const *hs_request_commands(void) {
#define AS_NAME(name, keys, run) name,
    static const char *const NAMES[] = {COMMAND_LIST(AS_NAME) NULL};
    return NAMES;
}

int hs_request_new(const char *command, hs_request **out) {
    *out = NULL;
    if (command == NULL)
        return HS_ERR_ARG;
    for (size_t i = 0; i < N_COMMANDS; i++)
        if (strcmp(command, COMMANDS[i].name) == 0) {
            hs_request *r = calloc(1, sizeof *r);
            if (r == NULL)
                return HS_ERR_NOMEM;
            r->cmd = &COMMANDS[i];
            *out = r;
            return HS_OK;
        }
    return HS_ERR_ARG;
}

int hs_request_add(hs_request *r, const char *key, const char *value) {
    if (r == NULL || key == NULL || value == NULL)
        return HS_ERR_ARG;
    int known = 0;
    for (const char *const *k = r->cmd->keys; *k != NULL; k++)
        known |= strcmp(*k, key) == 0;
    if (!known)
        return HS_ERR_ARG;
    if (strcmp(key, "hand") != 0 && get(r, key) != NULL)
        return HS_ERR_DUPLICATE;
    if (r->n >= MAX_ARGS)
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

static int phase(const hs_request *r, run_ctx *x) {
    if (x->msg != NULL && x->cap > 0)
        x->msg[0] = '\0';
    if (r == NULL)
        return fail(x, HS_ERR_ARG, "no request");
    if (x->threads < 0)
        return fail(x, HS_ERR_ARG, "threads: at least 0");
    return r->cmd->run(r, x);
}

int hs_request_start(const hs_request *r, hs_job **job, char *msg, size_t cap) {
    *job = NULL;
    run_ctx x = {.phase = START, .job_out = job, .msg = msg, .cap = cap};
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
    run_ctx x = {.phase = FINISH,
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
    if (r == NULL || (r->cmd->run != run_holdem_equity && r->cmd->run != run_shortdeck_equity &&
                      r->cmd->run != run_holdem_vs_random))
        return buf;
    run_ctx x = {.phase = WORK, .work = buf, .work_cap = cap};
    if (r->cmd->run(r, &x) != HS_OK)
        buf[0] = '\0';
    return buf;
}

/* Measured costs on one Intel Xeon thread: a combination categorized on one board (hits), a
 * combination ranked and swept on one board (equity-dist), one counting step of stud. */
#define HIT_SECONDS 130e-9
#define DIST_SECONDS 20e-9
#define STUD_STEP_SECONDS 1e-9
/* a query's deal evaluated (the flush-draw question of the README: about 25 ns), and a sample */
#define QUERY_DEAL_SECONDS 20e-9
#define QUERY_SAMPLE_SECONDS 100e-9

double hs_request_job_seconds(const hs_request *r, const hs_job *job) {
    if (r == NULL || job == NULL)
        return 0;
    const char *name = r->cmd->name;
    if (strcmp(name, "holdem hits") == 0) {
        const char *p = strstr(hs_job_params(job), "streets=");
        const unsigned streets = p != NULL ? (unsigned)atoi(p + 8) : 1;
        const double per_unit = ((streets & 1) ? 19600.0 : 0) + ((streets & 2) ? 230300.0 : 0) +
                                ((streets & 4) ? 2118760.0 : 0);
        return per_unit * (double)hs_job_units(job) * HIT_SECONDS;
    }
    if (strcmp(name, "holdem equity-dist") == 0)
        return (double)hs_holdem_equity_dist_boards(job) * HS_HOLDEM_COMBOS * DIST_SECONDS;
    if (strcmp(name, "stud equity") == 0 || strcmp(name, "razz equity") == 0) {
        /* the hands and dead cards from the request again (checked when the job was made) */
        uint64_t hands[HS_STUD_MAX_PLAYERS], dead = 0;
        int cards[HS_CARDS], n = 0;
        run_ctx x = {.phase = FINISH};
        for (int i = 0; i < r->n && n < HS_STUD_MAX_PLAYERS; i++)
            if (strcmp(r->key[i], "hand") == 0 &&
                cards_of("hand", r->value[i], 0, 7, "", cards, &hands[n], &x) >= 0)
                n++;
        const char *d = get(r, "dead");
        if (d != NULL && cards_of("dead", d, 0, HS_CARDS, "", cards, &dead, &x) < 0)
            dead = 0;
        double steps = 0, deals = 0;
        hs_stud_equity_size(hands, n, dead, &steps, &deals);
        return steps * STUD_STEP_SECONDS;
    }
    if (strcmp(name, "holdem vs-random") == 0) {
        /* the arguments again (checked when the job was made) */
        unsigned which = 0;
        uint64_t samples = 0, seed;
        unsigned char keep[HS_HOLDEM_CLASSES];
        run_ctx x = {.phase = FINISH};
        if (vs_random_args(r, &which, &samples, &seed, keep, &x) != HS_OK)
            return 0;
        if (samples > 0)
            return (double)samples * (double)__builtin_popcount(which) * VS_RANDOM_SAMPLE_SECONDS;
        return which >> 3 & 1 ? VS_RANDOM3_SECONDS : VS_RANDOM_SECONDS;
    }
    if (strcmp(name, "query") == 0) {
        const char *samples = get(r, "samples");
        if (samples != NULL)
            return strtod(samples, NULL) * QUERY_SAMPLE_SECONDS;
        const char *text = get(r, "query");
        hs_query *q;
        if (text == NULL || hs_query_compile(text, strlen(text), &q, NULL) != HS_OK)
            return 0;
        const double seconds = hs_query_size(q) * QUERY_DEAL_SECONDS;
        hs_query_free(q);
        return seconds;
    }
    return 0;
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
