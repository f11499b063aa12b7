/* Build-time generator of the poker ranking tables (src/poker/poker_tables.h declares them).
 *
 * Inside this program a rank set is a 13-bit mask in ace-high order: bit 0 = two, ...,
 * bit 11 = king, bit 12 = ace. The lane tables it writes are indexed by a raw 13-bit suit lane
 * of a hand mask instead (card-rank order: bit 0 = ace .. bit 12 = king).
 *
 * This program *defines* the 7462 equivalence classes: it walks them in order, best first,
 * category by category, and numbers them 1..7462. Inside a category the classes go by the
 * defining ranks in descending lexicographic order (e.g. quads by quad rank, then kicker). It
 * writes
 *   - hs_poker_lane[lane]:   for a raw suit lane, the rank key of its ranks (the sum of
 *                            HS_POKER_RANK_KEYS over them), its number of cards at bit 27, bit 31
 *                            set when it holds five or more;
 *   - hs_poker_flush[lane]:  the lane's flush class (0 below five cards);
 *   - hs_poker_base[row], hs_poker_class[slot]: two perfect hashes, one from the rank key of every
 *                            multiset of 7 ranks (each at most 4 times), one from those of 5 or 6,
 *                            to the class of its best five cards, flushes aside:
 *                            slot = base[key >> SHIFT] + (key & (2^SHIFT - 1)), the seven-card
 *                            hash's rows and slots first;
 *   - hs_poker_class_info[class]: the category and five defining ranks of each class.
 * The flush class of a lane is its best straight flush, else the flush of its five highest ranks.
 * The class of a 6- or 7-rank multiset is the best class of the multisets one rank smaller. The
 * tests check the result against an independent reference ranker.
 *
 * The rank keys and the table sizes live in poker_tables.h, so that the ranker compiles them in;
 * this program fails if the keys are no longer distinct or the sizes have moved.
 * `gen_poker_tables --search` looks for new rank keys and prints them.
 *
 * Usage: gen_poker_tables OUTPUT.c | gen_poker_tables --search */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "poker_tables.h"

enum { RANKS = 13, SETS = 1 << RANKS, CLASSES = 7462 };

/* The straights as rank sets, best first: ace-high down to the wheel 5-4-3-2-A. */
static unsigned straight_set(int i) {
    return i < 9 ? 0x1Fu << (8 - i) : 0x100Fu;
}

/* Index 0..9 of the best straight inside `set`, or -1. */
static int best_straight(unsigned set) {
    for (int i = 0; i < 10; i++)
        if ((set & straight_set(i)) == straight_set(i))
            return i;
    return -1;
}

/* The highest `n` bits of set. */
static unsigned top_bits(unsigned set, int n) {
    while (__builtin_popcount(set) > n)
        set &= set - 1;
    return set;
}

static unsigned class_info[CLASSES + 1];
static unsigned next_class = 1;

/* ---- the base-5 codes ----------------------------------------------------------------------
 * Inside this program a multiset of card ranks is named by its base-5 code, sum of count(r) * 5^r
 * (r = card rank, 0 = ace): every count is at most 4, so the digits are the counts. The ranker's
 * rank keys (HS_POKER_RANK_KEYS) are made from the codes only at the end. */
static uint32_t pow5[RANKS];

/* Every multiset of 5, 6 or 7 card ranks with no rank more than 4 times, sorted by key, and the
 * class of its best five cards when they are not all of one suit. */
enum { MAX_KEYS = 80000 };
static uint32_t all_keys[MAX_KEYS];
static unsigned key_class[MAX_KEYS];
static int n_keys;

/* The key of one multiset made by the walk, and its class (five-card non-flush classes). */
static uint32_t walk_key[CLASSES];
static unsigned walk_class[CLASSES];
static int n_walk;

/* Card rank (0 = ace, 1 = two, ..., 12 = king) of an ace-high rank 0..12. */
static unsigned card_rank(int h) {
    return (unsigned)((h + 1) % RANKS);
}

/* Record the next class: category and five ace-high ranks in order of significance. */
static unsigned add_class(unsigned category, int r0, int r1, int r2, int r3, int r4) {
    if (next_class > CLASSES) {
        fprintf(stderr, "gen_poker_tables: too many classes\n");
        exit(1);
    }
    class_info[next_class] = card_rank(r0) | card_rank(r1) << 4 | card_rank(r2) << 8 |
                             card_rank(r3) << 12 | card_rank(r4) << 16 | category << 20;
    if (category != 0 && category != 3) { /* the rank multiset decides all but (straight) flushes */
        walk_key[n_walk] = pow5[card_rank(r0)] + pow5[card_rank(r1)] + pow5[card_rank(r2)] +
                           pow5[card_rank(r3)] + pow5[card_rank(r4)];
        walk_class[n_walk++] = next_class;
    }
    return next_class++;
}

/* Add the classes of five distinct ranks in descending order of the set (the order of the set
 * masks is the lexicographic order of their descending ranks), skipping straights. */
static void add_distinct(unsigned category, unsigned first_class[SETS]) {
    for (int set = SETS - 1; set >= 0; set--) {
        if (__builtin_popcount((unsigned)set) != 5 || best_straight((unsigned)set) >= 0)
            continue;
        int r[5], n = 0;
        for (int h = RANKS - 1; h >= 0; h--)
            if ((unsigned)set >> h & 1)
                r[n++] = h;
        first_class[set] = add_class(category, r[0], r[1], r[2], r[3], r[4]);
    }
}

static void add_straights(unsigned category, unsigned cls[10]) {
    for (int i = 0; i < 10; i++) {
        int high = 12 - i;
        if (i == 9) /* the wheel: five high, the ace plays low */
            cls[i] = add_class(category, 3, 2, 1, 0, 12);
        else
            cls[i] = add_class(category, high, high - 1, high - 2, high - 3, high - 4);
    }
}

static void check_boundary(unsigned expected_next, const char *what) {
    if (next_class != expected_next) {
        fprintf(stderr, "gen_poker_tables: %s end at %u, expected %u\n", what, next_class,
                expected_next);
        exit(1);
    }
}

/* ---- the perfect hash of the rank keys ---------------------------------------------------- */

static int cmp_u32(const void *a, const void *b) {
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

/* Add every multiset of ranks r.. with `left` more cards to all_keys. */
static void add_multisets(int r, int left, uint32_t key) {
    if (left == 0 || r == RANKS) {
        if (left == 0)
            all_keys[n_keys++] = key;
        return;
    }
    for (int c = 0; c <= 4 && c <= left; c++)
        add_multisets(r + 1, left - c, key + (uint32_t)c * pow5[r]);
}

static int key_index(uint32_t key) {
    const uint32_t *p = bsearch(&key, all_keys, (size_t)n_keys, sizeof key, cmp_u32);
    if (p == NULL) {
        fprintf(stderr, "gen_poker_tables: rank key %u missing\n", key);
        exit(1);
    }
    return (int)(p - all_keys);
}

/* The number of cards of a key: the sum of its base-5 digits. */
static int key_cards(uint32_t key) {
    int n = 0;
    for (; key != 0; key /= 5)
        n += (int)(key % 5);
    return n;
}

/* List the keys and give each its class: five cards from the walk; six and seven cards the best
 * class of the multiset less one card (each such class is already known, sizes going up). */
static void make_keys(void) {
    for (int k = 5; k <= 7; k++)
        add_multisets(0, k, 0);
    qsort(all_keys, (size_t)n_keys, sizeof all_keys[0], cmp_u32);
    for (int i = 0; i < n_walk; i++)
        key_class[key_index(walk_key[i])] = walk_class[i];
    for (int k = 6; k <= 7; k++)
        for (int i = 0; i < n_keys; i++) {
            if (key_cards(all_keys[i]) != k)
                continue;
            unsigned best = CLASSES + 1;
            for (int r = 0; r < RANKS; r++)
                if (all_keys[i] / pow5[r] % 5 != 0) {
                    unsigned c = key_class[key_index(all_keys[i] - pow5[r])];
                    best = c < best ? c : best;
                }
            key_class[i] = best;
        }
    for (int i = 0; i < n_keys; i++)
        if (key_class[i] == 0 || key_class[i] > CLASSES) {
            fprintf(stderr, "gen_poker_tables: rank key %u has no class\n", all_keys[i]);
            exit(1);
        }
}

/* The rank key of a base-5 code: count(r) * HS_POKER_RANK_KEYS[r] summed over the ranks. */
static const uint32_t rank_key[RANKS] = HS_POKER_RANK_KEYS;
static uint32_t key_of_code(uint32_t code, const uint32_t keys[RANKS]) {
    uint32_t key = 0;
    for (int r = 0; r < RANKS; r++, code /= 5)
        key += code % 5 * keys[r];
    return key;
}

enum { MAX_ROWS = 1 << 16, MAX_SLOTS = 1 << 16, ROW_COLS = 1 << HS_POKER_ROW_SHIFT };

/* The two hashes, seven cards and five or six, written one after the other: the row bases of
 * the seven-card hash then those of the five-and-six, the slots likewise (each hash's bases
 * count from its own first slot). */
static uint16_t row_base[2 * MAX_ROWS];
static uint16_t slot_class[2 * MAX_SLOTS];
static unsigned char used[MAX_SLOTS + ROW_COLS];

/* Row displacement of the keys of `seven` cards (1) or of five and six (0): the keys of each row
 * (key >> SHIFT) keep their column (the low SHIFT bits) and the row moves as a whole to the
 * first base where all its columns are free, the fullest rows first (ties by row index:
 * deterministic), so slot = base[key >> SHIFT] + (key & (2^SHIFT - 1)); an empty row gets base
 * 0. The bases must fit 16 bits. Fills bases[] and classes[]; returns 0 when the keys are not
 * distinct or need more rows, slots or larger bases than the arrays hold, else sets *rows and
 * *slots. */
static int place_keys(const uint32_t keys[RANKS], int seven, uint16_t *bases, uint16_t *classes,
                      int *rows, int *slots) {
    static uint32_t key[MAX_KEYS];
    static int in[MAX_KEYS], count[MAX_ROWS], start[MAX_ROWS + 1], fill[MAX_ROWS];
    static unsigned kclass[MAX_KEYS];
    uint32_t max = 0;
    int n = 0;
    for (int i = 0; i < n_keys; i++) {
        if ((key_cards(all_keys[i]) == 7) != seven)
            continue;
        key[n] = key_of_code(all_keys[i], keys);
        kclass[n] = key_class[i];
        max = key[n] > max ? key[n] : max;
        n++;
    }
    int nrows = (int)(max >> HS_POKER_ROW_SHIFT) + 1;
    if (nrows > MAX_ROWS)
        return 0;
    memset(count, 0, sizeof count);
    for (int i = 0; i < n; i++)
        count[key[i] >> HS_POKER_ROW_SHIFT]++;
    start[0] = 0;
    int most = 0;
    for (int r = 0; r < nrows; r++) {
        start[r + 1] = start[r] + count[r];
        fill[r] = 0;
        most = count[r] > most ? count[r] : most;
    }
    for (int i = 0; i < n; i++) {
        int r = (int)(key[i] >> HS_POKER_ROW_SHIFT);
        in[start[r] + fill[r]++] = i;
    }
    memset(used, 0, sizeof used);
    int end = 0;
    for (int r = 0; r < nrows; r++)
        bases[r] = 0;
    for (int size = most; size >= 1; size--)
        for (int r = 0; r < nrows; r++) {
            if (count[r] != size)
                continue;
            for (int base = 0;; base++) {
                if (base >= MAX_SLOTS) /* a base of 16 bits */
                    return 0;
                int j = start[r];
                for (; j < start[r + 1]; j++)
                    if (used[base + (int)(key[in[j]] & (ROW_COLS - 1))])
                        break;
                if (j < start[r + 1])
                    continue;
                for (j = start[r]; j < start[r + 1]; j++) {
                    int slot = base + (int)(key[in[j]] & (ROW_COLS - 1));
                    if (used[slot] || slot >= MAX_SLOTS) /* two equal keys in one row */
                        return 0;
                    used[slot] = 1;
                    classes[slot] = (uint16_t)kclass[in[j]];
                    end = slot + 1 > end ? slot + 1 : end;
                }
                bases[r] = (uint16_t)base;
                break;
            }
        }
    *rows = nrows;
    *slots = end;
    return 1;
}

/* Both hashes placed with `keys`, the five-and-six-card one right after the seven-card one in
 * row_base and slot_class: rows and slots of each (seven, then five and six). */
static int place_both(const uint32_t keys[RANKS], int rows[2], int slots[2]) {
    memset(slot_class, 0, sizeof slot_class);
    return place_keys(keys, 1, row_base, slot_class, &rows[0], &slots[0]) &&
           place_keys(keys, 0, row_base + rows[0], slot_class + slots[0], &rows[1], &slots[1]);
}

/* The greedy rank sequence: each next value the smallest above the last for which the sums over
 * every multiset of at most 7 ranks (none more than 4 times) stay distinct. */
static void greedy_keys(uint32_t g[RANKS]) {
    enum { SPAN = 1 << 26 };
    static uint32_t sums[8][MAX_KEYS], fresh[8 * MAX_KEYS];
    static int n_sums[8];
    unsigned char *seen = calloc(SPAN / 8, 1), *mark = calloc(SPAN / 8, 1);
    if (seen == NULL || mark == NULL) {
        fprintf(stderr, "gen_poker_tables: out of memory\n");
        exit(1);
    }
    sums[0][0] = 0;
    n_sums[0] = 1;
    seen[0] = 1;
    uint32_t k = 1;
    for (int r = 0; r < RANKS; r++, k++) {
        for (;; k++) {
            int n = 0, ok = 1;
            for (int c = 1; c <= 4 && ok; c++)
                for (int size = 0; size + c <= 7 && ok; size++)
                    for (int i = 0; i < n_sums[size]; i++) {
                        uint32_t y = sums[size][i] + (uint32_t)c * k;
                        if (y >= SPAN || (seen[y >> 3] | mark[y >> 3]) >> (y & 7) & 1) {
                            ok = 0;
                            break;
                        }
                        mark[y >> 3] |= (unsigned char)(1u << (y & 7));
                        fresh[n++] = y;
                    }
            for (int i = 0; i < n; i++)
                mark[fresh[i] >> 3] = 0;
            if (ok)
                break;
        }
        g[r] = k;
        for (int size = 7; size >= 1; size--) /* smaller sizes are still without rank r */
            for (int c = 1; c <= 4 && c <= size; c++)
                for (int i = 0; i < n_sums[size - c]; i++) {
                    uint32_t y = sums[size - c][i] + (uint32_t)c * k;
                    sums[size][n_sums[size]++] = y;
                    seen[y >> 3] |= (unsigned char)(1u << (y & 7));
                }
    }
    free(seen);
    free(mark);
}

static uint64_t splitmix64(uint64_t *s) {
    uint64_t z = (*s += UINT64_C(0x9E3779B97F4A7C15));
    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    return z ^ (z >> 31);
}

/* --search: the greedy sequence times odd multipliers mod 2^24, which spreads the keys over the
 * rows (the placement checks that the sums stay distinct); prints the rank keys that give the
 * smallest tables. */
static int search(void) {
    uint32_t g[RANKS], keys[RANKS], best[RANKS];
    greedy_keys(g);
    long best_bytes = -1;
    int best_rows[2] = {0, 0}, best_slots[2] = {0, 0};
    uint64_t seed = 1;
    for (int attempt = 0; attempt < 100; attempt++) {
        uint32_t m = (uint32_t)splitmix64(&seed) | 1;
        for (int r = 0; r < RANKS; r++)
            keys[r] = (uint32_t)((uint64_t)g[r] * m & 0xFFFFFF);
        int rows[2], slots[2];
        if (!place_both(keys, rows, slots))
            continue;
        long bytes = 2L * (rows[0] + rows[1]) + 2L * (slots[0] + slots[1]);
        if (best_bytes < 0 || bytes < best_bytes) {
            best_bytes = bytes;
            memcpy(best_rows, rows, sizeof best_rows);
            memcpy(best_slots, slots, sizeof best_slots);
            memcpy(best, keys, sizeof best);
        }
    }
    if (best_bytes < 0) {
        fprintf(stderr, "gen_poker_tables: no rank keys found\n");
        return 1;
    }
    printf("#define HS_POKER_RANK_KEYS {");
    for (int r = 0; r < RANKS; r++)
        printf("%s%uu", r ? ", " : "", best[r]);
    printf("}\n#define HS_POKER_ROWS7 %d\n#define HS_POKER_SLOTS7 %d\n#define HS_POKER_ROWS56 %d\n"
           "#define HS_POKER_SLOTS56 %d\n/* %ld bytes */\n",
           best_rows[0], best_slots[0], best_rows[1], best_slots[1], best_bytes);
    return 0;
}

/* The index of the rank pair {r1, r2} (either order) in hs_poker_rp_key: r2 (r2 + 1) / 2 + r1
 * with r1 <= r2, 0..90. */
static int rank_pair(int r1, int r2) {
    int lo = r1 < r2 ? r1 : r2, hi = r1 < r2 ? r2 : r1;
    return hi * (hi + 1) / 2 + lo;
}

static void print_u16(FILE *out, const char *name, const uint16_t *v, int n, int pad) {
    fprintf(out, "\nconst uint16_t %s[%d] = {\n", name, n + pad);
    for (int i = 0; i < n + pad; i++)
        fprintf(out, "%s%u,%s", i % 12 == 0 ? "    " : "", i < n ? v[i] : 0u,
                i % 12 == 11 ? "\n" : " ");
    fprintf(out, "\n};\n");
}

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: gen_poker_tables OUTPUT.c | gen_poker_tables --search\n");
        return 2;
    }
    pow5[0] = 1;
    for (int r = 1; r < RANKS; r++)
        pow5[r] = pow5[r - 1] * 5;
    static unsigned flush_of5[SETS], high_of5[SETS]; /* first class of each 5-rank set */
    unsigned sf_class[10], st_class[10];

    /* The walk, best class first. Categories: 0 straight flush .. 8 high card. */
    add_straights(0, sf_class);
    check_boundary(11, "straight flushes");
    for (int q = 12; q >= 0; q--)
        for (int k = 12; k >= 0; k--)
            if (k != q)
                add_class(1, q, q, q, q, k);
    check_boundary(167, "four of a kind");
    for (int t = 12; t >= 0; t--)
        for (int p = 12; p >= 0; p--)
            if (p != t)
                add_class(2, t, t, t, p, p);
    check_boundary(323, "full houses");
    add_distinct(3, flush_of5);
    check_boundary(1600, "flushes");
    add_straights(4, st_class);
    check_boundary(1610, "straights");
    for (int t = 12; t >= 0; t--)
        for (int a = 12; a >= 0; a--)
            for (int b = a - 1; b >= 0; b--)
                if (a != t && b != t)
                    add_class(5, t, t, t, a, b);
    check_boundary(2468, "three of a kind");
    for (int p = 12; p >= 0; p--)
        for (int q = p - 1; q >= 0; q--)
            for (int k = 12; k >= 0; k--)
                if (k != p && k != q)
                    add_class(6, p, p, q, q, k);
    check_boundary(3326, "two pair");
    for (int p = 12; p >= 0; p--)
        for (int a = 12; a >= 0; a--)
            for (int b = a - 1; b >= 0; b--)
                for (int c = b - 1; c >= 0; c--)
                    if (a != p && b != p && c != p)
                        add_class(7, p, p, a, b, c);
    check_boundary(6186, "pairs");
    add_distinct(8, high_of5);
    check_boundary(CLASSES + 1, "high cards");

    /* the flush class of each ace-high suited rank set of >= 5 ranks */
    static unsigned flush[SETS];
    for (unsigned set = 0; set < SETS; set++) {
        if (__builtin_popcount(set) >= 5) {
            int s = best_straight(set);
            flush[set] = s >= 0 ? sf_class[s] : flush_of5[top_bits(set, 5)];
        }
    }

    make_keys();
    if (strcmp(argv[1], "--search") == 0)
        return search();
    int rows[2], slots[2];
    if (!place_both(rank_key, rows, slots) || rows[0] != HS_POKER_ROWS7 ||
        slots[0] != HS_POKER_SLOTS7 || rows[1] != HS_POKER_ROWS56 || slots[1] != HS_POKER_SLOTS56) {
        fprintf(stderr,
                "gen_poker_tables: HS_POKER_RANK_KEYS give no perfect hashes of the %d rank keys "
                "in %d + %d rows and %d + %d slots; run gen_poker_tables --search and update "
                "poker_tables.h\n",
                n_keys, HS_POKER_ROWS7, HS_POKER_ROWS56, HS_POKER_SLOTS7, HS_POKER_SLOTS56);
        return 1;
    }
    /* The lane tables: raw lane bits in card-rank order (bit 0 = ace); flush[] is in ace-high
     * order (bit 12 = ace). */
    static uint32_t lane[SETS];
    static uint16_t lane_flush[SETS];
    for (unsigned raw = 0; raw < SETS; raw++) {
        unsigned ace_high = (raw >> 1) | (raw & 1) << 12;
        uint32_t key = 0;
        for (int r = 0; r < RANKS; r++)
            if (raw >> r & 1)
                key += rank_key[r];
        if (key >= 1u << HS_POKER_LANE_COUNT_SHIFT) {
            fprintf(stderr, "gen_poker_tables: a rank key reaches the count bits\n");
            return 1;
        }
        lane[raw] = key | (uint32_t)__builtin_popcount(raw) << HS_POKER_LANE_COUNT_SHIFT |
                    (uint32_t)(__builtin_popcount(raw) >= 5) << 31;
        lane_flush[raw] = (uint16_t)flush[ace_high];
    }

    FILE *out = fopen(argv[1], "w");
    if (out == NULL) {
        perror(argv[1]);
        return 1;
    }
    fprintf(out, "/* Generated by gen_poker_tables.c: do not edit. */\n");
    fprintf(out, "#include \"handstat/poker_state.h\"\n#include \"poker_tables.h\"\n");
    fprintf(out, "\nconst uint32_t hs_poker_lane[%d] = {\n", SETS);
    for (int i = 0; i < SETS; i++)
        fprintf(out, "%s0x%08x,%s", i % 8 == 0 ? "    " : "", lane[i], i % 8 == 7 ? "\n" : " ");
    fprintf(out, "\n};\n");
    print_u16(out, "hs_poker_flush", lane_flush, SETS, 1);
    print_u16(out, "hs_poker_base", row_base, HS_POKER_ROWS7 + HS_POKER_ROWS56, 1);
    /* The state of each card alone (handstat/poker_state.h): its rank's key, one in its suit's
     * counter (4 bits at 32 + 4 * suit), one card (bits 48-51), its bit. */
    fprintf(out, "\nconst hs_poker_state hs_poker_state_cards[52] = {\n");
    for (int c = 0; c < 52; c++)
        fprintf(out, "    {0x%016llx, 0x%013llx},\n",
                (unsigned long long)rank_key[c % RANKS] | 1ull << (32 + 4 * (c / RANKS)) |
                    1ull << 48,
                1ull << c);
    fprintf(out, "};\n");
    /* The key alone of each card's state, for kernels that make the mask only for flushes. */
    fprintf(out, "\nconst uint64_t hs_poker_card_key[52] = {\n");
    for (int c = 0; c < 52; c++)
        fprintf(out, "    0x%016llx,\n",
                (unsigned long long)rank_key[c % RANKS] | 1ull << (32 + 4 * (c / RANKS)) |
                    1ull << 48);
    fprintf(out, "};\n");
    /* The state of each two-card set {b, a}, b < a, at a (a - 1) / 2 + b, with the starting
     * values of the empty state (HS_POKER_STATE_BIAS: 3 in each suit counter, 9 in the count). */
    fprintf(out, "\nconst hs_poker_state hs_poker_state_pairs[1326] = {\n");
    for (int a = 1; a < 52; a++)
        for (int b = 0; b < a; b++)
            fprintf(out, "    {0x%016llx, 0x%013llx},\n",
                    0xb333300000000ull + rank_key[a % RANKS] + rank_key[b % RANKS] +
                        (1ull << (32 + 4 * (a / RANKS))) + (1ull << (32 + 4 * (b / RANKS))),
                    1ull << a | 1ull << b);
    fprintf(out, "};\n");
    /* The same two-card sets split by field, for the vector kernels: the rank key, the suit
     * counters (with their starting value, as in the states), and the pair's cards of each suit
     * as a 13-bit lane. */
    fprintf(out, "\nconst uint32_t hs_poker_pair_key[1326] = {\n");
    for (int a = 1; a < 52; a++)
        for (int b = 0; b < a; b++)
            fprintf(out, "    0x%08x,\n", rank_key[a % RANKS] + rank_key[b % RANKS]);
    fprintf(out, "};\n\nconst uint32_t hs_poker_pair_suits[1326] = {\n");
    for (int a = 1; a < 52; a++)
        for (int b = 0; b < a; b++)
            fprintf(out, "    0x%04x,\n",
                    0x3333u + (1u << 4 * (a / RANKS)) + (1u << 4 * (b / RANKS)));
    fprintf(out, "};\n\nconst uint16_t hs_poker_pair_cards[1326 + 64] = {\n");
    for (int a = 1; a < 52; a++)
        for (int b = 0; b < a; b++)
            fprintf(out, "    0x%04x,\n", (unsigned)(b | a << 8));
    for (int i = 0; i < 64; i++)
        fprintf(out, "    0,\n");
    fprintf(out, "};\n\nconst uint16_t hs_poker_pair_lane[4][1326] = {\n");
    for (int s = 0; s < 4; s++) {
        fprintf(out, "    {\n");
        for (int a = 1; a < 52; a++)
            for (int b = 0; b < a; b++)
                fprintf(out, "        0x%04x,\n",
                        (unsigned)(((1ull << a | 1ull << b) >> (RANKS * s)) & 0x1FFF));
        fprintf(out, "    },\n");
    }
    fprintf(out, "};\n");
    /* For the pairs kernel's table of rank pairs: per rank pair r1 <= r2 at r2 (r2 + 1) / 2 + r1
     * (0..90) its rank key, 0 in entries 91..95; per two-card set p (hs_poker_state_pairs
     * order) the index of its rank pair, then 64 entries of padding. */
    static uint32_t rp_key[96];
    for (int r2 = 0; r2 < RANKS; r2++)
        for (int r1 = 0; r1 <= r2; r1++)
            rp_key[rank_pair(r1, r2)] = rank_key[r1] + rank_key[r2];
    fprintf(out, "\nconst uint32_t hs_poker_rp_key[96] = {\n");
    for (int i = 0; i < 96; i++)
        fprintf(out, "    0x%08x,\n", rp_key[i]);
    fprintf(out, "};\n\nconst uint8_t hs_poker_pair_rp[1326 + 64] = {\n");
    for (int a = 1; a < 52; a++)
        for (int b = 0; b < a; b++)
            fprintf(out, "    %d,\n", rank_pair(a % RANKS, b % RANKS));
    fprintf(out, "};\n");
    /* For the quads kernel (poker_avx512.c): every multiset of 4 card ranks (1,820), ordered by
     * the first `below` at which four distinct cards under card `below` hold it (then by ranks),
     * so that those reachable under `below` are the first hs_poker_quads_below[below]; the rank
     * key of each; and for each rank pair of the fourth and fifth cards (rank_pair order) the
     * index of the multiset it makes with each rank pair of the last two (96 entries, those past
     * 90 pointing at multiset 0). */
    {
        enum { QUADS = 1820 };
        static int quad_r[QUADS][4], quad_first[QUADS], order[QUADS], index_of[13][13][13][13];
        static uint16_t quad_of[91 * 96];
        int nq = 0;
        for (int a = 0; a < RANKS; a++)
            for (int b = a; b < RANKS; b++)
                for (int c = b; c < RANKS; c++)
                    for (int d = c; d < RANKS; d++) {
                        int count[RANKS] = {0};
                        count[a]++, count[b]++, count[c]++, count[d]++;
                        int first = 0; /* cards under `first`: rank r has (first - r + 12) / 13 */
                        for (int r = 0; r < RANKS; r++)
                            while (count[r] > (first > r ? (first - r + 12) / RANKS : 0))
                                first++;
                        quad_r[nq][0] = a, quad_r[nq][1] = b, quad_r[nq][2] = c, quad_r[nq][3] = d;
                        quad_first[nq++] = first;
                    }
        if (nq != QUADS) {
            fprintf(stderr, "gen_poker_tables: %d rank quadruples\n", nq);
            return 1;
        }
        int n = 0, below_count[53];
        for (int below = 0; below <= 52; below++) {
            for (int q = 0; q < QUADS; q++)
                if (quad_first[q] == below)
                    order[n++] = q;
            below_count[below] = n;
        }
        fprintf(out, "\nconst uint32_t hs_poker_quad_key[%d] = {\n", QUADS);
        for (int i = 0; i < QUADS; i++) {
            const int *r = quad_r[order[i]];
            fprintf(out, "    0x%08x,\n",
                    rank_key[r[0]] + rank_key[r[1]] + rank_key[r[2]] + rank_key[r[3]]);
            /* every order of the four ranks names the same multiset */
            for (int j = 0; j < 24; j++) {
                int x = j % 4, y = (j / 4) % 3, z = j / 12;
                int rest[4] = {0, 1, 2, 3}, pick[4];
                pick[0] = rest[x], rest[x] = rest[3];
                pick[1] = rest[y], rest[y] = rest[2];
                pick[2] = rest[z], rest[z] = rest[1];
                pick[3] = rest[0];
                index_of[r[pick[0]]][r[pick[1]]][r[pick[2]]][r[pick[3]]] = i;
            }
        }
        fprintf(out, "};\n\nconst uint16_t hs_poker_quads_below[53] = {\n");
        for (int below = 0; below <= 52; below++)
            fprintf(out, "    %d,\n", below_count[below]);
        fprintf(out, "};\n");
        for (int r5 = 0; r5 < RANKS; r5++)
            for (int r4 = 0; r4 <= r5; r4++)
                for (int r7 = 0; r7 < RANKS; r7++)
                    for (int r6 = 0; r6 <= r7; r6++)
                        quad_of[96 * rank_pair(r4, r5) + rank_pair(r6, r7)] =
                            (uint16_t)index_of[r4][r5][r6][r7];
        print_u16(out, "hs_poker_quad_of", quad_of, 91 * 96, 0);
    }
    /* For the card-id kernels: each rank's key (16 entries, one vector), per card id 0..63 its
     * rank in bits 0-3 and its suit in bits 4-5 (0 beyond card 51), and per suit the one its
     * counter gets (16 entries, one vector). */
    fprintf(out, "\nconst uint32_t hs_poker_rank_key16[16] = {\n");
    for (int r = 0; r < 16; r++)
        fprintf(out, "    0x%08x,\n", r < RANKS ? rank_key[r] : 0u);
    fprintf(out, "};\n\nconst uint8_t hs_poker_id_code[64] = {\n");
    for (int c = 0; c < 64; c++)
        fprintf(out, "    0x%02x,\n", c < 52 ? (unsigned)(c % RANKS | (c / RANKS) << 4) : 0u);
    fprintf(out, "};\n\nconst uint32_t hs_poker_suit_one16[16] = {\n");
    for (int u = 0; u < 16; u++)
        fprintf(out, "    0x%04x,\n", u < 4 ? 1u << 4 * u : 0u);
    fprintf(out, "};\n");
    print_u16(out, "hs_poker_class", slot_class, HS_POKER_SLOTS7 + HS_POKER_SLOTS56, 1);
    fprintf(out, "\nconst uint32_t hs_poker_class_info[%d] = {\n", CLASSES + 1);
    for (int i = 0; i <= CLASSES; i++)
        fprintf(out, "%s0x%06x,%s", i % 8 == 0 ? "    " : "", class_info[i],
                i % 8 == 7 ? "\n" : " ");
    fprintf(out, "\n};\n");
    if (fclose(out) != 0) {
        perror(argv[1]);
        return 1;
    }
    return 0;
}
