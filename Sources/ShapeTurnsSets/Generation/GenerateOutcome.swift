import ShapeGame
import ShapeRendering
import ShapeTurnsCore

/// What `SetGenerator.generate` did.
public enum GenerateOutcome: Sendable {
    /// The whole set is in place.
    case completed(SetManifest)
    /// `--resume` found the set already complete and left it alone.
    case alreadyComplete
    /// One shard's turns are written; `merge` completes the set once every shard is.
    case shardFinished(Shard, turns: ClosedRange<Int>?)
}
