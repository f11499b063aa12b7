/* Hold'em starting-hand classes, hand parsing and exact multi-way equity. */
#include "holdem_internal.h"
#include "handstat/error.h"
#include "handstat/poker.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include <omp.h>

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

/* A class name: two ranks, then s or o unless they are a pair. Returns the class or -1. */
static int parse_class_name(const char *s, size_t len) {
    if (len != 2 && len != 3)
        return -1;
    int r1, r2;
    if (hs_rank_parse(s, 1, &r1) != HS_OK || hs_rank_parse(s + 1, 1, &r2) != HS_OK)
        return -1;
    int g1 = hs_holdem_grid_rank(r1), g2 = hs_holdem_grid_rank(r2);
    int hi = g1 < g2 ? g1 : g2, lo = g1 < g2 ? g2 : g1;
    if (len == 2)
        return g1 == g2 ? hi * 13 + hi : -1;
    char kind = (char)(s[2] | 0x20); /* lower case */
    if (g1 == g2 || (kind != 's' && kind != 'o'))
        return -1;
    return kind == 's' ? hi * 13 + lo : lo * 13 + hi;
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

/* ---- equity ------------------------------------------------------------------------------- */

/* One choice of hands: a combination per player, all disjoint. */
typedef struct deal_hands {
    uint64_t hole[HS_HOLDEM_MAX_PLAYERS];
    uint64_t used;
} deal_hands;

/* All choices of one combination per player that are pairwise disjoint and avoid `taken`, in a
 * fixed order (player 0's list outermost). Returns the number stored (allocated in *out). */
static int list_deals(int players, const uint64_t *const ranges[], const size_t counts[],
                      uint64_t taken, deal_hands **out, size_t *n_out) {
    size_t cap = 64, n = 0;
    deal_hands *list = malloc(cap * sizeof *list);
    size_t idx[HS_HOLDEM_MAX_PLAYERS] = {0};
    int depth = 0;
    uint64_t used[HS_HOLDEM_MAX_PLAYERS + 1];
    used[0] = taken;
    if (list == NULL)
        return HS_ERR_NOMEM;
    /* Iterative depth-first walk over the players' lists. */
    while (depth >= 0) {
        if (idx[depth] == counts[depth]) {
            idx[depth] = 0;
            if (--depth >= 0)
                idx[depth]++;
            continue;
        }
        uint64_t hole = ranges[depth][idx[depth]];
        if (hole & used[depth]) {
            idx[depth]++;
            continue;
        }
        used[depth + 1] = used[depth] | hole;
        if (depth + 1 < players) {
            depth++;
            continue;
        }
        if (n == cap) {
            deal_hands *grown = realloc(list, 2 * cap * sizeof *list);
            if (grown == NULL) {
                free(list);
                return HS_ERR_NOMEM;
            }
            list = grown;
            cap *= 2;
        }
        for (int p = 0; p < players; p++)
            list[n].hole[p] = ranges[p][idx[p]];
        list[n].used = used[depth + 1];
        n++;
        idx[depth]++;
    }
    *out = list;
    *n_out = n;
    return HS_OK;
}

/* Score one complete board for a choice of hands into acc. */
static inline void score_board(const deal_hands *d, int players, uint64_t board,
                               hs_holdem_equity *acc) {
    int rank[HS_HOLDEM_MAX_PLAYERS], best = HS_POKER_CLASSES + 1, winners = 0;
    for (int p = 0; p < players; p++) {
        rank[p] = hs_poker_rank7(board | d->hole[p]);
        best = rank[p] < best ? rank[p] : best;
    }
    for (int p = 0; p < players; p++)
        winners += rank[p] == best;
    uint64_t share = HS_HOLDEM_SHARE_UNIT / (uint64_t)winners;
    for (int p = 0; p < players; p++) {
        int won = rank[p] == best;
        acc->player[p].wins += won & (winners == 1);
        acc->player[p].ties += won & (winners > 1);
        acc->player[p].losses += !won;
        acc->player[p].shares += won ? share : 0;
    }
    acc->deals++;
}

/* Every completion of `board` with `need` more cards from `deck`, for one choice of hands.
 * Cards are added in increasing order; `first` is the lowest card allowed next. */
static void complete_boards(const deal_hands *d, int players, uint64_t board, uint64_t deck,
                            int need, hs_holdem_equity *acc) {
    if (need == 0) {
        score_board(d, players, board, acc);
        return;
    }
    for (uint64_t rest = deck; rest != 0; rest &= rest - 1) {
        uint64_t card = rest & -rest;
        if (hs_hand_size(rest) < need)
            break;
        complete_boards(d, players, board | card, rest & ~card, need - 1, acc);
    }
}

int hs_holdem_equity_run(int players, const uint64_t *const ranges[], const size_t counts[],
                         uint64_t board, uint64_t dead, int threads, hs_progress_fn progress,
                         void *ctx, hs_holdem_equity *out) {
    memset(out, 0, sizeof *out);
    if (players < 2 || players > HS_HOLDEM_MAX_PLAYERS || threads < 0 || (board & ~HS_DECK_MASK) ||
        (dead & ~HS_DECK_MASK) || (board & dead) || hs_hand_size(board) > 5)
        return HS_ERR_ARG;
    for (int p = 0; p < players; p++) {
        if (counts[p] == 0)
            return HS_ERR_ARG;
        for (size_t i = 0; i < counts[p]; i++)
            if (hs_hand_size(ranges[p][i]) != 2 || (ranges[p][i] & ~HS_DECK_MASK))
                return HS_ERR_ARG;
    }
    deal_hands *deals;
    size_t n_deals;
    int rc = list_deals(players, ranges, counts, board | dead, &deals, &n_deals);
    if (rc != HS_OK)
        return rc;
    if (n_deals == 0) {
        free(deals);
        return HS_ERR_COUNT;
    }
    const int need = 5 - hs_hand_size(board);
    /* A unit is one choice of hands and, when cards are still to come, the lowest of them. */
    const uint64_t per_deal = need > 0 ? HS_CARDS : 1;
    const uint64_t units = (uint64_t)n_deals * per_deal;
    out->players = players;
    uint64_t done = 0;
    int cancelled = 0;
#pragma omp parallel num_threads(threads > 0 ? threads : omp_get_max_threads())
    {
        hs_holdem_equity mine;
        memset(&mine, 0, sizeof mine);
#pragma omp for schedule(dynamic, 16)
        for (uint64_t u = 0; u < units; u++) {
            int stop;
#pragma omp atomic read
            stop = cancelled;
            if (stop)
                continue;
            const deal_hands *d = &deals[u / per_deal];
            uint64_t deck = HS_DECK_MASK & ~(d->used | dead);
            if (need == 0) {
                score_board(d, players, board, &mine);
            } else {
                int low = (int)(u % per_deal);
                uint64_t card = hs_card_bit(low);
                if (deck & card)
                    complete_boards(d, players, board | card, deck & ~(card | (card - 1)), need - 1,
                                    &mine);
            }
            if (progress != NULL && (u % per_deal == per_deal - 1)) {
#pragma omp critical(hs_holdem_progress)
                {
                    done++;
                    if (!cancelled && progress(ctx, done, n_deals) != 0) {
#pragma omp atomic write
                        cancelled = 1;
                    }
                }
            }
        }
#pragma omp critical(hs_holdem_merge)
        {
            out->deals += mine.deals;
            for (int p = 0; p < players; p++) {
                out->player[p].wins += mine.player[p].wins;
                out->player[p].ties += mine.player[p].ties;
                out->player[p].losses += mine.player[p].losses;
                out->player[p].shares += mine.player[p].shares;
            }
        }
    }
    free(deals);
    if (cancelled) {
        memset(out, 0, sizeof *out);
        return HS_ERR_CANCELLED;
    }
    return HS_OK;
}
