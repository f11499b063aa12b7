/* The array checks of handstat/cards.h (hs_masks_check, hs_ids7_check, hs_masks_check_apart)
 * against plain references written here: the bits counted one by one,
 * every pair of ids compared. Random arrays with one fault put at every position of short arrays
 * (the AVX2 forms' four-hand steps and their scalar tails) and at block edges of long ones. The
 * entry test_cards_check runs the forms this CPU takes (AVX2 where it has it); the entry
 * test_cards_check_scalar the same with HANDSTAT_ISA=scalar. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "handstat/handstat.h"

static uint64_t seed = 0x9E3779B97F4A7C15u;
static uint64_t next(void) {
    seed ^= seed << 13;
    seed ^= seed >> 7;
    seed ^= seed << 17;
    return seed;
}

/* ---- the references ---- */

static int ref_mask_ok(uint64_t m, int lo, int hi) {
    int count = 0;
    for (int b = 0; b < 64; b++)
        if ((m >> b) & 1) {
            if (b >= HS_CARDS)
                return 0;
            count++;
        }
    return count >= lo && count <= hi;
}

static size_t ref_masks(const uint64_t *m, size_t n, int lo, int hi) {
    for (size_t i = 0; i < n; i++)
        if (!ref_mask_ok(m[i], lo, hi))
            return i;
    return n;
}

static size_t ref_ids(const uint8_t (*ids)[7], size_t n) {
    for (size_t i = 0; i < n; i++)
        for (int a = 0; a < 7; a++) {
            if (ids[i][a] >= HS_CARDS)
                return i;
            for (int b = a + 1; b < 7; b++)
                if (ids[i][a] == ids[i][b])
                    return i;
        }
    return n;
}

static size_t ref_apart(const uint64_t *m, const uint8_t *c, size_t n) {
    for (size_t i = 0; i < n; i++)
        if (!ref_mask_ok(m[i], 4, 4) || c[i] >= HS_CARDS || ((m[i] >> c[i]) & 1))
            return i;
    return n;
}

/* ---- random valid inputs ---- */

static uint64_t random_hand(int k, uint8_t *ids) {
    uint64_t m = 0;
    for (int got = 0; got < k;) {
        const int c = (int)(next() % HS_CARDS);
        if (!((m >> c) & 1)) {
            m |= UINT64_C(1) << c;
            if (ids != NULL)
                ids[got] = (uint8_t)c;
            got++;
        }
    }
    return m;
}

#define LONG 1500

static void test_masks(void **state) {
    (void)state;
    static uint64_t m[LONG];
    for (size_t i = 0; i < LONG; i++)
        m[i] = random_hand(5 + (int)(next() % 3), NULL);
    assert_int_equal(hs_masks_check(m, LONG, 5, 7), LONG);
    assert_int_equal(hs_masks_check(m, 0, 5, 7), 0);
    /* each kind of fault at positions across blocks, and the first of two faults wins */
    const uint64_t faults[] = {0,
                               UINT64_C(1) << 52,
                               UINT64_C(1) << 63,
                               0xF,
                               0xFF,
                               UINT64_C(0x1F) | (UINT64_C(1) << 60),
                               HS_DECK_MASK};
    const size_t at[] = {0, 1, 3, 4, 255, 256, 257, 511, 512, LONG - 1};
    for (size_t f = 0; f < sizeof faults / sizeof faults[0]; f++)
        for (size_t a = 0; a < sizeof at / sizeof at[0]; a++) {
            const uint64_t keep = m[at[a]];
            m[at[a]] = faults[f];
            assert_int_equal(hs_masks_check(m, LONG, 5, 7), ref_masks(m, LONG, 5, 7));
            assert_int_equal(hs_masks_check(m, LONG, 5, 7), at[a]);
            m[at[a]] = keep;
        }
    /* a fault at every position of the short arrays (the AVX2 form's steps and its tail) */
    for (size_t n = 0; n <= 20; n++)
        for (size_t i = 0; i < n; i++) {
            const uint64_t keep = m[i];
            m[i] = faults[(n + i) % (sizeof faults / sizeof faults[0])];
            assert_int_equal(hs_masks_check(m, n, 5, 7), i);
            m[i] = keep;
            assert_int_equal(hs_masks_check(m, n, 5, 7), n);
        }
    /* other bounds: four cards exactly (cribbage hands) */
    for (size_t i = 0; i < 64; i++)
        m[i] = random_hand(3 + (int)(next() % 3), NULL);
    assert_int_equal(hs_masks_check(m, 64, 4, 4), ref_masks(m, 64, 4, 4));
    assert_int_equal(hs_masks_check(m, 64, 3, 5), 64);
}

static void check_ids(const uint8_t (*ids)[7], size_t n) {
    assert_int_equal(hs_ids7_check(ids, n), ref_ids(ids, n));
}

static void test_ids(void **state) {
    (void)state;
    static uint8_t ids[LONG][7];
    for (size_t i = 0; i < LONG; i++)
        random_hand(7, ids[i]);
    for (size_t n = 0; n <= 40; n++) {
        check_ids((const uint8_t(*)[7])ids, n);
        /* a fault at every position and every card of the short arrays */
        for (size_t i = 0; i < n; i++)
            for (int k = 0; k < 7; k++) {
                const uint8_t keep = ids[i][k];
                ids[i][k] = ids[i][(k + 1) % 7]; /* a repeat */
                check_ids((const uint8_t(*)[7])ids, n);
                ids[i][k] = (uint8_t)(52 + next() % 204); /* not a card */
                check_ids((const uint8_t(*)[7])ids, n);
                ids[i][k] = 63; /* the cap of the shift */
                check_ids((const uint8_t(*)[7])ids, n);
                ids[i][k] = keep;
            }
    }
    check_ids((const uint8_t(*)[7])ids, LONG);
    const size_t at[] = {0, 255, 256, 257, 511, 512, 1024, LONG - 3, LONG - 1};
    for (size_t a = 0; a < sizeof at / sizeof at[0]; a++) {
        const uint8_t keep = ids[at[a]][6];
        ids[at[a]][6] = ids[at[a]][0];
        check_ids((const uint8_t(*)[7])ids, LONG);
        assert_int_equal(hs_ids7_check((const uint8_t(*)[7])ids, LONG), at[a]);
        ids[at[a]][6] = 255;
        check_ids((const uint8_t(*)[7])ids, LONG);
        ids[at[a]][6] = keep;
    }
    /* two faults: the first is named */
    ids[700][2] = 99;
    ids[900][2] = ids[900][3];
    check_ids((const uint8_t(*)[7])ids, LONG);
    assert_int_equal(hs_ids7_check((const uint8_t(*)[7])ids, LONG), 700);
}

static void test_apart(void **state) {
    (void)state;
    static uint64_t m[LONG];
    static uint8_t c[LONG];
    for (size_t i = 0; i < LONG; i++) {
        m[i] = random_hand(4, NULL);
        do
            c[i] = (uint8_t)(next() % HS_CARDS);
        while ((m[i] >> c[i]) & 1);
    }
    assert_int_equal(hs_masks_check_apart(m, c, LONG, 4, 4), LONG);
    for (size_t n = 0; n <= 20; n++)
        for (size_t i = 0; i < n; i++) {
            const uint8_t keep = c[i];
            c[i] = (uint8_t)(i % 2 ? 52 + i : (unsigned)__builtin_ctzll(m[i]));
            assert_int_equal(hs_masks_check_apart(m, c, n, 4, 4), i);
            c[i] = keep;
            assert_int_equal(hs_masks_check_apart(m, c, n, 4, 4), n);
        }
    const size_t at[] = {0, 1, 255, 256, 777, LONG - 1};
    for (size_t a = 0; a < sizeof at / sizeof at[0]; a++) {
        const uint8_t keep = c[at[a]];
        c[at[a]] = (uint8_t)__builtin_ctzll(m[at[a]]); /* in the hand */
        assert_int_equal(hs_masks_check_apart(m, c, LONG, 4, 4), at[a]);
        const uint8_t bad[] = {52, 63, 64, 64 + keep, 255};
        for (size_t b = 0; b < sizeof bad; b++) {
            c[at[a]] = bad[b];
            assert_int_equal(hs_masks_check_apart(m, c, LONG, 4, 4), ref_apart(m, c, LONG));
            assert_int_equal(hs_masks_check_apart(m, c, LONG, 4, 4), at[a]);
        }
        c[at[a]] = keep;
        /* the hand itself: five cards, three, a bit above card 51 */
        const uint64_t hand = m[at[a]];
        const uint64_t other[] = {hand | (UINT64_C(1) << ((c[at[a]] + 1) % 52)) | hand,
                                  hand & (hand - 1), hand | (UINT64_C(1) << 55)};
        for (size_t b = 0; b < sizeof other / sizeof other[0]; b++) {
            m[at[a]] = other[b];
            assert_int_equal(hs_masks_check_apart(m, c, LONG, 4, 4), ref_apart(m, c, LONG));
        }
        m[at[a]] = hand;
    }
}

int main(void) {
    printf("the checks take their %s forms here\n", hs_cpu_has_avx2() ? "AVX2" : "scalar");
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_masks),
        cmocka_unit_test(test_ids),
        cmocka_unit_test(test_apart),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
