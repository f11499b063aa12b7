/* The batch poker rankers: the scalar batch, the AVX2 batch and the card-id entry point against
 * hs_poker_rank() and the plain reference ranker (poker_ref.h); the card-id paths (dispatching,
 * scalar, AVX2) on the seven-card hands.
 * Usage: test_poker_batch unit | avx2 | avx512 | 5 | 6 | 7
 *   unit  small batches of every length 0..67, tails, canaries past the end, the dispatch;
 *   avx2, avx512  the unit checks, on a CPU with that ISA; exit 77 (CTest: Skipped) without it;
 *   5     every five-card hand;  6  every six-card hand;  7  ten million random seven-card hands.
 * Each test prints which path the dispatching functions take on this CPU; the AVX2 and AVX-512
 * checks are left out with a message on a CPU without them, where the entries avx2 and avx512
 * show Skipped. */
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
#include "test_skip.h"

static uint64_t splitmix64(uint64_t *s) {
    uint64_t z = (*s += UINT64_C(0x9E3779B97F4A7C15));
    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    return z ^ (z >> 31);
}

/* A random hand of k distinct cards: its mask, and its ids in drawing order in ids[0..k-1]. */
static uint64_t random_hand(uint64_t *seed, int k, uint8_t *ids) {
    uint64_t mask = 0;
    for (int n = 0; n < k;) {
        int card = (int)((splitmix64(seed) >> 32) * 52 >> 32);
        if (mask & hs_card_bit(card))
            continue;
        mask |= hs_card_bit(card);
        ids[n++] = (uint8_t)card;
    }
    return mask;
}

static int have_avx2(void) {
    static int said = 0;
    int yes = hs_cpu_has_avx2();
    if (!yes && !said) {
        print_message("AVX2 checks skipped: this CPU lacks AVX2 (path: %s)\n",
                      hs_isa_name(hs_isa_best()));
        said = 1;
    }
    return yes;
}

static void fail_hand(uint64_t mask, const char *path, int got, int want) {
    char text[40];
    hs_hand_format(mask, text, sizeof text);
    fail_msg("hand %s: %s class %d, expected %d", text, path, got, want);
}

/* ---- unit ----------------------------------------------------------------------------------- */

static void test_path(void **state) {
    (void)state;
    hs_isa isa = hs_isa_best();
    print_message("batch path on this CPU: %s\n", hs_isa_name(isa));
    assert_int_equal(isa == HS_ISA_AVX512, hs_cpu_has_avx512() != 0);
    if (!hs_cpu_has_avx512())
        assert_int_equal(isa == HS_ISA_AVX2, hs_cpu_has_avx2() != 0);
}

enum { SMALL = 67, CANARY = 0xBEEF };

/* Every length 0..67 (all tail lengths of 8-hand steps), hands of 5, 6 and 7 cards mixed: each
 * path equals hs_poker_rank() and writes nothing past n. */
static void test_small_batches(void **state) {
    (void)state;
    uint64_t seed = 11, hands[SMALL];
    uint8_t ids[SMALL][7];
    uint16_t want[SMALL], got[SMALL + 4];
    for (size_t n = 0; n <= SMALL; n++) {
        for (size_t i = 0; i < n; i++) {
            hands[i] = random_hand(&seed, 5 + (int)((i + n) % 3), ids[i]);
            want[i] = (uint16_t)hs_poker_rank(hands[i]);
        }
        for (int path = 0; path < 3; path++) {
            for (size_t i = 0; i < n + 4; i++)
                got[i] = CANARY;
            if (path == 0)
                hs_poker_rank_batch_scalar(hands, n, got);
            else if (path == 1)
                hs_poker_rank_batch(hands, n, got);
            else if (have_avx2())
                assert_int_equal(hs_poker_rank_batch_avx2(hands, n, got), HS_OK);
            else
                continue;
            for (size_t i = 0; i < n; i++)
                if (got[i] != want[i])
                    fail_hand(hands[i],
                              path == 0   ? "scalar"
                              : path == 1 ? "dispatch"
                                          : "avx2",
                              got[i], want[i]);
            for (size_t i = n; i < n + 4; i++)
                assert_int_equal(got[i], CANARY);
        }
    }
}

/* The card-id paths on n random seven-card hands: each class against hs_poker_rank7(), nothing
 * written past n. */
static void check_id_batch(uint64_t *seed, size_t n, const char *path) {
    enum { MAX = 5000 };
    static uint64_t hands[MAX];
    static uint8_t ids[MAX][7];
    static uint16_t got[MAX + 4];
    assert_true(n <= MAX);
    for (size_t i = 0; i < n; i++)
        hands[i] = random_hand(seed, 7, ids[i]);
    for (size_t i = 0; i < n + 4; i++)
        got[i] = CANARY;
    if (strcmp(path, "scalar") == 0)
        hs_poker_rank7_ids_batch_scalar((const uint8_t(*)[7])ids, n, got);
    else if (strcmp(path, "avx512") == 0)
        assert_int_equal(hs_poker_rank7_ids_batch_avx512((const uint8_t(*)[7])ids, n, got), HS_OK);
    else if (strcmp(path, "avx2") == 0)
        assert_int_equal(hs_poker_rank7_ids_batch_avx2((const uint8_t(*)[7])ids, n, got), HS_OK);
    else
        hs_poker_rank7_ids_batch((const uint8_t(*)[7])ids, n, got);
    for (size_t i = 0; i < n; i++)
        if (got[i] != hs_poker_rank7(hands[i]))
            fail_hand(hands[i], path, got[i], hs_poker_rank7(hands[i]));
    for (size_t i = n; i < n + 4; i++)
        assert_int_equal(got[i], CANARY);
}

/* The card-id entry points on seven-card hands, every length 0..67 (the vector paths' tails) and
 * 5000 hands (more than one of their blocks of 4096 and 2048, about 150 flushes), ids in any
 * order. */
static void test_small_id_batches(void **state) {
    (void)state;
    const char *paths[] = {"dispatching", "scalar", "avx512", "avx2"};
    for (int p = 0; p < 4; p++) {
        if (p == 3 && !have_avx2()) {
            uint16_t untouched = CANARY;
            uint8_t one[1][7] = {{0, 1, 2, 3, 4, 5, 6}};
            assert_int_equal(hs_poker_rank7_ids_batch_avx2((const uint8_t(*)[7])one, 1, &untouched),
                             HS_ERR_ARG);
            assert_int_equal(untouched, CANARY);
            continue;
        }
        if (p == 2 && !hs_cpu_has_avx512()) {
            uint16_t untouched = CANARY;
            uint8_t one[1][7] = {{0, 1, 2, 3, 4, 5, 6}};
            assert_int_equal(
                hs_poker_rank7_ids_batch_avx512((const uint8_t(*)[7])one, 1, &untouched),
                HS_ERR_ARG);
            assert_int_equal(untouched, CANARY);
            print_message("no AVX-512 on this CPU: the avx512 card-id path is not run\n");
            continue;
        }
        uint64_t seed = 12;
        for (size_t n = 0; n <= SMALL; n++)
            check_id_batch(&seed, n, paths[p]);
        check_id_batch(&seed, 5000, paths[p]);
    }
}

/* Crafted hands where the paths could differ: flushes in each lane, the highest and lowest
 * cards, the wheel, the worst and best classes. */
static void test_crafted(void **state) {
    (void)state;
    const char *texts[] = {
        "AS KS QS JS TS 2C 3D", "AC 2C 3C 4C 5C KD KH", "AD 2D 3D 4D 5D 6D 7D",
        "AH KH QH JH 9H 9C 9D", "KS QS JS TS 9S 8S 7S", "7C 5D 4H 3S 2C",
        "2C 2D 2H 2S 3C",       "AC AD AH AS KC KD KH", "AC 2D 3H 4S 5C 5D 5H",
        "KC KD KH KS QC QD",    "2S 3S 4S 5S 7S 8D 9H", "AS KS QS JS TS 9S",
    };
    enum { N = sizeof texts / sizeof texts[0] };
    uint64_t hands[N];
    uint16_t a[N], b[N];
    for (int i = 0; i < N; i++) {
        int cards[8];
        size_t n = 0;
        assert_int_equal(hs_cards_parse(texts[i], strlen(texts[i]), cards, 8, &n, NULL), HS_OK);
        hands[i] = 0;
        for (size_t j = 0; j < n; j++)
            hands[i] |= hs_card_bit(cards[j]);
    }
    hs_poker_rank_batch_scalar(hands, N, a);
    for (int i = 0; i < N; i++)
        assert_int_equal(a[i], hs_poker_rank(hands[i]));
    if (have_avx2()) {
        assert_int_equal(hs_poker_rank_batch_avx2(hands, N, b), HS_OK);
        assert_memory_equal(a, b, sizeof a);
    }
}

/* ---- exhaustive ------------------------------------------------------------------------------
 * Hands go through the paths in blocks; every class is checked against hs_poker_rank() and the
 * reference. */

enum { BLOCK = 4096 };

typedef struct block {
    const ref_poker *ref;
    int k;
    size_t n;
    uint64_t hands[BLOCK];
    uint8_t ids[BLOCK][7];
    int want[BLOCK]; /* the reference class */
    uint16_t got[BLOCK];
    uint64_t checked;
} block;

static void check_path(const block *b, const char *path) {
    for (size_t i = 0; i < b->n; i++)
        if (b->got[i] != b->want[i])
            fail_hand(b->hands[i], path, b->got[i], b->want[i]);
}

static void flush_block(block *b) {
    for (size_t i = 0; i < b->n; i++) {
        int r = hs_poker_rank(b->hands[i]);
        if (r != b->want[i])
            fail_hand(b->hands[i], "hs_poker_rank", r, b->want[i]);
    }
    hs_poker_rank_batch_scalar(b->hands, b->n, b->got);
    check_path(b, "scalar batch");
    hs_poker_rank_batch(b->hands, b->n, b->got);
    check_path(b, "dispatching batch");
    if (have_avx2()) {
        memset(b->got, 0, sizeof b->got);
        assert_int_equal(hs_poker_rank_batch_avx2(b->hands, b->n, b->got), HS_OK);
        check_path(b, "avx2 batch");
    }
    if (b->k == 7) {
        hs_poker_rank7_ids_batch((const uint8_t(*)[7])b->ids, b->n, b->got);
        check_path(b, "ids batch");
        memset(b->got, 0, sizeof b->got);
        hs_poker_rank7_ids_batch_scalar((const uint8_t(*)[7])b->ids, b->n, b->got);
        check_path(b, "scalar ids batch");
        if (have_avx2()) {
            memset(b->got, 0, sizeof b->got);
            assert_int_equal(
                hs_poker_rank7_ids_batch_avx2((const uint8_t(*)[7])b->ids, b->n, b->got), HS_OK);
            check_path(b, "avx2 ids batch");
        }
    }
    b->checked += b->n;
    b->n = 0;
}

/* Add a hand (cards c[0..k-1]) with its reference class. */
static void add_hand(block *b, const int *c, int want) {
    uint64_t mask = 0;
    for (int j = 0; j < b->k; j++) {
        mask |= hs_card_bit(c[j]);
        b->ids[b->n][j] = (uint8_t)c[j];
    }
    b->hands[b->n] = mask;
    b->want[b->n++] = want;
    if (b->n == BLOCK)
        flush_block(b);
}

static int setup_ref(void **state) {
    print_message("batch path on this CPU: %s\n", hs_isa_name(hs_isa_best()));
    return ref_poker_group_setup(state);
}

static block *new_block(const ref_poker *ref, int k) {
    block *b = calloc(1, sizeof *b);
    assert_non_null(b);
    b->ref = ref;
    b->k = k;
    return b;
}

static void test_every_five_card_hand(void **state) {
    block *b = new_block(*state, 5);
    int c[5];
    for (c[0] = 0; c[0] < 52; c[0]++)
        for (c[1] = c[0] + 1; c[1] < 52; c[1]++)
            for (c[2] = c[1] + 1; c[2] < 52; c[2]++)
                for (c[3] = c[2] + 1; c[3] < 52; c[3]++)
                    for (c[4] = c[3] + 1; c[4] < 52; c[4]++)
                        add_hand(b, c, ref_poker_class5(b->ref, c));
    flush_block(b);
    assert_int_equal(b->checked, 2598960);
    free(b);
}

static void test_every_six_card_hand(void **state) {
    block *b = new_block(*state, 6);
    int c[6];
    for (c[0] = 0; c[0] < 52; c[0]++)
        for (c[1] = c[0] + 1; c[1] < 52; c[1]++)
            for (c[2] = c[1] + 1; c[2] < 52; c[2]++)
                for (c[3] = c[2] + 1; c[3] < 52; c[3]++)
                    for (c[4] = c[3] + 1; c[4] < 52; c[4]++)
                        for (c[5] = c[4] + 1; c[5] < 52; c[5]++)
                            add_hand(b, c, ref_poker_best(b->ref, c, 6));
    flush_block(b);
    assert_int_equal(b->checked, 20358520);
    free(b);
}

static void test_random_seven_card_hands(void **state) {
    block *b = new_block(*state, 7);
    uint64_t seed = UINT64_C(20251129);
    for (long i = 0; i < 10000000; i++) {
        uint8_t ids[7];
        int c[7];
        random_hand(&seed, 7, ids);
        for (int j = 0; j < 7; j++)
            c[j] = ids[j];
        add_hand(b, c, ref_poker_best(b->ref, c, 7));
    }
    flush_block(b);
    assert_int_equal(b->checked, 10000000);
    free(b);
}

int main(int argc, char **argv) {
    const struct CMUnitTest unit[] = {
        cmocka_unit_test(test_path),
        cmocka_unit_test(test_small_batches),
        cmocka_unit_test(test_small_id_batches),
        cmocka_unit_test(test_crafted),
    };
    const struct CMUnitTest five[] = {cmocka_unit_test(test_every_five_card_hand)};
    const struct CMUnitTest six[] = {cmocka_unit_test(test_every_six_card_hand)};
    const struct CMUnitTest seven[] = {cmocka_unit_test(test_random_seven_card_hands)};
    const char *group = argc > 1 ? argv[1] : "";
    if (strcmp(group, "unit") == 0)
        return cmocka_run_group_tests_name("poker batch", unit, NULL, NULL);
    const int avx2 = strcmp(group, "avx2") == 0, avx512 = strcmp(group, "avx512") == 0;
    if (avx2 || avx512) {
        if (avx2 ? !hs_cpu_has_avx2() : !hs_cpu_has_avx512()) {
            printf("skipped: this CPU lacks %s: its batch paths are not checked\n", group);
            return HS_SKIP_CODE;
        }
        return cmocka_run_group_tests_name(avx2 ? "poker batch, AVX2" : "poker batch, AVX-512",
                                           unit, NULL, NULL);
    }
    if (strcmp(group, "5") == 0)
        return cmocka_run_group_tests_name("poker batch, 5 cards", five, setup_ref,
                                           ref_poker_group_teardown);
    if (strcmp(group, "6") == 0)
        return cmocka_run_group_tests_name("poker batch, 6 cards", six, setup_ref,
                                           ref_poker_group_teardown);
    if (strcmp(group, "7") == 0)
        return cmocka_run_group_tests_name("poker batch, 7 cards", seven, setup_ref,
                                           ref_poker_group_teardown);
    fprintf(stderr, "usage: test_poker_batch unit|avx2|avx512|5|6|7\n");
    return 2;
}
