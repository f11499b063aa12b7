/* Facts about the enumeration layer's thread pool. */
#include "handstat/progress.h"

#include <omp.h>

int hs_default_threads(void) {
    return omp_get_max_threads();
}
