/* Cribbage pegging solved double dummy (handstat/peg.h): positions checked and solved by the
 * search of hs_peg_solve.c, the starts of every pair of hands read from the table made at build
 * time. */
#include "handstat/peg.h"

#include "handstat/error.h"
#include "peg_solve.h"

#include <assert.h>
#include <string.h>

/* The table of gen_peg_table.c (peg_table.S): [pone mset][dealer mset]. */
extern const int8_t hs_peg_start_table[HS_PEG_MSETS * HS_PEG_MSETS];

int hs_peg_check(const hs_peg_position *p) {
    int seen[HS_RANKS] = {0}, count = 0;
    for (int q = 0; q < 2; q++) {
        if (p->n[q] < 0 || p->n[q] > HS_PEG_MAX_CARDS)
            return HS_ERR_ARG;
        for (int i = 0; i < p->n[q]; i++)
            if (p->hand[q][i] >= HS_RANKS || ++seen[p->hand[q][i]] > 4)
                return HS_ERR_ARG;
    }
    if (p->seq_len < 0 || p->seq_len + p->n[0] + p->n[1] > 2 * HS_PEG_MAX_CARDS)
        return HS_ERR_ARG;
    for (int i = 0; i < p->seq_len; i++) {
        if (p->seq[i] >= HS_RANKS || ++seen[p->seq[i]] > 4)
            return HS_ERR_ARG;
        count += peg_pips(p->seq[i]);
    }
    if (count > 31 || p->to_move < 0 || p->to_move > 1 || p->last < -1 || p->last > 1 ||
        (p->seq_len > 0) != (p->last >= 0))
        return HS_ERR_ARG;
    return HS_OK;
}

hs_peg_position hs_peg_start(const uint8_t pone[4], const uint8_t dealer[4]) {
    hs_peg_position p;
    memset(&p, 0, sizeof p);
    memcpy(p.hand[HS_PEG_PONE], pone, 4);
    memcpy(p.hand[HS_PEG_DEALER], dealer, 4);
    p.n[0] = p.n[1] = 4;
    p.last = -1;
    p.to_move = HS_PEG_PONE;
    return p;
}

int hs_peg_value(const hs_peg_position *p) {
    assert(hs_peg_check(p) == HS_OK);
    return hs_peg_solve(p, NULL, NULL, NULL);
}

int hs_peg_line(const hs_peg_position *p, hs_peg_event *ev, int *pone_points, int *dealer_points) {
    assert(hs_peg_check(p) == HS_OK);
    int n = 0;
    hs_peg_solve(p, NULL, ev, &n);
    int pts[2] = {0, 0};
    for (int i = 0; i < n; i++)
        pts[ev[i].player] += ev[i].points;
    if (pone_points)
        *pone_points = pts[0];
    if (dealer_points)
        *dealer_points = pts[1];
    return n;
}

int hs_peg_mset_index(const uint8_t ranks[4]) {
    return hs_peg_mset_index_n(ranks, 4);
}

int hs_peg_start_value(int pone_mset, int dealer_mset) {
    assert(pone_mset >= 0 && pone_mset < HS_PEG_MSETS && dealer_mset >= 0 &&
           dealer_mset < HS_PEG_MSETS);
    return hs_peg_start_table[(size_t)pone_mset * HS_PEG_MSETS + (size_t)dealer_mset];
}

int hs_peg_keep_sum(uint64_t dealt, uint64_t keep, hs_crib_role role, int64_t *sum) {
    if (((dealt | keep) & ~HS_DECK_MASK) || (role != HS_CRIB_DEALER && role != HS_CRIB_PONE))
        return HS_ERR_ARG;
    if (hs_hand_size(dealt) != 6 || hs_hand_size(keep) != 4 || (keep & ~dealt))
        return HS_ERR_COUNT;
    uint8_t kept[4];
    int n = 0;
    for (uint64_t m = keep; m != 0; m &= m - 1)
        kept[n++] = (uint8_t)hs_card_rank(__builtin_ctzll(m));
    const int mine = hs_peg_mset_index(kept);
    peg_mset msets[HS_PEG_MSETS];
    uint16_t theirs[HS_PEG_MSETS];
    int32_t ways[HS_PEG_MSETS];
    hs_peg_msets(msets);
    const int kinds = hs_peg_opponents(msets, dealt, theirs, ways);
    int64_t total = 0, hands = 0;
    for (int i = 0; i < kinds; i++) {
        /* the table holds pone - dealer */
        const int v = role == HS_CRIB_PONE ? hs_peg_start_value(mine, theirs[i])
                                           : -hs_peg_start_value(theirs[i], mine);
        total += ways[i] * v;
        hands += ways[i];
    }
    assert(hands == HS_PEG_OPPONENT_HANDS);
    (void)hands;
    *sum = total;
    return HS_OK;
}
