/* handstat — which instruction-set paths this CPU can run. Batch kernels come in a scalar form
 * that always builds and runs, and AVX2 or AVX-512 forms compiled with per-function target
 * attributes; each dispatching entry point picks the fastest form measured that this CPU can
 * run. All forms give bit-identical results. The CPU is examined once, when the program loads;
 * these calls only read the cached answer. */
#ifndef HANDSTAT_CPU_H
#define HANDSTAT_CPU_H

#include "handstat/api.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Instruction-set paths. */
typedef enum hs_isa { HS_ISA_SCALAR = 0, HS_ISA_AVX2 = 1, HS_ISA_AVX512 = 2 } hs_isa;

/* True when the AVX2 kernels were compiled in and this CPU supports AVX2 (and the OS saves its
 * registers). Thread-safe. */
HS_API int hs_cpu_has_avx2(void);

/* True when the AVX-512 kernels were compiled in and this CPU supports the AVX-512 subsets they
 * use: F, BW, VL and VBMI (Intel Ice Lake and later, AMD Zen 4 and later). Thread-safe. */
HS_API int hs_cpu_has_avx512(void);

/* The widest path this CPU can run (AVX-512, else AVX2, else scalar). Each dispatching function
 * documents which of its forms it takes; not every kernel has every form. */
HS_API hs_isa hs_isa_best(void);

/* "scalar", "avx2" or "avx512". */
HS_API const char *hs_isa_name(hs_isa isa);

#ifdef __cplusplus
}
#endif

#endif
