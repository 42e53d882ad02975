#ifndef SHAPETURNS_CMEMORYTUNING_H
#define SHAPETURNS_CMEMORYTUNING_H

/// Serves allocations up to 16 MiB (a 4-megapixel canvas, 2048 × 2048) from the heap instead of fresh
/// mmaps, grows the heap 64 MiB at a time and keeps freed heap memory instead of handing it back
/// at once; does nothing on other C libraries. Returns 1 when all three settings took.
int shapeturns_keep_large_allocations_on_heap(void);

#endif
