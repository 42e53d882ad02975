#ifndef SHAPETURNS_CAPRILTAG_SHIM_H
#define SHAPETURNS_CAPRILTAG_SHIM_H

#if __has_include(<apriltag/apriltag.h>)
#include <apriltag/apriltag.h>
#include <apriltag/tag36h11.h>
#include <apriltag/common/image_u8.h>
#include <apriltag/common/zarray.h>

/// The detection at `index` of a detector's result (zarray_get is a macro-like inline on a void**).
static inline apriltag_detection_t *shapeturns_detection_at(zarray_t *detections, int index) {
    apriltag_detection_t *detection = NULL;
    zarray_get(detections, index, &detection);
    return detection;
}
#else
#error "ShapeTurns' scanner needs libapriltag's headers: install them with 'apt-get install libapriltag-dev' (or run scripts/bootstrap)."
#endif

#endif
