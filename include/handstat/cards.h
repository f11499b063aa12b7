/* handstat — the canonical card encoding, parsing and formatting.
 *
 * A card is an index 0..51: index = suit * 13 + rank. A hand is a uint64_t mask with bit
 * (1 << index) set for each card it holds, so each suit occupies one 13-bit lane.
 *
 *   rank  A  2  3  4  5  6  7  8  9  T  J  Q  K      suit lane (bits)
 *   ----  -- -- -- -- -- -- -- -- -- -- -- -- --     ----------------
 *   C      0  1  2  3  4  5  6  7  8  9 10 11 12     clubs     0..12
 *   D     13 14 15 16 17 18 19 20 21 22 23 24 25     diamonds 13..25
 *   H     26 27 28 29 30 31 32 33 34 35 36 37 38     hearts   26..38
 *   S     39 40 41 42 43 44 45 46 47 48 49 50 51     spades   39..51
 *
 * Rank 0 is the ace (low in cribbage; poker code treats it as high or low itself), rank 9 the
 * ten, 10 jack, 11 queen, 12 king. Bits 52..63 of a hand mask are always zero.
 *
 * Text: a card is a rank (A 2-9 T or 10 J Q K) followed by a suit (C D H S, or one of the suit
 * symbols U+2663/2667 clubs, U+2666/2662 diamonds, U+2665/2661 hearts, U+2660/2664 spades), in
 * any case. The canonical form printed by handstat is two ASCII characters, e.g. "TD", "AS".
 */
#ifndef HANDSTAT_CARDS_H
#define HANDSTAT_CARDS_H

#include "handstat/api.h"

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define HS_RANKS 13
#define HS_SUITS 4
#define HS_CARDS 52
#define HS_DECK_MASK ((UINT64_C(1) << HS_CARDS) - 1)

/* Suits in lane order. */
enum { HS_CLUBS = 0, HS_DIAMONDS = 1, HS_HEARTS = 2, HS_SPADES = 3 };
/* A few ranks by name (others are their pip value minus one). */
enum { HS_ACE = 0, HS_TEN = 9, HS_JACK = 10, HS_QUEEN = 11, HS_KING = 12 };

/* The card with this rank (0..12) and suit (0..3). */
static inline int hs_card(int rank, int suit) {
    return suit * HS_RANKS + rank;
}
static inline int hs_card_rank(int card) {
    return card % HS_RANKS;
}
static inline int hs_card_suit(int card) {
    return card / HS_RANKS;
}
static inline uint64_t hs_card_bit(int card) {
    return UINT64_C(1) << card;
}
/* The 13-bit rank set of one suit's lane of a hand mask (bit r = rank r present). */
static inline unsigned hs_lane(uint64_t hand, int suit) {
    return (unsigned)(hand >> (suit * HS_RANKS)) & 0x1FFFu;
}

/* Where a parse failed: the offending token as a byte range of the input, and (for multi-line
 * readers) its 1-based line number, 0 when not applicable. */
typedef struct hs_parse_error {
    size_t offset;
    size_t length;
    size_t line;
} hs_parse_error;

/* Parse one card token of exactly `len` bytes (no surrounding blanks). On success stores the
 * card index in *card and returns HS_OK; otherwise HS_ERR_TOKEN. */
HS_API int hs_card_parse(const char *token, size_t len, int *card);

/* Parse a rank token ("A", "2".."9", "T" or "10", "J", "Q", "K", any case) into 0..12. Returns
 * HS_OK or HS_ERR_TOKEN. */
HS_API int hs_rank_parse(const char *token, size_t len, int *rank);

/* Parse `len` bytes of text holding cards separated by blanks (spaces, tabs, CR, LF) or commas,
 * or written together ("AhKd10s": a token that is not one card is read as several).
 * Stores up to `cap` card indices in order in cards[] and the number found in *count. At most
 * `cap` cards are accepted: one more is HS_ERR_COUNT, naming the first extra card.
 * Returns HS_OK, HS_ERR_TOKEN (unknown token), HS_ERR_DUPLICATE (a card repeated; the second
 * occurrence is named) or HS_ERR_COUNT; *err (may be NULL) locates the token on failure. The
 * caller checks the count it needs. Pure; thread-safe. */
HS_API int hs_cards_parse(const char *text, size_t len, int *cards, size_t cap, size_t *count,
                          hs_parse_error *err);

/* Write the canonical two-character name of `card` (0..51) and a terminating NUL into out[3]. */
HS_API void hs_card_format(int card, char out[3]);

/* Write the cards of a hand mask in index order, canonical names separated by single spaces,
 * into buf (NUL-terminated, truncated to cap). Returns the length the full text needs. */
HS_API size_t hs_hand_format(uint64_t hand, char *buf, size_t cap);

/* ---- checking arrays of hands at memory speed --------------------------------------------
 * The batch rankers and scorers take their preconditions on trust (an invalid hand is undefined
 * behaviour, read out of their tables' bounds); a caller holding hands from outside (a file, a
 * NumPy array) checks them first with these, which cost a fraction of the ranking itself. Each
 * returns the index of the first hand that fails, or n when every one passes (n may be 0). Each
 * takes an AVX2 form where the CPU has AVX2 and HANDSTAT_ISA allows it (handstat/cpu.h), else a
 * scalar one; both give the same answer. Pure; thread-safe. */

/* The first of n hand masks with a bit above card 51 or fewer than min_cards or more than
 * max_cards cards (0 <= min_cards <= max_cards <= 52). */
HS_API size_t hs_masks_check(const uint64_t *masks, size_t n, int min_cards, int max_cards);

/* The first of n hands of seven card ids (ids[i][0..6], as hs_poker_rank7_ids_batch takes them)
 * with an id above 51 or two ids equal. */
HS_API size_t hs_ids7_check(const uint8_t (*ids)[7], size_t n);

/* The first i < n where masks[i] fails as in hs_masks_check, or cards[i] is not a card 0..51 or
 * is one of the cards of masks[i] (cribbage hands and their starters, say), in one pass. */
HS_API size_t hs_masks_check_apart(const uint64_t *masks, const uint8_t *cards, size_t n,
                                   int min_cards, int max_cards);

/* The hand mask of n card indices (0..51). */
static inline uint64_t hs_cards_mask(const int *cards, size_t n) {
    uint64_t mask = 0;
    for (size_t i = 0; i < n; i++)
        mask |= hs_card_bit(cards[i]);
    return mask;
}

/* Number of cards in a hand mask. */
static inline int hs_hand_size(uint64_t hand) {
    return __builtin_popcountll(hand);
}

#ifdef __cplusplus
}
#endif

#endif
