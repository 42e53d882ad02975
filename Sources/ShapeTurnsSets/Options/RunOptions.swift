import Foundation
import ShapeGame
import ShapeRendering
import ShapeTurnsCore

/// How a set is produced, as opposed to what it holds: none of these change a single byte of the
/// result, so none is recorded in the manifest.
public struct RunOptions: Sendable {
    /// The most render jobs a run may use.
    package static let jobLimit = 256

    /// Turns rendered at once; defaults to the number of cores.
    public var jobs = ProcessInfo.processInfo.activeProcessorCount
    /// Render only this part of the set, into a shared folder finished by `merge`.
    public var shard: Shard?
    /// Finish a run that was killed, keeping the turns it completed.
    public var resume = false
    /// Replace an existing set, or start an unfinished one over.
    public var force = false
    /// Told how many turns of how many are done, after each batch.
    public var progress: (@Sendable (_ done: Int, _ total: Int) -> Void)?

    /// The defaults: every core, the whole set, no resume, no force, no progress.
    public init() {}

    /// Checks the options, throwing an error that names the one out of range.
    package func validate() throws(ShapeTurnsError) {
        guard (1...Self.jobLimit).contains(jobs) else {
            throw .invalidOption(.jobs, reason: "must be 1 to \(Self.jobLimit) (got \(jobs))")
        }
        if resume, force {
            throw .invalidOption(
                "\(.resume) with \(.force)", because: "choose one: \(.resume) finishes a run, \(.force) starts over")
        }
    }
}
