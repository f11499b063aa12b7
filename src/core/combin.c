/* The binomial table of combin.h, from the product formula C(n, k) = n (n-1) ... (n-k+1) / k!
 * evaluated by the compiler: a factor n - i is zero when k > n, so the entries past n are 0. */
#include "combin.h"

#define F(n, i) ((uint64_t)(n) - (i))
#define C1(n) F(n, 0)
#define C2(n) (C1(n) * F(n, 1) / 2)
#define C3(n) (C2(n) * F(n, 2) / 3)
#define C4(n) (C3(n) * F(n, 3) / 4)
#define C5(n) (C4(n) * F(n, 4) / 5)
#define C6(n) (C5(n) * F(n, 5) / 6)
#define C7(n) (C6(n) * F(n, 6) / 7)
#define C8(n) (C7(n) * F(n, 7) / 8)
/* Each step is exact: C(n, k-1) (n - k + 1) / k = C(n, k). A factor (uint64_t)n - i wraps when
 * i > n, but only after an earlier factor n - n = 0 has made the product 0. */
#define ROW(n)                                                                                     \
    { 1, C1(n), C2(n), C3(n), C4(n), C5(n), C6(n), C7(n), C8(n) }

const uint64_t hs_binom_table[HS_BINOM_N][HS_BINOM_K] = {
    ROW(0),  ROW(1),  ROW(2),  ROW(3),  ROW(4),  ROW(5),  ROW(6),  ROW(7),  ROW(8),
    ROW(9),  ROW(10), ROW(11), ROW(12), ROW(13), ROW(14), ROW(15), ROW(16), ROW(17),
    ROW(18), ROW(19), ROW(20), ROW(21), ROW(22), ROW(23), ROW(24), ROW(25), ROW(26),
    ROW(27), ROW(28), ROW(29), ROW(30), ROW(31), ROW(32), ROW(33), ROW(34), ROW(35),
    ROW(36), ROW(37), ROW(38), ROW(39), ROW(40), ROW(41), ROW(42), ROW(43), ROW(44),
    ROW(45), ROW(46), ROW(47), ROW(48), ROW(49), ROW(50), ROW(51), ROW(52)};
