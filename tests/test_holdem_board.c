/* Hold'em board analysis (handstat/holdem_board.h) against the plain reference categorizer of
 * hits_ref.c, written from the header's definitions apart from the library:
 *   - hand-picked hands with their expected category and flags, at least two per category and per
 *     flag (edge cases: wheel draws, straights and flushes on the board, board pairs and trips,
 *     counterfeited two pair, the nut flush draw with the ace on the board, street limits), each
 *     checked against the library and the reference alike, so the reference is checked too;
 *   - the all-flops/turns/rivers job against a brute force (every combination of the range times
 *     every board of the other cards, categorized by the reference and by hs_holdem_hit) for
 *     eleven ranges on the flop (weighted ones, "random"), three on the turn, one class on the
 *     river, one with dead cards (counted per combination), at one and two threads;
 *   - the published flop facts (a pocket pair flops its rank on 2,304 of 19,600 flops, a suited
 *     hand a flush on 165 and a flush draw on 2,145, two unpaired cards pair on 6,356), for every
 *     class they apply to in the runs above;
 *   - the range on one board, weights and dead cards included;
 *   - the equity distribution: every combination against hs_holdem_equity_ranges with that
 *     combination alone (and against the brute-force reference ref_holdem_equity on a turn), the
 *     weighted mean against the range's equity, exactly; threads 1 and 2, the order, the
 *     combinations left out, the symmetry found, the errors. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <cmocka.h>

#include "handstat/handstat.h"
#include "handstat/holdem_board.h"
#include "hits_ref.h"
#include "holdem_internal.h" /* the equity distribution forced one way or the other */
#include "holdem_ref.h"
#include "poker_ref.h"
#include "test_skip.h"

static ref_hits *REF;

static uint64_t cards(const char *text) {
    int c[52];
    size_t n;
    assert_int_equal(hs_cards_parse(text, strlen(text), c, 52, &n, NULL), HS_OK);
    return hs_cards_mask(c, n);
}

/* The card ids of a mask, increasing; returns their number. */
static int ids(uint64_t m, int *out) {
    int n = 0;
    for (int c = 0; c < HS_CARDS; c++)
        if (m & hs_card_bit(c))
            out[n++] = c;
    return n;
}

static hs_holdem_range *range_of(const char *text) {
    hs_holdem_range *r = malloc(sizeof *r);
    assert_non_null(r);
    assert_int_equal(hs_holdem_range_parse(text, strlen(text), r, NULL, 0, NULL), HS_OK);
    return r;
}

static double seconds(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static void flag_text(unsigned f, char *buf, size_t cap) {
    buf[0] = '\0';
    for (int k = 0; k < HS_HIT_FLAGS; k++)
        if (f & HS_HIT_F(k)) {
            strncat(buf, hs_holdem_hit_flag_name(k), cap - strlen(buf) - 2);
            strncat(buf, " ", cap - strlen(buf) - 1);
        }
}

/* The reference on masks. */
static int ref_hit_mask(uint64_t hole, uint64_t board, unsigned *flags) {
    int h[2], b[5];
    assert_int_equal(ids(hole, h), 2);
    const int nb = ids(board, b);
    return ref_hit(REF, h, b, nb, flags);
}

/* ---- hand-picked hands ----------------------------------------------------------------------- */

#define F(x) HS_HIT_F(HS_HIT_##x)

typedef struct hit_case {
    const char *hole, *board;
    int made;
    unsigned flags;
} hit_case;

static const hit_case CASES[] = {
    /* straight flush: a wheel one, one on the board that plays */
    {"9h 8h", "7h 6h 5h", HS_HIT_STRAIGHT_FLUSH, 0},
    {"Ah 2c", "3h 4h 5h 2h", HS_HIT_STRAIGHT_FLUSH, 0},
    {"Ac Kc", "5h 6h 7h 8h 9h", HS_HIT_STRAIGHT_FLUSH, F(PLAYS_BOARD)},
    /* quads: a pocket pair, quads on the board with a kicker that plays or not */
    {"7c 7d", "7h 7s 2c", HS_HIT_QUADS, 0},
    {"Ac 2d", "Kh Ks Kd Kc 3h", HS_HIT_QUADS, 0},
    {"3c 2d", "Kh Ks Kd Kc Ah", HS_HIT_QUADS, F(PLAYS_BOARD)},
    /* full house: a pocket pair on board trips (without its rank), two hole cards, the turn */
    {"9c 9d", "Kh Ks Kd", HS_HIT_FULL_HOUSE, 0},
    {"Kc 7d", "Kh 7s 7c", HS_HIT_FULL_HOUSE, 0},
    {"Ah Kh", "Qh Qs Qd Ad", HS_HIT_FULL_HOUSE, 0},
    /* flush: made on the flop; on the board (plays) and improved by a hole card */
    {"Ah 5h", "Kh 9h 2h", HS_HIT_FLUSH, 0},
    {"2c 3d", "Ah Kh 9h 5h 4h", HS_HIT_FLUSH, F(PLAYS_BOARD)},
    {"6h 2c", "Ah Kh 9h 5h 4h", HS_HIT_FLUSH, 0},
    /* straight: the wheel; on the board for hands that do not improve (a pocket pair too), and
     * one that improves it */
    {"Ac 5d", "2h 3s 4c", HS_HIT_STRAIGHT, 0},
    {"Ac 2d", "5h 6h 7h 8d 9s", HS_HIT_STRAIGHT, F(PLAYS_BOARD)},
    {"4c 4d", "5h 6h 7h 8d 9s", HS_HIT_STRAIGHT, F(PLAYS_BOARD)},
    {"Tc 2d", "5h 6h 7h 8d 9s", HS_HIT_STRAIGHT, 0},
    /* set */
    {"9c 9d", "9h 5s 2c", HS_HIT_SET, 0},
    {"2c 2d", "Ks 2h 7s Qd", HS_HIT_SET, 0},
    /* trips: the board pairs */
    {"Kc 7d", "7h 7s 2c", HS_HIT_TRIPS, 0},
    {"Ah 2c", "Ac Ad 9s 4h", HS_HIT_TRIPS, 0},
    /* two pair, both hole cards */
    {"Ac Kd", "As Kh 7c", HS_HIT_TWO_PAIR, 0},
    {"9c 8c", "9h 8d 2c", HS_HIT_TWO_PAIR, F(BACKDOOR_FLUSH)},
    /* two pair with a board pair; counterfeited: 98 on 98 2 KK plays KK99 */
    {"Ac 9d", "As 7h 7c", HS_HIT_TWO_PAIR_BOARD, 0},
    {"Kc Qd", "Qs 5h 5c 2d", HS_HIT_TWO_PAIR_BOARD, 0},
    {"9c 8c", "9h 8d 2c Kh Ks", HS_HIT_TWO_PAIR_BOARD, 0},
    /* overpair: AA on 552 (two pair AA55, the pocket pair above the top rank) */
    {"Ac Ad", "5s 5h 2c", HS_HIT_OVERPAIR, 0},
    {"Qc Qd", "Js 7h 2c", HS_HIT_OVERPAIR, 0},
    {"Ac Ad", "Ks Kh 7d 7c", HS_HIT_OVERPAIR, 0},
    /* top pair */
    {"Ac Kd", "Ks 7h 2c", HS_HIT_TOP_PAIR, 0},
    {"Ah Jh", "Ac 7h 4h", HS_HIT_TOP_PAIR, F(FLUSH_DRAW) | F(NUT_FLUSH_DRAW)},
    {"Kc Qd", "Ks 8h 3c 2d", HS_HIT_TOP_PAIR, 0},
    /* pocket pair below top: 99 on KK7 (KK99 7), TT on Q83; 99 on KK77 plays KK99 */
    {"9c 9d", "Ks Kh 7d", HS_HIT_POCKET_BELOW_TOP, 0},
    {"Tc Td", "Qs 8h 3c", HS_HIT_POCKET_BELOW_TOP, 0},
    {"9c 9d", "Ks Kh 7d 7c", HS_HIT_POCKET_BELOW_TOP, 0},
    /* second pair */
    {"Ac 7d", "Ks 7h 2c", HS_HIT_SECOND_PAIR, 0},
    {"Jc 9d", "Qs Jh 8c", HS_HIT_SECOND_PAIR, F(GUTSHOT)},
    /* weak pair: 55 on KK7 (below the second rank), a hole card on the third rank, 33 on K95 */
    {"5c 5d", "Ks Kh 7d", HS_HIT_WEAK_PAIR, 0},
    {"Ac 4d", "Ks 9h 4c", HS_HIT_WEAK_PAIR, 0},
    {"3c 3d", "Ks 9h 5c", HS_HIT_WEAK_PAIR, 0},
    /* ...but 55 on KK77 is left out of the best five (KK77 5): nothing */
    {"5c 5d", "Ks Kh 7d 7c", HS_HIT_NOTHING, 0},
    /* ace high */
    {"Ac 9d", "Ks 7h 2c", HS_HIT_ACE_HIGH, 0},
    {"Ac Kd", "Qs 7h 2d", HS_HIT_ACE_HIGH, F(OVERCARDS)},
    {"Ac Kd", "Qs 7h 2d 3c 4h", HS_HIT_ACE_HIGH, 0}, /* no overcards on the river */
    /* nothing: 32 on board trips, 32 on KK7 (the header's example) */
    {"3c 2d", "7s 7h 7d", HS_HIT_NOTHING, 0},
    {"3c 2d", "Ks Kh 7d", HS_HIT_NOTHING, 0},
    {"3c 2c", "Ks Kh Qd Qs 3h", HS_HIT_NOTHING, F(PLAYS_BOARD)}, /* KKQQ3: the 3 a kicker */
    {"3c 2d", "Ks Kh 7d 7c", HS_HIT_NOTHING, 0},                 /* no plays_board on the turn */
    /* flush draws: not the nut; the nut with the ace on the board (the king); one hole card on
     * the turn, not the nut and the nut (the queen on an AK board) */
    {"9h 8h", "Kh 4h 2c", HS_HIT_NOTHING, F(FLUSH_DRAW)},
    {"Kh 2c", "Ah 7h 4h", HS_HIT_NOTHING, F(FLUSH_DRAW) | F(NUT_FLUSH_DRAW)},
    {"Qh 2c", "Ah 7h 4h 9s", HS_HIT_NOTHING, F(FLUSH_DRAW)},
    {"Qh 3c", "Ah Kh 8h 2s", HS_HIT_NOTHING, F(FLUSH_DRAW) | F(NUT_FLUSH_DRAW)},
    /* straight draws: open-ended with two overcards, a double gutter, 54 on 32x (A and 6), A2 on
     * 34x (a gutshot to the wheel), T2 on 5678 (the 9 needs the T; the 4 makes 4-8 on the board
     * alone), AK on 5678 (both straights on the board alone: no draw) */
    {"9c 8d", "7h 6s 2c", HS_HIT_NOTHING, F(OESD) | F(OVERCARDS)},
    {"9c 3d", "5h 6s 7c", HS_HIT_NOTHING, F(OESD)},
    {"5c 4d", "3h 2s 9c", HS_HIT_NOTHING, F(OESD)},
    {"Ac 2d", "3h 4s 9c", HS_HIT_ACE_HIGH, F(GUTSHOT)},
    {"Tc 2d", "5h 6s 7c 8d", HS_HIT_NOTHING, F(GUTSHOT)},
    {"Ac Kd", "5h 6s 7c 8d", HS_HIT_ACE_HIGH, F(OVERCARDS)},
    /* combo draws */
    {"9h 8h", "7h 6c 2h", HS_HIT_NOTHING, F(FLUSH_DRAW) | F(OESD) | F(COMBO_DRAW) | F(OVERCARDS)},
    {"Ah 2h", "3h 4h 9c", HS_HIT_ACE_HIGH,
     F(FLUSH_DRAW) | F(NUT_FLUSH_DRAW) | F(GUTSHOT) | F(COMBO_DRAW)},
    /* backdoor flush: flop only, a hole card of the suit needed */
    {"Ah Kd", "7h 4h Qs", HS_HIT_ACE_HIGH, F(BACKDOOR_FLUSH) | F(OVERCARDS)},
    {"Ah Kd", "7h 4h Qs 2c", HS_HIT_ACE_HIGH, F(OVERCARDS)},
    {"Ac Kd", "7h 4h 2h", HS_HIT_ACE_HIGH, F(OVERCARDS)},
    /* overcards */
    {"Kc Qd", "Jh 7s 2c", HS_HIT_NOTHING, F(OVERCARDS)},
    {"Kc Kd", "Jh 7s 2c", HS_HIT_OVERPAIR, 0},
    /* no draws on the river */
    {"9h 8h", "7h 6c 2h Kd Js", HS_HIT_NOTHING, 0},
    {"Ah 2h", "3h 4h 9c Kd Ks", HS_HIT_ACE_HIGH, 0},
};
#define N_CASES (sizeof CASES / sizeof CASES[0])

static void test_cases(void **state) {
    (void)state;
    int made_seen[HS_HIT_MADE] = {0}, flag_seen[HS_HIT_FLAGS] = {0};
    for (size_t i = 0; i < N_CASES; i++) {
        const hit_case *c = &CASES[i];
        const uint64_t hole = cards(c->hole), board = cards(c->board);
        unsigned lf = 0xFFFF, rf = 0xFFFF;
        const int lm = hs_holdem_hit(hole, board, &lf);
        const int rm = ref_hit_mask(hole, board, &rf);
        if (lm != c->made || lf != c->flags || rm != c->made || rf != c->flags) {
            char want[200], lib[200], ref[200];
            flag_text(c->flags, want, sizeof want);
            flag_text(lf, lib, sizeof lib);
            flag_text(rf, ref, sizeof ref);
            fail_msg("%s on %s: expected %s [%s], library %s [%s], reference %s [%s]", c->hole,
                     c->board, hs_holdem_hit_name(c->made), want, hs_holdem_hit_name(lm), lib,
                     hs_holdem_hit_name(rm), ref);
        }
        assert_int_equal(hs_holdem_hit(hole, board, NULL), c->made); /* flags may be NULL */
        made_seen[c->made]++;
        for (int k = 0; k < HS_HIT_FLAGS; k++)
            flag_seen[k] += (c->flags & HS_HIT_F(k)) != 0;
    }
    for (int k = 0; k < HS_HIT_MADE; k++)
        if (made_seen[k] < 2)
            fail_msg("only %d case(s) of %s", made_seen[k], hs_holdem_hit_name(k));
    for (int k = 0; k < HS_HIT_FLAGS; k++)
        if (flag_seen[k] < 2)
            fail_msg("only %d case(s) of %s", flag_seen[k], hs_holdem_hit_flag_name(k));
}

static void test_hit_errors(void **state) {
    (void)state;
    const uint64_t hole = cards("Ac Kd");
    unsigned f = 77;
    assert_int_equal(hs_holdem_hit(hole, cards("2c 3d"), &f), HS_ERR_ARG);
    assert_int_equal(f, 0);
    assert_int_equal(hs_holdem_hit(hole, cards("2c 3d 4h 5s 6c 7d"), &f), HS_ERR_ARG);
    assert_int_equal(hs_holdem_hit(hole, 0, &f), HS_ERR_ARG);
    assert_int_equal(hs_holdem_hit(hole, cards("Ac 3d 4h"), &f), HS_ERR_ARG); /* overlap */
    assert_int_equal(hs_holdem_hit(hole, cards("Kd 3d 4h 5s 9s"), NULL), HS_ERR_ARG);
    assert_int_equal(hs_holdem_hit(cards("Ac"), cards("2c 3d 4h"), &f), HS_ERR_ARG);
    assert_int_equal(hs_holdem_hit(cards("Ac Kd Qh"), cards("2c 3d 4h"), &f), HS_ERR_ARG);
    assert_int_equal(hs_holdem_hit(hole | (UINT64_C(1) << 60), cards("2c 3d 4h"), &f), HS_ERR_ARG);
    assert_int_equal(hs_holdem_hit(cards("Ac") | (UINT64_C(1) << 52), cards("2c 3d 4h"), &f),
                     HS_ERR_ARG);
    assert_int_equal(hs_holdem_hit(hole, cards("2c 3d") | (UINT64_C(1) << 55), &f), HS_ERR_ARG);

    assert_string_equal(hs_holdem_hit_name(HS_HIT_TOP_PAIR), "top_pair");
    assert_string_equal(hs_holdem_hit_name(HS_HIT_NOTHING), "nothing");
    assert_string_equal(hs_holdem_hit_name(HS_HIT_MADE), "unknown");
    assert_string_equal(hs_holdem_hit_name(-1), "unknown");
    assert_string_equal(hs_holdem_hit_flag_name(HS_HIT_FLUSH_DRAW), "flush_draw");
    assert_string_equal(hs_holdem_hit_flag_name(HS_HIT_FLAGS), "unknown");
    assert_string_equal(hs_holdem_hit_title(HS_HIT_TOP_PAIR), "top pair");
    assert_string_equal(hs_holdem_hit_flag_title(HS_HIT_FLUSH_DRAW), "flush draw");
    assert_string_equal(hs_holdem_hit_title(99), "unknown");
    assert_string_equal(hs_holdem_hit_flag_title(-3), "unknown");
}

/* ---- the range on one board ------------------------------------------------------------------ */

static void tally(hs_holdem_hits *h, int made, unsigned flags, uint64_t w) {
    h->total += w;
    h->made[made] += w;
    for (int k = 0; k < HS_HIT_FLAGS; k++)
        if (flags & HS_HIT_F(k))
            h->flag[k] += w;
}

/* The counts as the reference makes them: every live combination of the range, weighted. */
static void ref_board(const hs_holdem_range *r, uint64_t board, uint64_t dead, hs_holdem_hits *h) {
    memset(h, 0, sizeof *h);
    for (size_t i = 0; i < r->n; i++) {
        if (r->combo[i] & (board | dead))
            continue;
        unsigned f;
        const int m = ref_hit_mask(r->combo[i], board, &f);
        tally(h, m, f, r->weight[i]);
    }
}

static void assert_hits_equal(const hs_holdem_hits *lib, const hs_holdem_hits *ref,
                              const char *what) {
    if (lib->total != ref->total)
        fail_msg("%s: total %llu, reference %llu", what, (unsigned long long)lib->total,
                 (unsigned long long)ref->total);
    for (int k = 0; k < HS_HIT_MADE; k++)
        if (lib->made[k] != ref->made[k])
            fail_msg("%s: %s %llu, reference %llu", what, hs_holdem_hit_name(k),
                     (unsigned long long)lib->made[k], (unsigned long long)ref->made[k]);
    for (int k = 0; k < HS_HIT_FLAGS; k++)
        if (lib->flag[k] != ref->flag[k])
            fail_msg("%s: %s %llu, reference %llu", what, hs_holdem_hit_flag_name(k),
                     (unsigned long long)lib->flag[k], (unsigned long long)ref->flag[k]);
}

static void test_hits_board(void **state) {
    (void)state;
    hs_holdem_range *r =
        range_of("AA,KQs@40,T9s@75,98s@75,65s@75,44-22@10,AhKd@3,J8o@55,QJo@100,A5s-A2s@99,K7o@1");
    static const char *const BOARDS[] = {"Kh 9h 5c",       "Ah Kh 9h 5h 4h", "Jd 7d 6c 5c",
                                         "Qs Qh 2d",       "8c 9c Tc",       "5s 6h 7h 8d 9s",
                                         "As 2h 3c 4d Kh", "2c 2d 2h"};
    static const char *const DEAD[] = {"", "Qd Qc", "Ac"};
    hs_holdem_hits lib, ref;
    int compared = 0;
    for (size_t b = 0; b < sizeof BOARDS / sizeof BOARDS[0]; b++)
        for (size_t d = 0; d < sizeof DEAD / sizeof DEAD[0]; d++) {
            const uint64_t board = cards(BOARDS[b]), dead = DEAD[d][0] ? cards(DEAD[d]) : 0;
            assert_int_equal(hs_holdem_hits_board(r, board, dead, &lib), HS_OK);
            ref_board(r, board, dead, &ref);
            char what[100];
            snprintf(what, sizeof what, "board %s dead %s", BOARDS[b], DEAD[d]);
            assert_hits_equal(&lib, &ref, what);
            uint64_t sum = 0;
            for (int k = 0; k < HS_HIT_MADE; k++)
                sum += lib.made[k];
            assert_int_equal(sum, lib.total);
            assert_true(lib.total > 0);
            compared++;
        }
    assert_int_equal(compared, 24);
    /* Every combination meets the board or the dead cards. */
    hs_holdem_range *one = range_of("AhKh,AsKs@50");
    assert_int_equal(hs_holdem_hits_board(one, cards("Ah 7c 2d"), cards("Ks"), &lib), HS_ERR_COUNT);
    assert_int_equal(lib.total, 0);
    assert_int_equal(hs_holdem_hits_board(one, cards("Ah 7c 2d"), 0, &lib), HS_OK);
    assert_int_equal(lib.total, 5000);
    assert_int_equal(hs_holdem_hits_board(one, cards("Ah 7c"), 0, &lib), HS_ERR_ARG);
    assert_int_equal(hs_holdem_hits_board(one, cards("Ah 7c 2d 3d 4d 5d"), 0, &lib), HS_ERR_ARG);
    assert_int_equal(hs_holdem_hits_board(one, cards("Ah 7c 2d"), cards("2d"), &lib), HS_ERR_ARG);
    free(one);
    free(r);
}

/* ---- every flop, turn, river ----------------------------------------------------------------- */

typedef struct brute_counts {
    hs_holdem_hits street[HS_STREETS][HS_HOLDEM_CLASSES];
    int combos[HS_HOLDEM_CLASSES];
    uint64_t weight[HS_HOLDEM_CLASSES];
} brute_counts;

/* Step idx[0] < ... < idx[k-1] to the next k-subset of 0..n-1; 0 after the last. */
static int next_subset(int *idx, int k, int n) {
    int i = k - 1;
    while (i >= 0 && idx[i] == n - k + i)
        i--;
    if (i < 0)
        return 0;
    idx[i]++;
    for (int j = i + 1; j < k; j++)
        idx[j] = idx[j - 1] + 1;
    return 1;
}

/* Every live combination of the range times every board of the streets asked for, from the cards
 * that are neither its own nor dead: categorized by the reference (and by hs_holdem_hit, which
 * must agree on each), weighted, added up by class. */
static void brute_force(const hs_holdem_range *r, uint64_t dead, unsigned streets,
                        brute_counts *b) {
    memset(b, 0, sizeof *b);
    for (size_t i = 0; i < r->n; i++) {
        const uint64_t h = r->combo[i];
        if (h & dead)
            continue;
        const int cls = hs_holdem_class(h);
        b->combos[cls]++;
        b->weight[cls] += r->weight[i];
        int hole[2], deck[HS_CARDS];
        ids(h, hole);
        const int n = ids(HS_DECK_MASK & ~(h | dead), deck);
        for (int s = 0; s < HS_STREETS; s++) {
            if (!(streets & (1u << s)))
                continue;
            const int k = 3 + s;
            int idx[5] = {0, 1, 2, 3, 4};
            if (n < k)
                continue;
            do {
                int board[5];
                uint64_t bm = 0;
                for (int j = 0; j < k; j++) {
                    board[j] = deck[idx[j]];
                    bm |= hs_card_bit(board[j]);
                }
                unsigned rf, lf;
                const int rm = ref_hit(REF, hole, board, k, &rf);
                const int lm = hs_holdem_hit(h, bm, &lf);
                if (rm != lm || rf != lf) {
                    char hb[16], bb[20], lt[200], rt[200];
                    hs_hand_format(h, hb, sizeof hb);
                    hs_hand_format(bm, bb, sizeof bb);
                    flag_text(lf, lt, sizeof lt);
                    flag_text(rf, rt, sizeof rt);
                    fail_msg("%s on %s: library %s [%s], reference %s [%s]", hb, bb,
                             hs_holdem_hit_name(lm), lt, hs_holdem_hit_name(rm), rt);
                }
                tally(&b->street[s][cls], rm, rf, r->weight[i]);
            } while (next_subset(idx, k, n));
        }
    }
}

static uint64_t binom(int n, int k) {
    uint64_t r = 1;
    for (int i = 1; i <= k; i++)
        r = r * (uint64_t)(n - k + i) / (uint64_t)i;
    return r;
}

static hs_holdem_hits_class *g_out; /* the last job's counts, for the published facts */
static int g_n;

/* The published flop facts, for a class of the flop run of check_job: its counts are its weight
 * times one combination's (every combination of a class counts alike: a suit permutation maps
 * one to another). facts_checked counts the pairs, the suited and the unpaired classes checked. */
static int facts_checked[3];

static void check_facts(const hs_holdem_hits_class *e) {
    const hs_holdem_hits *h = &e->street[0];
    const uint64_t w = e->weight;
    char name[4];
    hs_holdem_class_name(e->cls, name);
    if (h->total != 19600 * w)
        return; /* dead cards: other deck */
    const int row = e->cls / 13, col = e->cls % 13;
    if (row == col) {
        /* A pocket pair finds a card of its rank on 2,304 flops: a set on 2 x (C(48,2) - 12 x 6)
         * = 2,112, a full house holding its rank on 2 x 72 = 144, quads on 1 x 48; and a full
         * house on the 12 x 4 = 48 board trips without its rank. */
        if (h->made[HS_HIT_SET] != 2112 * w || h->made[HS_HIT_QUADS] != 48 * w ||
            h->made[HS_HIT_FULL_HOUSE] != (144 + 48) * w ||
            h->made[HS_HIT_SET] + h->made[HS_HIT_QUADS] + h->made[HS_HIT_FULL_HOUSE] - 48 * w !=
                2304 * w)
            fail_msg("%s: set %llu quads %llu full house %llu (weight %llu)", name,
                     (unsigned long long)h->made[HS_HIT_SET],
                     (unsigned long long)h->made[HS_HIT_QUADS],
                     (unsigned long long)h->made[HS_HIT_FULL_HOUSE], (unsigned long long)w);
        facts_checked[0]++;
        return;
    }
    if (col > row) {
        /* Suited: three of its suit on C(11,3) = 165 flops (a flush, or a straight flush), two
         * on C(11,2) x 39 = 2,145 (a flush draw: four of the suit, no flush). */
        if (h->made[HS_HIT_FLUSH] + h->made[HS_HIT_STRAIGHT_FLUSH] != 165 * w ||
            h->flag[HS_HIT_FLUSH_DRAW] != 2145 * w)
            fail_msg("%s: flush %llu straight flush %llu flush draw %llu (weight %llu)", name,
                     (unsigned long long)h->made[HS_HIT_FLUSH],
                     (unsigned long long)h->made[HS_HIT_STRAIGHT_FLUSH],
                     (unsigned long long)h->flag[HS_HIT_FLUSH_DRAW], (unsigned long long)w);
        facts_checked[1]++;
    }
    /* Two unpaired cards pair at least one of themselves on 19,600 - C(44,3) = 6,356 flops: the
     * categories where a hole card is in a pair, trips, full house or quads (with a pair on the
     * flop there are four ranks at most, so no straight, and no flush either). */
    const uint64_t paired = h->made[HS_HIT_TOP_PAIR] + h->made[HS_HIT_SECOND_PAIR] +
                            h->made[HS_HIT_WEAK_PAIR] + h->made[HS_HIT_TWO_PAIR] +
                            h->made[HS_HIT_TWO_PAIR_BOARD] + h->made[HS_HIT_TRIPS] +
                            h->made[HS_HIT_FULL_HOUSE] + h->made[HS_HIT_QUADS];
    if (paired != 6356 * w)
        fail_msg("%s: pairs a hole card on %llu (weight %llu)", name, (unsigned long long)paired,
                 (unsigned long long)w);
    facts_checked[2]++;
}

/* Run the job over `streets` at one and two threads, and the brute force; compare every count. */
static void check_job(const char *text, const char *dead_text, unsigned streets) {
    const double t0 = seconds();
    hs_holdem_range *r = range_of(text);
    const uint64_t dead = dead_text[0] ? cards(dead_text) : 0;
    brute_counts *b = malloc(sizeof *b);
    brute_force(r, dead, streets, b);
    const double t1 = seconds();
    hs_holdem_hits_class *out = calloc(HS_HOLDEM_CLASSES, sizeof *out);
    hs_holdem_hits_class *two = calloc(HS_HOLDEM_CLASSES, sizeof *two);
    int n = -1, n2 = -1;
    assert_int_equal(hs_holdem_hits_run(r, dead, streets, 1, NULL, NULL, out, &n), HS_OK);
    assert_int_equal(hs_holdem_hits_run(r, dead, streets, 2, NULL, NULL, two, &n2), HS_OK);
    assert_int_equal(n, n2);
    assert_memory_equal(out, two, (size_t)n * sizeof *out);
    int classes = 0;
    for (int k = 0; k < HS_HOLDEM_CLASSES; k++)
        classes += b->combos[k] > 0;
    assert_int_equal(n, classes);
    const int left = HS_CARDS - 2 - hs_hand_size(dead);
    for (int i = 0; i < n; i++) {
        const hs_holdem_hits_class *e = &out[i];
        char name[4];
        hs_holdem_class_name(e->cls, name);
        if (i > 0)
            assert_true(e->cls > out[i - 1].cls);
        assert_int_equal(e->combos, b->combos[e->cls]);
        assert_int_equal(e->weight, b->weight[e->cls]);
        for (int s = 0; s < HS_STREETS; s++) {
            char what[200];
            snprintf(what, sizeof what, "%s dead [%s] class %s street %d", text, dead_text, name,
                     s);
            if (streets & (1u << s)) {
                assert_hits_equal(&e->street[s], &b->street[s][e->cls], what);
                assert_int_equal(e->street[s].total, e->weight * binom(left, 3 + s));
            } else {
                const hs_holdem_hits zero = {0};
                assert_memory_equal(&e->street[s], &zero, sizeof zero);
            }
        }
        if (streets & HS_STREET_FLOP)
            check_facts(e);
    }
    print_message("%-28s dead [%s] streets %u: %d classes, brute force %.2f s, jobs %.2f s\n", text,
                  dead_text, streets, n, t1 - t0, seconds() - t1);
    free(g_out);
    g_out = out;
    g_n = n;
    free(two);
    free(b);
    free(r);
}

static void test_flops(void **state) {
    (void)state;
    static const char *const RANGES[] = {
        "AA",      "AKs",   "T9s",       "72o",  "QQ+,AKs",
        "A5s-A2s", "22-55", "JTs@50,99", "KQo+", "AKo@37,K5s@3,87s@100,Td9d@64,33@1",
    };
#ifdef HS_TEST_SANITIZED
    const size_t n = 3; /* under the sanitizers (minutes each there): a pair, suited, weighted */
#else
    const size_t n = sizeof RANGES / sizeof RANGES[0];
#endif
    for (size_t i = 0; i < n; i++)
        check_job(RANGES[i], "", HS_STREET_FLOP);
}

/* Every class on every flop: every combination of the deck against the reference. */
static void test_flops_random(void **state) {
    (void)state;
#ifdef HS_TEST_SANITIZED
    HS_SKIP("under the sanitizers (26 M reference categorizations; test_flops runs the same "
            "code on three ranges)\n");
#else
    memset(facts_checked, 0, sizeof facts_checked);
    check_job("random", "", HS_STREET_FLOP);
    assert_int_equal(g_n, HS_HOLDEM_CLASSES);
    /* the published facts held for the 13 pairs, the 78 suited and the 156 unpaired classes */
    assert_int_equal(facts_checked[0], 13);
    assert_int_equal(facts_checked[1], 78);
    assert_int_equal(facts_checked[2], 156);
#endif
}

static void test_turns_rivers(void **state) {
    (void)state;
#ifdef HS_TEST_SANITIZED
    HS_SKIP("under the sanitizers (the same job as on the flop, more boards)\n");
#else
    check_job("AA", "", HS_STREET_FLOP | HS_STREET_TURN);
    check_job("T9s@30", "", HS_STREET_TURN);
    check_job("A5s", "", HS_STREET_RIVER);
#endif
}

/* Dead cards: a unit per combination, the other deck's boards. */
static void test_dead(void **state) {
    (void)state;
#ifdef HS_TEST_SANITIZED
    check_job("AKs,T9s@40,77,QJo", "Ah 9c 7d Qs", HS_STREET_FLOP);
#else
    check_job("AKs,T9s@40,77,QJo", "Ah 9c 7d Qs", HS_STREET_FLOP | HS_STREET_TURN);
#endif
    assert_int_equal(g_n, 4);
    for (int i = 0; i < g_n; i++)
        assert_int_equal(g_out[i].combos, g_out[i].cls == 13 * 3 + 2 ? 9 : 3); /* QJo: 9 */
}

static void test_job_errors(void **state) {
    (void)state;
    hs_holdem_range *r = range_of("AKs,QQ@20");
    hs_job *job = NULL;
    hs_holdem_hits_class *out = calloc(HS_HOLDEM_CLASSES, sizeof *out);
    int n = 5;
    assert_int_equal(hs_holdem_hits_job_new(r, 0, 0, &job), HS_ERR_ARG);
    assert_null(job);
    assert_int_equal(hs_holdem_hits_job_new(r, 0, 8, &job), HS_ERR_ARG);
    assert_int_equal(hs_holdem_hits_job_new(r, UINT64_C(1) << 52, HS_STREET_FLOP, &job),
                     HS_ERR_ARG);
    assert_int_equal(hs_holdem_hits_run(r, 0, HS_STREET_FLOP, -1, NULL, NULL, out, &n), HS_ERR_ARG);
    r->weight[1] = 0;
    assert_int_equal(hs_holdem_hits_job_new(r, 0, HS_STREET_FLOP, &job), HS_ERR_ARG);
    r->weight[1] = HS_HOLDEM_WEIGHT_FULL + 1;
    assert_int_equal(hs_holdem_hits_job_new(r, 0, HS_STREET_FLOP, &job), HS_ERR_ARG);
    free(r);
    r = range_of("AhKh,AsKs");
    assert_int_equal(hs_holdem_hits_job_new(r, cards("Ah Ks"), HS_STREET_FLOP, &job), HS_ERR_COUNT);
    /* An unfinished job has no result. */
    assert_int_equal(hs_holdem_hits_job_new(r, cards("Ah"), HS_STREET_FLOP, &job), HS_OK);
    assert_int_equal(hs_holdem_hits_job_result(job, out, &n), HS_ERR_ARG);
    assert_int_equal(n, 0);
    assert_int_equal(
        hs_job_run(job, 0, hs_job_units(job), &(hs_job_opts){1, NULL, NULL, NULL, NULL, 0.0}),
        HS_OK);
    assert_int_equal(hs_holdem_hits_job_result(job, out, &n), HS_OK);
    assert_int_equal(n, 1);
    assert_int_equal(out[0].combos, 1);
    assert_int_equal(out[0].street[0].total, HS_HOLDEM_WEIGHT_FULL * binom(49, 3));
    hs_job_free(job);
    free(out);
    free(r);
}

/* ---- the equity distribution ----------------------------------------------------------------- */

/* Equity a (2 wins + ties over 2 deals) compared with b: <0, 0, >0. */
static int cmp_equity(const hs_holdem_dist_combo *a, const hs_holdem_dist_combo *b) {
    const hs_uint128 l = (hs_uint128)(2 * a->wins + a->ties) * b->deals;
    const hs_uint128 r = (hs_uint128)(2 * b->wins + b->ties) * a->deals;
    return l < r ? -1 : l > r ? 1 : 0;
}

static int g_dist_combos; /* hero combinations checked one by one */

/* The distribution of hero against villain on board with dead cards: the same at threads 1 and
 * 2; best first, equal equities in the hero range's order; each combination's counts those of
 * hs_holdem_equity_ranges with it alone; the combinations left out exactly those that cannot be
 * dealt (want_n of them in, when not negative); the weighted mean the range's equity. Returns the
 * symmetry the job found, the boards it solved in *boards. */
static int check_dist(const char *hero_text, const char *villain_text, const char *board_text,
                      const char *dead_text, long want_n, size_t *boards) {
    const double t0 = seconds();
    hs_holdem_range *hero = range_of(hero_text), *villain = range_of(villain_text);
    const uint64_t board = board_text[0] ? cards(board_text) : 0;
    const uint64_t dead = dead_text[0] ? cards(dead_text) : 0;
    hs_holdem_dist_combo *out = calloc(hero->n, sizeof *out), *two = calloc(hero->n, sizeof *two);
    size_t n = 0, n2 = 0;
    assert_int_equal(hs_holdem_equity_dist(hero, villain, board, dead, 1, NULL, NULL, out, &n),
                     HS_OK);
    assert_int_equal(hs_holdem_equity_dist(hero, villain, board, dead, 2, NULL, NULL, two, &n2),
                     HS_OK);
    assert_int_equal(n, n2);
    assert_memory_equal(out, two, n * sizeof *out);

    /* Both ways of counting (every hand sorted and swept; a narrow villain range's hands sorted
     * and each hero combination placed among them) give the same distribution. */
    for (int way = HS_DIST_WIDE; way <= HS_DIST_NARROW; way++) {
        if (way == HS_DIST_NARROW && villain->n > 48)
            continue;
        hs_job *forced;
        assert_int_equal(
            hs_holdem_equity_dist_job_new_way(way, hero, villain, board, dead, &forced), HS_OK);
        assert_int_equal(hs_job_run(forced, 0, hs_job_units(forced), NULL), HS_OK);
        size_t nw = hs_holdem_equity_dist_result(forced, two);
        assert_int_equal(nw, n);
        assert_memory_equal(out, two, n * sizeof *out);
        hs_job_free(forced);
    }
    hs_job *job;
    assert_int_equal(hs_holdem_equity_dist_job_new(hero, villain, board, dead, &job), HS_OK);
    const int symmetry = hs_holdem_equity_dist_symmetry(job);
    if (boards != NULL)
        *boards = hs_holdem_equity_dist_boards(job);
    assert_true(symmetry >= 1 && symmetry <= 24);
    assert_int_equal(hs_holdem_equity_dist_result(job, two), 0); /* not run yet */
    hs_job_free(job);

    /* Where each hero combination is in the range, and in the distribution. */
    size_t *where = malloc(hero->n * sizeof *where);
    for (size_t i = 0; i < n; i++) {
        size_t j = 0;
        while (j < hero->n && hero->combo[j] != out[i].combo)
            j++;
        assert_true(j < hero->n);
        where[i] = j;
        assert_int_equal(out[i].weight, hero->weight[j]);
        assert_int_equal(out[i].cls, hs_holdem_class(out[i].combo));
        assert_int_equal(out[i].wins + out[i].ties + out[i].losses, out[i].deals);
        assert_true(out[i].deals > 0);
        if (i > 0) {
            const int c = cmp_equity(&out[i - 1], &out[i]);
            assert_true(c >= 0);
            if (c == 0)
                assert_true(where[i - 1] < where[i]);
            assert_true(out[i].combo != out[i - 1].combo);
        }
    }
    /* Each hero combination alone against the villain range. */
    hs_holdem_range *single = malloc(sizeof *single);
    single->n = 1;
    single->weight[0] = HS_HOLDEM_WEIGHT_FULL;
    hs_uint128 sum_num = 0, sum_den = 0;
    size_t found = 0;
    for (size_t j = 0; j < hero->n; j++) {
        single->combo[0] = hero->combo[j];
        const hs_holdem_range *const pair[2] = {single, villain};
        hs_holdem_equity_exact e;
        const int rc = hs_holdem_equity_ranges(2, pair, board, dead, 1, NULL, NULL, &e);
        size_t i = 0;
        while (i < n && out[i].combo != hero->combo[j])
            i++;
        char hb[16];
        hs_hand_format(hero->combo[j], hb, sizeof hb);
        if (rc == HS_ERR_COUNT) {
            if (i < n)
                fail_msg("%s: in the distribution but cannot be dealt", hb);
            continue;
        }
        assert_int_equal(rc, HS_OK);
        if (i == n)
            fail_msg("%s: left out of the distribution", hb);
        assert_false(hero->combo[j] & (board | dead));
        found++;
        const hs_holdem_dist_combo *d = &out[i];
        if ((hs_uint128)d->deals != e.deals || (hs_uint128)d->wins != e.player[0].wins ||
            (hs_uint128)d->ties != e.player[0].ties || (hs_uint128)d->losses != e.player[0].losses)
            fail_msg("%s: dist %llu deals %llu/%llu/%llu, equity %llu deals %llu/%llu/%llu", hb,
                     (unsigned long long)d->deals, (unsigned long long)d->wins,
                     (unsigned long long)d->ties, (unsigned long long)d->losses,
                     (unsigned long long)e.deals, (unsigned long long)e.player[0].wins,
                     (unsigned long long)e.player[0].ties, (unsigned long long)e.player[0].losses);
        /* heads-up, a tie splits the pot in two */
        assert_true(e.player[0].shares == HS_HOLDEM_SHARE_UNIT * e.player[0].wins +
                                              HS_HOLDEM_SHARE_UNIT / 2 * e.player[0].ties);
        sum_num += (hs_uint128)d->weight * (2 * d->wins + d->ties);
        sum_den += (hs_uint128)d->weight * 2 * d->deals;
    }
    assert_int_equal(found, n);
    if (want_n >= 0)
        assert_int_equal(n, want_n);
    g_dist_combos += (int)n;
    /* The range's equity: (2 wins + ties) / (2 deals) of the whole hero range, cross-multiplied.
     * Both sides stay below 2^128: sums of at most 1326 x 100 x 2 x 2.3e11 times 2.3e16 deals. */
    const hs_holdem_range *const both[2] = {hero, villain};
    hs_holdem_equity_exact e;
    assert_int_equal(hs_holdem_equity_ranges(2, both, board, dead, 1, NULL, NULL, &e), HS_OK);
    assert_true(sum_den > 0);
    assert_true(sum_num * (2 * e.deals) == (2 * e.player[0].wins + e.player[0].ties) * sum_den);
    print_message("dist %-24s vs %-24s [%s] dead [%s]: %zu combos, symmetry %d, %.2f s\n",
                  hero_text, villain_text, board_text, dead_text, n, symmetry, seconds() - t0);
    free(single);
    free(where);
    free(out);
    free(two);
    free(hero);
    free(villain);
    return symmetry;
}

static void test_dist(void **state) {
    (void)state;
    g_dist_combos = 0;
    size_t boards = 0;
    /* Preflop, symmetric: whole classes, no board or dead cards: every suit permutation, the
     * boards solved once per orbit, the 134,459 suit-distinct boards of the preflop table. */
    assert_int_equal(check_dist("AKs,22", "QQ", "", "", 10, &boards), 24);
    assert_int_equal(boards, 134459);
    /* Preflop, a weighted villain range of specific suits; hero weights (only clubs <->
     * diamonds maps it onto itself). */
#ifndef HS_TEST_SANITIZED /* (1.3 M boards: minutes under the sanitizers) */
    assert_int_equal(check_dist("AhKh@60,7c7d,QsJs@40", "AcAd@50,9h8h@25", "", "", 3, &boards), 2);
    assert_true(boards < 2598960 && boards > 2598960 / 2);
#endif
    /* Flop, wide weighted ranges. */
    check_dist("QQ+,AK@70,T9s@40,22@35,7h6h", "TT+,AJs+@60,KQ@25,87s,65s@10", "Js 8d 3c", "", -1,
               NULL);
    /* Flop with dead cards: every hero combination not meeting them, C(46, 2). */
    check_dist("random", "AA@20,KK,AKs@50,QJs", "Kc 9d 4h", "Ad 5c 5s", 1035, NULL);
    /* Turn, whole classes against "random" (the hero's combinations meeting the board out). */
    check_dist("AA,KK,T9s,72o", "random", "Kc 9d 4h 2s", "", 6 + 3 + 3 + 9, NULL);
    /* Turn, a villain holding one combination: hero combinations sharing a card are out (the 24
     * suited aces of hearts and spades), and those meeting the board (KcQc.. 3 KQo, AcQc, AdTd,
     * Ac4c): 21 suited aces and 9 KQo left. */
    check_dist("A2s+@90,KQo", "AhAs", "Qc Td 4c 3h", "", 30, NULL);
    /* River, everything against everything: C(47, 2) hero combinations. */
    check_dist("random", "random@77", "Kc 9d 4h 2s 2d", "", 1081, NULL);
    assert_true(g_dist_combos >= 30);
    print_message("dist: %d hero combinations checked one by one\n", g_dist_combos);
}

/* On a turn board, each hero combination's counts against the brute-force reference (every
 * villain combination and river walked, the best five of seven by the reference ranker). */
static void test_dist_reference(void **state) {
    (void)state;
    hs_holdem_range *hero = range_of("AK,QQ,T9s,6h5h,JTo"), *villain = range_of("JJ+,AQ,9h8h,KTs");
    const uint64_t board = cards("Ah 9d 8c 2s"), dead = cards("Ks");
    hs_holdem_dist_combo *out = calloc(hero->n, sizeof *out);
    size_t n;
    assert_int_equal(hs_holdem_equity_dist(hero, villain, board, dead, 0, NULL, NULL, out, &n),
                     HS_OK);
    ref_holdem *ref = ref_holdem_new();
    int vlist[2 * HS_HOLDEM_COMBOS], b[5], d[5];
    for (size_t i = 0; i < villain->n; i++)
        ids(villain->combo[i], vlist + 2 * i);
    const int nb = ids(board, b), nd = ids(dead, d);
    size_t expect = 0;
    for (size_t j = 0; j < hero->n; j++) {
        if (hero->combo[j] & (board | dead))
            continue;
        expect++;
        int h[2];
        ids(hero->combo[j], h);
        const int *hands[2] = {h, vlist};
        const int counts[2] = {1, (int)villain->n};
        ref_holdem_result r;
        ref_holdem_equity(ref, 2, hands, counts, b, nb, d, nd, &r);
        size_t i = 0;
        while (i < n && out[i].combo != hero->combo[j])
            i++;
        assert_true(i < n);
        assert_int_equal(out[i].deals, r.deals);
        assert_int_equal(out[i].wins, r.wins[0]);
        assert_int_equal(out[i].ties, r.ties[0]);
        assert_int_equal(out[i].losses, r.losses[0]);
    }
    assert_int_equal(n, expect);
    assert_true(n >= 30);
    ref_holdem_free(ref);
    free(out);
    free(hero);
    free(villain);
}

static void test_dist_errors(void **state) {
    (void)state;
    hs_holdem_range *hero = range_of("AhKh,QQ"), *villain = range_of("JJ");
    hs_holdem_dist_combo out[8];
    size_t n = 9;
    hs_job *job = NULL;
    assert_int_equal(
        hs_holdem_equity_dist(hero, villain, cards("2c 3c 4c 5c 6c 7c"), 0, 1, NULL, NULL, out, &n),
        HS_ERR_ARG);
    assert_int_equal(n, 0);
    assert_int_equal(
        hs_holdem_equity_dist_job_new(hero, villain, cards("2c 3c 4c"), cards("3c"), &job),
        HS_ERR_ARG);
    assert_null(job);
    assert_int_equal(hs_holdem_equity_dist(hero, villain, 0, 0, -1, NULL, NULL, out, &n),
                     HS_ERR_ARG);
    villain->weight[0] = 0;
    assert_int_equal(hs_holdem_equity_dist_job_new(hero, villain, 0, 0, &job), HS_ERR_ARG);
    villain->weight[0] = HS_HOLDEM_WEIGHT_FULL + 1;
    assert_int_equal(hs_holdem_equity_dist_job_new(hero, villain, 0, 0, &job), HS_ERR_ARG);
    free(villain);
    /* Nothing can be dealt: every hero combination meets the villain's only one, or the board. */
    hs_holdem_range *one = range_of("AhKh"), *clash = range_of("AhQh,KhQs");
    assert_int_equal(hs_holdem_equity_dist(one, clash, 0, 0, 1, NULL, NULL, out, &n), HS_ERR_COUNT);
    assert_int_equal(hs_holdem_equity_dist_job_new(one, clash, cards("2c 3c 4c"), 0, &job),
                     HS_ERR_COUNT);
    assert_int_equal(hs_holdem_equity_dist(hero, clash, cards("Qc Qd Qs"), cards("Ks Kc"), 1, NULL,
                                           NULL, out, &n),
                     HS_ERR_COUNT);
    free(one);
    free(clash);
    free(hero);
}

static int setup(void **state) {
    (void)state;
    REF = ref_hits_new();
    return 0;
}

static int teardown(void **state) {
    (void)state;
    free(g_out);
    g_out = NULL;
    ref_hits_free(REF);
    return 0;
}

/* An argument runs only the tests whose names match it (a cmocka pattern: "test_dist*"). */
int main(int argc, char **argv) {
    if (argc > 1)
        cmocka_set_test_filter(argv[1]);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_cases),        cmocka_unit_test(test_hit_errors),
        cmocka_unit_test(test_hits_board),   cmocka_unit_test(test_job_errors),
        cmocka_unit_test(test_flops),        cmocka_unit_test(test_flops_random),
        cmocka_unit_test(test_turns_rivers), cmocka_unit_test(test_dead),
        cmocka_unit_test(test_dist),         cmocka_unit_test(test_dist_reference),
        cmocka_unit_test(test_dist_errors),
    };
    return hs_run_tests(tests, setup, teardown);
}
