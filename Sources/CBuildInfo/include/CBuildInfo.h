#ifndef SHAPETURNS_CBUILDINFO_H
#define SHAPETURNS_CBUILDINFO_H

/// The commit these executables were built from, as `git rev-parse --short HEAD` printed it, or
/// "" when the build was not told (a plain `swift build`). scripts/package tells it through the
/// SHAPETURNS_COMMIT environment variable, which Package.swift turns into this file's one define.
const char *shapeturns_build_commit(void);

#endif
