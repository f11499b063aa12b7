/* The discard model by plain loops (see discard_ref.h). */
#include "discard_ref.h"

#include "crib_ref.h"

static int cards_of(uint64_t mask, int *cards) {
    int n = 0;
    for (int c = 0; c < 52; c++)
        if (mask >> c & 1)
            cards[n++] = c;
    return n;
}

ref_discard_keep ref_discard_hand_sums(uint64_t dealt, uint64_t thrown) {
    ref_discard_keep r = {0, 0, 0, 99, -1, 0, 0};
    int keep[4];
    cards_of(dealt & ~thrown, keep);
    for (int s = 0; s < 52; s++) {
        if (dealt >> s & 1)
            continue;
        const int five[5] = {keep[0], keep[1], keep[2], keep[3], s};
        int t = ref_crib_score5(five, 0).total;
        r.hand_sum += (uint64_t)t;
        r.hand_sum2 += (uint64_t)(t * t);
        r.hand_cases++;
        r.hand_min = t < r.hand_min ? t : r.hand_min;
        r.hand_max = t > r.hand_max ? t : r.hand_max;
    }
    return r;
}

ref_discard_keep ref_discard_keep_sums(uint64_t dealt, uint64_t thrown) {
    ref_discard_keep r = ref_discard_hand_sums(dealt, thrown);
    int unseen[47], nu = 0, throw_cards[2];
    for (int c = 0; c < 52; c++)
        if (!(dealt >> c & 1))
            unseen[nu++] = c;
    int nt = cards_of(thrown, throw_cards);
    if (nt == 2) {
        /* the opponent throws unseen[i], unseen[j]; the starter is any other unseen card */
        for (int i = 0; i < nu; i++)
            for (int j = i + 1; j < nu; j++)
                for (int s = 0; s < nu; s++) {
                    if (s == i || s == j)
                        continue;
                    const int five[5] = {throw_cards[0], throw_cards[1], unseen[i], unseen[j],
                                         unseen[s]};
                    r.crib_sum += (uint64_t)ref_crib_score5(five, 1).total;
                    r.crib_cases++;
                }
    } else {
        for (int i = 0; i < nu; i++)
            for (int j = i + 1; j < nu; j++)
                for (int k = j + 1; k < nu; k++)
                    for (int s = 0; s < nu; s++) {
                        if (s == i || s == j || s == k)
                            continue;
                        const int five[5] = {throw_cards[0], unseen[i], unseen[j], unseen[k],
                                             unseen[s]};
                        r.crib_sum += (uint64_t)ref_crib_score5(five, 1).total;
                        r.crib_cases++;
                    }
    }
    return r;
}
