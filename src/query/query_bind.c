/* The query's names given their meaning (handstat/query.h): the from clause's bindings (the game,
 * the board, the dead cards, each player's hands), and the names inside expressions resolved to
 * functions of a deal, players, streets, hand types, suits, categories and booleans. The checker
 * (query_check.c) resolves the names as it types each node, so that errors come in the text's
 * order. */
#include "query_internal.h"

#include "handstat/handstat.h"

#include "combin.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- the from clause ------------------------------------------------------------------------- */

static int cards_value(pctx *p, const binding *b, const char *what, int max, int *cards,
                       uint64_t *mask) {
    size_t n = 0;
    hs_parse_error e;
    int rc = hs_cards_parse(p->text + b->voff, b->vlen, cards, (size_t)max, &n, &e);
    char t[HS_TOKEN_TEXT];
    if (rc == HS_ERR_TOKEN || rc == HS_ERR_DUPLICATE)
        return hs_q_perr(p, rc, b->voff + e.offset, e.length, "%s: '%s' is %s", what,
                         hs_q_tok(p, t, b->voff + e.offset, e.length),
                         rc == HS_ERR_TOKEN ? "not a card" : "a duplicate card");
    if (rc == HS_ERR_COUNT)
        return hs_q_perr(p, rc, b->voff + e.offset, e.length,
                         "%s: too many cards at '%s' (at most %d)", what,
                         hs_q_tok(p, t, b->voff + e.offset, e.length), max);
    if (rc != HS_OK)
        return hs_q_perr(p, rc, b->voff, b->vlen, "%s: %s", what, hs_strerror(rc));
    *mask = hs_cards_mask(cards, n);
    return (int)n;
}

/* Player i's hands from its binding: masks meeting the board or dead cards left out. */
static int player_hands(pctx *p, int i, const binding *b) {
    hs_query *q = p->q;
    const uint64_t out = q->board | q->dead;
    const char *v = p->text + b->voff;
    char t[HS_TOKEN_TEXT];
    /* "*" (any number of them: PQL writes "**" and "****"); the value is not NUL-terminated */
    size_t stars = 0;
    while (stars < b->vlen && v[stars] == '*')
        stars++;
    const int star = b->vlen > 0 && stars == b->vlen;
    if (q->game == GAME_HOLDEM) {
        hs_holdem_range *r = malloc(sizeof *r);
        if (r == NULL)
            return hs_q_perr(p, HS_ERR_NOMEM, b->voff, b->vlen, "out of memory");
        q->range[i] = r;
        hs_parse_error e;
        const char *why = NULL;
        int rc = star ? hs_holdem_range_parse("random", 6, r, NULL, 0, &e)
                      : hs_holdem_range_parse_why(v, b->vlen, r, NULL, 0, &e, &why);
        if (rc != HS_OK) {
            const size_t off = b->voff + e.offset;
            if (rc == HS_ERR_TOKEN && why != NULL &&
                strcmp(why, "not two cards, a class or a range item") != 0 &&
                strcmp(why, "an empty item") != 0) /* a weight, a bracket, a suit filter */
                return hs_q_perr(p, rc, off, e.length, "%s: '%s': %s", q->pname[i],
                                 hs_q_tok(p, t, off, e.length), why);
            if (rc == HS_ERR_DUPLICATE)
                return hs_q_perr(p, rc, off, e.length,
                                 "%s: '%s' repeats a combination of an earlier item", q->pname[i],
                                 hs_q_tok(p, t, off, e.length));
            return hs_q_perr(
                p, HS_ERR_TOKEN, off, e.length,
                "%s: '%s' is not two cards, a class or a range item (AhKd, AA, AKs, AK, QQ+, "
                "A2s+, 55-22, A5s-A2s, random, *, 15%%, ITEM@50)",
                q->pname[i], hs_q_tok(p, t, off, e.length));
        }
        q->hands[i] = malloc(r->n * sizeof(uint64_t) + 1);
        q->weight[i] = malloc(r->n * sizeof(uint32_t) + 1);
        if (q->hands[i] == NULL || q->weight[i] == NULL)
            return hs_q_perr(p, HS_ERR_NOMEM, b->voff, b->vlen, "out of memory");
        uint32_t g = 0;
        for (size_t k = 0; k < r->n; k++)
            g = (uint32_t)hs_gcd(g, r->weight[k]);
        size_t n = 0;
        for (size_t k = 0; k < r->n; k++)
            if ((r->combo[k] & out) == 0) {
                q->hands[i][n] = r->combo[k];
                q->weight[i][n++] = r->weight[k] / g;
            }
        q->nhands[i] = n;
    } else {
        /* an Omaha range (handstat/omaha.h's grammar: exact hands, "*", AA**, AxAyxy, ...) */
        hs_omaha_range r;
        hs_parse_error e = {0, 0, 0};
        char why[128];
        int rc = star ? hs_omaha_range_parse("*", 1, q->hole_cards, &r, &e, why, sizeof why)
                      : hs_omaha_range_parse(v, b->vlen, q->hole_cards, &r, &e, why, sizeof why);
        if (rc == HS_ERR_TOKEN || rc == HS_ERR_COUNT)
            return hs_q_perr(p, rc, b->voff + e.offset, e.length,
                             "%s: '%s': %s (an Omaha hand or range of %d cards: AsAd8s8d, *, "
                             "AA**, AxAyxy, KK-TT:$ds, ...)",
                             q->pname[i], hs_q_tok(p, t, b->voff + e.offset, e.length), why,
                             q->hole_cards);
        if (rc != HS_OK)
            return hs_q_perr(p, rc, b->voff, b->vlen, "%s: %s", q->pname[i],
                             rc == HS_ERR_OVERFLOW ? why : hs_strerror(rc));
        q->hands[i] = malloc(r.n * sizeof(uint64_t) + 1);
        q->weight[i] = malloc(r.n * sizeof(uint32_t) + 1);
        if (q->hands[i] == NULL || q->weight[i] == NULL) {
            hs_omaha_range_free(&r);
            return hs_q_perr(p, HS_ERR_NOMEM, b->voff, b->vlen, "out of memory");
        }
        uint32_t g = 0;
        for (size_t k = 0; k < r.n; k++)
            g = (uint32_t)hs_gcd(g, r.weight[k]);
        size_t n = 0;
        for (size_t k = 0; k < r.n; k++)
            if ((r.hand[k] & out) == 0) {
                q->hands[i][n] = r.hand[k];
                q->weight[i][n++] = r.weight[k] / g;
            }
        if (r.n != 1)
            q->concrete = 0;
        hs_omaha_range_free(&r);
        q->nhands[i] = n;
    }
    if (q->nhands[i] == 0)
        return hs_q_perr(p, HS_ERR_COUNT, b->voff, b->vlen,
                         "%s: every hand of '%s' meets the board or the dead cards", q->pname[i],
                         hs_q_tok(p, t, b->voff, b->vlen));
    return HS_OK;
}

int hs_q_bind(pctx *p, const binding *b, int nb) {
    hs_query *q = p->q;
    char t[HS_TOKEN_TEXT];
    for (int i = 0; i < nb; i++)
        for (int j = 0; j < i; j++)
            if (hs_q_name_is(p->text + b[i].noff, b[i].nlen, "") == 0 && b[i].nlen == b[j].nlen &&
                strncasecmp(p->text + b[i].noff, p->text + b[j].noff, b[i].nlen) == 0)
                return hs_q_perr(p, HS_ERR_DUPLICATE, b[i].noff, b[i].nlen, "'%s' is given twice",
                                 hs_q_tok(p, t, b[i].noff, b[i].nlen));
    q->game = GAME_HOLDEM;
    q->concrete = 1;
    for (int i = 0; i < nb; i++)
        if (hs_q_name_is(p->text + b[i].noff, b[i].nlen, "game")) {
            const char *v = p->text + b[i].voff;
            q->hole_cards = 4;
            if (hs_q_name_is(v, b[i].vlen, "holdem"))
                q->game = GAME_HOLDEM;
            else if (hs_q_name_is(v, b[i].vlen, "omahahi") || hs_q_name_is(v, b[i].vlen, "omaha"))
                q->game = GAME_OMAHA;
            else if (hs_q_name_is(v, b[i].vlen, "omaha8"))
                q->game = GAME_OMAHA, q->hilo = 1;
            else if (hs_q_name_is(v, b[i].vlen, "omahahi5"))
                q->game = GAME_OMAHA, q->hole_cards = 5;
            else if (hs_q_name_is(v, b[i].vlen, "omaha85"))
                q->game = GAME_OMAHA, q->hilo = 1, q->hole_cards = 5;
            else
                return hs_q_perr(p, HS_ERR_TOKEN, b[i].voff, b[i].vlen,
                                 "game: '%s' is not a game here (holdem, omahahi, omaha8, "
                                 "omahahi5, omaha85)",
                                 hs_q_tok(p, t, b[i].voff, b[i].vlen));
        }
    if (q->game == GAME_HOLDEM)
        q->hole_cards = 2;
    q->unit = q->hilo ? HS_OMAHA_SHARE_UNIT : HS_HOLDEM_SHARE_UNIT;
    const binding *dead_at = NULL;
    for (int i = 0; i < nb; i++) {
        const char *nm = p->text + b[i].noff;
        if (hs_q_name_is(nm, b[i].nlen, "board")) {
            const int n = cards_value(p, &b[i], "board", 5, q->board_cards, &q->board);
            if (n < 0)
                return p->rc;
            q->nboard = n;
        } else if (hs_q_name_is(nm, b[i].nlen, "dead")) {
            int cards[HS_CARDS];
            const int n = cards_value(p, &b[i], "dead", HS_CARDS, cards, &q->dead);
            if (n < 0)
                return p->rc;
            dead_at = &b[i];
            /* the dead card that is on the board, located in the dead cards' text */
            for (int k = 0; k < n && q->board != 0; k++)
                if (q->board >> cards[k] & 1) {
                    size_t e = 0, got = 0, start = 0;
                    int tmp[HS_CARDS];
                    /* the shortest prefix holding k + 1 cards ends it; the longest holding k
                     * (parsed whole) starts it */
                    while (got <= (size_t)k && e < b[i].vlen) {
                        e++;
                        const int ok = hs_cards_parse(p->text + b[i].voff, e, tmp, HS_CARDS, &got,
                                                      NULL) == HS_OK;
                        if (!ok)
                            got = 0;
                        else if (got == (size_t)k)
                            start = e;
                    }
                    while (start < e && p->text[b[i].voff + start] == ' ')
                        start++;
                    char c[3];
                    hs_card_format(cards[k], c);
                    return hs_q_perr(p, HS_ERR_DUPLICATE, b[i].voff + start, e - start,
                                     "%s is both a board card and a dead card", c);
                }
        }
    }
    if (q->board & q->dead) { /* the board given after the dead cards */
        char c[3];
        hs_card_format(__builtin_ctzll(q->board & q->dead), c);
        return hs_q_perr(p, HS_ERR_DUPLICATE, dead_at->voff, dead_at->vlen,
                         "%s is both a board card and a dead card", c);
    }
    hs_hand_format(q->board, q->board_text, sizeof q->board_text);
    hs_hand_format(q->dead, q->dead_text, sizeof q->dead_text);
    for (int i = 0; i < nb; i++) {
        const char *nm = p->text + b[i].noff;
        if (hs_q_name_is(nm, b[i].nlen, "game") || hs_q_name_is(nm, b[i].nlen, "board") ||
            hs_q_name_is(nm, b[i].nlen, "dead"))
            continue;
        if (q->np >= Q_MAX_PLAYERS)
            return hs_q_perr(p, HS_ERR_COUNT, b[i].noff, b[i].nlen, "more than %d players",
                             Q_MAX_PLAYERS);
        const int k = q->np++;
        snprintf(q->pname[k], sizeof q->pname[k], "%.*s", (int)(b[i].nlen > 47 ? 47 : b[i].nlen),
                 nm);
        if (player_hands(p, k, &b[i]) != HS_OK)
            return p->rc;
    }
    if (q->np == 0)
        return hs_q_perr(p, HS_ERR_COUNT, b[0].noff, 0,
                         "no player: name at least one (hero=AKs, villain=QQ+)");
    /* A deal's weight is the product of the players' weights (each range's divided by their
     * gcd) and the runner multiplies it by item values in 128 bits unchecked: keep it within
     * 100^9 = 1e18 (about 2^60), the most it could be when weights were whole percents, so
     * every product the runner forms fits as it always did. Finer weights for many players
     * (10000^5 > 1e18) are refused rather than risked. */
    hs_uint128 most = 1;
    for (int k = 0; k < q->np; k++) {
        uint32_t top = 0;
        for (size_t j = 0; j < q->nhands[k]; j++)
            top = q->weight[k][j] > top ? q->weight[k][j] : top;
        most *= top > 0 ? top : 1;
        if (most > (hs_uint128)1000000000000000000u)
            return hs_q_perr(p, HS_ERR_OVERFLOW, b[0].noff, 0,
                             "the players' weights are too fine together: the product of each "
                             "range's largest weight (over their gcd) passes 100^9; use coarser "
                             "weights");
    }
    if (q->hole_cards * q->np + 5 + __builtin_popcountll(q->dead) > HS_CARDS)
        return hs_q_perr(p, HS_ERR_COUNT, b[0].noff, 0,
                         "too many cards: %d players, 5 board cards and %d dead", q->np,
                         __builtin_popcountll(q->dead));
    return HS_OK;
}

/* ---- the deal's shape ------------------------------------------------------------------------ */

int hs_q_known_count(const hs_query *q, int street) {
    static const int n[ST_N] = {0, 3, 4, 5};
    return n[street] > q->nboard ? n[street] : q->nboard;
}

uint64_t hs_q_completions(const hs_query *q, int street) {
    const int known = hs_q_known_count(q, street);
    const int left = HS_CARDS - q->hole_cards * q->np - __builtin_popcountll(q->dead) - known;
    return hs_binom((unsigned)left, (unsigned)(5 - known));
}

/* ---- names of constants ---------------------------------------------------------------------- */

const char *const hs_q_streets[ST_N] = {"preflop", "flop", "turn", "river"};
/* Hand types by value 0 (high card) .. 8 (straight flush) and their aliases. */
static const struct {
    const char *name;
    int v;
} types[] = {{"highcard", 0},    {"pair", 1},          {"onepair", 1}, {"twopair", 2},
             {"trips", 3},       {"threeofakind", 3},  {"set", 3},     {"straight", 4},
             {"flush", 5},       {"fullhouse", 5 + 1}, {"boat", 6},    {"quads", 7},
             {"fourofakind", 7}, {"straightflush", 8}, {"strflush", 8}};
static const char *const suits[4] = {"clubs", "diamonds", "hearts", "spades"};
/* Low hand types (lowHand) by value LOW_NONE .. LOW_FIVE and their aliases. */
static const struct {
    const char *name;
    int v;
} lows[] = {{"nolow", LOW_NONE}, {"eightlow", LOW_EIGHT}, {"sevenlow", LOW_SEVEN},
            {"sixlow", LOW_SIX}, {"fivelow", LOW_FIVE},   {"wheel", LOW_FIVE}};

/* The category constant's name in the library's spelling without '_' (top_pair: toppair). */
static int match_lib_name(const char *s, size_t n, const char *lib) {
    char buf[48];
    size_t k = 0;
    for (; *lib != '\0' && k + 1 < sizeof buf; lib++)
        if (*lib != '_')
            buf[k++] = *lib;
    buf[k] = '\0';
    if (hs_q_name_is(s, n, buf))
        return 1;
    /* PQL's flop-prefixed spellings: flopTopPair, flopSet */
    return n > 4 && hs_q_name_is(s, 4, "flop") && hs_q_name_is(s + 4, n - 4, buf);
}

/* ---- names of functions ---------------------------------------------------------------------- */

static const q_fdef fns[] = {
    {"riverequity", "P", T_NUM, F_RIVER_EQUITY},
    {"equity", "PS", T_NUM, F_EQUITY},
    {"hvhequity", "PS", T_NUM, F_EQUITY},
    {"winshi", "P", T_BOOL, F_WINS_HI},
    {"tieshi", "P", T_BOOL, F_TIES_HI},
    {"scoops", "P", T_BOOL, F_SCOOPS},
    {"besthirating", "PS", T_BOOL, F_BEST_HI},
    {"handtype", "PS", T_HANDTYPE, F_HAND_TYPE},
    {"hirating", "PS", T_NUM, F_HI_RATING},
    {"winninghandtype", "", T_HANDTYPE, F_WINNING_TYPE},
    {"handcategory", "PS", T_CATEGORY, F_CATEGORY},
    {"flophandcategory", "P", T_CATEGORY, F_CATEGORY},
    {"outs", "PS", T_NUM, F_OUTS},
    {"outstohandtype", "PST", T_NUM, F_OUTS_TYPE},
    {"nuthi", "PS", T_BOOL, F_NUT_HI},
    {"inrange", "PR", T_BOOL, F_IN_RANGE},
    {"boardsuitcount", "S", T_NUM, F_SUIT_COUNT},
    {"pairedboard", "S", T_BOOL, F_PAIRED},
    {"monotoneboard", "S", T_BOOL, F_MONOTONE},
    {"twotoneboard", "S", T_BOOL, F_TWO_TONE},
    {"rainbowboard", "S", T_BOOL, F_RAINBOW},
    {"flushingboard", "S", T_BOOL, F_FLUSHING},
    {"straightboard", "S", T_BOOL, F_STRAIGHT_BOARD},
    {"turnsuit", "", T_SUIT, F_TURN_SUIT},
    {"riversuit", "", T_SUIT, F_RIVER_SUIT},
    {"turnrank", "", T_NUM, F_TURN_RANK},
    {"riverrank", "", T_NUM, F_RIVER_RANK},
    {"winslo", "P", T_BOOL, F_WINS_LO},
    {"tieslo", "P", T_BOOL, F_TIES_LO},
    {"haslow", "PS", T_BOOL, F_HAS_LOW},
    {"hiequity", "PS", T_NUM, F_HI_EQUITY},
    {"loequity", "PS", T_NUM, F_LO_EQUITY},
    {"lowhand", "PS", T_LOWHAND, F_LOW_HAND},
    {"lorating", "PS", T_NUM, F_LO_RATING},
    {"nutlo", "PS", T_BOOL, F_NUT_LO},
};

const q_fdef *hs_q_function(pctx *p, const qnode *n) {
    const q_fdef *f = NULL;
    for (size_t k = 0; k < sizeof fns / sizeof fns[0]; k++)
        if (hs_q_name_is(p->text + n->off, n->len, fns[k].name))
            f = &fns[k];
    return f;
}

/* ---- names in expressions -------------------------------------------------------------------- */

/* A bare name as a player's index, or -1. */
int hs_q_player_of(pctx *p, const qnode *n) {
    if (n->kind != N_NAME)
        return -1;
    for (int k = 0; k < p->q->np; k++)
        if (strlen(p->q->pname[k]) == n->len &&
            strncasecmp(p->q->pname[k], p->text + n->off, n->len) == 0)
            return k;
    return -1;
}

int hs_q_street_of(pctx *p, const qnode *n) {
    if (n->kind != N_NAME)
        return -1;
    for (int s = 0; s < ST_N; s++)
        if (hs_q_name_is(p->text + n->off, n->len, hs_q_streets[s]))
            return s;
    return -1;
}

int hs_q_handtype_of(pctx *p, const qnode *n) {
    for (size_t k = 0; k < sizeof types / sizeof types[0]; k++)
        if (hs_q_name_is(p->text + n->off, n->len, types[k].name))
            return types[k].v;
    return -1;
}

/* Resolve a bare name against a type: its constant value, or -1 (category flags: -2 - flag). */
int64_t hs_q_const_of(pctx *p, const qnode *n, int type) {
    const char *s = p->text + n->off;
    switch (type) {
    case T_HANDTYPE:
        return hs_q_handtype_of(p, n);
    case T_LOWHAND:
        for (size_t k = 0; k < sizeof lows / sizeof lows[0]; k++)
            if (hs_q_name_is(s, n->len, lows[k].name))
                return lows[k].v;
        return -1;
    case T_SUIT:
        for (int k = 0; k < 4; k++)
            if (hs_q_name_is(s, n->len, suits[k]))
                return k;
        return -1;
    case T_CATEGORY:
        for (int k = 0; k < HS_HIT_MADE; k++)
            if (match_lib_name(s, n->len, hs_holdem_hit_name(k)))
                return k;
        for (int k = 0; k < HS_HIT_FLAGS; k++)
            if (match_lib_name(s, n->len, hs_holdem_hit_flag_name(k)))
                return -2 - k;
        return -1;
    case T_BOOL:
        if (hs_q_name_is(s, n->len, "true"))
            return 1;
        if (hs_q_name_is(s, n->len, "false"))
            return 0;
        return -1;
    default:
        return -1;
    }
}

static int mask_order(const void *a, const void *b) {
    const uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

/* Omaha: the player's hands (q->hands) that the Omaha range text x holds, whatever their weight
 * there, sorted for the evaluator's binary search. */
static int bind_omaha_range(pctx *p, qnode *n, const qnode *x) {
    hs_query *q = p->q;
    char t[HS_TOKEN_TEXT];
    hs_omaha_matcher *m;
    hs_parse_error e = {0, 0, 0};
    char why[128];
    int rc = hs_omaha_matcher_new(p->text + x->off, x->len, q->hole_cards, &m, &e, why, sizeof why);
    if (rc == HS_ERR_TOKEN || rc == HS_ERR_COUNT)
        return hs_q_perr(p, rc, x->off + e.offset, e.length,
                         "inRange: '%s': %s (an Omaha range of %d cards: AsAd8s8d, AA**, AxAyxy, "
                         "KK-TT:$ds, ...)",
                         hs_q_tok(p, t, x->off + e.offset, e.length), why, q->hole_cards);
    if (rc != HS_OK)
        return hs_q_perr(p, rc, x->off, x->len, "inRange: %s", hs_strerror(rc));
    const int pl = n->player;
    uint64_t *set = malloc(q->nhands[pl] * sizeof *set + 1);
    void *grown = realloc(q->oset, (size_t)(q->nosets + 1) * sizeof *q->oset);
    if (grown != NULL)
        q->oset = grown;
    void *grown_n = realloc(q->noset, (size_t)(q->nosets + 1) * sizeof *q->noset);
    if (grown_n != NULL)
        q->noset = grown_n;
    if (set == NULL || grown == NULL || grown_n == NULL) {
        free(set);
        hs_omaha_matcher_free(m);
        return hs_q_perr(p, HS_ERR_NOMEM, x->off, x->len, "out of memory");
    }
    size_t k = 0;
    for (size_t i = 0; i < q->nhands[pl]; i++)
        if (hs_omaha_matcher_weight(m, q->hands[pl][i]) > 0)
            set[k++] = q->hands[pl][i];
    hs_omaha_matcher_free(m);
    qsort(set, k, sizeof *set, mask_order); /* q->hands is ascending already: cheap */
    q->oset[q->nosets] = set;
    q->noset[q->nosets] = k;
    n->range = q->nosets++;
    return HS_OK;
}

int hs_q_bind_range(pctx *p, qnode *n, const qnode *x) {
    hs_query *q = p->q;
    char t[HS_TOKEN_TEXT];
    if (x->kind != N_STR && x->kind != N_NAME)
        return hs_q_perr(p, HS_ERR_ARG, x->off, x->len, "inRange wants a range in quotes, not '%s'",
                         hs_q_tok(p, t, x->off, x->len));
    if (q->game != GAME_HOLDEM)
        return bind_omaha_range(p, n, x);
    hs_holdem_range *r = malloc(sizeof *r);
    void *grown = realloc(q->sets, (size_t)(q->nsets + 1) * sizeof *q->sets);
    if (r == NULL || grown == NULL) {
        free(r);
        return hs_q_perr(p, HS_ERR_NOMEM, x->off, x->len, "out of memory");
    }
    q->sets = grown;
    hs_parse_error e;
    int rc = hs_holdem_range_parse(p->text + x->off, x->len, r, NULL, 0, &e);
    if (rc != HS_OK) {
        free(r);
        return hs_q_perr(p, rc == HS_ERR_DUPLICATE ? rc : HS_ERR_TOKEN, x->off + e.offset, e.length,
                         "inRange: '%s' is %s", hs_q_tok(p, t, x->off + e.offset, e.length),
                         rc == HS_ERR_DUPLICATE ? "a repeated combination"
                                                : "not a range item (AhKd, AA, AKs, QQ+, ...)");
    }
    memset(q->sets[q->nsets], 0, sizeof q->sets[0]);
    for (size_t c = 0; c < r->n; c++) {
        const int lo = __builtin_ctzll(r->combo[c]);
        const int hi = 63 - __builtin_clzll(r->combo[c]);
        const int idx = hi * 52 + lo;
        q->sets[q->nsets][idx / 64] |= UINT64_C(1) << (idx % 64);
    }
    free(r);
    n->range = q->nsets++;
    return HS_OK;
}
