#include "CBuildInfo.h"

#ifndef SHAPETURNS_COMMIT
#define SHAPETURNS_COMMIT ""
#endif

const char *shapeturns_build_commit(void) { return SHAPETURNS_COMMIT; }
