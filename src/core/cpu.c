/* Runtime instruction-set detection for the batch kernels. */
#include "handstat/cpu.h"

int hs_cpu_has_avx2(void) {
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
    /* __builtin_cpu_supports also checks that the OS enabled the AVX state (XGETBV). The CPU is
     * examined once, by the compiler runtime when the program loads (__builtin_cpu_init returns
     * at once after that): each call only reads the cached answer. */
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx2");
#else
    return 0;
#endif
}

int hs_cpu_has_avx512(void) {
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
           __builtin_cpu_supports("avx512vl") && __builtin_cpu_supports("avx512vbmi");
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
