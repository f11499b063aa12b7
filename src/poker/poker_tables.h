/* Private: the generated poker tables (made by src/gen/gen_poker_tables.c at build time).
 *
 * The ranker (poker_internal.h, poker_batch.c, poker_avx2.c) reads three tables, 245,858 bytes
 * (240 KiB, under the 256 KiB budget):
 *   hs_poker_lane   8192 * 8 =  65,536   a suit lane -> base-5 rank key + flush class
 *   hs_poker_disp  16385 * 2 =  32,770   hash bucket -> displacement
 *   hs_poker_class 73776 * 2 = 147,552   perfect-hash slot -> class
 * The class info table (29,852 bytes) is read only by the describing functions.
 *
 * The non-flush class of a hand depends only on its multiset of card ranks. Its base-5 key
 * sum of count(r) * 5^r over the card ranks r (0 = ace .. 12 = king) is the sum of the four
 * lane keys. The 73,775 keys of multisets of 5, 6 or 7 ranks (none more than 4 times) go through
 * a minimal perfect hash (hash and displace): a multiplicative hash picks one of 2^14 buckets, the
 * bucket's 16-bit displacement is xored into the top half of a second multiplicative hash, and
 * that is scaled onto 0..73774 (mulhi). The generator chose the displacements so that no two
 * keys share a slot, and fails the build if the multipliers below stop working. */
#ifndef HS_POKER_TABLES_H
#define HS_POKER_TABLES_H

#include <stdint.h>

/* The perfect hash: the multipliers (found by `gen_poker_tables --search`), log2 of the number of
 * buckets, and the number of slots (= keys: the hash is minimal). */
#define HS_POKER_HASH_M1 0xd7363ca5u
#define HS_POKER_HASH_M2 0x12278575u
#define HS_POKER_HASH_BUCKET_BITS 14
#define HS_POKER_HASH_SLOTS 73775

/* The bucket of a rank key: the top 14 bits of key * M1 (mod 2^32). */
static inline uint32_t hs_poker_hash_bucket(uint32_t key, uint32_t m1) {
    return (key * m1) >> (32 - HS_POKER_HASH_BUCKET_BITS);
}

/* The slot of a rank key whose bucket has displacement d: key * M2 (mod 2^32) with d xored into
 * its top 16 bits, times SLOTS / 2^32 (the "fastrange" map onto 0..SLOTS-1, no division). */
static inline uint32_t hs_poker_hash_slot(uint32_t key, uint32_t m2, uint32_t d) {
    return (uint32_t)((uint64_t)((key * m2) ^ (d << 16)) * HS_POKER_HASH_SLOTS >> 32);
}

/* Per raw 13-bit suit lane of a hand mask (bit r = card rank r, 0 = ace): bits 0-31 the base-5
 * rank key sum of 5^r over the lane's ranks; bits 32-47 the lane's flush class (its best
 * straight flush 1..10, else the flush 323..1599 of its five highest ranks), 0 when the lane
 * holds fewer than five cards. The four lane entries of a hand of at most 7 cards add without
 * carries: the key digits stay <= 4 and at most one lane holds five cards. */
extern const uint64_t hs_poker_lane[8192];

/* The displacement of each hash bucket; one zero entry of padding at the end, so that a 32-bit
 * gather at any entry stays inside the table. */
extern const uint16_t hs_poker_disp[(1 << HS_POKER_HASH_BUCKET_BITS) + 1];

/* The non-flush class (1..7462) of the rank multiset in each perfect-hash slot; one entry of
 * padding at the end for 32-bit gathers. */
extern const uint16_t hs_poker_class[HS_POKER_HASH_SLOTS + 1];

/* Per class 1..7462 (index 0 unused): bits 0-19 the five defining card ranks (0 = ace ..
 * 12 = king), four bits each, most significant first; bits 20-23 the category 0..8. */
extern const uint32_t hs_poker_class_info[7463];

#endif
