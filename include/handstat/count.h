/* handstat — the exact count type every enumeration past 64 bits uses: an unsigned 128-bit
 * integer (GCC and Clang's __int128). Counts never wrap: an enumeration that could pass it
 * refuses with HS_ERR_OVERFLOW instead. */
#ifndef HANDSTAT_COUNT_H
#define HANDSTAT_COUNT_H

#ifdef __cplusplus
extern "C" {
#endif

__extension__ typedef unsigned __int128 hs_uint128;

#ifdef __cplusplus
}
#endif

#endif
