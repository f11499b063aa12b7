/* Hold'em ranges: the PokerStove / OMPEval grammar parsed into a set of two-card combinations,
 * each with a weight, and written back in canonical form. */
#include "holdem_internal.h"
#include "combin.h"
#include "handstat/error.h"

#include <stdio.h>
#include <string.h>

typedef struct builder {
    hs_holdem_range *out;
    uint8_t taken[1326]; /* by hs_colex2 of the two cards */
    uint8_t weight;
    int duplicate;
} builder;

static void add_combo(builder *b, uint64_t mask) {
    const int lo = __builtin_ctzll(mask), hi = 63 - __builtin_clzll(mask);
    const int idx = hs_colex2(lo, hi);
    if (b->taken[idx]) {
        b->duplicate = 1;
        return;
    }
    b->taken[idx] = 1;
    b->out->combo[b->out->n] = mask;
    b->out->weight[b->out->n] = b->weight;
    b->out->n++;
}

static void add_class(builder *b, int cls) {
    uint64_t combos[12];
    int n = hs_holdem_class_hands(cls, combos);
    for (int i = 0; i < n; i++)
        add_combo(b, combos[i]);
}

static void add_kinds(builder *b, int hi, int lo, int kinds) {
    if (hi == lo) {
        add_class(b, hs_holdem_class_at(hi, lo, 0));
        return;
    }
    if (kinds & 1)
        add_class(b, hs_holdem_class_at(hi, lo, 1));
    if (kinds & 2)
        add_class(b, hs_holdem_class_at(hi, lo, 0));
}

/* Append text to the canonical form (a comma before every item but the first). */
static int put(char *canon, size_t cap, size_t *used, const char *text) {
    size_t n = strlen(text);
    if (*used + n + 2 > cap)
        return -1;
    if (*used > 0)
        canon[(*used)++] = ',';
    memcpy(canon + *used, text, n);
    *used += n;
    canon[*used] = '\0';
    return 0;
}

/* The canonical text of a pattern: its class's name ("AKs", "QQ"), without s or o for both
 * kinds ("AK"). */
static void pattern_text(const hs_holdem_pattern *p, char out[4]) {
    hs_holdem_class_name(hs_holdem_class_at(p->hi, p->lo, p->kinds == 1), out);
    if (p->kinds == 3)
        out[2] = '\0';
}

/* Two cards as "AhKd": ranks upper case, suits lower case, in the order given. */
static void cards_text(const int cards[2], char out[5]) {
    for (int i = 0; i < 2; i++) {
        char c[3];
        hs_card_format(cards[i], c);
        out[2 * i] = c[0];
        out[2 * i + 1] = (char)(c[1] | 0x20);
    }
    out[4] = '\0';
}

static int equal_nocase(const char *s, size_t n, const char *word) {
    if (n != strlen(word))
        return 0;
    for (size_t i = 0; i < n; i++)
        if ((s[i] | 0x20) != word[i])
            return 0;
    return 1;
}

/* The 169 classes from the best to the worst by their exact heads-up equity against one random
 * hand (results/holdem_vs_random.csv, opponents = 1: every class's equity is distinct, so no
 * tie needs breaking; test_holdem_range checks this order against hs_holdem_vs_random_run). */
static const uint8_t BY_EQUITY[HS_HOLDEM_CLASSES] = {
    0,   14,  28,  42,  56,  70,  84,  1,   98,  2,   3,   13,  4,   26,  39,  15,  112, 5,   52,
    16,  6,   17,  27,  7,   65,  40,  126, 29,  18,  9,   8,   78,  53,  30,  10,  91,  19,  11,
    41,  66,  117, 104, 31,  20,  43,  12,  54,  140, 130, 21,  79,  32,  143, 22,  44,  67,  55,
    92,  156, 23,  33,  105, 24,  57,  45,  154, 34,  80,  118, 68,  25,  35,  58,  131, 46,  36,
    93,  69,  81,  144, 106, 37,  71,  59,  47,  157, 168, 38,  119, 48,  82,  94,  132, 72,  49,
    60,  50,  145, 83,  85,  95,  107, 73,  51,  158, 61,  120, 62,  96,  86,  133, 108, 74,  63,
    99,  146, 97,  64,  87,  109, 159, 121, 75,  100, 134, 76,  110, 113, 88,  122, 147, 77,  111,
    101, 160, 127, 123, 114, 89,  135, 124, 90,  102, 148, 125, 128, 115, 136, 161, 141, 137, 103,
    139, 138, 129, 116, 149, 142, 162, 150, 152, 151, 155, 153, 163, 165, 164, 166, 167};

const uint8_t *hs_holdem_classes_by_equity(void) {
    return BY_EQUITY;
}

/* "X%" (X a decimal in (0, 100], up to four places): the best classes in BY_EQUITY order,
 * whole, until they hold at least X% of the 1326 combinations. Returns 1 when s is such an item
 * (and adds it), 0 when it is not, -1 when it is malformed. */
static int top_percent(builder *b, const char *s, size_t n, char text[16]) {
    if (n < 2 || s[n - 1] != '%')
        return 0;
    uint64_t scaled = 0, scale = 1;
    int digits = 0, places = -1;
    for (size_t i = 0; i + 1 < n; i++) {
        if (s[i] == '.' && places < 0 && digits > 0) {
            places = 0;
            continue;
        }
        if (s[i] < '0' || s[i] > '9' || digits >= 7 || places >= 4)
            return -1;
        scaled = scaled * 10 + (uint64_t)(s[i] - '0');
        digits++;
        if (places >= 0) {
            places++;
            scale *= 10;
        }
    }
    if (digits == 0 || places == 0 || scaled == 0 || scaled > 100 * scale)
        return -1;
    /* the fewest combinations c with c >= scaled / scale / 100 * 1326 */
    uint64_t held = 0;
    for (int i = 0; i < HS_HOLDEM_CLASSES && held * 100 * scale < scaled * HS_HOLDEM_COMBOS; i++) {
        add_class(b, BY_EQUITY[i]);
        held += (uint64_t)hs_holdem_class_combos(BY_EQUITY[i]);
    }
    memcpy(text, s, n);
    text[n] = '\0';
    return 1;
}

/* One item (trimmed, without its weight). Returns HS_OK or HS_ERR_TOKEN. */
static int parse_item(builder *b, const char *s, size_t n, char text[16]) {
    const int percent = top_percent(b, s, n, text);
    if (percent != 0)
        return percent > 0 ? HS_OK : HS_ERR_TOKEN;
    if (equal_nocase(s, n, "random")) {
        for (int x = 0; x < HS_CARDS; x++)
            for (int y = x + 1; y < HS_CARDS; y++)
                add_combo(b, hs_card_bit(x) | hs_card_bit(y));
        strcpy(text, "random");
        return HS_OK;
    }
    /* two exact cards, in the order given: "AhKd", "Ah Kd", "10h9h" */
    int cards[2];
    size_t count;
    if (hs_cards_parse(s, n, cards, 2, &count, NULL) == HS_OK && count == 2) {
        add_combo(b, hs_card_bit(cards[0]) | hs_card_bit(cards[1]));
        cards_text(cards, text);
        return HS_OK;
    }
    hs_holdem_pattern p, q;
    const char *dash = memchr(s, '-', n);
    if (dash != NULL) {
        /* "55-22", "A5s-A2s", "KTo-K7o": the same shape on both sides */
        size_t n1 = (size_t)(dash - s), n2 = n - n1 - 1;
        if (hs_holdem_pattern_parse(s, n1, &p) != 0 ||
            hs_holdem_pattern_parse(dash + 1, n2, &q) != 0 || p.kinds != q.kinds)
            return HS_ERR_TOKEN;
        char t1[4], t2[4];
        if (p.hi == p.lo && q.hi == q.lo) {
            const int top = p.hi < q.hi ? p.hi : q.hi, bottom = p.hi < q.hi ? q.hi : p.hi;
            for (int g = top; g <= bottom; g++)
                add_kinds(b, g, g, 3);
            hs_holdem_pattern hi = {top, top, 3}, lo = {bottom, bottom, 3};
            pattern_text(&hi, t1);
            pattern_text(&lo, t2);
        } else if (p.hi != p.lo && q.hi != q.lo && p.hi == q.hi) {
            const int top = p.lo < q.lo ? p.lo : q.lo, bottom = p.lo < q.lo ? q.lo : p.lo;
            for (int g = top; g <= bottom; g++)
                add_kinds(b, p.hi, g, p.kinds);
            hs_holdem_pattern hi = {p.hi, top, p.kinds}, lo = {p.hi, bottom, p.kinds};
            pattern_text(&hi, t1);
            pattern_text(&lo, t2);
        } else {
            return HS_ERR_TOKEN;
        }
        snprintf(text, 16, "%s-%s", t1, t2);
        return HS_OK;
    }
    const int plus = n > 0 && s[n - 1] == '+';
    if (hs_holdem_pattern_parse(s, n - (size_t)plus, &p) != 0)
        return HS_ERR_TOKEN;
    pattern_text(&p, text);
    if (!plus) {
        add_kinds(b, p.hi, p.lo, p.kinds);
        return HS_OK;
    }
    strcat(text, "+");
    if (p.hi == p.lo) /* QQ+: QQ, KK, AA */
        for (int g = p.hi; g >= 0; g--)
            add_kinds(b, g, g, 3);
    else /* A2s+: A2s .. AKs, the kicker up to one below the top card */
        for (int g = p.lo; g > p.hi; g--)
            add_kinds(b, p.hi, g, p.kinds);
    return HS_OK;
}

static int is_blank(char c) {
    return c == ' ' || c == '\t';
}

int hs_holdem_range_parse(const char *text, size_t len, hs_holdem_range *out, char *canon,
                          size_t cap, hs_parse_error *err) {
    builder b;
    memset(&b, 0, sizeof b);
    b.out = out;
    out->n = 0;
    size_t used = 0;
    if (canon != NULL && cap > 0)
        canon[0] = '\0';
    hs_parse_error local = {0, len, 0};
    int rc = HS_OK;
    /* Two cards however written ("Ah,Kh" too: the card reader takes commas as blanks) are one
     * exact item. */
    int whole[2];
    size_t whole_n;
    if (hs_cards_parse(text, len, whole, 2, &whole_n, NULL) == HS_OK && whole_n == 2) {
        char item[16];
        b.weight = 100;
        cards_text(whole, item);
        add_combo(&b, hs_card_bit(whole[0]) | hs_card_bit(whole[1]));
        if (canon != NULL && put(canon, cap, &used, item) != 0) {
            out->n = 0;
            return HS_ERR_OVERFLOW;
        }
        return HS_OK;
    }
    for (size_t pos = 0; pos <= len && rc == HS_OK;) {
        const char *comma = memchr(text + pos, ',', len - pos);
        size_t end = comma != NULL ? (size_t)(comma - text) : len;
        size_t s = pos, e = end;
        while (s < e && is_blank(text[s]))
            s++;
        while (e > s && is_blank(text[e - 1]))
            e--;
        pos = end + 1;
        local = (hs_parse_error){s, e - s, 0};
        if (s == e) { /* an empty item: "AA,,KK", a trailing comma, or nothing at all */
            rc = HS_ERR_TOKEN;
            break;
        }
        /* a weight: "AKs@50", percent 1..100 */
        size_t body = e - s;
        b.weight = 100;
        const char *at = memchr(text + s, '@', body);
        if (at != NULL) {
            const char *digits = at + 1;
            while (digits < text + e && is_blank(*digits))
                digits++;
            size_t wl = (size_t)(text + e - digits);
            unsigned w = 0;
            int ok = wl >= 1 && wl <= 3;
            for (size_t i = 0; ok && i < wl; i++) {
                ok = digits[i] >= '0' && digits[i] <= '9';
                w = w * 10 + (unsigned)(digits[i] - '0');
            }
            if (!ok || w < 1 || w > 100) {
                rc = HS_ERR_TOKEN;
                break;
            }
            b.weight = (uint8_t)w;
            body = (size_t)(at - (text + s));
            while (body > 0 && is_blank(text[s + body - 1]))
                body--;
        }
        char item[24];
        rc = parse_item(&b, text + s, body, item);
        if (rc == HS_OK && b.duplicate)
            rc = HS_ERR_DUPLICATE;
        if (rc == HS_OK && b.weight != 100) {
            char w[8];
            snprintf(w, sizeof w, "@%u", (unsigned)b.weight);
            strcat(item, w);
        }
        if (rc == HS_OK && canon != NULL && put(canon, cap, &used, item) != 0)
            rc = HS_ERR_OVERFLOW;
        if (comma == NULL)
            break;
    }
    if (rc != HS_OK) {
        out->n = 0;
        if (err != NULL)
            *err = local;
    }
    return rc;
}

int hs_holdem_range_ok(const hs_holdem_range *r) {
    if (r->n > HS_HOLDEM_COMBOS)
        return 0;
    uint8_t seen[HS_HOLDEM_COMBOS] = {0};
    for (size_t i = 0; i < r->n; i++) {
        if (!hs_holdem_combo_ok(r, i))
            return 0;
        const uint64_t h = r->combo[i];
        if (seen[hs_colex2(__builtin_ctzll(h), 63 - __builtin_clzll(h))]++)
            return 0;
    }
    return 1;
}
