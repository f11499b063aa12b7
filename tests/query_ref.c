/* The reference walk and functions of the query language (see query_ref.h). */
#include "query_ref.h"

#include "handstat/holdem_board.h" /* the HS_HIT_* constants only */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static ref_hits *H;

typedef struct nut_entry nut_entry;
static nut_entry *NUTS;
static size_t NUTS_USED;

static uint32_t choose[53][6];

void qr_init(void) {
    H = ref_hits_new();
    for (int n = 0; n <= 52; n++)
        for (int k = 0; k <= 5; k++)
            choose[n][k] = k == 0 ? 1 : n == 0 ? 0 : choose[n - 1][k - 1] + choose[n - 1][k];
}

static void cache_clear(void);

void qr_done(void) {
    cache_clear();
    ref_hits_free(H);
    H = NULL;
}

const ref_hits *qr_hits(void) {
    return H;
}

static void die(const char *what) {
    fprintf(stderr, "query_ref: %s\n", what);
    abort();
}

/* ---- cards ---------------------------------------------------------------------------------- */

int qr_card_value(int card) {
    int r = card % 13;
    return r == 0 ? 14 : r + 1;
}

static int card_of(int value, int suit) {
    return suit * 13 + (value == 14 ? 0 : value - 1);
}

static int suit_of(int card) {
    return card / 13;
}

uint64_t qr_mask(const char *text) {
    static const char ranks[] = "A23456789TJQK", suits[] = "cdhs";
    uint64_t m = 0;
    for (const char *s = text; *s;) {
        if (*s == ' ') {
            s++;
            continue;
        }
        int rank;
        if (s[0] == '1' && s[1] == '0') {
            rank = 9;
            s += 2;
        } else {
            const char *r = strchr(ranks, s[0] >= 'a' && s[0] <= 'z' ? s[0] - 32 : s[0]);
            if (r == NULL || *s == '\0')
                die("bad rank");
            rank = (int)(r - ranks);
            s++;
        }
        const char *u = *s ? strchr(suits, *s >= 'A' && *s <= 'Z' ? *s + 32 : *s) : NULL;
        if (u == NULL)
            die("bad suit");
        s++;
        uint64_t bit = UINT64_C(1) << ((int)(u - suits) * 13 + rank);
        if (m & bit)
            die("repeated card");
        m |= bit;
    }
    return m;
}

int qr_ids(uint64_t mask, int *out) {
    int n = 0;
    for (int c = 0; c < 52; c++)
        if (mask >> c & 1)
            out[n++] = c;
    return n;
}

static void add(qr_player *p, uint64_t mask, unsigned weight) {
    for (int i = 0; i < p->n; i++)
        if (p->mask[i] == mask)
            die("a combination listed twice");
    if (p->n == QR_MAX_HANDS)
        die("too many hands");
    p->mask[p->n] = mask;
    p->weight[p->n] = weight;
    p->n++;
}

static uint64_t bit(int card) {
    return UINT64_C(1) << card;
}

void qr_add_exact(qr_player *p, const char *cards, unsigned weight) {
    add(p, qr_mask(cards), weight);
}

void qr_add_pair(qr_player *p, int value, unsigned weight) {
    for (int a = 0; a < 4; a++)
        for (int b = a + 1; b < 4; b++)
            add(p, bit(card_of(value, a)) | bit(card_of(value, b)), weight);
}

void qr_add_suited(qr_player *p, int hi, int lo, unsigned weight) {
    for (int s = 0; s < 4; s++)
        add(p, bit(card_of(hi, s)) | bit(card_of(lo, s)), weight);
}

void qr_add_offsuit(qr_player *p, int hi, int lo, unsigned weight) {
    for (int a = 0; a < 4; a++)
        for (int b = 0; b < 4; b++)
            if (a != b)
                add(p, bit(card_of(hi, a)) | bit(card_of(lo, b)), weight);
}

void qr_add_random(qr_player *p, unsigned weight) {
    for (int a = 0; a < 52; a++)
        for (int b = a + 1; b < 52; b++)
            add(p, bit(a) | bit(b), weight);
}

int qr_hand_in(const qr_deal *d, int p, const uint64_t *masks, int n) {
    for (int i = 0; i < n; i++)
        if (masks[i] == d->hand[p])
            return 1;
    return 0;
}

int qr_is_pair(const qr_deal *d, int p, int value) {
    return qr_card_value(d->hole[p][0]) == value && qr_card_value(d->hole[p][1]) == value;
}

int qr_is_suited(const qr_deal *d, int p, int hi, int lo) {
    int a = qr_card_value(d->hole[p][0]), b = qr_card_value(d->hole[p][1]);
    return suit_of(d->hole[p][0]) == suit_of(d->hole[p][1]) &&
           ((a == hi && b == lo) || (a == lo && b == hi));
}

/* ---- ranking ----------------------------------------------------------------------------------
 */

static void sort_ids(int *c, int n) {
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && c[j] < c[j - 1]; j--) {
            int t = c[j];
            c[j] = c[j - 1];
            c[j - 1] = t;
        }
}

/* The reference class of five distinct cards (any order). */
static int class5(const int five[5]) {
    int c[5];
    memcpy(c, five, sizeof c);
    sort_ids(c, 5);
    uint32_t idx = 0;
    for (int i = 0; i < 5; i++)
        idx += choose[c[i]][i + 1];
    return H->cls[idx];
}

/* The best class of a hand on a board: hold'em, the best five of the hole cards and the board
 * together; Omaha, exactly two hole cards and three board cards. */
static int class_on(int omaha, const int *hole, int nh, const int *board, int nb) {
    int best = REF_POKER_CLASSES + 1, f[5];
    if (omaha) {
        for (int a = 0; a < nh; a++)
            for (int b = a + 1; b < nh; b++)
                for (int x = 0; x < nb; x++)
                    for (int y = x + 1; y < nb; y++)
                        for (int z = y + 1; z < nb; z++) {
                            f[0] = hole[a];
                            f[1] = hole[b];
                            f[2] = board[x];
                            f[3] = board[y];
                            f[4] = board[z];
                            int c = class5(f);
                            if (c < best)
                                best = c;
                        }
    } else {
        int all[7], n = 0;
        for (int i = 0; i < nh; i++)
            all[n++] = hole[i];
        for (int i = 0; i < nb; i++)
            all[n++] = board[i];
        for (int a = 0; a < n; a++)
            for (int b = a + 1; b < n; b++)
                for (int c = b + 1; c < n; c++)
                    for (int e = c + 1; e < n; e++)
                        for (int g = e + 1; g < n; g++) {
                            f[0] = all[a];
                            f[1] = all[b];
                            f[2] = all[c];
                            f[3] = all[e];
                            f[4] = all[g];
                            int k = class5(f);
                            if (k < best)
                                best = k;
                        }
    }
    if (best > REF_POKER_CLASSES)
        die("no five-card hand");
    return best;
}

static int hole_size(const qr_deal *d) {
    return d->s->omaha ? 4 : 2;
}

int qr_street_cards(int street) {
    static const int n[] = {0, 3, 4, 5};
    return n[street];
}

int qr_class(const qr_deal *d, int p, int street) {
    return class_on(d->s->omaha, d->hole[p], hole_size(d), d->board, qr_street_cards(street));
}

/* The type of a class: ref_poker_category gives 0 straight flush .. 8 high card. */
static int type_of(int cls) {
    return 8 - ref_poker_category(&H->poker, cls);
}

int qr_hand_type(const qr_deal *d, int p, int street) {
    return type_of(qr_class(d, p, street));
}

int qr_hi_rating(const qr_deal *d, int p, int street) {
    return 7463 - qr_class(d, p, street);
}

/* Each player's class on this board (nb cards) into cls[]; returns the best. */
static int classes_on(const qr_deal *d, const int *board, int nb, int *cls) {
    int best = REF_POKER_CLASSES + 1;
    for (int q = 0; q < d->s->players; q++) {
        cls[q] = class_on(d->s->omaha, d->hole[q], hole_size(d), board, nb);
        if (cls[q] < best)
            best = cls[q];
    }
    return best;
}

int qr_best_hi(const qr_deal *d, int p, int street) {
    int cls[QR_MAX_PLAYERS];
    int best = classes_on(d, d->board, qr_street_cards(street), cls);
    return cls[p] == best;
}

/* How many players hold the best river hand, and whether p is one. */
static int river_winners(const qr_deal *d, const int *board, int p, int *is_best) {
    int cls[QR_MAX_PLAYERS], k = 0;
    int best = classes_on(d, board, 5, cls);
    for (int q = 0; q < d->s->players; q++)
        k += cls[q] == best;
    *is_best = cls[p] == best;
    return k;
}

int qr_wins_hi(const qr_deal *d, int p) {
    int is_best, k = river_winners(d, d->board, p, &is_best);
    return is_best && k == 1;
}

int qr_ties_hi(const qr_deal *d, int p) {
    int is_best, k = river_winners(d, d->board, p, &is_best);
    return is_best && k > 1;
}

int qr_winning_type(const qr_deal *d) {
    int cls[QR_MAX_PLAYERS];
    return type_of(classes_on(d, d->board, 5, cls));
}

void qr_river_equity(const qr_deal *d, int p, mpq_t out) {
    int is_best, k = river_winners(d, d->board, p, &is_best);
    mpq_set_ui(out, is_best ? 1 : 0, is_best ? (unsigned long)k : 1);
    mpq_canonicalize(out);
}

/* ---- caches of the inner enumerations ---------------------------------------------------------
 */

#define CACHE_SIZE 4096

typedef struct cache_key {
    uint64_t choice, board;
    int fn, p, street, arg;
} cache_key;

typedef struct cache_entry {
    int valid;
    cache_key key;
    int value;
    mpq_t q;
} cache_entry;

static cache_entry *CACHE;

static void cache_clear(void) {
    free(NUTS);
    NUTS = NULL;
    NUTS_USED = 0;
    if (CACHE == NULL)
        return;
    for (int i = 0; i < CACHE_SIZE; i++)
        mpq_clear(CACHE[i].q);
    free(CACHE);
    CACHE = NULL;
}

static uint64_t board_mask(const int *board, int n) {
    uint64_t m = 0;
    for (int i = 0; i < n; i++)
        m |= bit(board[i]);
    return m;
}

/* The cache entry for this key: *hit tells whether it holds the key's value. */
static cache_entry *cache_find(const cache_key *k, int *hit) {
    if (CACHE == NULL) {
        CACHE = calloc(CACHE_SIZE, sizeof *CACHE);
        if (CACHE == NULL)
            die("out of memory");
        for (int i = 0; i < CACHE_SIZE; i++)
            mpq_init(CACHE[i].q);
    }
    uint64_t h = k->choice * UINT64_C(0x9E3779B97F4A7C15) ^ k->board * UINT64_C(0xC2B2AE3D27D4EB4F);
    h ^=
        (uint64_t)(k->fn * 131 + k->p * 17 + k->street * 5 + k->arg) * UINT64_C(0x165667B19E3779F9);
    h ^= h >> 29;
    cache_entry *e = &CACHE[h % CACHE_SIZE];
    *hit = e->valid && memcmp(&e->key, k, sizeof *k) == 0;
    if (!*hit) {
        e->valid = 1;
        e->key = *k;
    }
    return e;
}

static cache_key make_key(const qr_deal *d, int fn, int p, int street, int arg, int nb) {
    cache_key k;
    memset(&k, 0, sizeof k); /* padding too: keys are compared with memcmp */
    k.choice = d->choice;
    k.board = board_mask(d->board, nb);
    k.fn = fn;
    k.p = p;
    k.street = street;
    k.arg = arg;
    return k;
}

static uint64_t hands_mask(const qr_deal *d) {
    uint64_t m = 0;
    for (int q = 0; q < d->s->players; q++)
        m |= d->hand[q];
    return m | d->folded;
}

/* ---- equity at a street -----------------------------------------------------------------------
 */

typedef struct completion {
    const qr_deal *d;
    int p;
    int board[5];
    uint64_t used;
    unsigned long long shares; /* in units of 1/2520 of a pot */
    unsigned long long boards;
} completion;

/* Complete board[0..n) as a deal does: the missing flop cards as a set, then turn, river. */
static void complete(completion *c, int n, int min_flop_card) {
    if (n == 5) {
        int is_best, k = river_winners(c->d, c->board, c->p, &is_best);
        if (is_best)
            c->shares += 2520 / (unsigned)k;
        c->boards++;
        return;
    }
    int first = n < 3 ? min_flop_card : 0;
    for (int card = first; card < 52; card++) {
        if (c->used & bit(card))
            continue;
        c->board[n] = card;
        c->used |= bit(card);
        complete(c, n + 1, n + 1 < 3 ? card + 1 : 0);
        c->used &= ~bit(card);
    }
}

void qr_equity(const qr_deal *d, int p, int street, mpq_t out) {
    int known = qr_street_cards(street);
    if (d->s->n_board > known)
        known = d->s->n_board;
    cache_key key = make_key(d, 1, p, street, 0, known);
    int hit;
    cache_entry *e = cache_find(&key, &hit);
    if (!hit) {
        completion c;
        memset(&c, 0, sizeof c);
        c.d = d;
        c.p = p;
        memcpy(c.board, d->board, sizeof c.board);
        c.used = hands_mask(d) | board_mask(d->board, known) | d->s->dead;
        complete(&c, known, 0);
        mpz_set_ui(mpq_numref(e->q), c.shares);
        mpz_set_ui(mpq_denref(e->q), 2520);
        mpz_mul_ui(mpq_denref(e->q), mpq_denref(e->q), c.boards);
        mpq_canonicalize(e->q);
    }
    mpq_set(out, e->q);
}

/* ---- outs -------------------------------------------------------------------------------------
 */

/* The cards of the next street (not in a hand, on the board through street, or dead) after which
 * the test holds for p: best hand (type < 0) or a hand type of at least `type`. */
static int next_cards(const qr_deal *d, int p, int street, int type) {
    int nb = qr_street_cards(street);
    if (nb < 3 || nb > 4)
        die("outs on the flop or the turn only");
    int board[5];
    memcpy(board, d->board, sizeof board);
    uint64_t used = hands_mask(d) | board_mask(board, nb) | d->s->dead;
    int n = 0;
    for (int card = 0; card < 52; card++) {
        if (used & bit(card))
            continue;
        board[nb] = card;
        if (type < 0) {
            int cls[QR_MAX_PLAYERS];
            int best = classes_on(d, board, nb + 1, cls);
            n += cls[p] == best;
        } else {
            int cls = class_on(d->s->omaha, d->hole[p], hole_size(d), board, nb + 1);
            n += type_of(cls) >= type;
        }
    }
    return n;
}

int qr_outs(const qr_deal *d, int p, int street) {
    if (qr_best_hi(d, p, street))
        return 0;
    cache_key key = make_key(d, 2, p, street, 0, qr_street_cards(street));
    int hit;
    cache_entry *e = cache_find(&key, &hit);
    if (!hit)
        e->value = next_cards(d, p, street, -1);
    return e->value;
}

int qr_outs_to_type(const qr_deal *d, int p, int street, int type) {
    if (qr_hand_type(d, p, street) >= type)
        return 0;
    cache_key key = make_key(d, 3, p, street, type, qr_street_cards(street));
    int hit;
    cache_entry *e = cache_find(&key, &hit);
    if (!hit)
        e->value = next_cards(d, p, street, type);
    return e->value;
}

/* ---- the nuts ---------------------------------------------------------------------------------
 */

/* The nuts depend on the board alone: a table of boards (open addressing, never full: a test
 * meets a few thousand boards at most). */
#define NUT_SLOTS (1 << 17)

struct nut_entry {
    uint64_t key; /* the board mask, bit 63 for Omaha; 0 empty */
    int cls;
};

static int nut_class(int omaha, const int *board, int nb) {
    if (NUTS == NULL) {
        NUTS = calloc(NUT_SLOTS, sizeof *NUTS);
        if (NUTS == NULL)
            die("out of memory");
    }
    uint64_t mask = board_mask(board, nb);
    uint64_t key = mask | (uint64_t)omaha << 63;
    size_t i = (size_t)((key * UINT64_C(0x9E3779B97F4A7C15)) >> 47) % NUT_SLOTS;
    while (NUTS[i].key != 0 && NUTS[i].key != key)
        i = (i + 1) % NUT_SLOTS;
    if (NUTS[i].key == key)
        return NUTS[i].cls;
    if (++NUTS_USED > NUT_SLOTS / 2)
        die("too many boards for the nut table");
    int nut = REF_POKER_CLASSES + 1;
    for (int a = 0; a < 52; a++)
        for (int b = a + 1; b < 52; b++) {
            if ((mask & bit(a)) || (mask & bit(b)))
                continue;
            int two[2] = {a, b};
            int cls = class_on(omaha, two, 2, board, nb);
            if (cls < nut)
                nut = cls;
        }
    NUTS[i].key = key;
    NUTS[i].cls = nut;
    return nut;
}

int qr_nut_hi(const qr_deal *d, int p, int street) {
    int nb = qr_street_cards(street);
    return qr_class(d, p, street) == nut_class(d->s->omaha, d->board, nb);
}

/* ---- hold'em categories -----------------------------------------------------------------------
 */

int qr_category(const qr_deal *d, int p, int street, unsigned *flags) {
    if (d->s->omaha)
        die("handCategory is hold'em only");
    return ref_hit(H, d->hole[p], d->board, qr_street_cards(street), flags);
}

/* ---- the board --------------------------------------------------------------------------------
 */

static void suit_counts(const qr_deal *d, int street, int counts[4]) {
    memset(counts, 0, 4 * sizeof *counts);
    for (int i = 0; i < qr_street_cards(street); i++)
        counts[suit_of(d->board[i])]++;
}

int qr_board_suit_count(const qr_deal *d, int street) {
    int c[4], n = 0;
    suit_counts(d, street, c);
    for (int s = 0; s < 4; s++)
        n += c[s] > 0;
    return n;
}

int qr_paired_board(const qr_deal *d, int street) {
    int nb = qr_street_cards(street);
    for (int i = 0; i < nb; i++)
        for (int j = i + 1; j < nb; j++)
            if (qr_card_value(d->board[i]) == qr_card_value(d->board[j]))
                return 1;
    return 0;
}

int qr_monotone_board(const qr_deal *d, int street) {
    return qr_board_suit_count(d, street) == 1;
}

int qr_two_tone_board(const qr_deal *d, int street) {
    return qr_board_suit_count(d, street) == 2;
}

int qr_rainbow_board(const qr_deal *d, int street) {
    int c[4];
    suit_counts(d, street, c);
    for (int s = 0; s < 4; s++)
        if (c[s] >= 2)
            return 0;
    return 1;
}

int qr_flushing_board(const qr_deal *d, int street) {
    int c[4];
    suit_counts(d, street, c);
    for (int s = 0; s < 4; s++)
        if (c[s] >= 3)
            return 1;
    return 0;
}

int qr_straight_board(const qr_deal *d, int street) {
    int has[15] = {0};
    for (int i = 0; i < qr_street_cards(street); i++) {
        int v = qr_card_value(d->board[i]);
        has[v] = 1;
        if (v == 14)
            has[1] = 1;
    }
    for (int low = 1; low <= 10; low++) {
        int n = 0;
        for (int v = low; v < low + 5; v++)
            n += has[v];
        if (n >= 3)
            return 1;
    }
    return 0;
}

int qr_turn_suit(const qr_deal *d) {
    return suit_of(d->board[3]);
}

int qr_river_suit(const qr_deal *d) {
    return suit_of(d->board[4]);
}

int qr_turn_rank(const qr_deal *d) {
    return qr_card_value(d->board[3]);
}

int qr_river_rank(const qr_deal *d) {
    return qr_card_value(d->board[4]);
}

/* ---- the walk ---------------------------------------------------------------------------------
 */

typedef struct walker {
    const qr_setup *s;
    qr_visit visit;
    void *ctx;
    unsigned reduced[QR_MAX_PLAYERS + QR_MAX_FOLDED][QR_MAX_HANDS];
    qr_deal d;
    uint64_t used;
    uint64_t visited;
} walker;

static uint64_t NEXT_CHOICE = 1;

static unsigned gcd(unsigned a, unsigned b) {
    while (b) {
        unsigned t = a % b;
        a = b;
        b = t;
    }
    return a;
}

static void walk_board(walker *w, int n, int min_flop_card) {
    if (n == 5) {
        w->visit(&w->d, w->ctx);
        w->visited++;
        return;
    }
    if (n < w->s->n_board) { /* given */
        walk_board(w, n + 1, 0);
        return;
    }
    int first = n < 3 ? min_flop_card : 0;
    for (int card = first; card < 52; card++) {
        if (w->used & bit(card))
            continue;
        w->d.board[n] = card;
        w->used |= bit(card);
        walk_board(w, n + 1, n + 1 < 3 ? card + 1 : 0);
        w->used &= ~bit(card);
    }
}

static void walk_hands(walker *w, int p) {
    if (p == w->s->players + w->s->folded) {
        w->d.choice = NEXT_CHOICE++;
        walk_board(w, 0, 0);
        return;
    }
    const int fold = p >= w->s->players;
    const qr_player *pl = fold ? &w->s->f[p - w->s->players] : &w->s->p[p];
    for (int i = 0; i < pl->n; i++) {
        uint64_t m = pl->mask[i];
        if (w->used & m)
            continue;
        uint64_t saved_weight = w->d.weight;
        if (fold)
            w->d.folded |= m;
        else {
            w->d.hand[p] = m;
            qr_ids(m, w->d.hole[p]);
        }
        w->d.weight *= w->reduced[p][i];
        w->used |= m;
        walk_hands(w, p + 1);
        w->used &= ~m;
        if (fold)
            w->d.folded &= ~m;
        w->d.weight = saved_weight;
    }
}

uint64_t qr_walk(const qr_setup *s, qr_visit visit, void *ctx) {
    walker *w = calloc(1, sizeof *w);
    if (w == NULL)
        die("out of memory");
    w->s = s;
    w->visit = visit;
    w->ctx = ctx;
    w->d.s = s;
    w->d.weight = 1;
    if (s->folded > QR_MAX_FOLDED || (s->folded > 0 && s->omaha))
        die("folded players: at most QR_MAX_FOLDED, hold'em only");
    for (int p = 0; p < s->players + s->folded; p++) {
        const qr_player *pl = p < s->players ? &s->p[p] : &s->f[p - s->players];
        unsigned g = 0;
        for (int i = 0; i < pl->n; i++)
            g = gcd(g, pl->weight[i]);
        for (int i = 0; i < pl->n; i++)
            w->reduced[p][i] = pl->weight[i] / g;
        int expect = s->omaha ? 4 : 2;
        for (int i = 0; i < pl->n; i++)
            if (__builtin_popcountll(pl->mask[i]) != expect)
                die("a hand of the wrong size");
    }
    for (int i = 0; i < s->n_board; i++) {
        if (w->used & bit(s->board[i]))
            die("a board card repeated");
        w->used |= bit(s->board[i]);
        w->d.board[i] = s->board[i];
    }
    if (w->used & s->dead)
        die("a dead card on the board");
    w->used |= s->dead;
    walk_hands(w, 0);
    uint64_t visited = w->visited;
    free(w);
    return visited;
}
