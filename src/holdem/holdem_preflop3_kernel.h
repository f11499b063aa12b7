/* The counting kernel of the three-way preflop table (holdem_preflop3.c), included once for each
 * instruction-set form with these defined:
 *   P3_SUFFIX    the form's name suffix (avx512, avx2, scalar)
 *   P3_TARGET    its function attribute (target ISA), or nothing
 *   P3_POPCOUNT  P3_POPCOUNT(x): x = its population count, lane by lane (a p3_u16v variable)
 *   P3_LOWMASK   P3_LOWMASK(dst, x): dst = (1 << x) - 1, lane by lane (x in 0..12)
 * They are statement macros, not functions: Clang refuses a 512-bit vector passed to or returned
 * from a function (even an inlined one) where AVX-512 is off, as in the AVX2 and baseline forms.
 * Every function here is defined for the form's target, so the vector code is compiled (and the
 * helpers inlined) for it; the arithmetic is integer, so every form gives the same counts. */
#define P3_CAT2(a, b) a##_##b
#define P3_CAT(a, b) P3_CAT2(a, b)
#define P3_NAME(name) P3_CAT(name, P3_SUFFIX)

/* The deals of hands a and b (disjoint) with every hand c of the classes [j, k): added to row. */
static inline __attribute__((always_inline)) P3_TARGET void
P3_NAME(count_pair)(const p3_board *b, int a, int bb, int j, int k,
                    uint16_t row[HS_P3_OUTCOMES][P3_PAD]) {
    const int cmp = b->rank[a] < b->rank[bb] ? 0 : b->rank[a] == b->rank[bb] ? 1 : 2;
    const uint8_t *pos = b->pos[cmp == 2 ? bb : a];
    const uint16_t *a1 = b->avoid[b->card1[a]], *a2 = b->avoid[b->card2[a]];
    const uint16_t *b1 = b->avoid[b->card1[bb]], *b2 = b->avoid[b->card2[bb]];
    uint16_t *worse = row[SLOT_WORSE[cmp]], *tied = row[SLOT_TIED[cmp]];
    uint16_t *better = row[HS_P3_WIN_C];
    /* Whole blocks of P3_LANES classes from the block holding j: the classes below j in it are
     * counted into row entries that are never read, and those past k have no hands (their masks
     * are zero). */
    const int end = (k + P3_LANES - 1) / P3_LANES * P3_LANES;
    for (int l = j / P3_LANES * P3_LANES; l < end; l += P3_LANES) {
        p3_u16v m, t, p, lo, le;
        memcpy(&m, a1 + l, sizeof m);
        memcpy(&t, a2 + l, sizeof t);
        m &= t;
        memcpy(&t, b1 + l, sizeof t);
        m &= t;
        memcpy(&t, b2 + l, sizeof t);
        m &= t;
        p3_u8v p8;
        memcpy(&p8, pos + l, sizeof p8);
        p = __builtin_convertvector(p8, p3_u16v);
        P3_LOWMASK(lo, p & 15);
        P3_LOWMASK(le, p >> 4);
        lo &= m;
        le &= m;
        p3_u16v c_lo = lo, c_le = le, c_all = m;
        P3_POPCOUNT(c_lo);
        P3_POPCOUNT(c_le);
        P3_POPCOUNT(c_all);
        p3_u16v v;
        memcpy(&v, worse + l, sizeof v);
        v += c_lo;
        memcpy(worse + l, &v, sizeof v);
        memcpy(&v, tied + l, sizeof v);
        v += c_le - c_lo;
        memcpy(tied + l, &v, sizeof v);
        memcpy(&v, better + l, sizeof v);
        v += c_all - c_le;
        memcpy(better + l, &v, sizeof v);
    }
}

/* Count every triple (A, B, C >= B) of boards b[0..nb) into acc. */
P3_TARGET static void P3_NAME(count_boards)(const hs_holdem_preflop3 *t, p3_scratch *s, int nb,
                                            uint64_t *acc) {
    const int k = t->k;
    for (int i = 0; i < k; i++)
        for (int j = i; j < k; j++) {
            for (int q = 0; q < nb; q++) {
                const p3_board *b = &s->b[q];
                memset(s->row[q], 0, sizeof s->row[q]);
                for (int a = b->start[i]; a < b->start[i + 1]; a++)
                    for (int bb = b->start[j]; bb < b->start[j + 1]; bb++)
                        if ((b->mask[a] & b->mask[bb]) == 0)
                            P3_NAME(count_pair)(b, a, bb, j, k, s->row[q]);
            }
            /* Each board weighted by the boards it stands for. */
            uint64_t *out = acc + t->off[(size_t)i * (size_t)k + (size_t)j] * HS_P3_OUTCOMES;
            for (int l = j; l < k; l++, out += HS_P3_OUTCOMES)
                for (int o = 0; o < HS_P3_OUTCOMES; o++) {
                    uint64_t sum = 0;
                    for (int q = 0; q < nb; q++)
                        sum += s->b[q].weight * s->row[q][o][l];
                    out[o] += sum;
                }
        }
}

#undef P3_NAME
#undef P3_CAT
#undef P3_CAT2
#undef P3_SUFFIX
#undef P3_TARGET
#undef P3_POPCOUNT
#undef P3_LOWMASK
