/* Runtime instruction-set detection, the HANDSTAT_ISA cap, and the choice of a kernel's form by
 * HANDSTAT_ISA, the table of benchmarked CPUs (cpu_table.c) or measurement (handstat/cpu.h,
 * dispatch_internal.h). */
#include "handstat/cpu.h"
#include "dispatch_internal.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <cpuid.h>
#endif

int hs_isa_parse(const char *text, hs_isa *isa) {
    if (text == NULL || text[0] == '\0' || strcmp(text, "auto") == 0)
        return 0;
    if (strcmp(text, "measure") == 0)
        return 2;
    static const char *const names[] = {"scalar", "avx2", "avx512"};
    for (int i = 0; i < 3; i++)
        if (strcmp(text, names[i]) == 0) {
            *isa = (hs_isa)i;
            return 1;
        }
    return -1;
}

/* HANDSTAT_ISA, read at the first call that needs it and kept (the environment of a process is
 * not expected to change under its kernels): bit 4 says it was read, bit 3 that it asks to
 * measure, bit 2 that it names a path, bits 0-1 the cap (HS_ISA_AVX512 when it names none).
 * Threads reading it at once store the same word. */
static int isa_env(void) {
    static atomic_int word;
    int w = atomic_load_explicit(&word, memory_order_relaxed);
    if (w == 0) {
        hs_isa cap = HS_ISA_AVX512;
        int kind = hs_isa_parse(getenv("HANDSTAT_ISA"), &cap);
        w = 16 | (kind == 2) << 3 | (kind == 1) << 2 | (int)cap;
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

/* CPUID's vendor, display family and model, read once: bit 30 says read, bits 24-25 the vendor,
 * bits 12-23 the family, bits 0-11 the model. Threads reading it at once store the same word. */
static int cpu_word(void) {
    static atomic_int word;
    int w = atomic_load_explicit(&word, memory_order_relaxed);
    if (w == 0) {
        int vendor = HS_VENDOR_OTHER;
        unsigned family = 0, model = 0;
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
        unsigned a, b, c, d;
        if (__get_cpuid(0, &a, &b, &c, &d)) {
            /* the vendor string is EBX, EDX, ECX: "GenuineIntel", "AuthenticAMD" */
            if (b == 0x756e6547 && d == 0x49656e69 && c == 0x6c65746e)
                vendor = HS_VENDOR_INTEL;
            else if (b == 0x68747541 && d == 0x69746e65 && c == 0x444d4163)
                vendor = HS_VENDOR_AMD;
        }
        if (__get_cpuid(1, &a, &b, &c, &d)) {
            /* the display family and model: the extended family added where the base one is
             * 0xf, the extended model as the high nibble where the base family is 6 or 0xf */
            const unsigned base = (a >> 8) & 0xf;
            family = base + (base == 0xf ? (a >> 20) & 0xff : 0);
            model = ((a >> 4) & 0xf) | (base == 6 || base == 0xf ? ((a >> 16) & 0xf) << 4 : 0);
        }
#endif
        w = 1 << 30 | vendor << 24 | (int)(family & 0xfff) << 12 | (int)(model & 0xfff);
        atomic_store_explicit(&word, w, memory_order_relaxed);
    }
    return w;
}

const char *hs_cpu_id(unsigned *family, unsigned *model) {
    const int w = cpu_word();
    *family = (unsigned)(w >> 12) & 0xfff;
    *model = (unsigned)w & 0xfff;
    const int vendor = (w >> 24) & 3;
    return vendor == HS_VENDOR_INTEL ? "Intel" : vendor == HS_VENDOR_AMD ? "AMD" : "other";
}

static const hs_cpu_row *cpu_row(void) {
    const int w = cpu_word();
    return hs_cpu_table_find((w >> 24) & 3, (unsigned)(w >> 12) & 0xfff, (unsigned)w & 0xfff);
}

const char *hs_cpu_table_name(void) {
    const hs_cpu_row *r = cpu_row();
    return r != NULL ? r->name : NULL;
}

const unsigned hs_kernel_forms[HS_KERNEL_COUNT] = {
    [HS_KERNEL_POKER_IDS] = 7u,
    [HS_KERNEL_POKER_STATE] = 7u,
    [HS_KERNEL_POKER_MASKS] = 3u,
    [HS_KERNEL_CRIB_TOTALS] = 3u,
};

/* The first form of `order` (fastest first, ended by -1) among `forms` that runs here, or -1. */
static int first_runnable(unsigned forms, const signed char *order) {
    for (int i = 0; order != NULL && i < 3 && order[i] >= 0; i++)
        if ((forms >> order[i] & 1) && isa_runs((hs_isa)order[i]))
            return order[i];
    return -1;
}

/* The rule for a kernel with the forms `forms` (bit i: ISA i), its order in this CPU's row (or
 * NULL) and the default order (or NULL: then measured); *pick the form it gives (the widest that
 * runs, or the table's; untouched for "measured"). */
static hs_isa_rule rule_of(unsigned forms, const signed char *order, const signed char *fallback,
                           hs_isa *pick) {
    hs_isa widest = HS_ISA_SCALAR;
    int runnable = 0;
    for (int isa = 0; isa < 3; isa++)
        if ((forms >> isa & 1) && isa_runs((hs_isa)isa)) {
            runnable++;
            widest = (hs_isa)isa;
        }
    *pick = widest;
    if (hs_isa_forced())
        return HS_ISA_RULE_FORCED;
    if (runnable <= 1)
        return HS_ISA_RULE_ONLY;
    if (isa_env() & 8)
        return HS_ISA_RULE_MEASURED;
    int f = first_runnable(forms, order);
    if (f >= 0) {
        *pick = (hs_isa)f;
        return HS_ISA_RULE_TABLE;
    }
    if ((f = first_runnable(forms, fallback)) >= 0) {
        *pick = (hs_isa)f;
        return HS_ISA_RULE_DEFAULT;
    }
    return HS_ISA_RULE_MEASURED;
}

static hs_isa_rule kernel_rule(hs_kernel kernel, hs_isa *pick) {
    const hs_cpu_row *r = cpu_row();
    return rule_of(hs_kernel_forms[kernel], r != NULL ? r->order[kernel] : NULL,
                   hs_cpu_default_order[kernel], pick);
}

hs_isa_rule hs_kernel_rule(hs_kernel kernel) {
    hs_isa pick;
    return kernel_rule(kernel, &pick);
}

const char *hs_isa_rule_name(hs_isa_rule rule) {
    switch (rule) {
    case HS_ISA_RULE_FORCED:
        return "forced";
    case HS_ISA_RULE_ONLY:
        return "only";
    case HS_ISA_RULE_TABLE:
        return "table";
    case HS_ISA_RULE_MEASURED:
        return "measured";
    case HS_ISA_RULE_DEFAULT:
        return "default";
    }
    return "?";
}

static double now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

/* The forms of a bit set as a list, narrowest first. */
static int forms_list(unsigned forms, hs_isa list[3]) {
    int n = 0;
    for (int isa = 0; isa < 3; isa++)
        if (forms >> isa & 1)
            list[n++] = (hs_isa)isa;
    return n;
}

/* Timing each form in turn: one warm-up call of each (tables into the caches), then rounds; each
 * form's best round counts, so that a round slowed by another process does not decide. */
static hs_isa measure(const hs_isa *forms, int n, void (*trial)(hs_isa isa, void *in), void *in) {
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

hs_isa hs_dispatch_choose(hs_kernel kernel, size_t size, void (*init)(void *in),
                          void (*trial)(hs_isa isa, void *in)) {
    hs_isa pick;
    if (kernel_rule(kernel, &pick) != HS_ISA_RULE_MEASURED)
        return pick;
    void *in = malloc(size > 0 ? size : 1);
    if (in == NULL)
        return HS_ISA_SCALAR;
    if (init != NULL)
        init(in);
    hs_isa forms[3];
    const int n = forms_list(hs_kernel_forms[kernel], forms);
    pick = measure(forms, n, trial, in);
    free(in);
    return pick;
}

hs_isa hs_dispatch_choose_on(const hs_isa *forms, int n, void (*trial)(hs_isa isa, void *in),
                             void *in) {
    unsigned set = 0;
    for (int i = 0; i < n; i++)
        set |= 1u << forms[i];
    hs_isa pick;
    if (rule_of(set, NULL, NULL, &pick) != HS_ISA_RULE_MEASURED)
        return pick;
    return measure(forms, n, trial, in);
}
