/* Build-time generator of the poker ranking tables (src/poker/poker_tables.h declares them).
 *
 * Inside this program a rank set is a 13-bit mask in ace-high order: bit 0 = two, ...,
 * bit 11 = king, bit 12 = ace. The lane table it writes is indexed by a raw 13-bit suit lane of a
 * hand mask instead (card-rank order: bit 0 = ace .. bit 12 = king).
 *
 * This program *defines* the 7462 equivalence classes: it walks them in order, best first,
 * category by category, and numbers them 1..7462. Inside a category the classes go by the
 * defining ranks in descending lexicographic order (e.g. quads by quad rank, then kicker). It
 * writes
 *   - hs_poker_lane[lane]:   for a raw suit lane, the base-5 rank key sum of 5^r over its ranks
 *                            r (bits 0-31) and its flush class (bits 32-47, 0 below 5 cards);
 *   - hs_poker_disp[bucket], hs_poker_class[slot]: the minimal perfect hash from the base-5 rank
 *                            key of every multiset of 5, 6 or 7 ranks (each at most 4 times) to
 *                            the class of its best five cards, flushes aside;
 *   - hs_poker_class_info[class]: the category and five defining ranks of each class.
 * The flush class of a lane is its best straight flush, else the flush of its five highest ranks.
 * The class of a 6- or 7-rank multiset is the best class of the multisets one rank smaller. The
 * tests check the result against an independent reference ranker.
 *
 * The hash constants (multipliers, bucket count) live in poker_tables.h, so that the ranker
 * compiles them in as immediates; this program fails if they no longer give a perfect hash.
 * `gen_poker_tables --search` looks for new ones and prints them.
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

/* ---- the base-5 rank keys ----------------------------------------------------------------
 * The key of a multiset of card ranks is sum of count(r) * 5^r (r = card rank, 0 = ace): every
 * count is at most 4, so the base-5 digits are the counts and the key is unique. */
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

enum { BUCKETS = 1 << HS_POKER_HASH_BUCKET_BITS };
static uint16_t disp[BUCKETS];
static uint16_t slot_class[HS_POKER_HASH_SLOTS];

/* Hash and displace (CHD-like), largest buckets first: for each bucket the first 16-bit
 * displacement d that sends all its keys to free slots, slot = hs_poker_hash_slot(). Returns 1
 * on success, filling disp[] and slot_class[]; 0 when some bucket finds no displacement. */
static int place_keys(uint32_t m1, uint32_t m2) {
    static int size[BUCKETS], start[BUCKETS + 1], fill[BUCKETS], order[BUCKETS], in[MAX_KEYS];
    static unsigned char used[HS_POKER_HASH_SLOTS];
    if (n_keys != HS_POKER_HASH_SLOTS) {
        fprintf(stderr, "gen_poker_tables: %d rank keys, HS_POKER_HASH_SLOTS is %d\n", n_keys,
                HS_POKER_HASH_SLOTS);
        exit(1);
    }
    memset(size, 0, sizeof size);
    for (int i = 0; i < n_keys; i++)
        size[hs_poker_hash_bucket(all_keys[i], m1)]++;
    start[0] = 0;
    for (int b = 0; b < BUCKETS; b++) {
        start[b + 1] = start[b] + size[b];
        fill[b] = 0;
        order[b] = b;
    }
    for (int i = 0; i < n_keys; i++) {
        uint32_t b = hs_poker_hash_bucket(all_keys[i], m1);
        in[start[b] + fill[b]++] = i;
    }
    /* insertion sort of the buckets: size descending, then index (deterministic) */
    for (int i = 1; i < BUCKETS; i++) {
        int o = order[i], j = i;
        for (; j > 0 && size[order[j - 1]] < size[o]; j--)
            order[j] = order[j - 1];
        order[j] = o;
    }
    memset(used, 0, sizeof used);
    memset(disp, 0, sizeof disp);
    for (int oi = 0; oi < BUCKETS && size[order[oi]] > 0; oi++) {
        int b = order[oi], placed = 0;
        for (uint32_t d = 0; d <= 0xFFFF && !placed; d++) {
            uint32_t slots[64];
            int n = 0;
            for (int j = start[b]; j < start[b + 1]; j++) {
                uint32_t s = hs_poker_hash_slot(all_keys[in[j]], m2, d);
                if (used[s] || n == 64)
                    break;
                used[s] = 1;
                slots[n++] = s;
            }
            if (n == size[b]) {
                disp[b] = (uint16_t)d;
                for (int j = 0; j < n; j++)
                    slot_class[slots[j]] = (uint16_t)key_class[in[start[b] + j]];
                placed = 1;
            } else {
                for (int j = 0; j < n; j++)
                    used[slots[j]] = 0;
            }
        }
        if (!placed)
            return 0;
    }
    return 1;
}

static uint64_t splitmix64(uint64_t *s) {
    uint64_t z = (*s += UINT64_C(0x9E3779B97F4A7C15));
    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    return z ^ (z >> 31);
}

/* --search: try odd multiplier pairs from a fixed sequence until one places every key. */
static int search(void) {
    uint64_t seed = 1;
    for (int attempt = 0; attempt < 1000; attempt++) {
        uint32_t m1 = (uint32_t)splitmix64(&seed) | 1, m2 = (uint32_t)splitmix64(&seed) | 1;
        if (place_keys(m1, m2)) {
            printf("#define HS_POKER_HASH_M1 0x%08xu\n#define HS_POKER_HASH_M2 0x%08xu\n", m1, m2);
            return 0;
        }
    }
    fprintf(stderr, "gen_poker_tables: no multipliers found\n");
    return 1;
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
    if (!place_keys(HS_POKER_HASH_M1, HS_POKER_HASH_M2)) {
        fprintf(stderr,
                "gen_poker_tables: HS_POKER_HASH_M1/M2 give no perfect hash of the %d rank "
                "keys; run gen_poker_tables --search and update poker_tables.h\n",
                n_keys);
        return 1;
    }
    /* The lane table: raw lane bits in card-rank order (bit 0 = ace); flush[] is in ace-high
     * order (bit 12 = ace). */
    static uint64_t lane[SETS];
    for (unsigned raw = 0; raw < SETS; raw++) {
        unsigned ace_high = (raw >> 1) | (raw & 1) << 12;
        uint64_t key = 0;
        for (int r = 0; r < RANKS; r++)
            if (raw >> r & 1)
                key += pow5[r];
        lane[raw] = key | (uint64_t)flush[ace_high] << 32;
    }

    FILE *out = fopen(argv[1], "w");
    if (out == NULL) {
        perror(argv[1]);
        return 1;
    }
    fprintf(out, "/* Generated by gen_poker_tables.c: do not edit. */\n");
    fprintf(out, "#include \"poker_tables.h\"\n");
    fprintf(out, "\nconst uint64_t hs_poker_lane[%d] = {\n", SETS);
    for (int i = 0; i < SETS; i++)
        fprintf(out, "%s0x%011llx,%s", i % 6 == 0 ? "    " : "", (unsigned long long)lane[i],
                i % 6 == 5 ? "\n" : " ");
    fprintf(out, "\n};\n");
    print_u16(out, "hs_poker_disp", disp, BUCKETS, 1);
    print_u16(out, "hs_poker_class", slot_class, HS_POKER_HASH_SLOTS, 1);
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
