/* handstat — which instruction-set paths this CPU can run, and which each kernel takes.
 *
 * Batch kernels come in a scalar form that always builds and runs, and AVX2 or AVX-512 forms
 * compiled with per-function target attributes. All forms give bit-identical results; only their
 * speed differs, and the widest is not always the fastest (gathers are slow on some CPUs). Each
 * dispatching kernel (hs_kernel below) makes its choice at its first call and keeps it for the
 * life of the process, by the first of these rules that applies (hs_kernel_rule says which):
 *   forced    HANDSTAT_ISA names a path: the kernel's widest form up to it.
 *   only      one of the kernel's forms runs on this CPU: that one.
 *   table     this CPU is in handstat's table of benchmarked CPUs (vendor, family and model
 *             from CPUID; hs_cpu_table_name names its row) and the row names a form for the
 *             kernel that runs here: that form. Nothing is timed; every process chooses alike.
 *   measured  HANDSTAT_ISA=measure: every form is timed on a small fixed input (a warm-up, then
 *             7 rounds in turn, each form's best round; 0.1-0.3 ms a kernel) and the fastest kept.
 *   default   otherwise (a CPU not in the table, a kernel its row leaves open, or no form the
 *             row names runs here, e.g. a virtual machine hiding AVX-512): the table's default
 *             order, the forms fastest on every CPU measured (the widest for card ids and hand
 *             states; scalar for masks and cribbage totals, where AVX2 won on one CPU by 8% and
 *             lost on another by 10%). Nothing is timed.
 * Why a table first: timing at every start cost most of a short command (about 17 M of the
 * 20 M instructions of `handstat --version`), and it is noisy where two forms are close or the
 * machine is loaded (on AMD Zen 3 the cribbage totals took their scalar form in 2 of 20
 * processes, on Zen 5 the hand states AVX2 in 19 of 20 before their trial changed), while the
 * table is free and the same in every process. The table holds the forms measured fastest by
 * the benchmarks of bench/measurements.md on each CPU (src/core/cpu_table.c cites them); a
 * machine's row can be checked with `HANDSTAT_ISA=measure handstat --version`. Nothing is
 * written to disk.
 *
 * The environment variable HANDSTAT_ISA:
 *   HANDSTAT_ISA=scalar   every kernel takes its scalar form
 *   HANDSTAT_ISA=avx2     each kernel its AVX2 form where it has one, else the scalar
 *   HANDSTAT_ISA=avx512   each kernel its widest form (AVX-512, else AVX2, else scalar)
 *   HANDSTAT_ISA=measure  each kernel the form timed fastest here, even on a CPU in the table
 *   HANDSTAT_ISA=auto     (or unset, or empty) the rules above
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
 * form under it. 0 when it is unset, empty, auto, measure or not valid. */
HS_API int hs_isa_forced(void);

/* Parse an ISA name as HANDSTAT_ISA takes it: "scalar", "avx2", "avx512" into *isa (returns 1),
 * "auto" or "" (returns 0), "measure" (returns 2); -1 for anything else. *isa is written only
 * when 1 is returned. */
HS_API int hs_isa_parse(const char *text, hs_isa *isa);

/* The dispatching kernels: each takes one of its forms by the rules above, and its hs_*_path()
 * function says which. */
typedef enum hs_kernel {
    HS_KERNEL_POKER_IDS = 0,   /* hs_poker_rank7_ids_batch (scalar, AVX2, AVX-512) */
    HS_KERNEL_POKER_STATE = 1, /* hs_poker_state_rank_pairs / _triples / _quads (all three) */
    HS_KERNEL_POKER_MASKS = 2, /* hs_poker_rank_batch (scalar, AVX2) */
    HS_KERNEL_CRIB_TOTALS = 3, /* hs_crib_total_batch (scalar, AVX2) */
    HS_KERNEL_COUNT = 4
} hs_kernel;

/* How a kernel's form is chosen (the rules above). */
typedef enum hs_isa_rule {
    HS_ISA_RULE_FORCED = 0,
    HS_ISA_RULE_ONLY = 1,
    HS_ISA_RULE_TABLE = 2,
    HS_ISA_RULE_MEASURED = 3,
    HS_ISA_RULE_DEFAULT = 4
} hs_isa_rule;

/* The rule by which `kernel` (< HS_KERNEL_COUNT) chooses its form in this process. Cheap: it
 * reads CPUID, HANDSTAT_ISA and the table, but times nothing. Thread-safe. */
HS_API hs_isa_rule hs_kernel_rule(hs_kernel kernel);

/* "forced", "only", "table", "measured" or "default". */
HS_API const char *hs_isa_rule_name(hs_isa_rule rule);

/* The name of this CPU's row in the table of benchmarked CPUs (such as "AMD Zen 5"), or NULL
 * when it has none. Thread-safe. */
HS_API const char *hs_cpu_table_name(void);

/* This CPU as CPUID tells it: the vendor ("Intel", "AMD", "other"; "other" with family and
 * model 0 off x86-64) and the display family and model (extended fields folded in, as Linux's
 * /proc/cpuinfo shows them). Thread-safe. */
HS_API const char *hs_cpu_id(unsigned *family, unsigned *model);

/* "scalar", "avx2" or "avx512". */
HS_API const char *hs_isa_name(hs_isa isa);

#ifdef __cplusplus
}
#endif

#endif
