/* A probe, not part of the build: two builds of the library's one-call rankers (an old tree and
 * a new one) and OMPEval in one process, rounds rotated, thread CPU time, medians of each and of
 * the rounds' ratios, so that the machine's drift falls on all of them alike. Built by
 * ab_probe.sh (its header has the usage): the old build's symbols are renamed old_hs_*. */
#define _GNU_SOURCE
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

uint64_t old_ids(const uint8_t *p, size_t n), new_ids(const uint8_t *p, size_t n);
uint64_t old_state(const uint8_t *p, size_t n), new_state(const uint8_t *p, size_t n);
uint64_t old_mask(const uint64_t *m, size_t n), new_mask(const uint64_t *m, size_t n);
uint64_t old_nested(void), new_nested(void);
void omp_init(void);
uint64_t omp_ids(const uint8_t *p, size_t n);
uint64_t omp_cards7(void);

enum { N = 10000000, HANDS7 = 133784560, MAXR = 64 };

static double cpu(void) {
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static int cmp(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median(double *v, int n) {
    qsort(v, (size_t)n, sizeof v[0], cmp);
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* OMPEval's card id of handstat card h (rank h % 13 with ace 0; OMPEval: 4 rank + suit, deuce 0) */
static int omp_id(int h) {
    return 4 * ((h % 13 + 12) % 13) + h / 13;
}

int main(int argc, char **argv) {
    const int rounds = argc > 1 ? atoi(argv[1]) : 9;
    const int nested = argc > 2 ? atoi(argv[2]) : 1;
    if (rounds < 1 || rounds > MAXR)
        return 2;
    uint8_t *ids = malloc(7 * (size_t)N), *oids = malloc(7 * (size_t)N);
    uint64_t *masks = malloc(sizeof *masks * (size_t)N);
    uint64_t r = 88172645463325252ull;
    for (size_t i = 0; i < N; i++) {
        uint64_t h = 0;
        for (int k = 0; k < 7;) {
            r ^= r << 13, r ^= r >> 7, r ^= r << 17;
            const int c = (int)(r % 52);
            if (h >> c & 1)
                continue;
            h |= 1ull << c;
            oids[7 * i + k] = (uint8_t)omp_id(c);
            ids[7 * i + k++] = (uint8_t)c;
        }
        masks[i] = h;
    }
    omp_init();
    const char *name[] = {"ids old",  "ids new",     "state old",  "state new",  "mask old",
                          "mask new", "OMPEval ids", "nested old", "nested new", "OMPEval nested"};
    enum { W = 10 };
    static double t[W][MAXR];
    uint64_t sum[W] = {0};
    const int ways = nested ? W : 7;
    for (int k = 0; k < rounds; k++)
        for (int j = 0; j < ways; j++) {
            const int w = (j + k) % ways;
            const double t0 = cpu();
            uint64_t s;
            switch (w) {
            case 0:
                s = old_ids(ids, N);
                break;
            case 1:
                s = new_ids(ids, N);
                break;
            case 2:
                s = old_state(ids, N);
                break;
            case 3:
                s = new_state(ids, N);
                break;
            case 4:
                s = old_mask(masks, N);
                break;
            case 5:
                s = new_mask(masks, N);
                break;
            case 6:
                s = omp_ids(oids, N);
                break;
            case 7:
                s = old_nested();
                break;
            case 8:
                s = new_nested();
                break;
            default:
                s = omp_cards7();
                break;
            }
            t[w][k] = (w < 7 ? N : HANDS7) / (cpu() - t0) / 1e6;
            sum[w] = s;
        }
    printf("sums: ids %llu %llu, state %llu %llu, mask %llu %llu", (unsigned long long)sum[0],
           (unsigned long long)sum[1], (unsigned long long)sum[2], (unsigned long long)sum[3],
           (unsigned long long)sum[4], (unsigned long long)sum[5]);
    if (nested)
        printf(", nested %llu %llu", (unsigned long long)sum[7], (unsigned long long)sum[8]);
    printf("\n");
    /* the ratios: new/old per form, and each over OMPEval's loop of the same kind, per round */
    const int pairs[][2] = {{1, 0}, {3, 2}, {5, 4}, {0, 6}, {1, 6}, {2, 6},
                            {3, 6}, {4, 6}, {5, 6}, {8, 7}, {7, 9}, {8, 9}};
    for (int w = 0; w < ways; w++) {
        double v[MAXR];
        for (int k = 0; k < rounds; k++)
            v[k] = t[w][k];
        const double m = median(v, rounds); /* (sorts v) */
        printf("%-15s %6.0f M/s (rounds %.0f-%.0f)\n", name[w], m, v[0], v[rounds - 1]);
    }
    for (size_t p = 0; p < sizeof pairs / sizeof pairs[0]; p++) {
        const int a = pairs[p][0], b = pairs[p][1];
        if (a >= ways || b >= ways)
            continue;
        double v[MAXR];
        for (int k = 0; k < rounds; k++)
            v[k] = t[a][k] / t[b][k];
        const double m = median(v, rounds);
        printf("%s / %s: %.3f (rounds %.3f-%.3f)\n", name[a], name[b], m, v[0], v[rounds - 1]);
    }
    return 0;
}
