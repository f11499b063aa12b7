/* Equity with two or three draws under the named policies (hs_draw_equity_run) against a brute
 * force written here: the policies re-written from their definition in handstat/draw.h, and a
 * plain recursion over the draws, seat by seat, every replacement set weighted by its probability
 * 1 / C(stub, drawn) as a GMP rational, no grouping. The stubs are cut down with dead cards so
 * that the brute force stays quick. Also: the estimate within 5 standard errors of the exact
 * answer; the answers (exact, estimate, one draw, best discard) identical at 1 and 2 threads; a
 * question past the bound answered by a labelled estimate; the policies' names and bad input. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "test_skip.h"
#include <gmp.h>
#include <math.h>
#include <stdio.h>

#include "handstat/handstat.h"

static uint64_t hand_of(const char *text) {
    int cards[52];
    size_t n = 0;
    hs_parse_error err;
    assert_int_equal(hs_cards_parse(text, strlen(text), cards, 52, &n, &err), HS_OK);
    return hs_cards_mask(cards, n);
}

/* ---- the policies, from their definition -------------------------------------------------- */

/* The class of a final hand from the game's ranker (badugi's is tested in test_draw). */
static int ref_class(int game, uint64_t hand) {
    switch (game) {
    case HS_DRAW_27:
        return hs_low_27_rank(hand);
    case HS_DRAW_A5:
        return hs_low_a5_rank(hand);
    case HS_DRAW_HIGH:
        return hs_poker_rank(hand);
    default:
        return hs_badugi_rank(hand);
    }
}

/* A rank's place in the low order of the game: 27 counts the ace above the king. */
static int low_value(int game, int rank) {
    return game == HS_DRAW_27 && rank == 0 ? 13 : rank;
}

/* keep:K in lowball: walk the cards from the lowest (value, then card index) and keep each one
 * of a rank not kept yet, until K are kept. */
static uint64_t ref_keep_low(int game, uint64_t hand, int k) {
    int c[5], n = 0;
    for (int card = 0; card < 52; card++)
        if (hand >> card & 1)
            c[n++] = card;
    for (int i = 0; i < n; i++) /* insertion sort by (value, index) */
        for (int j = i; j > 0; j--) {
            const int a = low_value(game, c[j - 1] % 13), b = low_value(game, c[j] % 13);
            if (a > b || (a == b && c[j - 1] > c[j])) {
                const int t = c[j];
                c[j] = c[j - 1];
                c[j - 1] = t;
            }
        }
    uint64_t kept = 0;
    unsigned ranks = 0;
    int kn = 0;
    for (int i = 0; i < n && kn < k; i++)
        if (!(ranks >> (c[i] % 13) & 1)) {
            ranks |= 1u << (c[i] % 13);
            kept |= UINT64_C(1) << c[i];
            kn++;
        }
    return hand & ~kept;
}

/* keep:K in badugi: every subset of at most K cards with distinct ranks and suits, keyed by
 * (4 - size), then its ranks from the highest as base-13 digits, then its mask; the least. */
static uint64_t ref_keep_badugi(uint64_t hand, int k) {
    uint64_t best = 0, best_key = UINT64_MAX;
    for (uint64_t sub = hand;; sub = (sub - 1) & hand) {
        if (sub != 0 && __builtin_popcountll(sub) <= k) {
            unsigned ranks = 0, suits = 0;
            int ok = 1;
            for (int card = 0; card < 52; card++)
                if (sub >> card & 1) {
                    ok &= !(ranks >> (card % 13) & 1) && !(suits >> (card / 13) & 1);
                    ranks |= 1u << (card % 13);
                    suits |= 1u << (card / 13);
                }
            if (ok) {
                uint64_t key = (uint64_t)(4 - __builtin_popcountll(sub));
                for (int r = 12; r >= 0; r--)
                    if (ranks >> r & 1)
                        key = key * 13 + (uint64_t)r;
                for (int i = __builtin_popcountll(sub); i < 4; i++)
                    key *= 13;
                if (key < best_key || (key == best_key && sub < best)) {
                    best_key = key;
                    best = sub;
                }
            }
        }
        if (sub == 0)
            break;
    }
    return hand & ~best;
}

/* Whether a hand is an R-low or better (badugi: a four-card badugi R-high or better). */
static int ref_made(int game, uint64_t hand, int r) {
    const int cls = ref_class(game, hand);
    if (game == HS_DRAW_BADUGI) {
        int ranks[4];
        return hs_badugi_ranks(cls, ranks) == 4 && ranks[0] <= r;
    }
    const int top = game == HS_DRAW_27 ? hs_low_27_top(cls) : hs_low_a5_top(cls);
    return top >= 0 && low_value(game, top) <= low_value(game, r);
}

static uint64_t ref_policy(int game, const char *name, uint64_t hand) {
    const int size = game == HS_DRAW_BADUGI ? 4 : 5;
    if (strcmp(name, "pat") == 0)
        return 0;
    if (strncmp(name, "keep:", 5) == 0) {
        const int k = name[5] - '0';
        return game == HS_DRAW_BADUGI ? ref_keep_badugi(hand, k) : ref_keep_low(game, hand, k);
    }
    if (strncmp(name, "stand:", 6) == 0) {
        const int r = (int)(strchr("A23456789TJQK", name[6]) - "A23456789TJQK");
        if (ref_made(game, hand, r))
            return 0;
        return game == HS_DRAW_BADUGI ? ref_keep_badugi(hand, size - 1)
                                      : ref_keep_low(game, hand, size - 1);
    }
    /* pairs */
    if (hs_poker_category(hs_poker_rank(hand)) <= HS_POKER_STRAIGHT)
        return 0;
    int count[13] = {0};
    for (int card = 0; card < 52; card++)
        count[card % 13] += (int)(hand >> card & 1);
    uint64_t kept = 0;
    for (int card = 0; card < 52; card++)
        if ((hand >> card & 1) && count[card % 13] >= 2)
            kept |= UINT64_C(1) << card;
    if (kept == 0) {
        int best = -1;
        for (int card = 0; card < 52; card++)
            if ((hand >> card & 1) &&
                (best < 0 || low_value(HS_DRAW_27, card % 13) > low_value(HS_DRAW_27, best % 13)))
                best = card;
        kept = UINT64_C(1) << best;
    }
    return hand & ~kept;
}

/* ---- the brute force ---------------------------------------------------------------------- */

typedef struct ref_game {
    int game, n, draws;
    const char *policy[6];
    uint64_t first[6];
    uint64_t deals;
    mpq_t eq[6];
} ref_game;

static unsigned long binom(int n, int k) {
    unsigned long v = 1;
    for (int i = 1; i <= k; i++)
        v = v * (unsigned long)(n - k + i) / (unsigned long)i;
    return v;
}

/* Seat p at draw r throws and draws `left` more cards of index >= from, not in `out`; `w` is the
 * probability of the deal so far. */
static void ref_draw(ref_game *g, uint64_t *hand, int r, int p, uint64_t out, const mpq_t w);

static void ref_next(ref_game *g, uint64_t *hand, int r, int p, uint64_t out, const mpq_t w) {
    if (p + 1 < g->n) {
        ref_draw(g, hand, r, p + 1, out, w);
        return;
    }
    if (r + 1 < g->draws) {
        ref_draw(g, hand, r + 1, 0, out, w);
        return;
    }
    int cls[6], best = 1 << 30, winners = 0;
    for (int i = 0; i < g->n; i++) {
        cls[i] = ref_class(g->game, hand[i]);
        best = cls[i] < best ? cls[i] : best;
    }
    for (int i = 0; i < g->n; i++)
        winners += cls[i] == best;
    mpq_t s;
    mpq_init(s);
    mpq_set_ui(s, 1, (unsigned long)winners);
    mpq_mul(s, s, w);
    for (int i = 0; i < g->n; i++)
        if (cls[i] == best)
            mpq_add(g->eq[i], g->eq[i], s);
    mpq_clear(s);
    g->deals++;
}

static void ref_choose(ref_game *g, uint64_t *hand, int r, int p, uint64_t out, int from, int left,
                       const mpq_t w) {
    if (left == 0) {
        ref_next(g, hand, r, p, out, w);
        return;
    }
    for (int c = from; c < 52; c++)
        if (!(out >> c & 1)) {
            const uint64_t bit = UINT64_C(1) << c;
            hand[p] |= bit;
            ref_choose(g, hand, r, p, out | bit, c + 1, left - 1, w);
            hand[p] &= ~bit;
        }
}

static void ref_draw(ref_game *g, uint64_t *hand, int r, int p, uint64_t out, const mpq_t w) {
    const uint64_t d = r == 0 ? g->first[p] : ref_policy(g->game, g->policy[p], hand[p]);
    const int k = __builtin_popcountll(d);
    const int stub = 52 - __builtin_popcountll(out);
    assert_true(k <= stub);
    mpq_t w2;
    mpq_init(w2);
    mpq_set_ui(w2, 1, binom(stub, k));
    mpq_mul(w2, w2, w);
    const uint64_t before = hand[p];
    hand[p] &= ~d;
    ref_choose(g, hand, r, p, out, 0, k, w2);
    hand[p] = before;
    mpq_clear(w2);
}

/* ---- the cases ---------------------------------------------------------------------------- */

typedef struct policy_case {
    int game, draws;
    const char *hand[3]; /* "CARDS" (the policy's first draw) or "CARDS:DISCARD" */
    const char *policy[3];
    const char *dead; /* dead cards, or "live: CARDS": every card but the hands and these */
} policy_case;

static uint64_t dead_of(const policy_case *pc, const hs_draw_player *pl, int n) {
    if (pc->dead == NULL)
        return 0;
    if (strncmp(pc->dead, "live: ", 6) != 0)
        return hand_of(pc->dead);
    uint64_t keep = hand_of(pc->dead + 6);
    for (int i = 0; i < n; i++)
        keep |= pl[i].hand;
    return HS_DECK_MASK & ~keep;
}

/* The players of a case for the library, and their first discards (given, else the reference
 * policy's) into first[]. */
static int players_of(const policy_case *pc, hs_draw_player *pl, uint64_t *first) {
    int n = 0;
    for (; n < 3 && pc->hand[n] != NULL; n++) {
        char buf[64];
        strcpy(buf, pc->hand[n]);
        char *colon = strchr(buf, ':');
        if (colon)
            *colon = '\0';
        pl[n].hand = hand_of(buf);
        pl[n].first_given = colon != NULL;
        pl[n].first = colon != NULL && colon[1] ? hand_of(colon + 1) : 0;
        assert_int_equal(hs_draw_policy_parse(pc->game, pc->policy[n], &pl[n].policy), HS_OK);
        first[n] =
            pl[n].first_given ? pl[n].first : ref_policy(pc->game, pc->policy[n], pl[n].hand);
    }
    return n;
}

static void check_case(const policy_case *pc, hs_draw_run_result *got_out) {
    hs_draw_player pl[3];
    ref_game g;
    memset(&g, 0, sizeof g);
    g.game = pc->game;
    g.draws = pc->draws;
    g.n = players_of(pc, pl, g.first);
    const uint64_t dead = dead_of(pc, pl, g.n);
    uint64_t out = dead, hand[6];
    for (int i = 0; i < g.n; i++) {
        g.policy[i] = pc->policy[i];
        hand[i] = pl[i].hand;
        out |= pl[i].hand;
        mpq_init(g.eq[i]);
    }
    mpq_t one;
    mpq_init(one);
    mpq_set_ui(one, 1, 1);
    ref_draw(&g, hand, 0, 0, out, one);
    hs_draw_run_result got;
    assert_int_equal(
        hs_draw_equity_run(pc->game, pl, g.n, dead, pc->draws, 0, 1, 1, NULL, NULL, &got), HS_OK);
    assert_int_equal(got.exact, 1);
    if (got.deals != g.deals)
        fail_msg("%s vs %s: %llu deals, reference %llu", pc->hand[0], pc->hand[1],
                 (unsigned long long)got.deals, (unsigned long long)g.deals);
    for (int i = 0; i < g.n; i++) {
        assert_int_equal(got.first[i], g.first[i]);
        char *want = mpq_get_str(NULL, 10, g.eq[i]);
        if (strchr(want, '/') == NULL) { /* 0 or 1: the library writes "0/1", "1/1" */
            char *w2 = malloc(strlen(want) + 3);
            sprintf(w2, "%s/1", want);
            free(want);
            want = w2;
        }
        assert_string_equal(got.equity_exact[i], want);
        free(want);
        mpq_clear(g.eq[i]);
    }
    mpq_clear(one);
    if (got_out != NULL)
        *got_out = got;
}

/* Cut stubs: 16 or so cards left where both draw twice, fewer for three draws. */
#define DEAD_27 "9C 9D 9H 9S TC TD TH TS JC JD JH JS QD QH KC KS AC AD AH 6C 6S 8H 8S 2D 3D 4S"
#define DEAD_A5 "9C 9D 9H 9S TC TD TH TS JC JD JH JS QD QH KC KS 7C 7H 7S 8H 8S 2H 3H 4S 5C"

static const policy_case CASES[] = {
    /* 27, two players, two draws: one card each draw, a stand-pat rule, a pair broken */
    {HS_DRAW_27, 2, {"7S 5D 3C 2H KD:KD", "8C 6D 4H 3S QS:QS"}, {"keep:4", "keep:4"}, DEAD_27},
    {HS_DRAW_27, 2, {"7S 5D 3C 2H KD", "8C 6D 4H 3S QS"}, {"stand:8", "stand:9"}, DEAD_27},
    {HS_DRAW_27, 2, {"7S 5D 3C 5H KD", "8C 6D 4H 3S 2C"}, {"keep:3", "pat"}, DEAD_27},
    {HS_DRAW_27, 2, {"7S 5D 3C 2H KD:", "8C 6D 4H 3S QS"}, {"stand:A", "keep:4"}, DEAD_27},
    /* 27, three draws; three players */
    {HS_DRAW_27, 3, {"7S 5D 3C 2H KD", "8C 6D 4H 3S 2C"}, {"stand:7", "pat"}, DEAD_27 " 5S 5C 7C"},
    {HS_DRAW_27,
     2,
     {"7S 5D 3C 2H KD", "8C 6D 4H 3S QS", "7D 6H 5H 4D 3H"},
     {"keep:4", "stand:8", "pat"},
     DEAD_27 " 7C"},
    /* a5 */
    {HS_DRAW_A5, 2, {"AS 2D 3C 4H KD", "AC 2S 3D 5H QS"}, {"keep:4", "keep:4"}, DEAD_A5},
    {HS_DRAW_A5, 3, {"AS 2D 3C KH KD", "6C 5D 4H 3S 2C"}, {"stand:6", "pat"}, DEAD_A5 " QC"},
    {HS_DRAW_A5, 2, {"AS AD 3C 4H 5D", "6C 6D 4C 3S 2C"}, {"keep:4", "keep:4"}, DEAD_A5},
    /* high: a full house stands pat, trips draw two, two pair one */
    {HS_DRAW_HIGH,
     2,
     {"AS AD KC KH 2D", "QS QD 5C 5H 4D"},
     {"pairs", "pairs"},
     "live: 3C 4C 6C 7C 8C 9C TC JC 3D 6D 7D 8D 9D TD JD AC KS"},
    {HS_DRAW_HIGH,
     2,
     {"KS KH QS QH 2D", "9C 9D 9H 5H 4D"},
     {"pairs", "pairs"},
     "live: AC AD AH AS KD QD 9S 5C 5S 4C 3C 8C"},
    {HS_DRAW_HIGH,
     2,
     {"AS KS QS JS 2D:2D", "9C 9D 9H 5H 4D"},
     {"pairs", "pat"},
     "live: TS 9S 3S AH KH 2C 2H 8C"},
    /* badugi */
    {HS_DRAW_BADUGI,
     2,
     {"AS 2D 3H 4H", "KC 5D 6H 7S"},
     {"keep:3", "pat"},
     "9C 9D 9H 9S TC TD TH TS JC JD JH JS QC QD QH QS KD KH KS 8C 8D 8H 8S 7C 7D 7H"},
    {HS_DRAW_BADUGI,
     3,
     {"AS 2D 3H 4H", "2C 5D 6S 6H"},
     {"stand:8", "stand:9"},
     "live: 5C 7S 8S 8C KC 4D 4S 3C 2S 9D TD"},
    {HS_DRAW_BADUGI,
     2,
     {"AS AD 3H 3C", "2C 5D 6S 6H"},
     {"keep:2", "keep:3"},
     "live: 2D 4S 5H 7C 8D 9S TC JH QS KD 4D 5S"},
};
#define N_CASES (sizeof CASES / sizeof CASES[0])

static void test_policies(void **state) {
    (void)state;
    /* every policy of every game on 2,000 random hands against the reference */
    static const char *const LOW[] = {"pat",     "keep:1",  "keep:2",  "keep:3",
                                      "keep:4",  "stand:5", "stand:7", "stand:8",
                                      "stand:9", "stand:T", "stand:K", "stand:A"};
    static const char *const BADUGI[] = {"pat",     "keep:1",  "keep:2",  "keep:3",
                                         "stand:4", "stand:8", "stand:T", "stand:K"};
    static const char *const HIGH[] = {"pat", "pairs"};
    uint64_t s = 0x9E3779B97F4A7C15ULL;
    for (int game = 0; game < HS_DRAW_GAMES; game++) {
        const char *const *names = game == HS_DRAW_HIGH     ? HIGH
                                   : game == HS_DRAW_BADUGI ? BADUGI
                                                            : LOW;
        const int n = game == HS_DRAW_HIGH ? 2 : game == HS_DRAW_BADUGI ? 8 : 12;
        const int size = hs_draw_hand_cards(game);
        for (int t = 0; t < 2000; t++) {
            uint64_t hand = 0;
            while (__builtin_popcountll(hand) < size) {
                s ^= s << 13, s ^= s >> 7, s ^= s << 17;
                hand |= UINT64_C(1) << (s % 52);
            }
            for (int i = 0; i < n; i++) {
                hs_draw_policy p;
                const int rc = hs_draw_policy_parse(game, names[i], &p);
                /* stand:5 is not a 27 rule, stand:A not an a5 or badugi one */
                const int valid = !((game == HS_DRAW_27 && strcmp(names[i], "stand:5") == 0) ||
                                    (game != HS_DRAW_27 && strcmp(names[i], "stand:A") == 0));
                assert_int_equal(rc, valid ? HS_OK : HS_ERR_ARG);
                if (!valid)
                    continue;
                char back[16];
                hs_draw_policy_format(&p, back, sizeof back);
                assert_string_equal(back, names[i]);
                if (hs_draw_policy_discard(game, &p, hand) != ref_policy(game, names[i], hand))
                    fail_msg("game %d %s hand %llx: %llx, reference %llx", game, names[i],
                             (unsigned long long)hand,
                             (unsigned long long)hs_draw_policy_discard(game, &p, hand),
                             (unsigned long long)ref_policy(game, names[i], hand));
            }
        }
    }
    /* names refused */
    static const struct {
        int game;
        const char *name;
    } BAD[] = {{HS_DRAW_27, "pairs"},    {HS_DRAW_HIGH, "keep:4"},    {HS_DRAW_27, "keep:5"},
               {HS_DRAW_27, "keep:0"},   {HS_DRAW_BADUGI, "keep:4"},  {HS_DRAW_27, "stand:6"},
               {HS_DRAW_A5, "stand:4"},  {HS_DRAW_BADUGI, "stand:3"}, {HS_DRAW_27, "stand:"},
               {HS_DRAW_27, "stand:99"}, {HS_DRAW_27, "keep:44"},     {HS_DRAW_27, ""},
               {HS_DRAW_27, "Pat"},      {HS_DRAW_HIGH, "stand:9"},   {7, "pat"}};
    for (size_t i = 0; i < sizeof BAD / sizeof BAD[0]; i++) {
        hs_draw_policy p;
        assert_int_equal(hs_draw_policy_parse(BAD[i].game, BAD[i].name, &p), HS_ERR_ARG);
    }
}

static void test_exact_against_brute_force(void **state) {
    (void)state;
    for (size_t i = 0; i < N_CASES; i++)
        check_case(&CASES[i], NULL);
    /* one draw under a policy: the same as the one-draw count with the policy's discards */
    const policy_case one = {HS_DRAW_27,
                             1,
                             {"7S 5D 3C 2H KD", "8C 6D 4H 3S QS", "9C 9D 6H 4S 2C"},
                             {"keep:4", "stand:8", "keep:3"},
                             NULL};
    hs_draw_run_result r;
    check_case(&one, &r);
    hs_draw_opponent op[3] = {{hand_of("7S 5D 3C 2H KD"), hand_of("KD")},
                              {hand_of("8C 6D 4H 3S QS"), hand_of("QS")},
                              {hand_of("9C 9D 6H 4S 2C"), hand_of("9C 9D")}};
    hs_draw_equity e;
    assert_int_equal(hs_draw_equity_of(HS_DRAW_27, op, 3, 0, &e), HS_OK);
    for (int i = 0; i < 3; i++) {
        mpq_t a, b;
        mpq_inits(a, b, NULL);
        assert_int_equal(mpq_set_str(a, r.equity_exact[i], 10), 0);
        mpq_set_ui(b, (unsigned long)e.share[i], (unsigned long)(60 * e.deals));
        mpq_canonicalize(b);
        assert_true(mpq_equal(a, b));
        mpq_clears(a, b, NULL);
    }
}

/* The estimate within 5 standard errors of the exact answer, and the error itself of the size
 * sqrt(p (1 - p) / samples) at most. */
static void test_estimate_against_exact(void **state) {
    (void)state;
    const size_t picks[] = {0, 4, 7, 13};
    for (size_t j = 0; j < sizeof picks / sizeof picks[0]; j++) {
        const policy_case *pc = &CASES[picks[j]];
        hs_draw_run_result exact, est;
        check_case(pc, &exact);
        hs_draw_player pl[3];
        uint64_t first[3];
        const int n = players_of(pc, pl, first);
        assert_int_equal(hs_draw_equity_run(pc->game, pl, n, dead_of(pc, pl, n), pc->draws, 100000,
                                            7, 2, NULL, NULL, &est),
                         HS_OK);
        assert_int_equal(est.exact, 0);
        assert_int_equal(est.samples, 100000);
        assert_string_equal(est.equity_exact[0], "");
        for (int i = 0; i < n; i++) {
            assert_true(est.std_error[i] > 0);
            assert_true(est.std_error[i] <= sqrt(0.25 / 100000) * 1.001);
            assert_true(fabs(est.equity[i] - exact.equity[i]) <= 5 * est.std_error[i]);
        }
    }
}

/* One draw: the estimate (the same sampler) within 5 standard errors of the exact count, three
 * players with dead cards and a pat hand. */
static void test_one_draw_estimate(void **state) {
    (void)state;
    hs_draw_opponent op[3] = {{hand_of("7S 5D 3C 2H KD"), hand_of("KD")},
                              {hand_of("8C 6D 4H 3S QS"), hand_of("QS")},
                              {hand_of("9C 8D 6H 4S 2C"), 0}};
    const uint64_t dead = hand_of("TC TD TH TS");
    hs_draw_equity e;
    assert_int_equal(hs_draw_equity_of(HS_DRAW_27, op, 3, dead, &e), HS_OK);
    hs_draw_player pl[3];
    for (int i = 0; i < 3; i++)
        pl[i] = (hs_draw_player){op[i].hand, op[i].discard, 1, {HS_DRAW_POLICY_PAT, 0}};
    hs_draw_run_result est;
    assert_int_equal(
        hs_draw_equity_run(HS_DRAW_27, pl, 3, dead, 1, 100000, 11, 2, NULL, NULL, &est), HS_OK);
    assert_int_equal(est.exact, 0);
    for (int i = 0; i < 3; i++) {
        const double exact = (double)e.share[i] / (60.0 * (double)e.deals);
        assert_true(est.std_error[i] > 0);
        assert_true(fabs(est.equity[i] - exact) <= 5 * est.std_error[i]);
    }
}

/* The same answers at 1 and 2 threads: the exact and estimated policy equity, one draw's
 * equity and the best discard. */
static void test_threads_identical(void **state) {
    (void)state;
    hs_draw_player pl[3];
    uint64_t first[3];
    const int n = players_of(&CASES[5], pl, first);
    const uint64_t dead = dead_of(&CASES[5], pl, n);
    for (uint64_t samples = 0; samples <= 50000; samples += 50000) {
        hs_draw_run_result a, b;
        assert_int_equal(
            hs_draw_equity_run(HS_DRAW_27, pl, n, dead, 2, samples, 3, 1, NULL, NULL, &a), HS_OK);
        assert_int_equal(
            hs_draw_equity_run(HS_DRAW_27, pl, n, dead, 2, samples, 3, 2, NULL, NULL, &b), HS_OK);
        assert_memory_equal(&a, &b, sizeof a);
    }
    hs_draw_opponent op[3] = {{hand_of("7S 5D 3C 2H KD"), hand_of("KD")},
                              {hand_of("8C 6D 4H 3S QS"), hand_of("QS")},
                              {hand_of("9C 8D 6H JS QC"), hand_of("JS QC")}};
    hs_draw_equity e1, e2;
    assert_int_equal(hs_draw_equity_one_run(HS_DRAW_27, op, 3, 0, 1, NULL, NULL, &e1), HS_OK);
    assert_int_equal(hs_draw_equity_one_run(HS_DRAW_27, op, 3, 0, 2, NULL, NULL, &e2), HS_OK);
    assert_memory_equal(&e1, &e2, sizeof e1);
    hs_draw_choice c1[HS_DRAW_MAX_CHOICES], c2[HS_DRAW_MAX_CHOICES];
    int n1 = 0, n2 = 0;
    const hs_draw_opponent opp = {hand_of("8C 6D 4H 3S QS"), hand_of("QS")};
    assert_int_equal(hs_draw_discards_run(HS_DRAW_27, hand_of("7S 5D 3C 2H KD"), 0, &opp, 1, NULL,
                                          NULL, c1, &n1),
                     HS_OK);
    assert_int_equal(hs_draw_discards_run(HS_DRAW_27, hand_of("7S 5D 3C 2H KD"), 0, &opp, 2, NULL,
                                          NULL, c2, &n2),
                     HS_OK);
    assert_int_equal(n1, 32);
    assert_int_equal(n2, 32);
    assert_memory_equal(c1, c2, sizeof c1);
}

static int stop_at_once(void *ctx, uint64_t done, uint64_t total) {
    (void)ctx;
    (void)done;
    (void)total;
    return 1;
}

/* Past the bound: a labelled estimate; bad input; the stub running out; cancel. */
static void test_bound_and_errors(void **state) {
    (void)state;
    hs_draw_player pl[2] = {{hand_of("7S 5D 3C 2H KD"), 0, 0, {HS_DRAW_POLICY_KEEP, 2}},
                            {hand_of("8C 6D 4H 3S QS"), 0, 0, {HS_DRAW_POLICY_KEEP, 2}}};
    hs_draw_run_result r;
    /* three draws each three cards: about 10^17 final deals */
    assert_int_equal(hs_draw_equity_run(HS_DRAW_27, pl, 2, 0, 3, 0, 1, 0, NULL, NULL, &r), HS_OK);
    assert_int_equal(r.exact, 0);
    assert_int_equal(r.over_bound, 1);
    assert_int_equal(r.samples, HS_DRAW_AUTO_SAMPLES);
    assert_true(r.std_error[0] > 0 && r.std_error[0] < 0.001);
    assert_true(fabs(r.equity[0] + r.equity[1] - 1) < 1e-9);
    /* bad input */
    assert_int_equal(hs_draw_equity_run(HS_DRAW_27, pl, 2, 0, 4, 0, 1, 0, NULL, NULL, &r),
                     HS_ERR_ARG);
    assert_int_equal(hs_draw_equity_run(HS_DRAW_27, pl, 1, 0, 2, 0, 1, 0, NULL, NULL, &r),
                     HS_ERR_ARG);
    assert_int_equal(
        hs_draw_equity_run(HS_DRAW_27, pl, 2, 0, 2, HS_DRAW_MAX_SAMPLES + 1, 1, 0, NULL, NULL, &r),
        HS_ERR_ARG);
    assert_int_equal(
        hs_draw_equity_run(HS_DRAW_27, pl, 2, hand_of("7S"), 2, 0, 1, 0, NULL, NULL, &r),
        HS_ERR_DUPLICATE);
    pl[0].first_given = 1;
    pl[0].first = hand_of("AS"); /* not held */
    assert_int_equal(hs_draw_equity_run(HS_DRAW_27, pl, 2, 0, 2, 0, 1, 0, NULL, NULL, &r),
                     HS_ERR_ARG);
    pl[0].first_given = 0;
    assert_int_equal(hs_draw_equity_run(HS_DRAW_BADUGI, pl, 2, 0, 2, 0, 1, 0, NULL, NULL, &r),
                     HS_ERR_COUNT);
    /* the stub runs out: 8 cards left, two players throwing three twice */
    const uint64_t dead =
        HS_DECK_MASK & ~(pl[0].hand | pl[1].hand) & ~hand_of("9C 9D TC TD JC JD QC QD");
    assert_int_equal(hs_draw_equity_run(HS_DRAW_27, pl, 2, dead, 2, 0, 1, 0, NULL, NULL, &r),
                     HS_ERR_COUNT);
    assert_int_equal(hs_draw_equity_run(HS_DRAW_27, pl, 2, dead, 2, 1000, 1, 0, NULL, NULL, &r),
                     HS_ERR_COUNT);
    /* cancel */
    assert_int_equal(
        hs_draw_equity_run(HS_DRAW_27, pl, 2, 0, 2, 100000, 1, 1, stop_at_once, NULL, &r),
        HS_ERR_CANCELLED);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_policies),
        cmocka_unit_test(test_exact_against_brute_force),
        cmocka_unit_test(test_estimate_against_exact),
        cmocka_unit_test(test_one_draw_estimate),
        cmocka_unit_test(test_threads_identical),
        cmocka_unit_test(test_bound_and_errors),
    };
    return hs_run_tests(tests, NULL, NULL);
}
