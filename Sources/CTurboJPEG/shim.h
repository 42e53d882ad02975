#ifndef SHAPETURNS_CTURBOJPEG_SHIM_H
#define SHAPETURNS_CTURBOJPEG_SHIM_H

#if __has_include(<turbojpeg.h>)
#include <turbojpeg.h>
#else
#error "ShapeTurns' compare and scanner need libjpeg-turbo's TurboJPEG headers: install them with 'apt-get install libturbojpeg0-dev' (or run scripts/bootstrap)."
#endif

#endif
