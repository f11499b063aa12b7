/* Plain reference scorers for the tests (see crib_ref.h). */
#include "crib_ref.h"

static int rank_of(int card) {
    return card % 13;
}
static int suit_of(int card) {
    return card / 13;
}
static int value_of_rank(int rank) {
    return rank >= 9 ? 10 : rank + 1;
}

/* True when the ranks of the chosen cards are all different and consecutive. */
static int subset_is_run(const int *ranks, int n, unsigned subset) {
    int seen[13] = {0}, count = 0, lo = 13, hi = -1;
    for (int i = 0; i < n; i++) {
        if (!(subset >> i & 1))
            continue;
        int r = ranks[i];
        if (seen[r])
            return 0;
        seen[r] = 1;
        count++;
        if (r < lo)
            lo = r;
        if (r > hi)
            hi = r;
    }
    return hi - lo + 1 == count;
}

ref_crib_score ref_crib_score5(const int cards[5], int crib) {
    ref_crib_score s = {0, 0, 0, 0, 0, 0};
    int ranks[5];
    for (int i = 0; i < 5; i++)
        ranks[i] = rank_of(cards[i]);
    /* Fifteens: all 31 non-empty subsets. */
    for (unsigned sub = 1; sub < 32; sub++) {
        int sum = 0;
        for (int i = 0; i < 5; i++)
            if (sub >> i & 1)
                sum += value_of_rank(ranks[i]);
        if (sum == 15)
            s.fifteens += 2;
    }
    /* Pairs: every two cards of equal rank. */
    for (int i = 0; i < 5; i++)
        for (int j = i + 1; j < 5; j++)
            if (ranks[i] == ranks[j])
                s.pairs += 2;
    /* Runs: the longest length that has any run subsets; each such subset scores its length. */
    for (int len = 5; len >= 3 && s.runs == 0; len--)
        for (unsigned sub = 1; sub < 32; sub++)
            if (__builtin_popcount(sub) == len && subset_is_run(ranks, 5, sub))
                s.runs += len;
    /* Flush. */
    int hand_same = 1;
    for (int i = 1; i < 4; i++)
        if (suit_of(cards[i]) != suit_of(cards[0]))
            hand_same = 0;
    int all_same = hand_same && suit_of(cards[4]) == suit_of(cards[0]);
    if (crib)
        s.flush = all_same ? 5 : 0;
    else
        s.flush = all_same ? 5 : hand_same ? 4 : 0;
    /* Nobs: a jack in the hand (not the starter) of the starter's suit. */
    for (int i = 0; i < 4; i++)
        if (rank_of(cards[i]) == 10 && suit_of(cards[i]) == suit_of(cards[4]))
            s.nobs = 1;
    s.total = s.fifteens + s.pairs + s.runs + s.flush + s.nobs;
    return s;
}

uint64_t ref_nscore_brute(const int *ranks, int n) {
    uint64_t score = 0;
    for (uint32_t sub = 1; sub < (UINT32_C(1) << n); sub++) {
        int sum = 0;
        for (int i = 0; i < n; i++)
            if (sub >> i & 1)
                sum += value_of_rank(ranks[i]);
        if (sum == 15)
            score += 2;
    }
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++)
            if (ranks[i] == ranks[j])
                score += 2;
    /* Runs: for each maximal block of present ranks of length >= 3, count the subsets of the
     * cards that hold exactly one card of each rank of the block, times the block length. */
    int present[14] = {0};
    for (int i = 0; i < n; i++)
        present[ranks[i]] = 1;
    for (int lo = 0; lo < 13; lo++) {
        if (!present[lo] || (lo > 0 && present[lo - 1]))
            continue;
        int hi = lo;
        while (hi < 13 && present[hi])
            hi++;
        int len = hi - lo;
        if (len < 3)
            continue;
        for (uint32_t sub = 1; sub < (UINT32_C(1) << n); sub++) {
            int per_rank[13] = {0}, ok = 1;
            for (int i = 0; i < n; i++)
                if (sub >> i & 1) {
                    if (ranks[i] < lo || ranks[i] >= hi || per_rank[ranks[i]]++)
                        ok = 0;
                }
            if (ok && __builtin_popcount(sub) == len)
                score += (uint64_t)len;
        }
    }
    return score;
}

void ref_nscore_exact(const uint64_t counts[13], mpz_t out) {
    mpz_t ways[16], pairs, block;
    for (int s = 0; s < 16; s++)
        mpz_init_set_ui(ways[s], s == 0);
    mpz_init(pairs);
    mpz_init(block);
    mpz_set_ui(out, 0);
    for (int r = 0; r < 13; r++) {
        int v = value_of_rank(r);
        for (uint64_t k = 0; k < counts[r]; k++) {
            /* One more card of value v: every subset either leaves it out or takes it. */
            for (int s = 15; s >= v; s--)
                mpz_add(ways[s], ways[s], ways[s - v]);
            /* It pairs with each earlier card of its rank. */
            mpz_set_ui(block, k);
            mpz_add(pairs, pairs, block);
        }
    }
    mpz_mul_ui(out, ways[15], 2);
    mpz_addmul_ui(out, pairs, 2);
    for (int lo = 0; lo < 13; lo++) {
        if (counts[lo] == 0 || (lo > 0 && counts[lo - 1] > 0))
            continue;
        int hi = lo;
        while (hi < 13 && counts[hi] > 0)
            hi++;
        if (hi - lo < 3)
            continue;
        mpz_set_ui(block, (unsigned long)(hi - lo));
        for (int r = lo; r < hi; r++) {
            mpz_t c;
            mpz_init(c);
            mpz_import(c, 1, 1, sizeof counts[r], 0, 0, &counts[r]);
            mpz_mul(block, block, c);
            mpz_clear(c);
        }
        mpz_add(out, out, block);
    }
    for (int s = 0; s < 16; s++)
        mpz_clear(ways[s]);
    mpz_clear(pairs);
    mpz_clear(block);
}
