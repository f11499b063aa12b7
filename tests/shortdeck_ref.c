/* The plain short-deck reference ranker: see shortdeck_ref.h. Written from the rules, sharing
 * nothing with src/poker/shortdeck.c. */
#include "shortdeck_ref.h"

/* Strength of a card rank: 6 -> 0 .. K -> 7, A -> 8; -1 for a rank not in the deck. */
static int strength(int card) {
    int r = card % 13;
    return r == 0 ? 8 : r >= 5 ? r - 5 : -1;
}

uint32_t shortdeck_ref5(const int cards[5], int straight_beats_trips) {
    int count[9] = {0}, suit_count[4] = {0};
    for (int i = 0; i < 5; i++) {
        count[strength(cards[i])]++;
        suit_count[cards[i] / 13]++;
    }
    int flush = 0;
    for (int s = 0; s < 4; s++)
        flush |= suit_count[s] == 5;
    /* the ranks by (count, strength) descending: the tiebreak */
    int order[5], n = 0;
    for (int want = 4; want >= 1; want--)
        for (int s = 8; s >= 0; s--)
            if (count[s] == want)
                for (int m = 0; m < want; m++)
                    order[n++] = s;
    int distinct = 0;
    for (int s = 0; s < 9; s++)
        distinct += count[s] > 0;
    int straight = 0;
    if (distinct == 5) {
        if (order[0] - order[4] == 4)
            straight = 1;
        /* A-6-7-8-9: the ace plays low; the nine is the top card */
        if (order[0] == 8 && order[1] == 3 && order[2] == 2 && order[3] == 1 && order[4] == 0) {
            straight = 1;
            order[0] = 3, order[1] = 2, order[2] = 1, order[3] = 0, order[4] = -1;
        }
    }
    /* value of each category, higher better */
    int cat;
    if (straight && flush)
        cat = 8;
    else if (order[0] == order[3])
        cat = 7; /* four of a kind */
    else if (flush)
        cat = 6;
    else if (order[0] == order[2] && order[3] == order[4])
        cat = 5; /* full house */
    else if (order[0] == order[2])
        cat = straight_beats_trips ? 3 : 4; /* three of a kind */
    else if (straight)
        cat = straight_beats_trips ? 4 : 3;
    else if (order[0] == order[1] && order[2] == order[3])
        cat = 2; /* two pair */
    else if (order[0] == order[1])
        cat = 1;
    else
        cat = 0;
    uint32_t key = (uint32_t)cat;
    for (int i = 0; i < 5; i++)
        key = key << 4 | (uint32_t)(order[i] + 1);
    return key;
}

int shortdeck_ref_category(uint32_t key, int straight_beats_trips) {
    /* the key's category values (8 straight flush, 7 four of a kind, 6 flush, 5 full house,
     * 4 and 3 three of a kind and straight in the rules' order, 2 two pair, 1 pair, 0 high
     * card) as enum hs_poker_category values */
    int v = (int)(key >> 20);
    switch (v) {
    case 8:
        return 0;
    case 7:
        return 1;
    case 6:
        return 3;
    case 5:
        return 2;
    case 4:
        return straight_beats_trips ? 4 : 5;
    case 3:
        return straight_beats_trips ? 5 : 4;
    case 2:
        return 6;
    case 1:
        return 7;
    default:
        return 8;
    }
}

uint32_t shortdeck_ref(const int *cards, int n, int straight_beats_trips) {
    uint32_t best = 0;
    int pick[5];
    /* every five of the n cards */
    for (int a = 0; a < n; a++)
        for (int b = a + 1; b < n; b++)
            for (int c = b + 1; c < n; c++)
                for (int d = c + 1; d < n; d++)
                    for (int e = d + 1; e < n; e++) {
                        pick[0] = cards[a], pick[1] = cards[b], pick[2] = cards[c];
                        pick[3] = cards[d], pick[4] = cards[e];
                        uint32_t k = shortdeck_ref5(pick, straight_beats_trips);
                        best = k > best ? k : best;
                    }
    return best;
}
