#ifndef SHAPETURNS_CLIBTIFF_SHIM_H
#define SHAPETURNS_CLIBTIFF_SHIM_H

#if __has_include(<tiffio.h>)
#include <tiffio.h>
#else
#error "ShapeTurns' scanner needs libtiff's headers: install them with 'apt-get install libtiff-dev' (or run scripts/bootstrap)."
#endif

#endif
