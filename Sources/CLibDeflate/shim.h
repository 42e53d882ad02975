#ifndef SHAPETURNS_CLIBDEFLATE_SHIM_H
#define SHAPETURNS_CLIBDEFLATE_SHIM_H

#if __has_include(<libdeflate.h>)
#include <libdeflate.h>
#else
#error "ShapeTurns needs libdeflate's headers: install them with 'apt-get install libdeflate-dev pkg-config' (or run scripts/bootstrap)."
#endif

#endif
