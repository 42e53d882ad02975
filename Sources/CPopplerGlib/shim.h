#ifndef SHAPETURNS_CPOPPLERGLIB_SHIM_H
#define SHAPETURNS_CPOPPLERGLIB_SHIM_H

#if __has_include(<poppler.h>)
#include <poppler.h>
#include <cairo.h>
#else
#error "ShapeTurns' scanner needs poppler-glib's headers: install them with 'apt-get install libpoppler-glib-dev' (or run scripts/bootstrap)."
#endif

#endif
