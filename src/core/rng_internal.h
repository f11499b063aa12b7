/* Private: the random streams of the samplers (hold'em equity, queries): deterministic per seed
 * and work unit, so an estimate is the same at every thread count. */
#ifndef HS_RNG_INTERNAL_H
#define HS_RNG_INTERNAL_H

#include <stdint.h>

__extension__ typedef unsigned __int128 rng_u128;

/* ---- random numbers --------------------------------------------------------------------------
 * SplitMix64 (Steele, Lea and Flood, "Fast splittable pseudorandom number generators", 2014;
 * Vigna's public-domain C version) seeds xoshiro256** 1.0 (Blackman and Vigna, "Scrambled linear
 * pseudorandom number generators", 2018; public domain), the generator; Lemire's multiply-shift
 * with rejection ("Fast random integer generation in an interval", 2019) draws exactly uniform
 * integers below a bound. */

typedef struct rng {
    uint64_t s[4];
} rng;

static inline uint64_t splitmix64(uint64_t *state) {
    uint64_t z = (*state += UINT64_C(0x9E3779B97F4A7C15));
    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    return z ^ (z >> 31);
}

static inline uint64_t rotl(uint64_t x, int k) {
    return (x << k) | (x >> (64 - k));
}

static inline uint64_t rng_next(rng *r) {
    uint64_t *s = r->s;
    const uint64_t result = rotl(s[1] * 5, 7) * 9;
    const uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return result;
}

/* Unit u's stream: SplitMix64 from the mixed seed xor u. Two units' SplitMix64 states differ by
 * less than 2^20, never by the few multiples of its increment that would make their four seed
 * words overlap; two seeds collide only if their mixes differ by such an xor (odds 2^-44). */
static inline void rng_seed(rng *r, uint64_t seed, uint64_t unit) {
    uint64_t state = seed;
    state = splitmix64(&state) ^ unit;
    for (int i = 0; i < 4; i++)
        r->s[i] = splitmix64(&state);
}

/* Uniform in [0, n), n >= 1: the high word of x * n, rejecting the low words below 2^64 mod n
 * that would favour some results. */
static inline uint64_t rng_below(rng *r, uint64_t n) {
    rng_u128 m = (rng_u128)rng_next(r) * n;
    uint64_t low = (uint64_t)m;
    if (low < n) {
        const uint64_t t = (0 - n) % n; /* = 2^64 mod n */
        while (low < t) {
            m = (rng_u128)rng_next(r) * n;
            low = (uint64_t)m;
        }
    }
    return (uint64_t)(m >> 64);
}

#endif
