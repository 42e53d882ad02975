#ifndef SHAPETURNS_CPANGO_SHIM_H
#define SHAPETURNS_CPANGO_SHIM_H

#if __has_include(<pango/pangocairo.h>)
#include <pango/pangocairo.h>
#else
#error "ShapeTurns needs Pango's headers to set worksheet text: install them with 'apt-get install libpango1.0-dev' (or run scripts/bootstrap)."
#endif

#endif
