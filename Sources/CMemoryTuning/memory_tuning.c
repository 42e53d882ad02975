#include "CMemoryTuning.h"

#include <stdlib.h> // defines __GLIBC__ on glibc

#if defined(__GLIBC__)
#include <malloc.h>
#endif
#include <stdint.h>
#include <sys/mman.h>

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

void *shapeturns_image_memory(size_t bytes, size_t *mapped) {
    const size_t huge = (size_t)2 << 20;
    if (bytes == 0 || bytes > SIZE_MAX - 2 * huge) return NULL;
    const size_t length = (bytes + huge - 1) & ~(huge - 1);
    // Map a block more than asked, keep the part that starts on a 2 MiB boundary.
    uint8_t *start = mmap(NULL, length + huge, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (start == MAP_FAILED) return NULL;
    uint8_t *aligned = (uint8_t *)(((uintptr_t)start + huge - 1) & ~(uintptr_t)(huge - 1));
    if (aligned > start) munmap(start, (size_t)(aligned - start));
    const size_t tail = (size_t)(start + length + huge - (aligned + length));
    if (tail > 0) munmap(aligned + length, tail);
#if defined(MADV_HUGEPAGE)
    // Below 256 KiB zeroing a whole 2 MiB page costs about what the small pages' faults would.
    if (bytes >= ((size_t)256 << 10)) (void)madvise(aligned, length, MADV_HUGEPAGE);
#endif
    *mapped = length;
    return aligned;
}

void shapeturns_release_image_memory(void *start, size_t mapped) {
    if (start != NULL) munmap(start, mapped);
}
