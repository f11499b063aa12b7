/* handstat — which instruction-set paths this CPU can run. Batch kernels come in a scalar form
 * that always builds and runs, and an AVX2 form compiled with per-function target attributes;
 * the dispatching entry points pick the AVX2 form when the CPU has it. Both forms give
 * bit-identical results. */
#ifndef HANDSTAT_CPU_H
#define HANDSTAT_CPU_H

#include "handstat/api.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Instruction-set paths. */
typedef enum hs_isa { HS_ISA_SCALAR = 0, HS_ISA_AVX2 = 1 } hs_isa;

/* True when the AVX2 kernels were compiled in and this CPU supports AVX2 (and the OS saves its
 * registers). Thread-safe. */
HS_API int hs_cpu_has_avx2(void);

/* The path the dispatching batch functions take on this CPU. */
HS_API hs_isa hs_isa_best(void);

/* "scalar" or "avx2". */
HS_API const char *hs_isa_name(hs_isa isa);

#ifdef __cplusplus
}
#endif

#endif
