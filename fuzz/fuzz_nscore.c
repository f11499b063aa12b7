/* Fuzz target: the "Cribbage On Steroids" reader and both n-card scorers. Checks that the 64-bit
 * score, when it fits, equals the exact GMP score. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "handstat/handstat.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    uint64_t counts[HS_RANKS] = {0}, n = 0, total = 0;
    hs_parse_error err;
    int rc = hs_crib_nscore_parse((const char *)data, size, counts, &n, &err);
    if (rc != HS_OK) {
        if (err.offset > size || err.length > size - err.offset)
            abort();
        return 0;
    }
    for (int r = 0; r < HS_RANKS; r++)
        total += counts[r];
    if (total != n)
        abort();
    uint64_t narrow;
    mpz_t wide;
    mpz_init(wide);
    hs_crib_nscore_mpz(counts, wide);
    if (hs_crib_nscore_u64(counts, &narrow) == HS_OK) {
        if (mpz_cmp_ui(wide, (unsigned long)narrow) != 0)
            abort();
    } else if (mpz_sizeinbase(wide, 2) <= 64) {
        abort(); /* refused a value that fits */
    }
    mpz_clear(wide);
    return 0;
}
