/* The choice of a kernel's form: by HANDSTAT_ISA, the table of benchmarked CPUs or measured speed
 * (handstat/cpu.h describes the rules). */
#ifndef HS_DISPATCH_INTERNAL_H
#define HS_DISPATCH_INTERNAL_H

#include "handstat/cpu.h"

#include <stdatomic.h>
#include <stddef.h>

/* CPU vendors the table knows. */
enum { HS_VENDOR_OTHER = 0, HS_VENDOR_INTEL = 1, HS_VENDOR_AMD = 2 };

/* A row of the table of benchmarked CPUs (cpu_table.c): the CPUs of `vendor` and display
 * `family` with a model in [model_lo, model_hi], and for each kernel (hs_kernel) the forms
 * measured there, fastest first, ended by -1 (at once where they were not compared there). */
typedef struct hs_cpu_row {
    int vendor;
    unsigned family, model_lo, model_hi;
    const char *name;
    signed char order[HS_KERNEL_COUNT][3];
} hs_cpu_row;

/* The rows, hs_cpu_rows of them (no two overlap). */
extern const hs_cpu_row hs_cpu_table[];
extern const int hs_cpu_rows;

/* The order for a CPU without a row, or a kernel its row leaves open: the forms fastest on
 * every CPU measured (cpu_table.c). */
extern const signed char hs_cpu_default_order[HS_KERNEL_COUNT][3];

/* The row of a CPU, NULL when none holds it. */
const hs_cpu_row *hs_cpu_table_find(int vendor, unsigned family, unsigned model);

/* The forms of each kernel (bit i: it has the form of ISA i). */
extern const unsigned hs_kernel_forms[HS_KERNEL_COUNT];

/* The form `kernel` takes by the rules of handstat/cpu.h. When they say "measured",
 * trial(isa, in) runs the form of that ISA once on a fixed input (about 10-50 microseconds of
 * work): each form is called once to warm up, then 7 rounds in turn, and a form's best round
 * counts. `in` is `size` bytes of heap made by init(in) (when init is not NULL) before the first
 * trial; HS_ISA_SCALAR when they cannot be allocated. Thread-safe if init and trial are. */
hs_isa hs_dispatch_choose(hs_kernel kernel, size_t size, void (*init)(void *in),
                          void (*trial)(hs_isa isa, void *in));

/* For a kernel outside the table whose speed depends on its data, with the caller's input `in`
 * (the trial runs it on the data at hand), among `forms` (n of them, each named by the ISA it
 * needs; one of them HS_ISA_SCALAR): under a HANDSTAT_ISA that names a path, the widest this CPU
 * runs under it; otherwise the fastest of those it runs, timed as above. */
hs_isa hs_dispatch_choose_on(const hs_isa *forms, int n, void (*trial)(hs_isa isa, void *in),
                             void *in);

/* The choice kept in *slot (0: not made yet, else the ISA + 1): made by choose() at the first
 * call; when threads race, the first stored answer is everyone's. */
static inline hs_isa hs_dispatch_cached(atomic_int *slot, hs_isa (*choose)(void)) {
    int v = atomic_load_explicit(slot, memory_order_acquire);
    if (v == 0) {
        int expected = 0;
        v = (int)choose() + 1;
        if (!atomic_compare_exchange_strong(slot, &expected, v))
            v = expected;
    }
    return (hs_isa)(v - 1);
}

#endif
