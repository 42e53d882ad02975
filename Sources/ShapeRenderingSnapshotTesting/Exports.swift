// The Cairo strategies are built on the PNG strategies and take their options and tolerances.
@_exported import ShapeTurnsSnapshotTesting
