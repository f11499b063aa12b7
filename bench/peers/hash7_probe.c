/* A probe, not part of the build: would a seven-card-only perfect hash (the 49,205 rank multisets
 * of seven cards) make hs_poker_rank7_ids() faster one hand per call? It builds the seven-card
 * tables at run time from the library's own classes, ranks the same 10 M random hands with the
 * library's inline ranker and with the seven-card variants, and with OMPEval, rounds alternating
 * in one process, and prints medians (bench/measurements.md has what it measured).
 *
 *   A  hs_poker_rank7_ids_inline() (handstat/poker_state.h): the library's tables (until
 *      commit 693d0e1 one hash of 5-7 cards, hs_poker_row 49.6 KB of 32-bit offsets and
 *      hs_poker_class 156 KB; since then the seven-card hash of C, built by the generator)
 *   B  the same kernel over seven-card tables: own rank keys (greedy sequence times an odd
 *      multiplier mod 2^24, as gen_poker_tables --search makes them), 32-bit row offsets
 *   C  as B, but 16-bit row bases: slot = base[key >> 13] + (key & 8191)
 *   O  OMPEval (ranking_omp.cpp's omp_ids, OMPEval's card ids)
 *
 * A flush goes out of line to hs_poker_rank7_ids_flush() in all three handstat variants, so they
 * differ only in the non-flush lookups. Build (after bench/peers/suite.sh has built OMPEval):
 *
 *   P=/tmp/peers; g++ -O3 -march=native -std=c++17 -include functional -I$P/src_OMPEval \
 *     -c bench/peers/ranking_omp.cpp -o /tmp/omp.o
 *   gcc -O3 -std=gnu17 -fopenmp -Iinclude -Ibuild/release/include -Isrc/poker \
 *     -c bench/peers/hash7_probe.c -o /tmp/hash7_probe.o
 *   g++ -fopenmp /tmp/hash7_probe.o /tmp/omp.o $P/build/omp/libompeval.a \
 *     build/release/libhandstat.a -lgmp -lm -lpthread -o /tmp/hash7_probe
 *   /tmp/hash7_probe ROUNDS [MULTIPLIER]
 *
 * MULTIPLIER 0 takes the library's own rank keys (HS_POKER_RANK_KEYS) for the seven-card tables;
 * ROUNDS 0 prints the sizes of 16-bit-base tables (the library's keys for seven cards and for
 * five and six, then the greedy keys times 100 multipliers) and measures nothing. */
#define _GNU_SOURCE
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "handstat/poker.h"
#include "handstat/poker_state.h"
#include "poker_tables.h"

enum { RANKS = 13, SHIFT = 13, MAX_KEYS = 60000, MAX_SLOTS = 1 << 17, MAX_ROWS = 1 << 15 };
static const uint32_t main_keys[RANKS] = HS_POKER_RANK_KEYS;

/* The rank multisets of `size` cards as base-5 codes, each with its class from the library. */
static uint32_t codes[MAX_KEYS];
static uint16_t classes[MAX_KEYS];
static int n_codes;
static void enumerate(int r, int left, int *count) {
    if (r == RANKS) {
        if (left != 0)
            return;
        uint32_t key = 0, code = 0;
        for (int i = 0; i < RANKS; i++)
            key += (uint32_t)count[i] * main_keys[i];
        for (int i = RANKS - 1; i >= 0; i--)
            code = code * 5 + (uint32_t)count[i];
        codes[n_codes] = code;
        int cards = 0;
        for (int i = 0; i < RANKS; i++)
            cards += count[i];
        classes[n_codes++] =
            (uint16_t)(cards == 7 ? hs_poker_key_class7(key) : hs_poker_key_class56(key));
        return;
    }
    for (int c = 0; c <= 4 && c <= left; c++) {
        count[r] = c;
        enumerate(r + 1, left - c, count);
    }
}

static uint32_t key_of(uint32_t code, const uint32_t *k) {
    uint32_t key = 0;
    for (int r = 0; r < RANKS; r++, code /= 5)
        key += code % 5 * k[r];
    return key;
}

/* The seven-card tables. */
static uint64_t card7[52];
static uint32_t row7[MAX_ROWS];
static uint16_t base7[MAX_ROWS];
static uint16_t class7[MAX_SLOTS + 1];

/* Row displacement as gen_poker_tables does it (fullest rows first, first fit); 0 when two keys
 * collide or the slots or a base outgrow the arrays. */
static int place(const uint32_t *k, int *rows, int *slots) {
    static uint32_t key[MAX_KEYS];
    static int in[MAX_KEYS], count[MAX_ROWS], start[MAX_ROWS + 1], fill[MAX_ROWS];
    static unsigned char used[MAX_SLOTS + (1 << SHIFT)];
    uint32_t max = 0;
    for (int i = 0; i < n_codes; i++) {
        key[i] = key_of(codes[i], k);
        max = key[i] > max ? key[i] : max;
    }
    int nrows = (int)(max >> SHIFT) + 1, most = 0, end = 0;
    if (nrows > MAX_ROWS)
        return 0;
    memset(count, 0, sizeof count);
    memset(fill, 0, sizeof fill);
    memset(used, 0, sizeof used);
    memset(class7, 0, sizeof class7);
    for (int i = 0; i < n_codes; i++)
        count[key[i] >> SHIFT]++;
    for (int r = 0; r < nrows; r++) {
        start[r + 1] = start[r] + count[r];
        most = count[r] > most ? count[r] : most;
        row7[r] = 0u - ((uint32_t)r << SHIFT);
        base7[r] = 0;
    }
    for (int i = 0; i < n_codes; i++) {
        int r = (int)(key[i] >> SHIFT);
        in[start[r] + fill[r]++] = i;
    }
    for (int size = most; size >= 1; size--)
        for (int r = 0; r < nrows; r++) {
            if (count[r] != size)
                continue;
            for (int base = 0;; base++) {
                if (base > 65535 || base + (1 << SHIFT) > MAX_SLOTS)
                    return 0;
                int j = start[r];
                for (; j < start[r + 1]; j++)
                    if (used[base + (int)(key[in[j]] & ((1u << SHIFT) - 1))])
                        break;
                if (j < start[r + 1])
                    continue;
                for (j = start[r]; j < start[r + 1]; j++) {
                    int s = base + (int)(key[in[j]] & ((1u << SHIFT) - 1));
                    if (used[s])
                        return 0;
                    used[s] = 1;
                    class7[s] = classes[in[j]];
                    end = s + 1 > end ? s + 1 : end;
                }
                row7[r] = (uint32_t)base - ((uint32_t)r << SHIFT);
                base7[r] = (uint16_t)base;
                break;
            }
        }
    *rows = nrows;
    *slots = end;
    for (int c = 0; c < 52; c++) /* rank c % 13, suit c / 13 */
        card7[c] = k[c % 13] + (UINT64_C(1) << (32 + 4 * (c / 13)));
    return 1;
}

/* The greedy rank sequence of gen_poker_tables: distinct sums over every multiset of at most
 * seven ranks, none more than four times. */
static void greedy(uint32_t *g) {
    enum { SPAN = 1 << 25 };
    static uint32_t sums[8][MAX_KEYS], fresh[1 << 19];
    int n_sums[8] = {1};
    unsigned char *seen = calloc(SPAN, 1);
    uint32_t k = 1;
    seen[0] = 1;
    for (int r = 0; r < RANKS; r++, k++) {
        for (;; k++) {
            int n = 0, ok = 1;
            for (int c = 1; c <= 4 && ok; c++)
                for (int s = 0; s + c <= 7 && ok; s++)
                    for (int i = 0; i < n_sums[s]; i++) {
                        uint32_t y = sums[s][i] + (uint32_t)c * k;
                        if (seen[y] & 3) {
                            ok = 0;
                            break;
                        }
                        seen[y] |= 2;
                        fresh[n++] = y;
                    }
            for (int i = 0; i < n; i++)
                seen[fresh[i]] &= 1;
            if (ok)
                break;
        }
        g[r] = k;
        for (int s = 7; s >= 1; s--)
            for (int c = 1; c <= 4 && c <= s; c++)
                for (int i = 0; i < n_sums[s - c]; i++) {
                    uint32_t y = sums[s - c][i] + (uint32_t)c * k;
                    sums[s][n_sums[s]++] = y;
                    seen[y] |= 1;
                }
    }
    free(seen);
}

static inline int rank_a(const uint8_t *ids) {
    return hs_poker_rank7_ids_inline(ids);
}
static inline uint64_t key7(const uint8_t *ids) {
    const uint64_t *k = card7;
    return HS_POKER_STATE_BIAS + k[ids[0]] + k[ids[1]] + k[ids[2]] + k[ids[3]] + k[ids[4]] +
           k[ids[5]] + k[ids[6]];
}
static inline int rank_b(const uint8_t *ids) {
    uint64_t key = key7(ids);
    if (__builtin_expect((key & HS_POKER_STATE_FLUSH) != 0, 0))
        return hs_poker_rank7_ids_flush(ids);
    uint32_t rk = (uint32_t)key;
    return class7[rk + row7[rk >> SHIFT]];
}
static inline int rank_c(const uint8_t *ids) {
    uint64_t key = key7(ids);
    if (__builtin_expect((key & HS_POKER_STATE_FLUSH) != 0, 0))
        return hs_poker_rank7_ids_flush(ids);
    uint32_t rk = (uint32_t)key;
    return class7[base7[rk >> SHIFT] + (rk & ((1u << SHIFT) - 1))];
}

/* Each loop its own function, its sum returned and printed (so no variant is optimized away). */
#define RUN(F)                                                                                     \
    static __attribute__((noinline)) uint64_t run_##F(const uint8_t *h, long n) {                  \
        uint64_t s = 0;                                                                            \
        for (long i = 0; i < n; i++)                                                               \
            s += (uint64_t)F(h + 7 * i);                                                           \
        return s;                                                                                  \
    }
RUN(rank_a)
RUN(rank_b)
RUN(rank_c)

void omp_init(void);
uint64_t omp_ids(const uint8_t *p, size_t n);

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}
static int cmp_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}
static double median(double *v, int n) {
    qsort(v, (size_t)n, sizeof v[0], cmp_double);
    return v[n / 2];
}

enum { N = 10000000, MAX_ROUNDS = 99 };

int main(int argc, char **argv) {
    int rounds = argc > 1 ? atoi(argv[1]) : 9;
    uint32_t mult = argc > 2 ? (uint32_t)strtoul(argv[2], NULL, 0) : 2563876923u;
    if (rounds < 0 || rounds > MAX_ROUNDS)
        return 2;
    int count[RANKS], rows, slots;
    uint32_t g[RANKS], k[RANKS];
    if (rounds == 0) {
        /* the sizes of 16-bit-base tables: the library's own rank keys for seven cards, and for
         * the five- and six-card multisets; then the greedy keys times multipliers, seven cards */
        for (int seven = 0; seven <= 1; seven++) {
            n_codes = 0;
            if (seven)
                enumerate(0, 7, count);
            else {
                enumerate(0, 5, count);
                enumerate(0, 6, count);
            }
            int ok = place(main_keys, &rows, &slots);
            printf("library keys, %s cards (%d multisets): %s rows %d, slots %d (%d + %d bytes)\n",
                   seven ? "7" : "5 and 6", n_codes, ok ? "placed," : "NOT placed,", rows, slots,
                   2 * rows, 2 * slots);
        }
        n_codes = 0;
        enumerate(0, 7, count);
        greedy(g);
        uint64_t seed = 1;
        long best = -1;
        for (int attempt = 0; attempt < 100; attempt++) {
            seed = seed * 6364136223846793005u + 1442695040888963407u;
            uint32_t m = (uint32_t)(seed >> 32) | 1;
            for (int r = 0; r < RANKS; r++)
                k[r] = (uint32_t)((uint64_t)g[r] * m & 0xFFFFFF);
            if (!place(k, &rows, &slots))
                continue;
            long bytes = 2L * rows + 2L * slots;
            if (best < 0 || bytes < best) {
                best = bytes;
                printf("multiplier %u: rows %d, slots %d (%ld bytes with 16-bit bases)\n", m, rows,
                       slots, bytes);
            }
        }
        return 0;
    }

    n_codes = 0;
    enumerate(0, 7, count);
    greedy(g);
    for (int r = 0; r < RANKS; r++) /* multiplier 0: the library's own rank keys */
        k[r] = mult ? (uint32_t)((uint64_t)g[r] * mult & 0xFFFFFF) : main_keys[r];
    if (!place(k, &rows, &slots)) {
        fprintf(stderr, "multiplier %u: no perfect hash\n", mult);
        return 1;
    }
    printf("seven-card hash, multiplier %u: %d multisets, rows %d (%d bytes of 32-bit offsets, %d "
           "of 16-bit bases), slots %d (%d bytes)\n",
           mult, n_codes, rows, 4 * rows, 2 * rows, slots, 2 * slots);

    /* every seven-card multiset through C's lookup gives the library's class */
    for (int i = 0; i < n_codes; i++) {
        uint32_t key = key_of(codes[i], k);
        if (class7[base7[key >> SHIFT] + (key & ((1u << SHIFT) - 1))] != classes[i] ||
            class7[key + row7[key >> SHIFT]] != classes[i]) {
            fprintf(stderr, "multiset %u: wrong class\n", codes[i]);
            return 1;
        }
    }

    uint8_t *h = malloc(7L * N), *ho = malloc(7L * N);
    uint64_t st = 12345;
    for (long i = 0; i < N; i++) {
        uint64_t m = 0;
        for (int j = 0; j < 7;) {
            st = st * 6364136223846793005u + 1442695040888963407u;
            int c = (int)((st >> 33) % 52);
            if (m >> c & 1)
                continue;
            m |= UINT64_C(1) << c;
            h[7 * i + j++] = (uint8_t)c;
        }
    }
    for (long i = 0; i < 7L * N; i++) /* OMPEval's ids: 4 * rank (2 = 0) + suit */
        ho[i] = (uint8_t)(4 * ((h[i] % 13 + 12) % 13) + h[i] / 13);
    omp_init();

    double a[MAX_ROUNDS], b[MAX_ROUNDS], c[MAX_ROUNDS], o[MAX_ROUNDS];
    double ba[MAX_ROUNDS], ca[MAX_ROUNDS], ao[MAX_ROUNDS], co[MAX_ROUNDS];
    uint64_t sa = 0, sb = 0, sc = 0, so = 0;
    for (int r = 0; r < rounds; r++) {
        for (int e = 0; e < 4; e++) { /* the order rotated by round */
            double t0 = now();
            switch ((e + r) % 4) {
            case 0:
                sa = run_rank_a(h, N), a[r] = N / (now() - t0) / 1e6;
                break;
            case 1:
                sb = run_rank_b(h, N), b[r] = N / (now() - t0) / 1e6;
                break;
            case 2:
                sc = run_rank_c(h, N), c[r] = N / (now() - t0) / 1e6;
                break;
            default:
                so = omp_ids(ho, N), o[r] = N / (now() - t0) / 1e6;
                break;
            }
        }
        ba[r] = b[r] / a[r], ca[r] = c[r] / a[r], ao[r] = a[r] / o[r], co[r] = c[r] / o[r];
    }
    printf("checksums: A %llu, B %llu, C %llu, OMPEval %llu (its own class numbers)\n",
           (unsigned long long)sa, (unsigned long long)sb, (unsigned long long)sc,
           (unsigned long long)so);
    if (sa != sb || sa != sc)
        return 1;
    printf("medians of %d rounds, M hands/s: A %.0f, B %.0f, C %.0f, OMPEval %.0f\n", rounds,
           median(a, rounds), median(b, rounds), median(c, rounds), median(o, rounds));
    printf("medians of the rounds' ratios: B/A %.3f, C/A %.3f, A/OMPEval %.3f, C/OMPEval %.3f\n",
           median(ba, rounds), median(ca, rounds), median(ao, rounds), median(co, rounds));
    return 0;
}
