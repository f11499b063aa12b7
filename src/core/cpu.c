/* Runtime instruction-set detection, the HANDSTAT_ISA cap, and the measured choice of a kernel's
 * form (handstat/cpu.h, dispatch_internal.h). */
#include "handstat/cpu.h"
#include "dispatch_internal.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

int hs_isa_parse(const char *text, hs_isa *isa) {
    if (text == NULL || text[0] == '\0' || strcmp(text, "auto") == 0)
        return 0;
    static const char *const names[] = {"scalar", "avx2", "avx512"};
    for (int i = 0; i < 3; i++)
        if (strcmp(text, names[i]) == 0) {
            *isa = (hs_isa)i;
            return 1;
        }
    return -1;
}

/* HANDSTAT_ISA, read at the first call that needs it and kept (the environment of a process is
 * not expected to change under its kernels): bit 3 says it was read, bit 2 that it names a path,
 * bits 0-1 the cap (HS_ISA_AVX512 when it names none). Threads reading it at once store the same
 * word. */
static int isa_env(void) {
    static atomic_int word;
    int w = atomic_load_explicit(&word, memory_order_relaxed);
    if (w == 0) {
        hs_isa cap = HS_ISA_AVX512;
        int forced = hs_isa_parse(getenv("HANDSTAT_ISA"), &cap) == 1;
        w = 8 | forced << 2 | (int)cap;
        atomic_store_explicit(&word, w, memory_order_relaxed);
    }
    return w;
}

int hs_isa_forced(void) {
    return (isa_env() >> 2) & 1;
}

static hs_isa isa_cap(void) {
    return (hs_isa)(isa_env() & 3);
}

int hs_cpu_has_avx2(void) {
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
    /* __builtin_cpu_supports also checks that the OS enabled the AVX state (XGETBV). The CPU is
     * examined once, by the compiler runtime when the program loads (__builtin_cpu_init returns
     * at once after that): each call only reads the cached answer. */
    __builtin_cpu_init();
    return isa_cap() >= HS_ISA_AVX2 && __builtin_cpu_supports("avx2");
#else
    return 0;
#endif
}

int hs_cpu_has_avx512(void) {
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
    __builtin_cpu_init();
    return isa_cap() >= HS_ISA_AVX512 && __builtin_cpu_supports("avx512f") &&
           __builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("avx512vl") &&
           __builtin_cpu_supports("avx512vbmi");
#else
    return 0;
#endif
}

hs_isa hs_isa_best(void) {
    return hs_cpu_has_avx512() ? HS_ISA_AVX512 : hs_cpu_has_avx2() ? HS_ISA_AVX2 : HS_ISA_SCALAR;
}

const char *hs_isa_name(hs_isa isa) {
    return isa == HS_ISA_AVX512 ? "avx512" : isa == HS_ISA_AVX2 ? "avx2" : "scalar";
}

static int isa_runs(hs_isa isa) {
    return isa == HS_ISA_SCALAR || (isa == HS_ISA_AVX2 && hs_cpu_has_avx2()) ||
           (isa == HS_ISA_AVX512 && hs_cpu_has_avx512());
}

static double now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

/* The widest of the forms this CPU runs, and whether a measurement has a choice to make. */
static hs_isa widest_of(const hs_isa *forms, int n, int *measure) {
    hs_isa widest = HS_ISA_SCALAR;
    int runnable = 0;
    for (int i = 0; i < n; i++)
        if (isa_runs(forms[i])) {
            runnable++;
            if (forms[i] > widest)
                widest = forms[i];
        }
    *measure = !hs_isa_forced() && runnable > 1;
    return widest;
}

hs_isa hs_dispatch_choose(const hs_isa *forms, int n, size_t size, void (*init)(void *in),
                          void (*trial)(hs_isa isa, void *in)) {
    int measure;
    hs_isa widest = widest_of(forms, n, &measure);
    if (!measure)
        return widest;
    void *in = malloc(size > 0 ? size : 1);
    if (in == NULL)
        return HS_ISA_SCALAR;
    if (init != NULL)
        init(in);
    hs_isa pick = hs_dispatch_choose_on(forms, n, trial, in);
    free(in);
    return pick;
}

hs_isa hs_dispatch_choose_on(const hs_isa *forms, int n, void (*trial)(hs_isa isa, void *in),
                             void *in) {
    int measure;
    hs_isa widest = widest_of(forms, n, &measure);
    if (!measure)
        return widest;
    /* One warm-up call of each form (tables into the caches), then rounds in turn; each form's
     * best round counts, so that a round slowed by another process does not decide. */
    enum { ROUNDS = 7 };
    double best[3] = {0, 0, 0};
    for (int r = -1; r < ROUNDS; r++)
        for (int i = 0; i < n; i++) {
            if (!isa_runs(forms[i]))
                continue;
            double t0 = now_ns();
            trial(forms[i], in);
            double t = now_ns() - t0;
            if (r >= 0 && (r == 0 || t < best[forms[i]]))
                best[forms[i]] = t;
        }
    hs_isa pick = HS_ISA_SCALAR;
    for (int i = 0; i < n; i++)
        if (isa_runs(forms[i]) && best[forms[i]] < best[pick])
            pick = forms[i];
    return pick;
}
