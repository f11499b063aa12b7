/* Card text <-> card index. The only place that knows the text forms of ranks and suits. */
#include "handstat/cards.h"
#include "handstat/error.h"

#include <string.h>

static const char RANK_CHARS[HS_RANKS + 1] = "A23456789TJQK";
static const char SUIT_CHARS[HS_SUITS + 1] = "CDHS";

static int ascii_upper(int c) {
    return (c >= 'a' && c <= 'z') ? c - 'a' + 'A' : c;
}

int hs_rank_parse(const char *token, size_t len, int *rank) {
    if (len == 2 && token[0] == '1' && token[1] == '0') {
        *rank = HS_TEN;
        return HS_OK;
    }
    if (len != 1)
        return HS_ERR_TOKEN;
    const char *p = memchr(RANK_CHARS, ascii_upper((unsigned char)token[0]), HS_RANKS);
    if (p == NULL)
        return HS_ERR_TOKEN;
    *rank = (int)(p - RANK_CHARS);
    return HS_OK;
}

/* A suit as one ASCII letter or one of the eight card-suit symbols U+2660..U+2667, whose UTF-8
 * form is E2 99 A0..A7. The black and white forms of a suit map to the same suit. */
static int suit_parse(const char *s, size_t len, int *suit) {
    if (len == 1) {
        const char *p = memchr(SUIT_CHARS, ascii_upper((unsigned char)s[0]), HS_SUITS);
        if (p == NULL)
            return HS_ERR_TOKEN;
        *suit = (int)(p - SUIT_CHARS);
        return HS_OK;
    }
    if (len == 3 && (unsigned char)s[0] == 0xE2 && (unsigned char)s[1] == 0x99) {
        /* U+2660 spade, 2661 heart, 2662 diamond, 2663 club, then the other form of each. */
        static const int BY_LOW[8] = {HS_SPADES, HS_HEARTS, HS_DIAMONDS, HS_CLUBS,
                                      HS_SPADES, HS_HEARTS, HS_DIAMONDS, HS_CLUBS};
        unsigned low = (unsigned char)s[2];
        if (low >= 0xA0 && low <= 0xA7) {
            *suit = BY_LOW[low - 0xA0];
            return HS_OK;
        }
    }
    return HS_ERR_TOKEN;
}

int hs_card_parse(const char *token, size_t len, int *card) {
    /* The rank is the first byte, or the two bytes "10". */
    size_t rank_len = (len >= 3 && token[0] == '1' && token[1] == '0') ? 2 : 1;
    int rank, suit;
    if (len <= rank_len || hs_rank_parse(token, rank_len, &rank) != HS_OK ||
        suit_parse(token + rank_len, len - rank_len, &suit) != HS_OK)
        return HS_ERR_TOKEN;
    *card = hs_card(rank, suit);
    return HS_OK;
}

static int is_separator(char c) {
    return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == ',';
}

/* The length of the card at the start of s (len bytes): a rank of one byte or "10", then a suit
 * of one byte or one three-byte UTF-8 symbol. Only the shape is checked here. */
static size_t card_length(const char *s, size_t len) {
    size_t rank_len = (len >= 3 && s[0] == '1' && s[1] == '0') ? 2 : 1;
    if (len <= rank_len)
        return len;
    size_t n = rank_len + ((unsigned char)s[rank_len] == 0xE2 ? 3 : 1);
    return n <= len ? n : len;
}

int hs_cards_parse(const char *text, size_t len, int *cards, size_t cap, size_t *count,
                   hs_parse_error *err) {
    uint64_t seen = 0;
    size_t n = 0, i = 0;
    int rc = HS_OK;
    size_t start = 0, end = 0;
    while (i < len && rc == HS_OK) {
        while (i < len && is_separator(text[i]))
            i++;
        if (i == len)
            break;
        size_t token = i;
        while (i < len && !is_separator(text[i]))
            i++;
        /* A token is one card, or several written together ("AhKd"): split it into cards when
         * it is not one card by itself. */
        int one;
        int whole = hs_card_parse(text + token, i - token, &one) == HS_OK;
        for (size_t p = token; p < i && rc == HS_OK;) {
            size_t clen = whole ? i - token : card_length(text + p, i - p);
            start = p;
            end = p + clen;
            int card;
            if (hs_card_parse(text + p, clen, &card) != HS_OK) {
                start = token; /* name the whole token */
                end = i;
                rc = HS_ERR_TOKEN;
            } else if (seen & hs_card_bit(card)) {
                rc = HS_ERR_DUPLICATE;
            } else if (n == cap) {
                rc = HS_ERR_COUNT;
            } else {
                seen |= hs_card_bit(card);
                cards[n++] = card;
            }
            p = end;
        }
    }
    *count = n;
    if (rc != HS_OK && err != NULL) {
        err->offset = start;
        err->length = end - start;
        err->line = 0;
    }
    return rc;
}

void hs_card_format(int card, char out[3]) {
    out[0] = RANK_CHARS[hs_card_rank(card)];
    out[1] = SUIT_CHARS[hs_card_suit(card)];
    out[2] = '\0';
}

size_t hs_hand_format(uint64_t hand, char *buf, size_t cap) {
    size_t need = 0;
    for (uint64_t m = hand & HS_DECK_MASK; m != 0; m &= m - 1) {
        char name[3];
        hs_card_format(__builtin_ctzll(m), name);
        const char *parts[2] = {" ", name};
        for (int k = (need == 0); k < 2; k++) {
            for (const char *p = parts[k]; *p != '\0'; p++, need++) {
                if (need + 1 < cap)
                    buf[need] = *p;
            }
        }
    }
    if (cap > 0)
        buf[need < cap ? need : cap - 1] = '\0';
    return need;
}
