#ifndef SHAPETURNS_CWEBP_SHIM_H
#define SHAPETURNS_CWEBP_SHIM_H

#if __has_include(<webp/decode.h>)
#include <webp/decode.h>
#else
#error "ShapeTurns' compare reads WebP images with libwebp: install its headers with 'apt-get install libwebp-dev' (or run scripts/bootstrap)."
#endif

#endif
