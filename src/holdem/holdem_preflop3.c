/* The exact three-way preflop table (handstat/holdem.h).
 *
 * The boards are the heads-up table's suit-distinct boards, each weighted by the boards it stands
 * for (a suit permutation maps every class onto itself, so the counts of every triple agree on
 * all of them). On one board every hand of the selected classes that avoids it is ranked once.
 * Each class's hands are sorted weakest first, so that "the hands of class C weaker than rank r"
 * are the low bits of a mask and "the hands of C avoiding card x" are a mask too. Then for each
 * pair of hands (a, b) of classes A <= B, for every class C >= B at once: the hands of C sharing
 * no card with a or b are four masks ANDed, and the stronger of a and b splits them into worse,
 * tied and better, counted by population counts. Whether a beats, ties or loses to b decides which
 * outcomes those three counts are. The loop over C is straight-line code over arrays, which the
 * compiler vectorizes. */
#include "holdem_internal.h"
#include "poker_internal.h"
#include "handstat/cpu.h"
#include "handstat/error.h"
#include "combin.h"
#include "dispatch_internal.h"
#include "job_internal.h"

#include <stdlib.h>
#include <string.h>

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define P3_X86 1
#include <immintrin.h>
#endif

#define P3_PAD 192            /* selected classes, padded to whole vectors */
#define P3_LANES 32           /* classes counted together: one 512-bit vector of 16-bit counts */
#define P3_BOARDS_PER_UNIT 16 /* small units: thousands of them, for many machines */
#define P3_SUB 4              /* boards prepared together before the pairs are counted */
#define P3_MAX_HANDS 12       /* hands of a class */

struct hs_holdem_preflop3 {
    hs_holdem_preflop *boards;
    int k;                                           /* selected classes */
    uint8_t cls[HS_HOLDEM_CLASSES];                  /* the selection, increasing */
    uint64_t hands[HS_HOLDEM_CLASSES][P3_MAX_HANDS]; /* by selection index */
    uint8_t n_hands[HS_HOLDEM_CLASSES];
    size_t triples;
    size_t *off; /* off[i * k + j]: index of triple (i, j, j) */
};

/* One board's ranked hands: per selected class, its hands avoiding the board, weakest first. */
typedef struct p3_board {
    uint64_t weight;
    uint16_t start[HS_HOLDEM_CLASSES + 1]; /* class i's hands are start[i] .. start[i + 1] */
    uint16_t rank[HS_HOLDEM_COMBOS];       /* class of the best five: lower wins */
    uint8_t sel[HS_HOLDEM_COMBOS];         /* the selected class each hand is of */
    uint8_t card1[HS_HOLDEM_COMBOS], card2[HS_HOLDEM_COMBOS];
    uint64_t mask[HS_HOLDEM_COMBOS];
    /* avoid[x][l]: bit t set when hand t of class l does not hold card x */
    uint16_t avoid[HS_CARDS][P3_PAD];
    /* below[h][l] | upto[h][l] << 4: hands of class l weaker than hand h, and not stronger */
    uint8_t pos[HS_HOLDEM_COMBOS][P3_PAD];
    uint16_t order[HS_HOLDEM_COMBOS], tmp[HS_HOLDEM_COMBOS]; /* sort, weakest first */
} p3_board;

typedef struct p3_scratch {
    p3_board b[P3_SUB];
    /* the counts of one (A, B) on each board: at most 12 x 12 pairs x 12 hands */
    uint16_t row[P3_SUB][HS_P3_OUTCOMES][P3_PAD];
} p3_scratch;

typedef struct p3_ctx {
    hs_job_def def;
    const hs_holdem_preflop3 *t;
    void (*count)(const hs_holdem_preflop3 *, p3_scratch *, int, uint64_t *);
} p3_ctx;

/* ---- the selection --------------------------------------------------------------------------
 */

int hs_holdem_preflop3_new(const int *classes, int n, hs_holdem_preflop3 **out) {
    *out = NULL;
    uint8_t chosen[HS_HOLDEM_CLASSES] = {0};
    if (classes == NULL) {
        memset(chosen, 1, sizeof chosen);
    } else {
        if (n < 1 || n > HS_HOLDEM_CLASSES)
            return HS_ERR_ARG;
        for (int i = 0; i < n; i++) {
            if (classes[i] < 0 || classes[i] >= HS_HOLDEM_CLASSES || chosen[classes[i]])
                return HS_ERR_ARG;
            chosen[classes[i]] = 1;
        }
    }
    hs_holdem_preflop3 *t = calloc(1, sizeof *t);
    if (t == NULL)
        return HS_ERR_NOMEM;
    for (int c = 0; c < HS_HOLDEM_CLASSES; c++)
        if (chosen[c]) {
            t->cls[t->k] = (uint8_t)c;
            t->n_hands[t->k] = (uint8_t)hs_holdem_class_hands(c, t->hands[t->k]);
            t->k++;
        }
    const size_t k = (size_t)t->k;
    t->off = malloc(k * k * sizeof *t->off);
    if (t->off == NULL || hs_holdem_preflop_new(&t->boards) != HS_OK) {
        hs_holdem_preflop3_free(t);
        return HS_ERR_NOMEM;
    }
    size_t idx = 0;
    for (size_t i = 0; i < k; i++)
        for (size_t j = i; j < k; j++) {
            t->off[i * k + j] = idx;
            idx += k - j;
        }
    t->triples = idx;
    *out = t;
    return HS_OK;
}

void hs_holdem_preflop3_free(hs_holdem_preflop3 *t) {
    if (t == NULL)
        return;
    hs_holdem_preflop_free(t->boards);
    free(t->off);
    free(t);
}

int hs_holdem_preflop3_classes(const hs_holdem_preflop3 *t, int *classes) {
    for (int i = 0; classes != NULL && i < t->k; i++)
        classes[i] = t->cls[i];
    return t->k;
}

size_t hs_holdem_preflop3_triples(const hs_holdem_preflop3 *t) {
    return t->triples;
}

void hs_holdem_preflop3_triple(const hs_holdem_preflop3 *t, size_t index, int cls[3]) {
    const size_t k = (size_t)t->k;
    for (size_t i = 0; i < k; i++)
        for (size_t j = i; j < k; j++) {
            size_t first = t->off[i * k + j];
            if (index < first + (k - j)) {
                cls[0] = t->cls[i];
                cls[1] = t->cls[j];
                cls[2] = t->cls[j + (index - first)];
                return;
            }
        }
    cls[0] = cls[1] = cls[2] = -1;
}

uint64_t hs_holdem_class_triples(int a, int b, int c) {
    if (a < 0 || b < 0 || c < 0 || a >= HS_HOLDEM_CLASSES || b >= HS_HOLDEM_CLASSES ||
        c >= HS_HOLDEM_CLASSES)
        return 0;
    uint64_t ha[12], hb[12], hc[12];
    int na = hs_holdem_class_hands(a, ha), nb = hs_holdem_class_hands(b, hb),
        nc = hs_holdem_class_hands(c, hc);
    uint64_t n = 0;
    for (int i = 0; i < na; i++)
        for (int j = 0; j < nb; j++) {
            if (ha[i] & hb[j])
                continue;
            for (int l = 0; l < nc; l++)
                n += ((ha[i] | hb[j]) & hc[l]) == 0;
        }
    return n;
}

uint64_t hs_holdem_preflop3_deals(int a, int b, int c) {
    return hs_holdem_class_triples(a, b, c) * hs_binom(HS_CARDS - 6, 5);
}

/* ---- one board --------------------------------------------------------------------------------
 */

static void prepare_board(const hs_holdem_preflop3 *t, uint64_t board, uint64_t weight,
                          p3_board *b) {
    const int k = t->k;
    b->weight = weight;
    /* Each class's hands avoiding the board, weakest first (insertion sort of at most 12). */
    int n = 0;
    for (int i = 0; i < k; i++) {
        b->start[i] = (uint16_t)n;
        for (int h = 0; h < t->n_hands[i]; h++) {
            uint64_t m = t->hands[i][h];
            if (m & board)
                continue;
            uint16_t r = (uint16_t)hs_poker_rank_kernel(board | m);
            int p = n++;
            while (p > b->start[i] && b->rank[p - 1] < r) {
                b->rank[p] = b->rank[p - 1];
                b->mask[p] = b->mask[p - 1];
                p--;
            }
            b->rank[p] = r;
            b->mask[p] = m;
        }
    }
    b->start[k] = (uint16_t)n;
    for (int i = 0; i < k; i++)
        memset(b->sel + b->start[i], i, (size_t)(b->start[i + 1] - b->start[i]));
    for (int h = 0; h < n; h++) {
        b->card1[h] = (uint8_t)__builtin_ctzll(b->mask[h]);
        b->card2[h] = (uint8_t)(63 - __builtin_clzll(b->mask[h]));
    }
    /* The masks of the hands avoiding each card. */
    for (int i = 0; i < k; i++) {
        uint16_t all = (uint16_t)((1u << (b->start[i + 1] - b->start[i])) - 1);
        for (int x = 0; x < HS_CARDS; x++)
            b->avoid[x][i] = all;
        for (int h = b->start[i]; h < b->start[i + 1]; h++) {
            uint16_t bit = (uint16_t)(1u << (h - b->start[i]));
            b->avoid[b->card1[h]][i] &= (uint16_t)~bit;
            b->avoid[b->card2[h]][i] &= (uint16_t)~bit;
        }
    }
    for (int i = k; i < P3_PAD; i++)
        for (int x = 0; x < HS_CARDS; x++)
            b->avoid[x][i] = 0;
    /* Every hand's place in every class: walk all hands from the weakest, group by group (equal
     * ranks), counting the hands of each class seen so far. */
    for (int h = 0; h < n; h++)
        b->order[h] = (uint16_t)h;
    hs_holdem_sort_worst_first(b->rank, b->order, b->tmp, n);
    uint8_t below[P3_PAD] = {0}, upto[P3_PAD] = {0};
    for (int gs = 0; gs < n;) {
        int ge = gs + 1;
        while (ge < n && b->rank[b->order[ge]] == b->rank[b->order[gs]])
            ge++;
        for (int g = gs; g < ge; g++)
            upto[b->sel[b->order[g]]]++;
        uint8_t packed[P3_PAD];
        for (int l = 0; l < P3_PAD; l++)
            packed[l] = (uint8_t)(below[l] | upto[l] << 4);
        for (int g = gs; g < ge; g++)
            memcpy(b->pos[b->order[g]], packed, sizeof packed);
        memcpy(below, upto, sizeof below);
        gs = ge;
    }
}

/* P3_LANES classes at a time, as GCC/Clang vector types: one 512-bit register with AVX-512, two
 * with AVX2, four SSE2 registers in the baseline form. */
typedef uint16_t p3_u16v __attribute__((vector_size(2 * P3_LANES)));
typedef uint8_t p3_u8v __attribute__((vector_size(P3_LANES)));

/* Population count of values below 2^16 in each lane of the p3_u16v variable x, in place. */
#define P3_POPCOUNT_SWAR(x)                                                                        \
    do {                                                                                           \
        x = x - ((x >> 1) & 0x5555u);                                                              \
        x = (x & 0x3333u) + ((x >> 2) & 0x3333u);                                                  \
        x = (x + (x >> 4)) & 0x0F0Fu;                                                              \
        x = (x + (x >> 8)) & 0x1Fu;                                                                \
    } while (0)

/* The same with AVX-512 BITALG's instruction. */
#define P3_POPCOUNT_BITALG(x) (x = (p3_u16v)_mm512_popcnt_epi16((__m512i)(x)))

/* dst = (1 << x) - 1 in each lane (x at most 12): by 16-bit shifts (AVX-512 BW has them), or by
 * 32-bit ones (AVX2 has only those: its 16-bit variable shifts would be emulated lane by lane). */
#define P3_LOWMASK16(dst, x)                                                                       \
    do {                                                                                           \
        p3_u16v x_ = (x);                                                                          \
        dst = ((x_ - x_ + 1) << x_) - 1;                                                           \
    } while (0)
typedef uint32_t p3_u32v __attribute__((vector_size(4 * P3_LANES)));
#define P3_LOWMASK32(dst, x)                                                                       \
    do {                                                                                           \
        p3_u32v w_ = __builtin_convertvector((x), p3_u32v);                                        \
        dst = __builtin_convertvector(((w_ - w_ + 1) << w_) - 1, p3_u16v);                         \
    } while (0)

/* Where the third player's worse and tied hands go, by how a compares with b. */
static const uint8_t SLOT_WORSE[3] = {HS_P3_WIN_A, HS_P3_TIE_AB, HS_P3_WIN_B};
static const uint8_t SLOT_TIED[3] = {HS_P3_TIE_AC, HS_P3_TIE_ABC, HS_P3_TIE_BC};

/* The kernel compiled four times: AVX-512 with its 16-bit population count (BITALG), AVX-512
 * (F, BW, VL), AVX2 and the baseline (only the baseline off x86-64). */
#ifdef P3_X86
/* GCC vectorizes with 256-bit registers on AVX-512 unless told otherwise (Clang's vector types
 * of 64 bytes take 512-bit registers anyway, and it has no such target option). */
#ifdef __clang__
#define P3_WIDE ""
#else
#define P3_WIDE ",prefer-vector-width=512"
#endif
#define P3_SUFFIX bitalg
#define P3_TARGET __attribute__((target("avx512f,avx512bw,avx512vl,avx512bitalg" P3_WIDE)))
#define P3_POPCOUNT P3_POPCOUNT_BITALG
#define P3_LOWMASK P3_LOWMASK16
#include "holdem_preflop3_kernel.h"

#define P3_SUFFIX avx512
#define P3_TARGET __attribute__((target("avx512f,avx512bw,avx512vl" P3_WIDE)))
#define P3_POPCOUNT P3_POPCOUNT_SWAR
#define P3_LOWMASK P3_LOWMASK16
#include "holdem_preflop3_kernel.h"

#define P3_SUFFIX avx2
#define P3_TARGET __attribute__((target("avx2")))
#define P3_POPCOUNT P3_POPCOUNT_SWAR
#define P3_LOWMASK P3_LOWMASK32
#include "holdem_preflop3_kernel.h"
#endif

#define P3_SUFFIX scalar
#define P3_TARGET
#define P3_POPCOUNT P3_POPCOUNT_SWAR
#define P3_LOWMASK P3_LOWMASK16
#include "holdem_preflop3_kernel.h"

/* The counting form `form` (HS_P3_FORM_*), or NULL when this CPU cannot run it. */
static void (*count_form(int form))(const hs_holdem_preflop3 *, p3_scratch *, int, uint64_t *) {
#ifdef P3_X86
    __builtin_cpu_init();
    if (form == HS_P3_FORM_BITALG)
        return hs_cpu_has_avx512() && __builtin_cpu_supports("avx512bitalg") ? count_boards_bitalg
                                                                             : NULL;
    if (form == HS_P3_FORM_AVX512)
        return hs_cpu_has_avx512() ? count_boards_avx512 : NULL;
    if (form == HS_P3_FORM_AVX2)
        return hs_cpu_has_avx2() ? count_boards_avx2 : NULL;
#endif
    return form == HS_P3_FORM_SCALAR ? count_boards_scalar : NULL;
}

/* ---- the job ----------------------------------------------------------------------------------
 */

static size_t p3_units(const hs_holdem_preflop3 *t) {
    return hs_holdem_units_of(t->boards, P3_BOARDS_PER_UNIT);
}

static void p3_unit(void *ctx, size_t unit, void *acc, void *scratch) {
    const p3_ctx *c = ctx;
    const hs_holdem_preflop3 *t = c->t;
    p3_scratch *s = scratch;
    uint64_t *counts = acc;
    size_t b0, b1;
    hs_holdem_unit_boards_of(t->boards, P3_BOARDS_PER_UNIT, unit, &b0, &b1);
    for (size_t b = b0; b < b1; b += P3_SUB) {
        int nb = b1 - b < P3_SUB ? (int)(b1 - b) : P3_SUB;
        for (int q = 0; q < nb; q++)
            prepare_board(t, t->boards->boards[b + (size_t)q], t->boards->weight[b + (size_t)q],
                          &s->b[q]);
        c->count(t, s, nb, counts);
    }
    counts[t->triples * HS_P3_OUTCOMES]++; /* units done */
}

static int p3_check(const void *ctx, const void *acc) {
    const hs_holdem_preflop3 *t = ((const p3_ctx *)ctx)->t;
    const uint64_t *c = acc;
    if (c[t->triples * HS_P3_OUTCOMES] != p3_units(t))
        return HS_ERR_CORRUPT;
    for (size_t x = 0; x < t->triples; x++, c += HS_P3_OUTCOMES) {
        int cls[3];
        hs_holdem_preflop3_triple(t, x, cls);
        uint64_t sum = 0;
        for (int o = 0; o < HS_P3_OUTCOMES; o++)
            sum += c[o];
        if (sum != hs_holdem_preflop3_deals(cls[0], cls[1], cls[2]))
            return HS_ERR_CORRUPT;
        /* a repeated class: its two players are alike */
        if (cls[0] == cls[1] &&
            (c[HS_P3_WIN_A] != c[HS_P3_WIN_B] || c[HS_P3_TIE_AC] != c[HS_P3_TIE_BC]))
            return HS_ERR_CORRUPT;
        if (cls[1] == cls[2] &&
            (c[HS_P3_WIN_B] != c[HS_P3_WIN_C] || c[HS_P3_TIE_AB] != c[HS_P3_TIE_AC]))
            return HS_ERR_CORRUPT;
    }
    return HS_OK;
}

int hs_holdem_preflop3_job_new_form(const hs_holdem_preflop3 *t, int form, hs_job **out) {
    *out = NULL;
    void (*count)(const hs_holdem_preflop3 *, p3_scratch *, int, uint64_t *) = count_form(form);
    if (count == NULL)
        return HS_ERR_ARG;
    p3_ctx *c = calloc(1, sizeof *c);
    if (c == NULL)
        return HS_ERR_NOMEM;
    c->t = t;
    c->count = count;
    c->def.name = "holdem preflop3";
    c->def.layout = 1;
    /* the counts, then the units done: all 64-bit words, merged word by word */
    c->def.acc_size = (t->triples * HS_P3_OUTCOMES + 1) * sizeof(uint64_t);
    c->def.scratch_size = sizeof(p3_scratch);
    c->def.unit = p3_unit;
    c->def.merge = NULL;
    c->def.check = p3_check;
    /* The selection is a parameter: a bit per class, in hexadecimal. */
    char params[64] = "classes=";
    size_t len = strlen(params);
    for (int d = 0; d < (HS_HOLDEM_CLASSES + 3) / 4; d++) {
        unsigned nibble = 0;
        for (int bit = 0; bit < 4; bit++) {
            int cls = 4 * d + bit;
            for (int i = 0; i < t->k && cls < HS_HOLDEM_CLASSES; i++)
                nibble |= (unsigned)(t->cls[i] == cls) << bit;
        }
        params[len++] = "0123456789abcdef"[nibble];
    }
    params[len] = '\0';
    return hs_job_new(&c->def, c, free, p3_units(t), params, hs_poker_tables_hash, out);
}

/* The form of an ISA path: AVX-512 with BITALG where the CPU has it. */
static int form_of_isa(hs_isa isa) {
    if (isa == HS_ISA_AVX512)
        return count_form(HS_P3_FORM_BITALG) != NULL ? HS_P3_FORM_BITALG : HS_P3_FORM_AVX512;
    return isa == HS_ISA_AVX2 ? HS_P3_FORM_AVX2 : HS_P3_FORM_SCALAR;
}

/* A trial of the measured choice: one board of the table counted into scratch counts. */
typedef struct p3_trial {
    const hs_holdem_preflop3 *t;
    p3_scratch *s;
    uint64_t *counts;
} p3_trial;

static void p3_trial_run(hs_isa isa, void *in) {
    const p3_trial *x = in;
    count_form(form_of_isa(isa))(x->t, x->s, 1, x->counts);
}

int hs_holdem_preflop3_form(const hs_holdem_preflop3 *t) {
    static const hs_isa forms[] = {HS_ISA_SCALAR, HS_ISA_AVX2, HS_ISA_AVX512};
    p3_trial x = {t, malloc(sizeof *x.s), calloc(t->triples * HS_P3_OUTCOMES, sizeof(uint64_t))};
    hs_isa pick = HS_ISA_SCALAR;
    if (x.s != NULL && x.counts != NULL) {
        const size_t b = t->boards->n_boards / 2;
        prepare_board(t, t->boards->boards[b], t->boards->weight[b], &x.s->b[0]);
        pick = hs_dispatch_choose_on(forms, 3, p3_trial_run, &x);
    }
    free(x.s);
    free(x.counts);
    return form_of_isa(pick);
}

int hs_holdem_preflop3_job_new(const hs_holdem_preflop3 *t, hs_job **out) {
    return hs_holdem_preflop3_job_new_form(t, hs_holdem_preflop3_form(t), out);
}

const uint64_t *hs_holdem_preflop3_job_counts(const hs_job *job) {
    return hs_job_acc_const(job);
}
