/* Hold'em starting-hand classes, hand parsing and exact multi-way equity. */
#include "holdem_internal.h"
#include "handstat/error.h"
#include "handstat/poker.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

static const char GRID_RANKS[14] = "AKQJT98765432";

int hs_holdem_class(uint64_t hole) {
    assert(hs_hand_size(hole) == 2);
    int c1 = __builtin_ctzll(hole);
    int c2 = __builtin_ctzll(hole & (hole - 1));
    return hs_holdem_class_of(c1, c2);
}

void hs_holdem_class_name(int cls, char out[4]) {
    int row = cls / 13, col = cls % 13;
    if (row == col) {
        out[0] = out[1] = GRID_RANKS[row];
        out[2] = '\0';
        return;
    }
    out[0] = GRID_RANKS[row < col ? row : col];
    out[1] = GRID_RANKS[row < col ? col : row];
    out[2] = row < col ? 's' : 'o';
    out[3] = '\0';
}

int hs_holdem_class_combos(int cls) {
    int row = cls / 13, col = cls % 13;
    return row == col ? 6 : row < col ? 4 : 12;
}

/* Card rank (0 = ace .. 12 = king) of grid position g (0 = ace, 1 = king .. 12 = two). */
static int rank_of_grid(int g) {
    return g == 0 ? HS_ACE : HS_KING - g + 1;
}

int hs_holdem_class_hands(int cls, uint64_t combos[12]) {
    int row = cls / 13, col = cls % 13;
    int r1 = rank_of_grid(row), r2 = rank_of_grid(col);
    int n = 0;
    for (int s1 = 0; s1 < HS_SUITS; s1++)
        for (int s2 = 0; s2 < HS_SUITS; s2++) {
            uint64_t a = hs_card_bit(hs_card(r1, s1)), b = hs_card_bit(hs_card(r2, s2));
            int ok = row == col ? s1 < s2 : row < col ? s1 == s2 : s1 != s2;
            if (ok)
                combos[n++] = a | b;
        }
    /* increasing mask order */
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && combos[j - 1] > combos[j]; j--) {
            uint64_t t = combos[j];
            combos[j] = combos[j - 1];
            combos[j - 1] = t;
        }
    return n;
}

int hs_holdem_pattern_parse(const char *s, size_t n, hs_holdem_pattern *p) {
    if (n != 2 && n != 3)
        return -1;
    int r1, r2;
    if (hs_rank_parse(s, 1, &r1) != HS_OK || hs_rank_parse(s + 1, 1, &r2) != HS_OK)
        return -1;
    const int a = hs_holdem_grid_rank(r1), b = hs_holdem_grid_rank(r2);
    p->hi = a < b ? a : b;
    p->lo = a < b ? b : a;
    if (n == 2) {
        p->kinds = 3;
        return 0;
    }
    const char kind = (char)(s[2] | 0x20); /* lower case */
    if (a == b || (kind != 's' && kind != 'o'))
        return -1;
    p->kinds = kind == 's' ? 1 : 2;
    return 0;
}

/* A class name: two ranks, then s or o unless they are a pair ("AK" alone is two classes).
 * Returns the class or -1. */
static int parse_class_name(const char *s, size_t len) {
    hs_holdem_pattern p;
    if (hs_holdem_pattern_parse(s, len, &p) != 0 || (p.kinds == 3 && p.hi != p.lo))
        return -1;
    return hs_holdem_class_at(p.hi, p.lo, p.kinds == 1);
}

int hs_holdem_classes_parse(const char *text, size_t len, int *classes, int *n,
                            hs_parse_error *err) {
    *n = 0;
    for (size_t at = 0;;) {
        size_t end = at;
        while (end < len && text[end] != ',')
            end++;
        size_t b = at, e = end;
        while (b < e && (text[b] == ' ' || text[b] == '\t'))
            b++;
        while (e > b && (text[e - 1] == ' ' || text[e - 1] == '\t'))
            e--;
        const int cls = parse_class_name(text + b, e - b);
        int seen = 0;
        for (int i = 0; cls >= 0 && i < *n; i++)
            seen |= classes[i] == cls;
        if (cls < 0 || seen) {
            if (err != NULL)
                *err = (hs_parse_error){b, e - b, 0};
            return cls < 0 ? HS_ERR_TOKEN : HS_ERR_DUPLICATE;
        }
        classes[(*n)++] = cls;
        if (end == len)
            return HS_OK;
        at = end + 1;
    }
}

int hs_holdem_hand_parse(const char *text, size_t len, uint64_t combos[12], size_t *n,
                         hs_parse_error *err) {
    size_t b = 0, e = len;
    while (b < e && (text[b] == ' ' || text[b] == '\t'))
        b++;
    while (e > b && (text[e - 1] == ' ' || text[e - 1] == '\t'))
        e--;
    int cls = parse_class_name(text + b, e - b);
    if (cls >= 0) {
        *n = (size_t)hs_holdem_class_hands(cls, combos);
        return HS_OK;
    }
    int cards[2];
    size_t count;
    hs_parse_error local;
    int rc = hs_cards_parse(text, len, cards, 2, &count, &local);
    if (rc == HS_OK && count != 2) {
        rc = HS_ERR_COUNT;
        local = (hs_parse_error){b, e - b, 0};
    }
    if (rc != HS_OK) {
        if (err != NULL)
            *err = local;
        return rc;
    }
    combos[0] = hs_card_bit(cards[0]) | hs_card_bit(cards[1]);
    *n = 1;
    return HS_OK;
}
