#ifndef SHAPETURNS_CPNG_FAST_H
#define SHAPETURNS_CPNG_FAST_H

#include <stddef.h>
#include <stdint.h>

#include "CPNG.h"

// shapeturns_png_decode_fast (declared in CPNG.h) decodes the common, well-formed kind of PNG
// (8-bit grey, grey+alpha, RGB, RGBA or palette, not interlaced) with libdeflate, several times
// faster than libpng's zlib. It returns 1 when `pixels` holds the image, packed as
// shapeturns_png_decode documents, and 0, having decided nothing, for anything else (other
// depths, interlacing, tRNS outside palettes, any bad checksum or chunk), which libpng then
// decodes or rejects with its own words.

/// Readies a buffer about to be written whole (Linux): huge pages for a large one where
/// transparent huge pages are on request, and its pages faulted in at once rather than one trap
/// each. Does nothing elsewhere.
void shapeturns_png_prepare_buffer(void *start, size_t size);

#endif
