/* Build-time generator of the cribbage tables (src/crib_tables.h declares them).
 *
 * The rank-only part of a five-card score (fifteens, pairs, runs) depends only on the multiset of
 * the five ranks. Each rank gets a weight such that the weights of any five ranks (at most four
 * alike) add up to a different key; this program scores each multiset once, plainly, and writes
 * the table by key. The scorer then adds four per-suit lookups and reads the table once.
 *
 * It also writes the steps of a dense index of sorted rank multisets: a multiset r0 <= r1 <= ..
 * of ranks 0..12 maps to the strictly increasing set s_i = r_i + i of 0..16, whose
 * combinatorial-number-system rank C(s0,1) + C(s1,2) + ... is dense (0..6187 for five ranks).
 *
 * Usage: gen_crib_tables OUTPUT.c */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { RANKS = 13, CARDS = 5, ENTRIES = 6188 };

static unsigned binom(unsigned n, unsigned k) {
    if (k > n)
        return 0;
    unsigned long long r = 1;
    for (unsigned i = 1; i <= k; i++)
        r = r * (n - k + i) / i;
    return (unsigned)r;
}

static int value(int rank) {
    return rank + 1 < 10 ? rank + 1 : 10;
}

/* Fifteens, pairs and runs points of five ranks (any order). */
static void score_ranks(const int r[CARDS], unsigned *fifteens, unsigned *pairs, unsigned *runs) {
    unsigned f = 0, p = 0;
    for (unsigned sub = 1; sub < (1u << CARDS); sub++) {
        int sum = 0;
        for (int i = 0; i < CARDS; i++)
            if (sub >> i & 1)
                sum += value(r[i]);
        f += (sum == 15);
    }
    for (int i = 0; i < CARDS; i++)
        for (int j = i + 1; j < CARDS; j++)
            p += (r[i] == r[j]);
    int count[RANKS] = {0};
    for (int i = 0; i < CARDS; i++)
        count[r[i]]++;
    /* At most one maximal block of three or more ranks fits in five cards. */
    unsigned run_points = 0;
    for (int lo = 0; lo < RANKS; lo++) {
        if (count[lo] == 0 || (lo > 0 && count[lo - 1] > 0))
            continue;
        int hi = lo, product = 1;
        while (hi < RANKS && count[hi] > 0)
            product *= count[hi++];
        if (hi - lo >= 3)
            run_points += (unsigned)((hi - lo) * product);
    }
    *fifteens = 2 * f;
    *pairs = 2 * p;
    *runs = run_points;
}

/* Rank weights whose sums over any multiset of five ranks (at most four of a rank) are all
 * different: each weight is the smallest that keeps every such sum distinct (found by
 * gen_crib_weights below and checked there). The largest sum is 4 * 79415 + 43258 = 360918. */
enum { KEYS = 360919 };

static void find_weights(unsigned w[RANKS]) {
    static unsigned char seen[KEYS];
    w[0] = 0;
    for (int n = 1; n < RANKS; n++) {
        for (w[n] = w[n - 1] + 1;; w[n]++) {
            memset(seen, 0, sizeof seen);
            int clash = 0, r[CARDS];
            /* all multisets of five of the first n+1 ranks that use rank n */
            for (r[0] = 0; r[0] <= n && !clash; r[0]++)
                for (r[1] = r[0]; r[1] <= n && !clash; r[1]++)
                    for (r[2] = r[1]; r[2] <= n && !clash; r[2]++)
                        for (r[3] = r[2]; r[3] <= n && !clash; r[3]++)
                            for (r[4] = r[3]; r[4] <= n && !clash; r[4]++) {
                                if (r[0] == r[4])
                                    continue;
                                unsigned sum = 0;
                                for (int i = 0; i < CARDS; i++)
                                    sum += w[r[i]];
                                if (sum >= KEYS)
                                    continue; /* cannot collide with a smaller sum here */
                                clash = seen[sum];
                                seen[sum] = 1;
                            }
            if (!clash)
                break;
        }
    }
}

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: gen_crib_tables OUTPUT.c\n");
        return 2;
    }
    int r[CARDS];
    unsigned w[RANKS];
    find_weights(w);
    static unsigned short key_part[KEYS];
    static unsigned char key_used[KEYS];
    for (r[0] = 0; r[0] < RANKS; r[0]++)
        for (r[1] = r[0]; r[1] < RANKS; r[1]++)
            for (r[2] = r[1]; r[2] < RANKS; r[2]++)
                for (r[3] = r[2]; r[3] < RANKS; r[3]++)
                    for (r[4] = r[3]; r[4] < RANKS; r[4]++) {
                        if (r[0] == r[4])
                            continue;
                        unsigned key = 0, f, p, u;
                        for (int i = 0; i < CARDS; i++)
                            key += w[r[i]];
                        if (key >= KEYS || key_used[key]) {
                            fprintf(stderr, "gen_crib_tables: rank weights collide\n");
                            return 1;
                        }
                        key_used[key] = 1;
                        score_ranks(r, &f, &p, &u);
                        /* fifteens/2 in bits 0-3, pairs/2 in 4-6, runs in 7-10, sum in 11-15 */
                        key_part[key] =
                            (unsigned short)(f / 2 | (p / 2) << 4 | u << 7 | (f + p + u) << 11);
                    }
    FILE *out = fopen(argv[1], "w");
    if (out == NULL) {
        perror(argv[1]);
        return 1;
    }
    fprintf(out, "/* Generated by gen_crib_tables.c: do not edit. */\n");
    fprintf(out, "#include \"crib_tables.h\"\n\n");
    fprintf(out, "const uint16_t hs_crib_mset_step[5][13] = {\n");
    for (int i = 0; i < CARDS; i++) {
        fprintf(out, "    {");
        for (int k = 0; k < RANKS; k++)
            fprintf(out, "%u%s", binom((unsigned)(k + i), (unsigned)(i + 1)),
                    k + 1 < RANKS ? ", " : "");
        fprintf(out, "},\n");
    }
    fprintf(out, "};\n\nconst uint32_t hs_crib_lane_key[8192] = {\n");
    for (unsigned lane = 0; lane < 8192; lane++) {
        unsigned key = 0;
        for (int k = 0; k < RANKS; k++)
            if (lane >> k & 1)
                key += w[k];
        fprintf(out, "%s%u,%s", lane % 8 == 0 ? "    " : "", key, lane % 8 == 7 ? "\n" : " ");
    }
    fprintf(out, "};\n\nconst uint16_t hs_crib_key_part[%d] = {\n", KEYS + 1);
    for (int i = 0; i <= KEYS; i++) /* one spare entry: 32-bit gathers read two bytes past */
        fprintf(out, "%s%u,%s", i % 12 == 0 ? "    " : "", i < KEYS ? key_part[i] : 0,
                i % 12 == 11 ? "\n" : " ");
    fprintf(out, "\n};\n");
    if (fclose(out) != 0) {
        perror(argv[1]);
        return 1;
    }
    return 0;
}
