/* Build-time generator of the poker ranking tables (src/poker_tables.h declares them).
 *
 * Here a rank set is a 13-bit mask in ace-high order: bit 0 = two, ..., bit 11 = king,
 * bit 12 = ace (the ranker rotates each suit lane of a hand into this order).
 *
 * This program *defines* the 7462 equivalence classes: it walks them in order, best first,
 * category by category, and numbers them 1..7462. Inside a category the classes go by the
 * defining ranks in descending lexicographic order (e.g. quads by quad rank, then kicker). It
 * writes
 *   - hs_poker_flush[set]:   straight-flush class of the set if it holds a straight, else the
 *                            flush class of its five highest ranks (sets of >= 5 ranks);
 *   - hs_poker_unique5[set]: the same for a straight / high card (sets of >= 5 ranks);
 *   - hs_poker_colex2[set]:  C(a,2) + C(b,1) for the two highest bits a > b of the set;
 *   - hs_poker_colex3[set]:  C(a,3) + C(b,2) + C(c,1) for the three highest bits (12-bit sets);
 *   - hs_poker_class_info[class]: the category and five defining ranks of each class.
 * The ranker's arithmetic for the other categories must agree with this walk; the tests check
 * the result against an independent reference ranker over every five-card hand.
 *
 * Usage: gen_poker_tables OUTPUT.c */
#include <stdio.h>
#include <stdlib.h>

enum { RANKS = 13, SETS = 1 << RANKS, CLASSES = 7462 };

static unsigned binom(unsigned n, unsigned k) {
    if (k > n)
        return 0;
    unsigned long long r = 1;
    for (unsigned i = 1; i <= k; i++)
        r = r * (n - k + i) / i;
    return (unsigned)r;
}

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

/* Colex index of the highest `n` bits of set: sum of C(bit, i) for the i-th lowest of them. */
static unsigned colex_top(unsigned set, int n) {
    unsigned t = top_bits(set, n), idx = 0;
    for (int i = 1; t != 0; i++, t &= t - 1)
        idx += binom((unsigned)__builtin_ctz(t), (unsigned)i);
    return idx;
}

static unsigned class_info[CLASSES + 1];
static unsigned next_class = 1;

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

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: gen_poker_tables OUTPUT.c\n");
        return 2;
    }
    static unsigned flush_of5[SETS], high_of5[SETS];
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

    static unsigned flush[SETS], unique5[SETS], colex2[SETS], colex3[SETS / 2];
    for (unsigned set = 0; set < SETS; set++) {
        if (__builtin_popcount(set) >= 5) {
            int s = best_straight(set);
            flush[set] = s >= 0 ? sf_class[s] : flush_of5[top_bits(set, 5)];
            unique5[set] = s >= 0 ? st_class[s] : high_of5[top_bits(set, 5)];
        }
        colex2[set] = colex_top(set, 2);
        if (set < SETS / 2)
            colex3[set] = colex_top(set, 3);
    }

    FILE *out = fopen(argv[1], "w");
    if (out == NULL) {
        perror(argv[1]);
        return 1;
    }
    fprintf(out, "/* Generated by gen_poker_tables.c: do not edit. */\n");
    fprintf(out, "#include \"poker_tables.h\"\n");
    const char *names[] = {"hs_poker_flush", "hs_poker_unique5"};
    const unsigned *tables[] = {flush, unique5};
    for (int t = 0; t < 2; t++) {
        fprintf(out, "\nconst uint16_t %s[%d] = {\n", names[t], SETS);
        for (int i = 0; i < SETS; i++)
            fprintf(out, "%s%u,%s", i % 12 == 0 ? "    " : "", tables[t][i],
                    i % 12 == 11 ? "\n" : " ");
        fprintf(out, "\n};\n");
    }
    fprintf(out, "\nconst uint8_t hs_poker_colex2[%d] = {\n", SETS);
    for (int i = 0; i < SETS; i++)
        fprintf(out, "%s%u,%s", i % 16 == 0 ? "    " : "", colex2[i], i % 16 == 15 ? "\n" : " ");
    fprintf(out, "\n};\n\nconst uint8_t hs_poker_colex3[%d] = {\n", SETS / 2);
    for (int i = 0; i < SETS / 2; i++)
        fprintf(out, "%s%u,%s", i % 16 == 0 ? "    " : "", colex3[i], i % 16 == 15 ? "\n" : " ");
    fprintf(out, "\n};\n\nconst uint32_t hs_poker_class_info[%d] = {\n", CLASSES + 1);
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
