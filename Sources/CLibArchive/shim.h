#ifndef SHAPETURNS_CLIBARCHIVE_SHIM_H
#define SHAPETURNS_CLIBARCHIVE_SHIM_H

#if __has_include(<archive.h>)
#include <archive.h>
#include <archive_entry.h>
#else
#error "ShapeTurns needs libarchive's headers for tar shards: install them with 'apt-get install libarchive-dev pkg-config' (or run scripts/bootstrap)."
#endif

#endif
