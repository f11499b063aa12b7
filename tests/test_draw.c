/* The draw games (handstat/draw.h) against plain references written here: badugi's class of
 * every one of the 270,725 four-card hands against the place of a reference key (the best
 * subset found by trying every subset, compared by size then by its ranks from the top) among
 * all keys; 40 hand-picked comparisons with the edge cases (pairs and suits removing cards, aces
 * low, one-suit and four-of-a-kind hands); one draw's odds against a plain enumeration of the
 * stub for 28 keeps per game; the best discard's odds and wins, ties and losses against a brute
 * force over both players' draws; and classic published drawing-odds figures. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "handstat/handstat.h"

/* ---- badugi's reference ------------------------------------------------------------------- */

/* The reference key of four cards (smaller is better): every subset with distinct ranks and
 * suits, keyed (4 - size) * 13^4 + its ranks from the highest as base-13 digits; the smallest. */
static int ref_key(const int c[4]) {
    int best = -1;
    for (int sub = 1; sub < 16; sub++) {
        int r[4], s[4], n = 0, ok = 1;
        for (int i = 0; i < 4; i++)
            if (sub >> i & 1) {
                for (int j = 0; j < n; j++)
                    if (r[j] == hs_card_rank(c[i]) || s[j] == hs_card_suit(c[i]))
                        ok = 0;
                r[n] = hs_card_rank(c[i]);
                s[n++] = hs_card_suit(c[i]);
            }
        if (!ok)
            continue;
        /* ranks from the highest (a plain sort) */
        for (int i = 0; i < n; i++)
            for (int j = i + 1; j < n; j++)
                if (r[j] > r[i]) {
                    const int t = r[i];
                    r[i] = r[j];
                    r[j] = t;
                }
        int key = (4 - n) * 13 * 13 * 13 * 13;
        for (int i = 0, w = 13 * 13 * 13; i < n; i++, w /= 13)
            key += r[i] * w;
        if (best < 0 || key < best)
            best = key;
    }
    return best;
}

#define KEYS (4 * 13 * 13 * 13 * 13)
/* The reference class of every key: its place among the keys that occur (0: none). */
static int *key_class;

static int ref_class_of(uint64_t hand) {
    int c[4], n = 0;
    for (int k = 0; k < 52; k++)
        if (hand >> k & 1)
            c[n++] = k;
    return key_class[ref_key(c)];
}

static int setup_keys(void **state) {
    (void)state;
    key_class = calloc(KEYS, sizeof *key_class);
    int c[4];
    for (c[0] = 0; c[0] < 52; c[0]++)
        for (c[1] = c[0] + 1; c[1] < 52; c[1]++)
            for (c[2] = c[1] + 1; c[2] < 52; c[2]++)
                for (c[3] = c[2] + 1; c[3] < 52; c[3]++)
                    key_class[ref_key(c)] = 1;
    int cls = 0;
    for (int k = 0; k < KEYS; k++)
        if (key_class[k])
            key_class[k] = ++cls;
    return 0;
}

static int teardown_keys(void **state) {
    (void)state;
    free(key_class);
    return 0;
}

static void test_badugi_every_hand(void **state) {
    (void)state;
    uint64_t count[HS_BADUGI_CLASSES + 1], ref[HS_BADUGI_CLASSES + 1] = {0}, by_size[5] = {0};
    hs_badugi_hist(count);
    int c[4], distinct = 0;
    for (int k = 0; k < KEYS; k++)
        distinct += key_class[k] != 0;
    assert_int_equal(distinct, HS_BADUGI_CLASSES); /* 715 + 286 + 78 + 13 */
    uint64_t hands = 0;
    for (c[0] = 0; c[0] < 52; c[0]++)
        for (c[1] = c[0] + 1; c[1] < 52; c[1]++)
            for (c[2] = c[1] + 1; c[2] < 52; c[2]++)
                for (c[3] = c[2] + 1; c[3] < 52; c[3]++) {
                    const uint64_t hand = hs_cards_mask(c, 4);
                    const int key = ref_key(c), cls = hs_badugi_rank(hand);
                    assert_int_equal(cls, key_class[key]);
                    ref[cls]++;
                    by_size[4 - key / (13 * 13 * 13 * 13)]++;
                    hands++;
                    /* the best subset: distinct ranks and suits, of the class's size */
                    const uint64_t best = hs_badugi_best(hand);
                    int ranks[4];
                    assert_true((best & ~hand) == 0);
                    assert_int_equal(__builtin_popcountll(best), hs_badugi_ranks(cls, ranks));
                }
    assert_int_equal(hands, HS_BADUGI_HANDS);
    for (int k = 0; k <= HS_BADUGI_CLASSES; k++)
        assert_int_equal(count[k], ref[k]);
    /* four-card badugis: 4 distinct ranks C(13,4) = 715, their suits all different 4! = 24;
     * one-card hands: four of one suit 4 C(13,4) = 2860, or four of a kind 13 */
    assert_int_equal(by_size[4], 17160);
    assert_int_equal(by_size[1], 2873);
    assert_int_equal(by_size[4] + by_size[3] + by_size[2] + by_size[1], 270725);
    /* the class's ranks and top, and its description */
    int ranks[4];
    assert_int_equal(hs_badugi_ranks(1, ranks), 4);
    assert_int_equal(ranks[0], 3);
    assert_int_equal(ranks[3], 0);
    assert_int_equal(hs_badugi_ranks(715, ranks), 4);
    assert_int_equal(ranks[0], HS_KING);
    assert_int_equal(hs_badugi_ranks(716, ranks), 3);
    assert_int_equal(hs_badugi_top(1092), HS_KING);
    assert_int_equal(hs_badugi_ranks(0, ranks), -1);
    assert_int_equal(hs_badugi_ranks(1093, ranks), -1);
    char buf[64];
    hs_badugi_describe(1, buf, sizeof buf);
    assert_string_equal(buf, "4-card badugi, 4-3-2-A");
    hs_badugi_describe(1080, buf, sizeof buf);
    assert_string_equal(buf, "1-card, A");
    assert_int_equal(hs_badugi_rank(0), 0);
    assert_int_equal(hs_badugi_rank(0x1F), 0);
}

static uint64_t hand_of(const char *text) {
    int cards[52];
    size_t n = 0;
    hs_parse_error err;
    assert_int_equal(hs_cards_parse(text, strlen(text), cards, 52, &n, &err), HS_OK);
    return hs_cards_mask(cards, n);
}

static void test_badugi_comparisons(void **state) {
    (void)state;
    /* -1: the first is better, 0: a tie, 1: the second */
    static const struct {
        const char *a, *b;
        int want;
    } CASES[] = {
        {"AC 2D 3H 4S", "AC 2D 3H 5S", -1}, /* the best badugi */
        {"AC 2D 3H 4S", "AD 2C 3S 4H", 0},  /* suits do not matter */
        {"KC QD JH TS", "AC 2D 3H 3S", -1}, /* any four-card beats any three-card */
        {"AC 2C 3H 4S", "AD 3C 4H 5S", 1},  /* a suit removes the 2: 4-3-A, three cards */
        {"AC 2C 3H 4S", "AD 3C 4H 4S", 0},  /* 4-3-A both: a suit, a pair removing a card */
        {"AC AD 2H 3S", "AC 2D 3H 3S", 0},  /* pairs remove cards: 3-2-A both */
        {"AC 2D 3H KS", "2C 3D 4H 5S", 1},  /* aces low, the top card decides */
        {"AC 5D 6H 7S", "2C 3D 4H 8S", -1}, /* 7-6-5-A beats 8-4-3-2 */
        {"AC 5D 6H 8S", "2C 3D 7H 8S", -1}, /* then the second card */
        {"AC 2D 6H 8S", "AC 3D 6H 8S", -1}, /* then the third */
        {"AC 2D 3H 8S", "AD 2C 4H 8S", -1},
        {"KC QC JD TD", "AC 2C 3C 4C", -1}, /* a two-card Q-T beats a one-card ace */
        {"AC 2C 3C 4C", "2D 3D 4D 5D", -1}, /* one suit: the lowest card alone */
        {"AC AD AH AS", "AC 2C 3C 4C", 0},  /* four of a kind: one card */
        {"KC KD KH KS", "QC QD QH QS", 1},
        {"AC 2C 3D 4D", "2H 3S 5C 5D", 1},  /* 3-A two cards against 5-3-2 three */
        {"AC 2C 3D 4D", "AH 4S 4C 4D", -1}, /* 3-A against 4-A */
        {"AC 2D 2H 3S", "AC 2D 3H 3D", 0},
        {"4C 5D 6H 7S", "AC 2D 3H 8H", -1}, /* 7-high badugi against a 3-2-A tri */
        {"AC 2D 3H 4H", "AC 2D 4H 5H", -1}, /* 3-2-A against 4-2-A */
        {"AS 2S 3S KD", "QC QD QH 5S", 1},  /* K-A against Q-5 */
        {"2C 3D 4H 5S", "2D 3C 4S 5H", 0},
        {"7C 6D 5H 4S", "7D 5C 4H 2S", 1}, /* no straights: 7-5-4-2 beats 7-6-5-4 */
        {"AC 2D 3H 4S", "AC 2D 3H KH", -1},
        {"TC JD QH KS", "2C 3C 4C 5D", -1},
        {"AC 2C 3D 3H", "AD 2H 3C 3S", 1}, /* 3-A two cards against 3-2-A */
        {"5C 6D 7H 8S", "AC 5D 6H 9S", -1},
        {"9C 2D 3H 4S", "8C 7D 6H 5S", 1},
        {"AC 2D 3C 4D", "AH 2H 3S 3D", -1}, /* 2-A against 3-A */
        {"AC AD 2C 2D", "AS AH AD 2H", 0},  /* 2-A both */
        {"3C 3D 3H 2S", "4C 4D 4H AS", -1}, /* 3-2 against 4-A */
        {"KC AD 2H 3S", "QC QD AH 2S", -1},
        {"6C 4D 3H 2S", "5C 4D 3H 2S", 1},
        {"AC 3D 5H 7S", "2C 3D 5H 7S", -1},
        {"8C 8D 2H AS", "7C 7D 2H 3S", 1},  /* 8-2-A against 7-3-2 */
        {"JC JD JH JS", "KC QC JC TC", 1},  /* one card: J against T */
        {"AC KC 2D 3H", "2C 3D 4H 5H", -1}, /* the king drops: 3-2-A against 4-3-2 */
        {"AC 2D 3H 4S", "4S 3H 2D AC", 0},
        {"5S 4S 3S 2S", "AS KD KC KH", 1},  /* one card 2 against two cards K-A */
        {"QC JD 9H AS", "QD JC TH AS", -1}, /* Q-J-9-A against Q-J-T-A */
    };
    assert_int_equal(sizeof CASES / sizeof CASES[0], 40);
    for (size_t i = 0; i < sizeof CASES / sizeof CASES[0]; i++) {
        const uint64_t a = hand_of(CASES[i].a), b = hand_of(CASES[i].b);
        const int ca = hs_badugi_rank(a), cb = hs_badugi_rank(b);
        const int got = ca < cb ? -1 : ca > cb ? 1 : 0;
        const int ra = ref_class_of(a), rb = ref_class_of(b);
        const int ref = ra < rb ? -1 : ra > rb ? 1 : 0;
        if (got != CASES[i].want || ref != CASES[i].want)
            fail_msg("case %zu: %s vs %s: got %d, reference %d, want %d", i, CASES[i].a, CASES[i].b,
                     got, ref, CASES[i].want);
    }
}

/* ---- one draw: a plain enumeration -------------------------------------------------------- */

/* The reference class and band of a final hand, from the rankers and the rules. */
static int ref_class(int game, uint64_t hand) {
    switch (game) {
    case HS_DRAW_27:
        return hs_low_27_rank(hand);
    case HS_DRAW_A5:
        return hs_low_a5_rank(hand);
    case HS_DRAW_HIGH:
        return hs_poker_rank(hand);
    default:
        return ref_class_of(hand);
    }
}

static int ref_band(int game, int cls) {
    int top;
    switch (game) {
    case HS_DRAW_27:
        top = hs_low_27_top(cls);
        return top < 0 ? 8 : top == 0 ? 7 : top - 6;
    case HS_DRAW_A5:
        top = hs_low_a5_top(cls);
        return top < 0 ? 9 : top - 4;
    case HS_DRAW_HIGH:
        return hs_poker_category(cls);
    default: {
        int ranks[4];
        const int size = hs_badugi_ranks(cls, ranks);
        return size == 4 ? ranks[0] - 3 : 13 - size;
    }
    }
}

typedef struct ref_odds {
    uint64_t count[HS_DRAW_MAX_BANDS], total, class_sum;
} ref_odds;

/* Every way to add `left` cards of index >= from, not in `out`, to `hand`. */
static void ref_walk(int game, uint64_t hand, uint64_t out, int from, int left, ref_odds *o) {
    if (left == 0) {
        const int cls = ref_class(game, hand);
        o->count[ref_band(game, cls)]++;
        o->total++;
        o->class_sum += (uint64_t)cls;
        return;
    }
    for (int c = from; c < 52; c++)
        if (!((hand | out) >> c & 1))
            ref_walk(game, hand | UINT64_C(1) << c, out, c + 1, left - 1, o);
}

static void check_odds(int game, uint64_t kept, int draw, uint64_t dead) {
    hs_draw_odds got;
    ref_odds want = {{0}, 0, 0};
    assert_int_equal(hs_draw_odds_of(game, kept, draw, dead, &got), HS_OK);
    ref_walk(game, kept, dead, 0, draw, &want);
    assert_int_equal(got.total, want.total);
    assert_int_equal(got.class_sum, want.class_sum);
    assert_int_equal(got.bands, hs_draw_bands(game));
    for (int b = 0; b < got.bands; b++)
        assert_int_equal(got.count[b], want.count[b]);
}

static uint64_t rng = 0x2545F4914F6CDD1DULL;
static int rnd(int n) {
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return (int)(rng % (uint64_t)n);
}

/* A random card not in `used`. */
static uint64_t rnd_card(uint64_t used) {
    int c;
    do
        c = rnd(52);
    while (used >> c & 1);
    return UINT64_C(1) << c;
}

static void test_odds_against_enumeration(void **state) {
    (void)state;
    for (int game = 0; game < HS_DRAW_GAMES; game++) {
        const int size = hs_draw_hand_cards(game);
        /* 24 random keeps drawing 0 to 3, their discards and up to 6 other cards dead */
        for (int i = 0; i < 24; i++) {
            uint64_t hand = 0, kept = 0, dead = 0;
            for (int k = 0; k < size; k++)
                hand |= rnd_card(hand);
            const int draw = i % 4;
            for (uint64_t h = hand; h; h &= h - 1)
                if (__builtin_popcountll(kept) < size - draw)
                    kept |= h & -h;
            dead = hand & ~kept;
            for (int k = rnd(7); k > 0; k--)
                dead |= rnd_card(hand | dead);
            check_odds(game, kept, draw, dead);
        }
        /* 4 more: drawing 4 and everything, with and without dead cards */
        check_odds(game, hand_of("7S"), size - 1, hand_of("KD QD JD TD"));
        check_odds(game, hand_of("2C"), size - 1, 0);
        check_odds(game, 0, size, hand_of("AS KS"));
        check_odds(game, hand_of("2C 3D 4H"), size - 3, hand_of("5S 6S 7S 8S 9S TS JS QS KS"));
    }
}

/* Classic published figures, reproduced exactly. */
static void test_published_odds(void **state) {
    (void)state;
    hs_draw_odds o;
    /* Five-card draw, drawing three to a pair, out of C(47,3) = 16,215: two pair 2,592, trips
     * 1,854, a full house 165 (bigpooch, "Common 5 Card Draw Probability Questions", Two Plus
     * Two forums, 2008: forumserver.twoplustwo.com/25/probability/
     * common-5-card-draw-probability-questions-308573/), four of a kind 45 (math.stackexchange
     * q/1477079: "these can be combined with any of the other 45 cards") */
    assert_int_equal(hs_draw_odds_of(HS_DRAW_HIGH, hand_of("9S 9H"), 3, hand_of("AC KD 2S"), &o),
                     HS_OK);
    assert_int_equal(o.total, 16215);
    assert_int_equal(o.count[HS_POKER_TWO_PAIR], 2592);
    assert_int_equal(o.count[HS_POKER_THREE_OF_A_KIND], 1854);
    assert_int_equal(o.count[HS_POKER_FULL_HOUSE], 165);
    assert_int_equal(o.count[HS_POKER_FOUR_OF_A_KIND], 45);
    /* Badugi: drawing one to A-2-3 of three suits (As 2d 3h, the 4h thrown) there are always 10
     * outs, the 4 to K of the missing suit, of 48 unseen (badugipokertips.com/odds/) */
    assert_int_equal(hs_draw_odds_of(HS_DRAW_BADUGI, hand_of("AS 2D 3H"), 1, hand_of("4H"), &o),
                     HS_OK);
    uint64_t four = 0;
    for (int b = 0; b < 10; b++)
        four += o.count[b];
    assert_int_equal(o.total, 48);
    assert_int_equal(four, 10);
    /* Badugi: breaking a king-high badugi to draw one, the cards that make a better hand are
     * x - 4 = 9 of 48 for a king (pokerjunkie.com, "Badugi: Odds of Improving a Four Card Hand") */
    assert_int_equal(hs_draw_odds_of(HS_DRAW_BADUGI, hand_of("AS 2D 3H"), 1, hand_of("KC"), &o),
                     HS_OK);
    four = 0;
    for (int b = 0; b < 9; b++) /* 4-high .. Q-high */
        four += o.count[b];
    assert_int_equal(four, 9);
    assert_int_equal(o.count[9], 0); /* no other king-high badugi: the king of clubs is thrown */
    /* 2-7: drawing one to 7-6-3-2, a four or a five makes the seven low: 8 of 47, 17%
     * (flopturnriver.com forum, "2-7 Triple Draw, odds and chances") */
    assert_int_equal(hs_draw_odds_of(HS_DRAW_27, hand_of("7S 6D 3C 2H"), 1, hand_of("KD"), &o),
                     HS_OK);
    assert_int_equal(o.total, 47);
    assert_int_equal(o.count[0], 8);
    assert_int_equal(o.count[1], 4); /* an eight */
}

static void test_odds_errors(void **state) {
    (void)state;
    hs_draw_odds o;
    assert_int_equal(hs_draw_odds_of(7, 0, 5, 0, &o), HS_ERR_ARG);
    assert_int_equal(hs_draw_odds_of(HS_DRAW_27, hand_of("7S 5D"), 2, 0, &o), HS_ERR_COUNT);
    assert_int_equal(hs_draw_odds_of(HS_DRAW_BADUGI, hand_of("7S 5D 4C 3H 2S"), 0, 0, &o),
                     HS_ERR_COUNT);
    assert_int_equal(hs_draw_odds_of(HS_DRAW_27, hand_of("7S 5D"), 3, hand_of("7S"), &o),
                     HS_ERR_DUPLICATE);
    /* a draw larger than the stub: 49 dead leave one card */
    assert_int_equal(
        hs_draw_odds_of(HS_DRAW_27, hand_of("7S 5D"), 3, HS_DECK_MASK & ~hand_of("7S 5D 2C"), &o),
        HS_ERR_ARG);
    assert_int_equal(hs_draw_game_parse("badugi"), HS_DRAW_BADUGI);
    assert_int_equal(hs_draw_game_parse("razz"), -1);
    assert_string_equal(hs_draw_band_name(HS_DRAW_27, 0), "7-low");
    assert_string_equal(hs_draw_band_name(HS_DRAW_A5, 9), "pair_or_worse");
    assert_null(hs_draw_band_name(HS_DRAW_27, 9));
}

/* ---- the best discard: a brute force over both draws -------------------------------------- */

typedef struct ref_vs {
    ref_odds odds;
    uint64_t wins, ties, losses;
} ref_vs;

/* The opponent's draws from what the player's leave. */
static void ref_opp(int game, int mine, uint64_t opp, uint64_t out, int from, int left, ref_vs *v) {
    if (left == 0) {
        const int theirs = ref_class(game, opp);
        v->wins += mine < theirs;
        v->ties += mine == theirs;
        v->losses += mine > theirs;
        return;
    }
    for (int c = from; c < 52; c++)
        if (!((opp | out) >> c & 1))
            ref_opp(game, mine, opp | UINT64_C(1) << c, out, c + 1, left - 1, v);
}

static void ref_mine(int game, uint64_t hand, uint64_t out, int from, int left, uint64_t opp_kept,
                     int opp_draw, int has_opp, ref_vs *v) {
    if (left == 0) {
        const int cls = ref_class(game, hand);
        v->odds.count[ref_band(game, cls)]++;
        v->odds.total++;
        v->odds.class_sum += (uint64_t)cls;
        if (has_opp)
            ref_opp(game, cls, opp_kept, out | hand, 0, opp_draw, v);
        return;
    }
    for (int c = from; c < 52; c++)
        if (!((hand | out) >> c & 1))
            ref_mine(game, hand | UINT64_C(1) << c, out, c + 1, left - 1, opp_kept, opp_draw,
                     has_opp, v);
}

static void check_discards(int game, const char *hand_text, const char *opp_text,
                           const char *opp_throw_text, const char *dead_text) {
    const uint64_t hand = hand_of(hand_text), dead = dead_text ? hand_of(dead_text) : 0;
    hs_draw_opponent opp = {opp_text ? hand_of(opp_text) : 0,
                            opp_throw_text ? hand_of(opp_throw_text) : 0};
    hs_draw_choice ch[HS_DRAW_MAX_CHOICES];
    int n = 0;
    assert_int_equal(hs_draw_discards(game, hand, dead, opp_text ? &opp : NULL, ch, &n), HS_OK);
    assert_int_equal(n, 1 << hs_draw_hand_cards(game));
    uint64_t seen = 0;
    for (int i = 0; i < n; i++) {
        /* each subset once */
        assert_true((ch[i].discard & ~hand) == 0);
        ref_vs v;
        memset(&v, 0, sizeof v);
        /* everything out of the stub: the whole hand, the opponent's, the dead */
        ref_mine(game, ch[i].kept, hand | opp.hand | dead, 0, ch[i].draw, opp.hand & ~opp.discard,
                 __builtin_popcountll(opp.discard), opp_text != NULL, &v);
        assert_int_equal(ch[i].odds.total, v.odds.total);
        assert_int_equal(ch[i].odds.class_sum, v.odds.class_sum);
        for (int b = 0; b < hs_draw_bands(game); b++)
            assert_int_equal(ch[i].odds.count[b], v.odds.count[b]);
        assert_int_equal(ch[i].wins, v.wins);
        assert_int_equal(ch[i].ties, v.ties);
        assert_int_equal(ch[i].losses, v.losses);
        seen += ch[i].discard; /* distinct subsets of a hand sum to a fixed total */
        /* best first */
        if (i > 0 && opp_text != NULL) {
            const hs_uint128 a = (2 * (hs_uint128)ch[i - 1].wins + ch[i - 1].ties) * ch[i].deals,
                             b = (2 * (hs_uint128)ch[i].wins + ch[i].ties) * ch[i - 1].deals;
            assert_true(a >= b);
        } else if (i > 0) {
            assert_true((hs_uint128)ch[i - 1].odds.class_sum * ch[i].odds.total <=
                        (hs_uint128)ch[i].odds.class_sum * ch[i - 1].odds.total);
        }
    }
    /* every card of the hand is in half of the subsets */
    assert_int_equal(seen, hand * (uint64_t)(n / 2));
}

static void test_discards_against_brute_force(void **state) {
    (void)state;
    /* the stub cut down with dead cards where both draw, so that the brute force stays quick */
    const char *dead = "AD AH 9C 9D 9H 9S TC TD TH TS JC JD JH JS QC QD QH";
    check_discards(HS_DRAW_27, "7S 5D 3C 2H KD", "8C 6D 4H 3S 2C", NULL, dead);
    check_discards(HS_DRAW_27, "7S 5D 3C 2H KD", "8C 6D 4H 3S QS", "QS", dead);
    check_discards(HS_DRAW_27, "7S 6S 5S 4S 2S", NULL, NULL, NULL);
    check_discards(HS_DRAW_A5, "AS 2D 3C KH KD", "6C 5D 4H 3S 2C", NULL, dead);
    check_discards(HS_DRAW_A5, "AS 2D 3C KH KD", "6C 5D 4H 8S 8C", "8S 8C",
                   "AD AH 9C 9D 9H 9S TC TD TH TS JC JD JH JS QC QD QH KC KS 7C 7D 7H 7S");
    check_discards(HS_DRAW_HIGH, "AS AC KC 7H 2D", "8S 8D 8C 5H 4D", "5H 4D", dead);
    check_discards(HS_DRAW_HIGH, "AS KS QS JS 2D", NULL, NULL, "TS");
    check_discards(HS_DRAW_BADUGI, "AS 2D 3H 4H", "AC 5D 6H 7S", NULL, NULL);
    check_discards(HS_DRAW_BADUGI, "AS 2D 3H 4H", "AC 5D 6H 6S", "6S", dead);
    check_discards(HS_DRAW_BADUGI, "KS KD 3H 4H", "2C 5D 6H 6S", "6S 6H", dead);
}

static void test_discard_errors(void **state) {
    (void)state;
    hs_draw_choice ch[HS_DRAW_MAX_CHOICES];
    int n;
    hs_draw_opponent opp = {hand_of("8C 6D 4H 3S QS"), hand_of("QD")}; /* QD not held */
    assert_int_equal(hs_draw_discards(HS_DRAW_27, hand_of("7S 5D 3C 2H KD"), 0, &opp, ch, &n),
                     HS_ERR_ARG);
    opp.discard = 0;
    opp.hand = hand_of("7S 6D 4H 3S QS"); /* shares the seven */
    assert_int_equal(hs_draw_discards(HS_DRAW_27, hand_of("7S 5D 3C 2H KD"), 0, &opp, ch, &n),
                     HS_ERR_DUPLICATE);
    assert_int_equal(hs_draw_discards(HS_DRAW_BADUGI, hand_of("7S 5D 3C 2H KD"), 0, NULL, ch, &n),
                     HS_ERR_COUNT);
    /* over the bound: both drawing five of a full stub */
    opp.hand = hand_of("8C 6D 4H 3S QS");
    opp.discard = opp.hand;
    assert_int_equal(hs_draw_discards(HS_DRAW_27, hand_of("7S 5D 3C 2H KD"), 0, &opp, ch, &n),
                     HS_ERR_ARG);
}

/* ---- equity with one draw: a brute force over the seats' draws ---------------------------- */

typedef struct ref_eq {
    uint64_t deals, wins[6], ties[6], share[6];
} ref_eq;

/* Seat p draws left[p] cards of index >= from not in `out`, after which the next seat draws. */
static void ref_seat(int game, int n, uint64_t *hands, const int *draws, int p, int from, int left,
                     uint64_t out, ref_eq *e) {
    if (left == 0) {
        if (p + 1 < n) {
            ref_seat(game, n, hands, draws, p + 1, 0, draws[p + 1], out, e);
            return;
        }
        int cls[6], best = 1 << 30, w = 0;
        for (int i = 0; i < n; i++) {
            cls[i] = ref_class(game, hands[i]);
            best = cls[i] < best ? cls[i] : best;
        }
        for (int i = 0; i < n; i++)
            w += cls[i] == best;
        e->deals++;
        for (int i = 0; i < n; i++)
            if (cls[i] == best) {
                e->wins[i] += w == 1;
                e->ties[i] += w > 1;
                e->share[i] += (uint64_t)(60 / w);
            }
        return;
    }
    for (int c = from; c < 52; c++)
        if (!(out >> c & 1)) {
            const uint64_t bit = UINT64_C(1) << c;
            hands[p] |= bit;
            ref_seat(game, n, hands, draws, p, c + 1, left - 1, out | bit, e);
            hands[p] &= ~bit;
        }
}

/* hands[i] "CARDS" or "CARDS:DISCARD" */
static void check_equity(int game, const char *const *texts, int n, const char *dead_text) {
    hs_draw_opponent p[6];
    uint64_t out = dead_text ? hand_of(dead_text) : 0, kept[6];
    int draws[6];
    const uint64_t dead = out;
    for (int i = 0; i < n; i++) {
        char buf[64];
        strcpy(buf, texts[i]);
        char *colon = strchr(buf, ':');
        if (colon)
            *colon = '\0';
        p[i].hand = hand_of(buf);
        p[i].discard = colon ? hand_of(colon + 1) : 0;
        kept[i] = p[i].hand & ~p[i].discard;
        draws[i] = __builtin_popcountll(p[i].discard);
        out |= p[i].hand;
    }
    hs_draw_equity got;
    assert_int_equal(hs_draw_equity_of(game, p, n, dead, &got), HS_OK);
    ref_eq want;
    memset(&want, 0, sizeof want);
    ref_seat(game, n, kept, draws, 0, 0, draws[0], out, &want);
    assert_int_equal(got.deals, want.deals);
    uint64_t total = 0;
    for (int i = 0; i < n; i++) {
        assert_int_equal(got.wins[i], want.wins[i]);
        assert_int_equal(got.ties[i], want.ties[i]);
        assert_int_equal(got.share[i], want.share[i]);
        total += got.share[i];
    }
    assert_int_equal(total, 60 * got.deals); /* the pots are shared out whole */
}

static void test_equity_against_brute_force(void **state) {
    (void)state;
    static const struct {
        int game;
        const char *hand[3];
        const char *dead;
    } CASES[] = {
        /* two players */
        {HS_DRAW_27, {"7S 5D 3C 2H KD:KD", "8C 6D 4H 3S QS:QS"}, NULL},
        {HS_DRAW_27, {"7S 5D 3C 2H KD:KD", "8C 6D 4H 3S 2C"}, NULL}, /* against a pat hand */
        {HS_DRAW_27, {"7S 5D 3C 2H 8D", "8C 6D 4H 3S 2C"}, NULL},    /* both pat */
        {HS_DRAW_27, {"7S 5D 3C KH KD:KH KD", "8C 6D 4H 3S QS:QS"}, "9C 9D 9H TC TD"},
        {HS_DRAW_27, {"7S 6S 5S 4S 2S:2S", "7D 6D 5D 4D 2D:2D"}, NULL}, /* ties and flushes */
        {HS_DRAW_A5, {"AS 2D 3C 4H KD:KD", "AC 2S 3D 5H QS:QS"}, NULL},
        {HS_DRAW_A5, {"AS 2D 3C KH KD:KH KD", "6C 5D 4H 3S 2C"}, "7C 7D 7H"},
        {HS_DRAW_A5, {"AS AD 3C 4H 5D:AD", "AC 2S 3D 4D 5H"}, NULL},
        {HS_DRAW_HIGH, {"AS AD KC 7H 2D:7H 2D", "QS QD QC 5H 4D:5H 4D"}, "JC JD JH JS TC TD"},
        {HS_DRAW_HIGH, {"AS KS QS JS 2D:2D", "9C 9D 9H 5H 4D"}, NULL},
        {HS_DRAW_HIGH, {"2C 3C 4C 5C 7D:7D", "AS AD AH KS KD"}, NULL},
        {HS_DRAW_BADUGI, {"AS 2D 3H 4H:4H", "AC 5D 6H 7S"}, NULL},
        {HS_DRAW_BADUGI, {"AS 2D 3H 4H:4H", "AC 5D 6H 6S:6S"}, NULL},
        {HS_DRAW_BADUGI, {"KS KD 3H 4H:KS KD", "2C 5D 6H 6S:6S"}, "QC QD QH QS JC JD JH JS"},
        /* three players */
        {HS_DRAW_27, {"7S 5D 3C 2H KD:KD", "8C 6D 4H 3S QS:QS", "9C 8D 6H 4S 2C"}, NULL},
        {HS_DRAW_27, {"7S 5D 3C 2H KD:KD", "8C 6D 4H 3S QS:QS", "7C 6H 4D 3D AS:AS"}, NULL},
        {HS_DRAW_27,
         {"7S 5D 3C 9H KD:9H KD", "8C 6D 4H 3S QS:QS", "9C 8D 6H 4S 2C"},
         "TC TD TH TS JC JD JH JS"},
        {HS_DRAW_A5, {"AS 2D 3C 4H KD:KD", "AC 2S 3D 5H QS:QS", "AD 2C 4S 5S JS:JS"}, NULL},
        {HS_DRAW_HIGH,
         {"AS AD KC 7H 2D:KC 7H 2D", "QS QD QC 5H 4D:5H 4D", "2C 3C 4C 5C 9D:9D"},
         "JC JD JH JS TC TD TH TS 8C 8D 8H 8S 7C 7D 7S"},
        {HS_DRAW_BADUGI, {"AS 2D 3H 4H:4H", "AC 5D 6H 6S:6S", "2C 3S 4D 5H"}, NULL},
        {HS_DRAW_BADUGI, {"AS 2D 3H 4H:4H", "AC 5D 6H 6S:6S", "2C 3S 4D 4C:4C"}, "KC KD KH KS"},
        {HS_DRAW_BADUGI, {"AS 2D 3H 4H", "AC 5D 6H 7S", "2C 3S 4D 5H"}, NULL}, /* all pat */
    };
    assert_true(sizeof CASES / sizeof CASES[0] >= 20);
    for (size_t i = 0; i < sizeof CASES / sizeof CASES[0]; i++)
        check_equity(CASES[i].game, CASES[i].hand, CASES[i].hand[2] != NULL ? 3 : 2, CASES[i].dead);
    /* bad input: a discard not held, a shared card, one player, too many deals */
    hs_draw_opponent p[2] = {{hand_of("7S 5D 3C 2H KD"), hand_of("QD")},
                             {hand_of("8C 6D 4H 3S QS"), 0}};
    hs_draw_equity e;
    assert_int_equal(hs_draw_equity_of(HS_DRAW_27, p, 2, 0, &e), HS_ERR_ARG);
    p[0].discard = 0;
    p[1].hand = hand_of("8C 6D 4H 3S KD");
    assert_int_equal(hs_draw_equity_of(HS_DRAW_27, p, 2, 0, &e), HS_ERR_DUPLICATE);
    assert_int_equal(hs_draw_equity_of(HS_DRAW_27, p, 1, 0, &e), HS_ERR_ARG);
    p[0].discard = p[0].hand;
    p[1].hand = hand_of("8C 6D 4H 3S QS");
    p[1].discard = p[1].hand;
    assert_int_equal(hs_draw_equity_of(HS_DRAW_27, p, 2, 0, &e), HS_ERR_ARG); /* 5 and 5 */
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_badugi_every_hand),
        cmocka_unit_test(test_badugi_comparisons),
        cmocka_unit_test(test_odds_against_enumeration),
        cmocka_unit_test(test_published_odds),
        cmocka_unit_test(test_odds_errors),
        cmocka_unit_test(test_discards_against_brute_force),
        cmocka_unit_test(test_discard_errors),
        cmocka_unit_test(test_equity_against_brute_force),
    };
    return cmocka_run_group_tests(tests, setup_keys, teardown_keys);
}
