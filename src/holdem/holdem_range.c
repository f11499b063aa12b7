/* Hold'em ranges: the PokerStove / OMPEval grammar with the weight notations of PioSOLVER, GTO+
 * and Equilab, suit filters and the words "and" and "minus", parsed into a set of two-card
 * combinations each with an exact weight, and written back in canonical form or in any of the
 * three notations. */
#include "holdem_internal.h"
#include "combin.h"
#include "handstat/error.h"
#include "handstat/table.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct builder {
    hs_holdem_range *out;
    uint8_t taken[HS_HOLDEM_COMBOS]; /* by hs_colex2 of the two cards */
    uint16_t weight;
    int duplicate;
    int filter;     /* 0 none; 1 both cards of `suits`; 2 no card of `suits` */
    unsigned suits; /* bit hs_card_suit(c) per suit listed */
} builder;

static int colex_of(uint64_t mask) {
    return hs_colex2(__builtin_ctzll(mask), 63 - __builtin_clzll(mask));
}

static void add_combo(builder *b, uint64_t mask) {
    const int lo = __builtin_ctzll(mask), hi = 63 - __builtin_clzll(mask);
    if (b->filter != 0) {
        const unsigned s = 1u << hs_card_suit(lo) | 1u << hs_card_suit(hi);
        if (b->filter == 1 ? (s & ~b->suits) != 0 : (s & b->suits) != 0)
            return;
    }
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

/* Append text to the canonical form (sep before every item but the first). */
static int put_sep(char *canon, size_t cap, size_t *used, const char *sep, const char *text) {
    const size_t n = strlen(text), ns = *used > 0 ? strlen(sep) : 0;
    if (*used + n + ns + 1 > cap)
        return -1;
    memcpy(canon + *used, sep, ns);
    *used += ns;
    memcpy(canon + *used, text, n);
    *used += n;
    canon[*used] = '\0';
    return 0;
}

static int put(char *canon, size_t cap, size_t *used, const char *text) {
    return put_sep(canon, cap, used, ",", text);
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

/* s[0..n) as a decimal ("50", "12.5", "0.125", ".5", "50.0") scaled by 10^places into *v:
 * digits beyond `places` after the point must be zeros. Returns 0; -1 when it is not a decimal;
 * -2 when it is finer than 10^-places. */
static int decimal(const char *s, size_t n, int places, uint64_t *v) {
    uint64_t x = 0;
    size_t i = 0;
    int digits = 0, fine = 0;
    for (; i < n && s[i] >= '0' && s[i] <= '9'; i++, digits++)
        if (digits < 8)
            x = x * 10 + (uint64_t)(s[i] - '0');
        else
            return -1;
    int after = 0;
    if (i < n && s[i] == '.') {
        for (i++; i < n && s[i] >= '0' && s[i] <= '9'; i++, digits++, after++)
            if (after < places)
                x = x * 10 + (uint64_t)(s[i] - '0');
            else if (s[i] != '0')
                fine = 1;
    }
    if (i != n || digits == 0)
        return -1;
    for (; after < places; after++)
        x *= 10;
    *v = x;
    return fine ? -2 : 0;
}

/* A weight in percent ("50", "12.5": 0.01 at the finest) or as a fraction ("0.5", "0.125":
 * 0.0001 at the finest) into units of 0.01%. Returns 0 or -1 with *why set. */
static int weight_of(const char *s, size_t n, int fraction, uint16_t *w, const char **why) {
    uint64_t v;
    const int rc = decimal(s, n, fraction ? 4 : 2, &v);
    if (rc == -1)
        *why = fraction ? "a weight after ':' is a fraction of 1 such as 0.5"
                        : "a weight is a percent such as 50 or 12.5";
    else if (rc == -2)
        *why = fraction ? "a weight finer than 0.0001 (the resolution is 0.01%)"
                        : "a weight finer than 0.01% (the resolution)";
    else if (v == 0)
        *why = "a weight of 0";
    else if (v > HS_HOLDEM_WEIGHT_FULL)
        *why = fraction ? "a weight over 1" : "a weight over 100%";
    else {
        *w = (uint16_t)v;
        return 0;
    }
    return -1;
}

const char *hs_holdem_weight_text(unsigned weight, int fraction, char out[16]) {
    /* weight / 100 percent or weight / 10000 of a combination, trailing zeros dropped */
    const unsigned scale = fraction ? 10000 : 100;
    unsigned frac = weight % scale, places = fraction ? 4 : 2;
    if (frac == 0) {
        snprintf(out, 16, "%u", weight / scale);
        return out;
    }
    while (frac % 10 == 0) {
        frac /= 10;
        places--;
    }
    snprintf(out, 16, "%u.%0*u", weight / scale, (int)places, frac);
    return out;
}

/* The suit of a suit letter (s h d c, any case), or -1. */
static int suit_of(char letter) {
    char card[2] = {'A', letter};
    int c;
    return hs_card_parse(card, 2, &c) == HS_OK ? hs_card_suit(c) : -1;
}

/* A suit filter "{hs}" or "{!s}" (s[0] = '{', s[n - 1] = '}') into b, its canonical text (the
 * suits in the order s h d c) into text. Returns 0 or -1 with *why set. */
static int suit_filter(builder *b, const char *s, size_t n, char text[8], const char **why) {
    size_t i = 1;
    b->filter = 1;
    if (i < n - 1 && s[i] == '!') {
        b->filter = 2;
        i++;
    }
    b->suits = 0;
    if (i >= n - 1) {
        *why = "a suit filter names no suit (write {hs} or {!s})";
        return -1;
    }
    for (; i < n - 1; i++) {
        const int suit = suit_of(s[i]);
        if (suit < 0) {
            *why = "an unknown suit letter in a suit filter (the suits are s h d c)";
            return -1;
        }
        if (b->suits & 1u << suit) {
            *why = "a suit named twice in a suit filter";
            return -1;
        }
        b->suits |= 1u << suit;
    }
    size_t k = 0;
    text[k++] = '{';
    if (b->filter == 2)
        text[k++] = '!';
    static const char ORDER[] = "shdc";
    for (int j = 0; j < 4; j++)
        if (b->suits & 1u << suit_of(ORDER[j]))
            text[k++] = ORDER[j];
    text[k++] = '}';
    text[k] = '\0';
    return 0;
}

/* "AhK" (also "KsA", "10hK", "AhA"): one card and a rank. Returns 1 when s is such an item (and
 * adds it), 0 when it is not. */
static int card_and_rank(builder *b, const char *s, size_t n, char text[16]) {
    for (size_t k = 1; k <= 2 && k < n; k++) {
        int card, rank;
        if (hs_card_parse(s, n - k, &card) != HS_OK || hs_rank_parse(s + n - k, k, &rank) != HS_OK)
            continue;
        for (int suit = 0; suit < HS_SUITS; suit++) {
            const int other = hs_card(rank, suit);
            if (other != card)
                add_combo(b, hs_card_bit(card) | hs_card_bit(other));
        }
        char c[3];
        hs_card_format(card, c);
        text[0] = c[0];
        text[1] = (char)(c[1] | 0x20);
        hs_card_format(hs_card(rank, 0), c);
        text[2] = c[0];
        text[3] = '\0';
        return 1;
    }
    return 0;
}

/* One item (trimmed, without its weight or suit filter). Returns HS_OK or HS_ERR_TOKEN. */
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
    /* every suited, offsuit or paired combination */
    static const char *const KIND_WORD[] = {"suited", "offsuit", "pairs"};
    for (int k = 0; k < 3; k++)
        if (equal_nocase(s, n, KIND_WORD[k])) {
            for (int x = 0; x < HS_CARDS; x++)
                for (int y = x + 1; y < HS_CARDS; y++) {
                    const int pair = hs_card_rank(x) == hs_card_rank(y);
                    const int suited = hs_card_suit(x) == hs_card_suit(y);
                    if (k == 2 ? pair : !pair && suited == (k == 0))
                        add_combo(b, hs_card_bit(x) | hs_card_bit(y));
                }
            strcpy(text, KIND_WORD[k]);
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
    if (card_and_rank(b, s, n, text))
        return HS_OK;
    /* ProPokerTools' suit variables: "AxKx" (one suit: AKs), "AxKy" (two: AKo), "QxQy" (QQ) */
    if (n == 4 && strchr("wxyz", s[1] | 0x20) != NULL && strchr("wxyz", s[3] | 0x20) != NULL) {
        const char two[2] = {s[0], s[2]};
        const int same = (s[1] | 0x20) == (s[3] | 0x20);
        hs_holdem_pattern v;
        if (hs_holdem_pattern_parse(two, 2, &v) != 0 || (v.hi == v.lo && same))
            return HS_ERR_TOKEN;
        if (v.hi != v.lo)
            v.kinds = same ? 1 : 2;
        add_kinds(b, v.hi, v.lo, v.kinds);
        hs_holdem_class_name(hs_holdem_class_at(v.hi, v.lo, v.kinds == 1), text);
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

/* The bracket "[W]" or "[/W]" at s[0..n) (s[0] = '[', s[n - 1] = ']'): its weight. */
static int bracket_weight(const char *s, size_t n, int closing, uint16_t *w, const char **why) {
    const size_t skip = closing ? 2 : 1;
    if (n < skip + 2) {
        *why = closing ? "a closing bracket without its weight ([/50])"
                       : "an opening bracket without its weight ([50])";
        return -1;
    }
    return weight_of(s + skip, n - skip - 1, 0, w, why);
}

/* One comma-separated list, text[s0..e0), into b->out (emptied first); its canonical text into
 * canon (when not NULL). Returns HS_OK or an error with *loc and *why set. */
static int parse_list(const char *text, size_t s0, size_t e0, builder *b, char *canon, size_t cap,
                      hs_parse_error *loc, const char **why) {
    size_t used = 0;
    if (canon != NULL && cap > 0)
        canon[0] = '\0';
    uint16_t open = 0;   /* the weight of an open bracket, or 0 */
    size_t open_at = 0;  /* ... the item that opened it */
    size_t open_len = 0; /* ... and its length */
    for (size_t pos = s0; pos <= e0;) {
        const char *comma = memchr(text + pos, ',', e0 - pos);
        size_t end = comma != NULL ? (size_t)(comma - text) : e0;
        size_t s = pos, e = end;
        while (s < e && is_blank(text[s]))
            s++;
        while (e > s && is_blank(text[e - 1]))
            e--;
        pos = end + 1;
        *loc = (hs_parse_error){s, e - s, 0};
        if (s == e) { /* an empty item: "AA,,KK", a trailing comma, or nothing at all */
            *why = "an empty item";
            return HS_ERR_TOKEN;
        }
        /* an opening bracket "[50]" before the item, a closing one "[/50]" after it */
        uint16_t w_open = 0, w_close = 0;
        if (text[s] == '[' && (e - s < 2 || text[s + 1] != '/')) {
            const char *rb = memchr(text + s, ']', e - s);
            if (rb == NULL || memchr(text + s + 1, '[', (size_t)(rb - text) - s - 1) != NULL) {
                *why = "an opening bracket without its ']'";
                return HS_ERR_TOKEN;
            }
            if (open != 0) {
                *why = "a bracket opened inside another (brackets do not nest)";
                return HS_ERR_TOKEN;
            }
            if (bracket_weight(text + s, (size_t)(rb - text) + 1 - s, 0, &w_open, why) != 0)
                return HS_ERR_TOKEN;
            open = w_open;
            open_at = s;
            open_len = e - s;
            s = (size_t)(rb - text) + 1;
            while (s < e && is_blank(text[s]))
                s++;
        }
        size_t close_at = e;
        if (e - s >= 1 && text[e - 1] == ']') {
            size_t lb = e - 1;
            while (lb > s && text[lb] != '[')
                lb--;
            if (text[lb] != '[' || lb + 1 >= e || text[lb + 1] != '/') {
                *why = "a ']' that closes no bracket (a closing bracket is written [/50])";
                return HS_ERR_TOKEN;
            }
            if (bracket_weight(text + lb, e - lb, 1, &w_close, why) != 0)
                return HS_ERR_TOKEN;
            if (open == 0) {
                *why = "a closing bracket with none open";
                return HS_ERR_TOKEN;
            }
            if (w_close != open) {
                *why = "a bracket closed with another weight than it opened with";
                return HS_ERR_TOKEN;
            }
            close_at = lb;
            while (close_at > s && is_blank(text[close_at - 1]))
                close_at--;
        }
        if (s >= close_at) {
            *why = "a bracket around no item";
            return HS_ERR_TOKEN;
        }
        /* a weight: "AKs@50" (percent), "AKs:0.5" (a fraction) */
        size_t body = close_at - s;
        b->weight = open != 0 ? open : HS_HOLDEM_WEIGHT_FULL;
        const char *at = memchr(text + s, '@', body), *colon = memchr(text + s, ':', body);
        if (at != NULL && colon != NULL) {
            *why = "two weights on one item";
            return HS_ERR_TOKEN;
        }
        const char *mark = at != NULL ? at : colon;
        if (mark != NULL) {
            if (open != 0) {
                *why = "a weight on an item inside a bracket, which gives its weight";
                return HS_ERR_TOKEN;
            }
            const char *digits = mark + 1;
            while (digits < text + close_at && is_blank(*digits))
                digits++;
            if (weight_of(digits, (size_t)(text + close_at - digits), colon != NULL, &b->weight,
                          why) != 0)
                return HS_ERR_TOKEN;
            body = (size_t)(mark - (text + s));
            while (body > 0 && is_blank(text[s + body - 1]))
                body--;
        }
        /* a suit filter: "AKs{hs}", "22+{!s}" */
        char filter[8] = "";
        b->filter = 0;
        if (body > 0 && text[s + body - 1] == '}') {
            const char *lb = memchr(text + s, '{', body);
            if (lb == NULL || lb == text + s) {
                *why = lb == NULL ? "a '}' without its '{'" : "a suit filter on no item";
                return HS_ERR_TOKEN;
            }
            const size_t fl = (size_t)(text + s + body - lb);
            if (suit_filter(b, lb, fl, filter, why) != 0)
                return HS_ERR_TOKEN;
            body -= fl;
            while (body > 0 && is_blank(text[s + body - 1]))
                body--;
        }
        char item[48];
        const size_t before = b->out->n;
        int rc = parse_item(b, text + s, body, item);
        if (rc != HS_OK) {
            *why = "not two cards, a class or a range item";
            return rc;
        }
        if (b->duplicate) {
            *why = "repeats a combination of an earlier item";
            return HS_ERR_DUPLICATE;
        }
        if (b->out->n == before) {
            *why = "the suit filter leaves no combination of the item";
            return HS_ERR_TOKEN;
        }
        strcat(item, filter);
        if (b->weight != HS_HOLDEM_WEIGHT_FULL) {
            char w[16];
            strcat(item, "@");
            strcat(item, hs_holdem_weight_text(b->weight, 0, w));
        }
        if (canon != NULL && put(canon, cap, &used, item) != 0)
            return HS_ERR_OVERFLOW;
        if (w_close != 0)
            open = 0;
        if (comma == NULL)
            break;
    }
    if (open != 0) {
        *loc = (hs_parse_error){open_at, open_len, 0};
        *why = "a bracket opened and never closed ([50]AKs,AQs[/50])";
        return HS_ERR_TOKEN;
    }
    return HS_OK;
}

/* The next operator word ("and", "minus", set off by blanks) in text[from..len): its offset into
 * *at, its length into *n, 1 for and, 2 for minus; 0 when there is none. */
static int next_operator(const char *text, size_t from, size_t len, size_t *at, size_t *n) {
    for (size_t i = from; i < len; i++) {
        if (!is_blank(text[i]))
            continue;
        size_t j = i + 1;
        while (j < len && !is_blank(text[j]))
            j++;
        if (j < len) { /* a word followed by a blank */
            const int op = equal_nocase(text + i + 1, j - i - 1, "and")     ? 1
                           : equal_nocase(text + i + 1, j - i - 1, "minus") ? 2
                                                                            : 0;
            if (op != 0) {
                *at = i + 1;
                *n = j - i - 1;
                return op;
            }
        }
    }
    return 0;
}

int hs_holdem_range_parse_why(const char *text, size_t len, hs_holdem_range *out, char *canon,
                              size_t cap, hs_parse_error *err, const char **why) {
    const char *reason = NULL;
    builder b;
    memset(&b, 0, sizeof b);
    b.out = out;
    out->n = 0;
    if (canon != NULL && cap > 0)
        canon[0] = '\0';
    hs_parse_error local = {0, len, 0};
    /* Two cards however written ("Ah,Kh" too: the card reader takes commas as blanks) are one
     * exact item. */
    int whole[2];
    size_t whole_n, used = 0;
    if (hs_cards_parse(text, len, whole, 2, &whole_n, NULL) == HS_OK && whole_n == 2) {
        char item[16];
        b.weight = HS_HOLDEM_WEIGHT_FULL;
        cards_text(whole, item);
        add_combo(&b, hs_card_bit(whole[0]) | hs_card_bit(whole[1]));
        if (canon != NULL && put(canon, cap, &used, item) != 0) {
            out->n = 0;
            return HS_ERR_OVERFLOW;
        }
        return HS_OK;
    }
    size_t op_at, op_len;
    int op = next_operator(text, 0, len, &op_at, &op_len);
    size_t first_end = op != 0 ? op_at : len;
    int rc = parse_list(text, 0, first_end, &b, canon, cap, &local, &reason);
    if (canon != NULL && rc == HS_OK)
        used = strlen(canon);
    hs_holdem_range *other = NULL;
    char *part = NULL;
    while (rc == HS_OK && op != 0) {
        /* the next list, text[op_at + op_len .. next operator) */
        const size_t from = op_at + op_len;
        size_t next_at, next_len;
        const int next = next_operator(text, from, len, &next_at, &next_len);
        const size_t to = next != 0 ? next_at : len;
        if (other == NULL) {
            other = malloc(sizeof *other);
            part = canon != NULL ? malloc(cap) : NULL;
            if (other == NULL || (canon != NULL && part == NULL)) {
                rc = HS_ERR_NOMEM;
                break;
            }
        }
        builder ob;
        memset(&ob, 0, sizeof ob);
        ob.out = other;
        other->n = 0;
        rc = parse_list(text, from, to, &ob, part, cap, &local, &reason);
        if (rc != HS_OK)
            break;
        /* combine: "and" keeps what both hold at the smaller weight, "minus" what B lacks */
        uint16_t in_other[HS_HOLDEM_COMBOS] = {0};
        for (size_t i = 0; i < other->n; i++)
            in_other[colex_of(other->combo[i])] = other->weight[i];
        size_t kept = 0;
        for (size_t i = 0; i < out->n; i++) {
            const uint16_t w = in_other[colex_of(out->combo[i])];
            if (op == 1 ? w == 0 : w != 0)
                continue;
            out->combo[kept] = out->combo[i];
            out->weight[kept++] = op == 1 && w < out->weight[i] ? w : out->weight[i];
        }
        out->n = kept;
        if (kept == 0) {
            local = (hs_parse_error){from, to - from, 0};
            while (local.length > 0 && is_blank(text[local.offset])) {
                local.offset++;
                local.length--;
            }
            while (local.length > 0 && is_blank(text[local.offset + local.length - 1]))
                local.length--;
            reason = op == 1 ? "no combination is in both sides of 'and' (an empty intersection)"
                             : "'minus' removes every combination";
            rc = HS_ERR_TOKEN;
            break;
        }
        if (canon != NULL && (put_sep(canon, cap, &used, " ", op == 1 ? "and" : "minus") != 0 ||
                              put_sep(canon, cap, &used, " ", part) != 0))
            rc = HS_ERR_OVERFLOW;
        op = next;
        op_at = next_at;
        op_len = next_len;
    }
    free(other);
    free(part);
    if (rc != HS_OK) {
        out->n = 0;
        if (canon != NULL && cap > 0)
            canon[0] = '\0';
        if (err != NULL)
            *err = local;
        if (why != NULL)
            *why = rc == HS_ERR_OVERFLOW ? "the canonical text does not fit"
                   : rc == HS_ERR_NOMEM  ? "out of memory"
                                         : reason;
    }
    return rc;
}

int hs_holdem_range_parse(const char *text, size_t len, hs_holdem_range *out, char *canon,
                          size_t cap, hs_parse_error *err) {
    return hs_holdem_range_parse_why(text, len, out, canon, cap, err, NULL);
}

int hs_holdem_range_format(const hs_holdem_range *r, hs_holdem_range_style style, char *out,
                           size_t cap) {
    if (cap > 0)
        out[0] = '\0';
    if ((unsigned)style > HS_RANGE_EQUILAB || r->n == 0 || !hs_holdem_range_ok(r))
        return HS_ERR_ARG;
    uint16_t w[HS_HOLDEM_COMBOS] = {0}; /* by colex index; 0: not in the range */
    for (size_t i = 0; i < r->n; i++)
        w[colex_of(r->combo[i])] = r->weight[i];
    size_t used = 0;
    unsigned open = 0; /* HS_RANGE_EQUILAB: the weight of the open bracket, or 0 */
    char wt[16], item[40];
    for (int cls = 0; cls < HS_HOLDEM_CLASSES; cls++) {
        uint64_t combos[12];
        const int n = hs_holdem_class_hands(cls, combos);
        int held = 0, same = 1;
        for (int i = 0; i < n; i++) {
            const uint16_t x = w[colex_of(combos[i])];
            held += x != 0;
            same &= x == w[colex_of(combos[0])];
        }
        const int whole = held == n && same;
        for (int i = 0; i < n; i++) {
            const unsigned x = w[colex_of(combos[i])];
            if (x == 0 || (whole && i > 0))
                continue;
            char name[8];
            if (whole)
                hs_holdem_class_name(cls, name);
            else
                hs_text_combo(name, combos[i]);
            if (style == HS_RANGE_EQUILAB) {
                /* "[W]" opens a run of equal weights, "[/W]" closes it after its last item */
                item[0] = '\0';
                if (open != x && open != 0) {
                    /* close the previous run: its last item is already written */
                    char close[24];
                    snprintf(close, sizeof close, "[/%s]", hs_holdem_weight_text(open, 0, wt));
                    if (used + strlen(close) + 1 > cap)
                        return HS_ERR_OVERFLOW;
                    strcpy(out + used, close);
                    used += strlen(close);
                    open = 0;
                }
                if (x != HS_HOLDEM_WEIGHT_FULL && open == 0) {
                    snprintf(item, sizeof item, "[%s]", hs_holdem_weight_text(x, 0, wt));
                    open = x;
                }
                strcat(item, name);
            } else if (x == HS_HOLDEM_WEIGHT_FULL) {
                snprintf(item, sizeof item, "%s", name);
            } else {
                snprintf(item, sizeof item, "%s%c%s", name, style == HS_RANGE_PIO ? ':' : '@',
                         hs_holdem_weight_text(x, style == HS_RANGE_PIO, wt));
            }
            if (put(out, cap, &used, item) != 0)
                return HS_ERR_OVERFLOW;
        }
    }
    if (open != 0) {
        char close[24];
        snprintf(close, sizeof close, "[/%s]", hs_holdem_weight_text(open, 0, wt));
        if (used + strlen(close) + 1 > cap)
            return HS_ERR_OVERFLOW;
        strcpy(out + used, close);
    }
    return HS_OK;
}

int hs_holdem_range_ok(const hs_holdem_range *r) {
    if (r->n > HS_HOLDEM_COMBOS)
        return 0;
    uint8_t seen[HS_HOLDEM_COMBOS] = {0};
    for (size_t i = 0; i < r->n; i++) {
        if (!hs_holdem_combo_ok(r, i))
            return 0;
        if (seen[colex_of(r->combo[i])]++)
            return 0;
    }
    return 1;
}

const char *hs_holdem_range_message(const char *text, int rc, const hs_parse_error *err,
                                    const char *why, char *buf, size_t cap) {
    char tok[200];
    hs_text_token(tok, text + err->offset, err->length);
    if (rc == HS_ERR_DUPLICATE)
        snprintf(buf, cap, "'%s' repeats a combination of an earlier item", tok);
    else if (rc == HS_ERR_NOMEM)
        snprintf(buf, cap, "out of memory");
    else if (rc == HS_ERR_OVERFLOW)
        snprintf(buf, cap, "the range's canonical text is too long");
    /* what the grammar cannot read at all (or an empty item) keeps the message listing it */
    else if (why != NULL && strcmp(why, "not two cards, a class or a range item") != 0 &&
             strcmp(why, "an empty item") != 0)
        snprintf(buf, cap, "'%s': %s", tok, why);
    else
        snprintf(buf, cap,
                 "'%s' is not two cards, a class or a range item (AhKd, AA, AKs, AK, QQ+, A2s+, "
                 "55-22, A5s-A2s, random, 15%%, ITEM@50)",
                 tok);
    return buf;
}
