#ifndef SHAPETURNS_CMEMORYTUNING_H
#define SHAPETURNS_CMEMORYTUNING_H

/// Serves allocations up to 16 MiB (a 4-megapixel canvas, 2048 × 2048) from the heap instead of fresh
/// mmaps, grows the heap 64 MiB at a time and keeps freed heap memory instead of handing it back
/// at once; does nothing on other C libraries. Returns 1 when all three settings took.
int shapeturns_keep_large_allocations_on_heap(void);

#include <stddef.h>

/// A mapping of its own for decoded images: at least `bytes`, rounded up to 2 MiB and starting on
/// a 2 MiB boundary, and from 256 KiB on advised for transparent huge pages, so that where the
/// kernel gives them each 2 MiB is one fault and one zeroing instead of 512 (populating 2 MiB
/// took 40-65 µs against 490-610 µs in 4 KiB pages). Stores the mapped length in `mapped`. NULL
/// when the system refuses the mapping; release with shapeturns_release_image_memory.
void *shapeturns_image_memory(size_t bytes, size_t *mapped);

/// Unmaps what shapeturns_image_memory returned.
void shapeturns_release_image_memory(void *start, size_t mapped);

#endif
