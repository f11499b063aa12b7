/* The choice of a kernel's form by measured speed (handstat/cpu.h describes the rule). */
#ifndef HS_DISPATCH_INTERNAL_H
#define HS_DISPATCH_INTERNAL_H

#include "handstat/cpu.h"

#include <stdatomic.h>
#include <stddef.h>

/* The form a kernel takes, among `forms` (n of them, each named by the ISA it needs; one of them
 * HS_ISA_SCALAR): under a HANDSTAT_ISA that names a path, the widest this CPU runs under it;
 * otherwise, of the forms this CPU runs, the fastest by trial(isa, in), which runs the form of
 * that ISA once on a fixed input (about 10-50 microseconds of work): each form is called once to
 * warm up, then 7 rounds in turn, and a form's best round counts. `in` is `size` bytes of heap
 * made by init(in) (when init is not NULL) before the first trial; HS_ISA_SCALAR when they cannot
 * be allocated. Thread-safe if init and trial are. */
hs_isa hs_dispatch_choose(const hs_isa *forms, int n, size_t size, void (*init)(void *in),
                          void (*trial)(hs_isa isa, void *in));

/* The same with the caller's input `in` (a kernel whose speed depends on its data: the trial runs
 * it on the data at hand). */
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
