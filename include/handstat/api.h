/* handstat — HS_API marks what the library exports. The library is built with hidden
 * visibility, so only the functions and tables declared with HS_API in these headers are symbols
 * of libhandstat.so; everything else stays internal. */
#ifndef HANDSTAT_API_H
#define HANDSTAT_API_H

#if defined(__GNUC__) || defined(__clang__)
#define HS_API __attribute__((visibility("default")))
#else
#define HS_API
#endif

#endif
