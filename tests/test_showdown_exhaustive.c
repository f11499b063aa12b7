/* Showdowns against a plain double loop over the reference ranker's classes: random hands and a
 * hand of every category-boundary class, by hs_poker_showdown5 and by the per-hand output of
 * the full table; the class table against the sums of the per-hand rows, the 5-card histogram,
 * and itself at 1, 2 and 8 threads. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "handstat/handstat.h"
#include "poker_ref.h"

/* Every five-card hand by colex rank, with its class by the reference ranker, and the library's
 * results: the class table alone (suit-orbit path) and with every hand's showdown. */
typedef struct fixture {
    uint64_t *mask;   /* [HS_HANDS5] */
    uint16_t *cls;    /* [HS_HANDS5], reference classes */
    hs_showdown *per; /* [HS_HANDS5], from hs_poker_matchups_run at 2 threads */
    hs_poker_matchups *with_per, *table;
} fixture;

static int setup(void **state) {
    fixture *f = calloc(1, sizeof *f);
    ref_poker *ref = malloc(sizeof *ref);
    if (f == NULL || ref == NULL)
        return -1;
    ref_poker_init(ref);
    f->mask = malloc(HS_HANDS5 * sizeof *f->mask);
    f->cls = malloc(HS_HANDS5 * sizeof *f->cls);
    f->per = malloc(HS_HANDS5 * sizeof *f->per);
    f->with_per = malloc(sizeof *f->with_per);
    f->table = malloc(sizeof *f->table);
    if (ref->n != REF_POKER_CLASSES || f->mask == NULL || f->cls == NULL || f->per == NULL ||
        f->with_per == NULL || f->table == NULL)
        return -1;
    /* Colex order: the highest card varies slowest. */
    uint32_t r = 0;
    int c[5];
    for (c[4] = 4; c[4] < 52; c[4]++)
        for (c[3] = 3; c[3] < c[4]; c[3]++)
            for (c[2] = 2; c[2] < c[3]; c[2]++)
                for (c[1] = 1; c[1] < c[2]; c[1]++)
                    for (c[0] = 0; c[0] < c[1]; c[0]++, r++) {
                        uint64_t m = 0;
                        for (int i = 0; i < 5; i++)
                            m |= hs_card_bit(c[i]);
                        f->mask[r] = m;
                        f->cls[r] = (uint16_t)ref_poker_class5(ref, c);
                    }
    free(ref);
    if (r != HS_HANDS5)
        return -1;
    if (hs_poker_matchups_run(2, NULL, NULL, f->with_per, f->per) != HS_OK ||
        hs_poker_matchups_run(2, NULL, NULL, f->table, NULL) != HS_OK)
        return -1;
    *state = f;
    return 0;
}

static int teardown(void **state) {
    fixture *f = *state;
    free(f->mask);
    free(f->cls);
    free(f->per);
    free(f->with_per);
    free(f->table);
    free(f);
    return 0;
}

/* The plain double loop: the hand against every hand it shares no card with. */
static hs_showdown brute_force(const fixture *f, uint32_t rank) {
    const uint64_t hand = f->mask[rank];
    const int mine = f->cls[rank];
    hs_showdown s = {0, 0, 0};
    for (uint32_t o = 0; o < HS_HANDS5; o++) {
        if (f->mask[o] & hand)
            continue;
        s.wins += f->cls[o] > mine;
        s.ties += f->cls[o] == mine;
        s.losses += f->cls[o] < mine;
    }
    return s;
}

static void check_hand(const fixture *f, uint64_t hand) {
    uint32_t rank = hs_hand5_colex(hand);
    assert_int_equal(f->mask[rank], hand);
    hs_showdown want = brute_force(f, rank), one = hs_poker_showdown5(hand), row = f->per[rank];
    char text[20];
    hs_hand_format(hand, text, sizeof text);
    if (want.wins + want.ties + want.losses != HS_SHOWDOWN_OPPONENTS || one.wins != want.wins ||
        one.ties != want.ties || one.losses != want.losses || row.wins != want.wins ||
        row.ties != want.ties || row.losses != want.losses)
        fail_msg("%s (class %d): brute force %llu/%llu/%llu, showdown5 %llu/%llu/%llu, "
                 "table row %llu/%llu/%llu (wins/ties/losses)",
                 text, f->cls[rank], (unsigned long long)want.wins, (unsigned long long)want.ties,
                 (unsigned long long)want.losses, (unsigned long long)one.wins,
                 (unsigned long long)one.ties, (unsigned long long)one.losses,
                 (unsigned long long)row.wins, (unsigned long long)row.ties,
                 (unsigned long long)row.losses);
}

/* A hand of class `cls` from its defining ranks: one suit for the straight flushes and flushes;
 * otherwise the suits 0, 1, 2, 3, 0 in order, which keeps equal ranks (adjacent in the list) on
 * different suits and never makes a flush. */
static uint64_t hand_of_class(int cls) {
    int ranks[5];
    int cat = hs_poker_class_ranks(cls, ranks);
    int suited = cat == HS_POKER_STRAIGHT_FLUSH || cat == HS_POKER_FLUSH;
    uint64_t hand = 0;
    for (int i = 0; i < 5; i++)
        hand |= hs_card_bit(hs_card(ranks[i], suited ? HS_HEARTS : i % 4));
    assert_int_equal(hs_hand_size(hand), 5);
    assert_int_equal(hs_poker_rank5(hand), cls);
    return hand;
}

static void test_boundary_classes(void **state) {
    const fixture *f = *state;
    static const int classes[] = {1,    2,    9,    10,   11,   12,   165,  166,  167,
                                  168,  321,  322,  323,  324,  1598, 1599, 1600, 1601,
                                  1608, 1609, 1610, 1611, 2466, 2467, 2468, 2469, 3324,
                                  3325, 3326, 3327, 6184, 6185, 6186, 6187, 7461, 7462};
    for (size_t i = 0; i < sizeof classes / sizeof classes[0]; i++)
        check_hand(f, hand_of_class(classes[i]));
}

static void test_random_hands(void **state) {
    const fixture *f = *state;
    uint64_t x = 20240615; /* splitmix64, fixed seed */
    for (int i = 0; i < 64; i++) {
        x += 0x9E3779B97F4A7C15u;
        uint64_t z = x;
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
        z ^= z >> 31;
        check_hand(f, f->mask[z % HS_HANDS5]);
    }
}

/* The class table: totals, hands per class against the 5-card histogram, every class against
 * the sum of its hands' rows (which the table alone computes another way: one group per suit
 * orbit), and the same table from both paths. */
static void test_table_sums(void **state) {
    const fixture *f = *state;
    const hs_poker_matchups *m = f->table;
    assert_int_equal(m->total.wins, m->total.losses);
    assert_int_equal(m->total.wins + m->total.ties + m->total.losses, UINT64_C(3986646103440));
    assert_memory_equal(m, f->with_per, sizeof *m);

    hs_poker_hist *h = malloc(sizeof *h);
    assert_non_null(h);
    assert_int_equal(hs_poker_hist_run(5, 2, NULL, NULL, h), HS_OK);
    hs_poker_matchups *sum = calloc(1, sizeof *sum);
    assert_non_null(sum);
    for (uint32_t r = 0; r < HS_HANDS5; r++) {
        int c = f->cls[r];
        sum->hands[c]++;
        sum->wins[c] += f->per[r].wins;
        sum->ties[c] += f->per[r].ties;
        sum->losses[c] += f->per[r].losses;
    }
    for (int c = 0; c <= HS_POKER_CLASSES; c++) {
        assert_int_equal(m->hands[c], h->count[c]);
        if (sum->hands[c] != m->hands[c] || sum->wins[c] != m->wins[c] ||
            sum->ties[c] != m->ties[c] || sum->losses[c] != m->losses[c])
            fail_msg("class %d: table %llu hands %llu/%llu/%llu, sum of rows %llu hands "
                     "%llu/%llu/%llu",
                     c, (unsigned long long)m->hands[c], (unsigned long long)m->wins[c],
                     (unsigned long long)m->ties[c], (unsigned long long)m->losses[c],
                     (unsigned long long)sum->hands[c], (unsigned long long)sum->wins[c],
                     (unsigned long long)sum->ties[c], (unsigned long long)sum->losses[c]);
    }
    free(sum);
    free(h);
}

/* Permuting the suits of a hand keeps its showdown: every row against the rows of its images
 * (clubs <-> spades, and diamonds -> hearts -> spades -> clubs -> diamonds). */
static uint64_t permute_suits(uint64_t hand, const int to[4]) {
    uint64_t out = 0;
    for (int s = 0; s < 4; s++)
        out |= (uint64_t)hs_lane(hand, s) << (13 * to[s]);
    return out;
}

static void test_suit_symmetry(void **state) {
    const fixture *f = *state;
    static const int swap[4] = {3, 1, 2, 0}, cycle[4] = {1, 2, 3, 0};
    for (uint32_t r = 0; r < HS_HANDS5; r++) {
        for (int p = 0; p < 2; p++) {
            uint32_t image = hs_hand5_colex(permute_suits(f->mask[r], p ? cycle : swap));
            if (memcmp(&f->per[r], &f->per[image], sizeof f->per[r]) != 0) {
                char a[20], b[20];
                hs_hand_format(f->mask[r], a, sizeof a);
                hs_hand_format(f->mask[image], b, sizeof b);
                fail_msg("rows of %s and %s differ", a, b);
            }
        }
    }
}

/* hs_poker_showdown5 (which counts opponents by rank multiset) against the table's row (groups
 * of hands sharing cards) for every hand whose suit lanes do not increase: with the suit
 * symmetry of the rows above, that covers every hand, by two independent methods. */
static void test_every_hand_up_to_suits(void **state) {
    const fixture *f = *state;
    uint32_t checked = 0;
    for (uint32_t r = 0; r < HS_HANDS5; r++) {
        const uint64_t hand = f->mask[r];
        if (hs_lane(hand, 0) < hs_lane(hand, 1) || hs_lane(hand, 1) < hs_lane(hand, 2) ||
            hs_lane(hand, 2) < hs_lane(hand, 3))
            continue;
        hs_showdown one = hs_poker_showdown5(hand);
        if (memcmp(&one, &f->per[r], sizeof one) != 0) {
            char text[20];
            hs_hand_format(hand, text, sizeof text);
            fail_msg("%s: showdown5 %llu/%llu/%llu, table row %llu/%llu/%llu", text,
                     (unsigned long long)one.wins, (unsigned long long)one.ties,
                     (unsigned long long)one.losses, (unsigned long long)f->per[r].wins,
                     (unsigned long long)f->per[r].ties, (unsigned long long)f->per[r].losses);
        }
        checked++;
    }
    print_message("%u hands, one per suit orbit\n", checked);
}

/* The same table and rows at 1 and 8 threads as at 2. */
static void test_thread_counts(void **state) {
    const fixture *f = *state;
    hs_poker_matchups *m = malloc(sizeof *m);
    hs_showdown *per = malloc(HS_HANDS5 * sizeof *per);
    assert_non_null(m);
    assert_non_null(per);
    static const int threads[] = {1, 8};
    for (int t = 0; t < 2; t++) {
        assert_int_equal(hs_poker_matchups_run(threads[t], NULL, NULL, m, NULL), HS_OK);
        assert_memory_equal(m, f->table, sizeof *m);
    }
    assert_int_equal(hs_poker_matchups_run(8, NULL, NULL, m, per), HS_OK);
    assert_memory_equal(m, f->table, sizeof *m);
    assert_memory_equal(per, f->per, HS_HANDS5 * sizeof *per);
    free(per);
    free(m);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_boundary_classes),
        cmocka_unit_test(test_random_hands),
        cmocka_unit_test(test_table_sums),
        cmocka_unit_test(test_suit_symmetry),
        cmocka_unit_test(test_every_hand_up_to_suits),
        cmocka_unit_test(test_thread_counts),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
