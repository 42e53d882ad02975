#ifndef SHAPETURNS_CCAIRO_SHIM_H
#define SHAPETURNS_CCAIRO_SHIM_H

#if __has_include(<cairo.h>)
#include <cairo.h>
#include <cairo-svg.h>
#include <cairo-pdf.h>
#else
#error "ShapeTurns needs Cairo's headers: install them with 'apt-get install libcairo2-dev pkg-config' (or run scripts/bootstrap)."
#endif

#endif
