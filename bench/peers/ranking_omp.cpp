// OMPEval's side of ranking.cpp, in a file of its own built with -O3 -march=native as OMPEval is:
// its incremental Hand in nested loops (its own benchmark's card-by-card shape, and the pair loop
// handstat's benchmark uses) and from random card ids. OMPEval's card ids: 4 * rank + suit,
// deuce = rank 0.
#include <omp/HandEvaluator.h>

#include <cstddef>
#include <cstdint>

namespace {
const omp::HandEvaluator *ev;
omp::Hand card[52], pair[1326];
} // namespace

extern "C" void omp_init() {
    ev = new omp::HandEvaluator();
    for (unsigned c = 0; c < 52; c++)
        card[c] = omp::Hand(c);
    int i = 0;
    for (int a = 1; a < 52; a++)
        for (int b = 0; b < a; b++)
            pair[i++] = card[a] + card[b];
}

extern "C" unsigned omp_rank7(const uint8_t *ids) {
    omp::Hand h = omp::Hand::empty();
    for (int j = 0; j < 7; j++)
        h += card[ids[j]];
    return ev->evaluate(h);
}

// All k-card hands, one card per level, written out as OMPEval's own benchmark loops, one
// function per hand size (this shape measured fastest for OMPEval here: a recursive template or
// one function for the three sizes ran 10-30% slower).
extern "C" uint64_t omp_cards7() {
    const omp::HandEvaluator &e = *ev;
    const omp::Hand *C = card;
    uint64_t s = 0;
    for (unsigned c1 = 0; c1 < 52; c1++) {
        omp::Hand h1 = omp::Hand::empty() + C[c1];
        for (unsigned c2 = c1 + 1; c2 < 52; c2++) {
            omp::Hand h2 = h1 + C[c2];
            for (unsigned c3 = c2 + 1; c3 < 52; c3++) {
                omp::Hand h3 = h2 + C[c3];
                for (unsigned c4 = c3 + 1; c4 < 52; c4++) {
                    omp::Hand h4 = h3 + C[c4];
                    for (unsigned c5 = c4 + 1; c5 < 52; c5++) {
                        omp::Hand h5 = h4 + C[c5];
                        for (unsigned c6 = c5 + 1; c6 < 52; c6++) {
                            omp::Hand h6 = h5 + C[c6];
                            for (unsigned c7 = c6 + 1; c7 < 52; c7++)
                                s += e.evaluate(h6 + C[c7]);
                        }
                    }
                }
            }
        }
    }
    return s;
}
extern "C" uint64_t omp_cards6() {
    const omp::HandEvaluator &e = *ev;
    const omp::Hand *C = card;
    uint64_t s = 0;
    for (unsigned c1 = 0; c1 < 52; c1++) {
        omp::Hand h1 = omp::Hand::empty() + C[c1];
        for (unsigned c2 = c1 + 1; c2 < 52; c2++) {
            omp::Hand h2 = h1 + C[c2];
            for (unsigned c3 = c2 + 1; c3 < 52; c3++) {
                omp::Hand h3 = h2 + C[c3];
                for (unsigned c4 = c3 + 1; c4 < 52; c4++) {
                    omp::Hand h4 = h3 + C[c4];
                    for (unsigned c5 = c4 + 1; c5 < 52; c5++) {
                        omp::Hand h5 = h4 + C[c5];
                        for (unsigned c6 = c5 + 1; c6 < 52; c6++)
                            s += e.evaluate(h5 + C[c6]);
                    }
                }
            }
        }
    }
    return s;
}
extern "C" uint64_t omp_cards5() {
    const omp::HandEvaluator &e = *ev;
    const omp::Hand *C = card;
    uint64_t s = 0;
    for (unsigned c1 = 0; c1 < 52; c1++) {
        omp::Hand h1 = omp::Hand::empty() + C[c1];
        for (unsigned c2 = c1 + 1; c2 < 52; c2++) {
            omp::Hand h2 = h1 + C[c2];
            for (unsigned c3 = c2 + 1; c3 < 52; c3++) {
                omp::Hand h3 = h2 + C[c3];
                for (unsigned c4 = c3 + 1; c4 < 52; c4++) {
                    omp::Hand h4 = h3 + C[c4];
                    for (unsigned c5 = c4 + 1; c5 < 52; c5++)
                        s += e.evaluate(h4 + C[c5]);
                }
            }
        }
    }
    return s;
}

// The same hands, cards going down, the last two as one loop over the pairs below (handstat's
// inline pair loop, given to OMPEval's Hand).
template <int K> static void pairs(const omp::Hand &h, int lim, uint64_t &sum) {
    if constexpr (K == 2) {
        const int n = lim * (lim - 1) / 2;
        for (int p = 0; p < n; p++)
            sum += ev->evaluate(h + pair[p]);
    } else {
        for (int c = K - 1; c < lim; c++)
            pairs<K - 1>(h + card[c], c, sum);
    }
}
extern "C" uint64_t omp_pairs7() {
    uint64_t sum = 0;
    pairs<7>(omp::Hand::empty(), 52, sum);
    return sum;
}

extern "C" uint64_t omp_ids(const uint8_t *p, size_t n) {
    uint64_t sum = 0;
    for (size_t i = 0; i < n; i++, p += 7)
        sum += ev->evaluate(omp::Hand::empty() + card[p[0]] + card[p[1]] + card[p[2]] + card[p[3]] +
                            card[p[4]] + card[p[5]] + card[p[6]]);
    return sum;
}
