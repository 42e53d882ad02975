#ifndef SHAPETURNS_CLIBPNG_SHIM_H
#define SHAPETURNS_CLIBPNG_SHIM_H

#if __has_include(<png.h>)
#include <png.h>
#else
#error "ShapeTurns needs libpng's headers: install them with 'apt-get install libpng-dev pkg-config' (or run scripts/bootstrap)."
#endif

#endif
