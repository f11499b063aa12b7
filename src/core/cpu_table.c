/* The table of benchmarked CPUs (dispatch_internal.h, handstat/cpu.h): for each microarchitecture
 * measured, each kernel's forms in the order they ran there, fastest first. A kernel takes the
 * first of its row's forms that this machine runs (a virtual machine or valgrind may hide
 * AVX-512: the next one measured is then the right one, with no timing). A row is keyed by the
 * display family and model of CPUID (as /proc/cpuinfo shows them), by core: the kernels' speed
 * depends on the core's vector units and caches, not on the part. Add a row only from measurements
 * recorded in bench/measurements.md or results/BENCHMARKS.md, and cite them. */
#include "dispatch_internal.h"

#include <stddef.h>

enum { S = HS_ISA_SCALAR, A2 = HS_ISA_AVX2, A5 = HS_ISA_AVX512, END = -1 };

/* One row a line: */
/* clang-format off */

/* A row: vendor, family, models, name, then the order of each kernel in hs_kernel's order (card
 * ids, hand states, masks, crib totals). */
#define ROW(vendor, family, lo, hi, name, ids, state, masks, crib) \
    {HS_VENDOR_##vendor, family, lo, hi, name, {ids, state, masks, crib}}
#define WIDEST {A5, A2, S}
#define AVX2_FIRST {A2, S, END}
#define SCALAR_FIRST {S, A2, END}
#define UNMEASURED {END, END, END}

const hs_cpu_row hs_cpu_table[] = {
    /* AMD Zen 3, family 0x19 models 0x00-0x0f (EPYC Milan), 0x20-0x2f and 0x40-0x5f (Ryzen 5000
     * desktop and mobile); Zen 4's models of that family are not here. Measured on EPYC family
     * 0x19 model 0x01 under KVM (bench/measurements.md, "The dispatch by a table of benchmarked
     * CPUs"): card ids AVX2 315-323 against scalar 217-244 M/s; the seven-card quads AVX2 1131
     * against scalar 758 M/s; masks scalar 185 against AVX2 125 M/s; crib totals scalar 204-212
     * against AVX2 175-193 M/s (the old timed choice took AVX2 in 18 of 20 processes: its trial,
     * a stride walk of the deck, is kinder to the AVX2 form than random hands). */
    ROW(AMD, 0x19, 0x00, 0x0f, "AMD Zen 3", AVX2_FIRST, AVX2_FIRST, SCALAR_FIRST, SCALAR_FIRST),
    ROW(AMD, 0x19, 0x20, 0x2f, "AMD Zen 3", AVX2_FIRST, AVX2_FIRST, SCALAR_FIRST, SCALAR_FIRST),
    ROW(AMD, 0x19, 0x40, 0x5f, "AMD Zen 3", AVX2_FIRST, AVX2_FIRST, SCALAR_FIRST, SCALAR_FIRST),
    /* AMD Zen 5 with full-width (512-bit) vector units: family 0x1a models 0x00-0x1f (EPYC
     * Turin) and 0x40-0x4f (Ryzen 9000 desktop). The mobile parts (models 0x20-0x2f, 0x60-0x7f)
     * split 512-bit operations in two and are not here. Measured on EPYC family 0x1a model 0x02
     * (bench/measurements.md, "The kernels on AMD EPYC Zen 5", and results/BENCHMARKS.md): card
     * ids AVX-512 774-791, AVX2 634-653, scalar 414-426 M/s; states (the quads call) AVX-512 2550,
     * AVX2 2110, scalar 1296 M/s; masks scalar 355-363, AVX2 287-296 M/s; crib totals AVX2
     * 435-461, scalar 414-415 M/s. */
    ROW(AMD, 0x1a, 0x00, 0x1f, "AMD Zen 5", WIDEST, WIDEST, SCALAR_FIRST, AVX2_FIRST),
    ROW(AMD, 0x1a, 0x40, 0x4f, "AMD Zen 5", WIDEST, WIDEST, SCALAR_FIRST, AVX2_FIRST),
    /* Intel Sapphire Rapids and Emerald Rapids (Golden / Raptor Cove cores), family 6 models
     * 0x8f and 0xcf. Measured on an Intel Xeon with AVX-512 F/BW/VL/VBMI/VPOPCNTDQ, 48 KiB L1d
     * and 2 MiB L2 per core (its model was not recorded; those caches make it one of these two),
     * bench/measurements.md "The kernels' paths: measured dispatch and every ISA against
     * OMPEval": card ids AVX-512 424, AVX2 376, scalar 312 M/s; states (seven-card triples)
     * AVX-512 1414, AVX2 879, scalar 613 M/s. The masks batch and the crib totals were not
     * compared there: they take the default order below. */
    ROW(INTEL, 0x06, 0x8f, 0x8f, "Intel Sapphire Rapids", WIDEST, WIDEST, UNMEASURED, UNMEASURED),
    ROW(INTEL, 0x06, 0xcf, 0xcf, "Intel Emerald Rapids", WIDEST, WIDEST, UNMEASURED, UNMEASURED),
};

/* A CPU without a row (or a kernel its row leaves open): on every CPU measured above the card
 * ids and the hand states ran fastest in their widest form, and the masks in their scalar one;
 * the cribbage totals differ (scalar 10% faster on Zen 3, AVX2 8% on Zen 5): scalar, which every
 * machine runs. */
const signed char hs_cpu_default_order[HS_KERNEL_COUNT][3] = {WIDEST, WIDEST, SCALAR_FIRST,
                                                              SCALAR_FIRST};
/* clang-format on */

const int hs_cpu_rows = (int)(sizeof hs_cpu_table / sizeof hs_cpu_table[0]);

const hs_cpu_row *hs_cpu_table_find(int vendor, unsigned family, unsigned model) {
    for (int i = 0; i < hs_cpu_rows; i++) {
        const hs_cpu_row *r = &hs_cpu_table[i];
        if (r->vendor == vendor && r->family == family && r->model_lo <= model &&
            model <= r->model_hi)
            return r;
    }
    return NULL;
}
