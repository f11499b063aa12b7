/* handstat — which instruction-set paths this CPU can run, and which each kernel takes.
 *
 * Batch kernels come in a scalar form that always builds and runs, and AVX2 or AVX-512 forms
 * compiled with per-function target attributes. All forms give bit-identical results; only their
 * speed differs, and the widest is not always the fastest (gathers are slow on some CPUs). So each
 * dispatching entry point takes, among the forms this CPU can run, the one measured fastest: at
 * its first call it times every form on a small fixed input (a few rounds in turn, well under a
 * millisecond in all) and keeps the fastest for the life of the process.
 *
 * The environment variable HANDSTAT_ISA overrides the measurement:
 *   HANDSTAT_ISA=scalar   every kernel takes its scalar form
 *   HANDSTAT_ISA=avx2     each kernel its AVX2 form where it has one, else the scalar
 *   HANDSTAT_ISA=avx512   each kernel its widest form (AVX-512, else AVX2, else scalar)
 *   HANDSTAT_ISA=auto     (or unset, or empty) the measured choice
 * A named ISA is a cap: where this CPU lacks it the next narrower one it has is taken. The
 * variable is read once, at the first call that needs it; a value not in the list counts as
 * auto (hs_isa_parse tells a caller which values are valid). */
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

/* The widest path this CPU can run under the HANDSTAT_ISA cap (AVX-512, else AVX2, else scalar).
 * hs_cpu_has_avx2() and hs_cpu_has_avx512() answer under the same cap: with HANDSTAT_ISA=avx2,
 * hs_cpu_has_avx512() is 0. Not every kernel has every form. */
HS_API hs_isa hs_isa_best(void);

/* 1 when HANDSTAT_ISA names a path (scalar, avx2 or avx512): the kernels then take their widest
 * form under it instead of the measured fastest. 0 when it is unset, empty, auto or not valid. */
HS_API int hs_isa_forced(void);

/* Parse an ISA name as HANDSTAT_ISA takes it: "scalar", "avx2", "avx512" into *isa (returns 1),
 * "auto" or "" (returns 0, *isa untouched); -1 for anything else. */
HS_API int hs_isa_parse(const char *text, hs_isa *isa);

/* "scalar", "avx2" or "avx512". */
HS_API const char *hs_isa_name(hs_isa isa);

#ifdef __cplusplus
}
#endif

#endif
