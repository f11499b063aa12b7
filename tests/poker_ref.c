/* The reference poker ranker (see poker_ref.h). Speed is not a goal; plainness is. */
#include "poker_ref.h"

#include <assert.h>
#include <stdlib.h>

enum {
    STRAIGHT_FLUSH = 8,
    QUADS = 7,
    FULL_HOUSE = 6,
    FLUSH = 5,
    STRAIGHT = 4,
    TRIPS = 3,
    TWO_PAIR = 2,
    PAIR = 1,
    HIGH_CARD = 0
};

uint32_t ref_poker_key(const int cards[5]) {
    int value[5], suit[5];
    for (int i = 0; i < 5; i++) {
        int rank = cards[i] % 13;
        value[i] = rank == 0 ? 14 : rank + 1;
        suit[i] = cards[i] / 13;
    }
    /* Insertion sort, highest value first. */
    for (int i = 1; i < 5; i++)
        for (int j = i; j > 0 && value[j] > value[j - 1]; j--) {
            int t = value[j];
            value[j] = value[j - 1];
            value[j - 1] = t;
        }
    int flush = 1;
    for (int i = 1; i < 5; i++)
        if (suit[i] != suit[0])
            flush = 0;
    int distinct = 1;
    for (int i = 1; i < 5; i++)
        if (value[i] == value[i - 1])
            distinct = 0;
    int straight_high = 0;
    if (distinct && value[0] - value[4] == 4)
        straight_high = value[0];
    if (distinct && value[0] == 14 && value[1] == 5 && value[4] == 2)
        straight_high = 5; /* A-2-3-4-5: the ace plays low */

    /* Groups of equal values as (count, value), biggest count first, then highest value. */
    int group_count[5], group_value[5], groups = 0;
    for (int i = 0; i < 5; i++) {
        if (i > 0 && value[i] == value[i - 1]) {
            group_count[groups - 1]++;
            continue;
        }
        group_count[groups] = 1;
        group_value[groups] = value[i];
        groups++;
    }
    for (int i = 1; i < groups; i++) /* stable: equal counts keep their value order */
        for (int j = i; j > 0 && group_count[j] > group_count[j - 1]; j--) {
            int c = group_count[j], v = group_value[j];
            group_count[j] = group_count[j - 1];
            group_value[j] = group_value[j - 1];
            group_count[j - 1] = c;
            group_value[j - 1] = v;
        }

    int category;
    if (straight_high && flush)
        category = STRAIGHT_FLUSH;
    else if (group_count[0] == 4)
        category = QUADS;
    else if (group_count[0] == 3 && group_count[1] == 2)
        category = FULL_HOUSE;
    else if (flush)
        category = FLUSH;
    else if (straight_high)
        category = STRAIGHT;
    else if (group_count[0] == 3)
        category = TRIPS;
    else if (group_count[0] == 2 && group_count[1] == 2)
        category = TWO_PAIR;
    else if (group_count[0] == 2)
        category = PAIR;
    else
        category = HIGH_CARD;

    uint32_t key = (uint32_t)category << 20;
    if (category == STRAIGHT_FLUSH || category == STRAIGHT) {
        key |= (uint32_t)straight_high << 16;
    } else {
        for (int i = 0; i < groups; i++)
            key |= (uint32_t)group_value[i] << (16 - 4 * i);
    }
    return key;
}

static int descending(const void *a, const void *b) {
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return x < y ? 1 : x > y ? -1 : 0;
}

void ref_poker_init(ref_poker *ref) {
    /* At most 6188 rank multisets, the distinct ones twice (suited and not). */
    uint32_t *all = malloc(2 * 6188 * sizeof *all);
    assert(all != NULL);
    int n = 0, r[5];
    for (r[0] = 0; r[0] < 13; r[0]++)
        for (r[1] = r[0]; r[1] < 13; r[1]++)
            for (r[2] = r[1]; r[2] < 13; r[2]++)
                for (r[3] = r[2]; r[3] < 13; r[3]++)
                    for (r[4] = r[3]; r[4] < 13; r[4]++) {
                        if (r[0] == r[4])
                            continue; /* five of a kind does not exist */
                        /* Suit each card by how many of its rank came before: no repeats. */
                        int cards[5];
                        for (int i = 0; i < 5; i++) {
                            int before = 0;
                            for (int j = 0; j < i; j++)
                                before += r[j] == r[i];
                            cards[i] = before * 13 + r[i];
                        }
                        int distinct = r[0] != r[1] && r[1] != r[2] && r[2] != r[3] && r[3] != r[4];
                        if (distinct) {
                            all[n++] = ref_poker_key(cards); /* all clubs */
                            cards[0] += 13;                  /* one diamond */
                        }
                        all[n++] = ref_poker_key(cards);
                    }
    qsort(all, (size_t)n, sizeof *all, descending);
    int distinct = 0;
    for (int i = 0; i < n; i++) {
        if (i > 0 && all[i] == all[i - 1])
            continue;
        if (distinct < REF_POKER_CLASSES)
            ref->keys[distinct] = all[i];
        distinct++;
    }
    ref->n = distinct;
    free(all);
}

int ref_poker_class5(const ref_poker *ref, const int cards[5]) {
    uint32_t key = ref_poker_key(cards);
    int lo = 0, hi = REF_POKER_CLASSES - 1; /* keys[] descends: find key */
    while (lo < hi) {
        int mid = (lo + hi) / 2;
        if (ref->keys[mid] > key)
            lo = mid + 1;
        else
            hi = mid;
    }
    assert(ref->keys[lo] == key);
    return lo + 1;
}

int ref_poker_best(const ref_poker *ref, const int *cards, int n) {
    int best = REF_POKER_CLASSES + 1, five[5];
    for (int a = 0; a < n; a++)
        for (int b = a + 1; b < n; b++)
            for (int c = b + 1; c < n; c++)
                for (int d = c + 1; d < n; d++)
                    for (int e = d + 1; e < n; e++) {
                        five[0] = cards[a];
                        five[1] = cards[b];
                        five[2] = cards[c];
                        five[3] = cards[d];
                        five[4] = cards[e];
                        int cls = ref_poker_class5(ref, five);
                        if (cls < best)
                            best = cls;
                    }
    return best;
}

int ref_poker_category(const ref_poker *ref, int cls) {
    return 8 - (int)(ref->keys[cls - 1] >> 20);
}

int ref_poker_group_setup(void **state) {
    ref_poker *ref = malloc(sizeof *ref);
    if (ref == NULL)
        return -1;
    ref_poker_init(ref);
    *state = ref;
    return ref->n == REF_POKER_CLASSES ? 0 : -1;
}

int ref_poker_group_teardown(void **state) {
    free(*state);
    return 0;
}
