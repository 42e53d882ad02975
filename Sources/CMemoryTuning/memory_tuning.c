#include "CMemoryTuning.h"

#include <stdlib.h> // defines __GLIBC__ on glibc

#if defined(__GLIBC__)
#include <malloc.h>
#endif

int shapeturns_keep_large_allocations_on_heap(void) {
#if defined(__GLIBC__)
    int mapped = mallopt(M_MMAP_THRESHOLD, 16 << 20);
    int trimmed = mallopt(M_TRIM_THRESHOLD, 1 << 30);
    int padded = mallopt(M_TOP_PAD, 64 << 20);
    return mapped && trimmed && padded;
#else
    return 0;
#endif
}
