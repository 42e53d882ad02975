import Foundation

/// Files replaced, added and removed across a folder tree as one change (`approve`): nothing is
/// touched until every new file is written and every removal is possible, so a failure half-way
/// leaves every target as it was.
///
/// - `stage(_:at:)` writes a hidden `.NAME.PID.shapeturns-partial` beside the target, creating
///   the folders above it;
/// - `stageRemoval(of:)` renames the target aside to `.NAME.PID.shapeturns-removed`, which
///   proves it can be removed and keeps its bytes until `commit()`;
/// - `commit()` renames each staged file over its target, then deletes what was set aside;
/// - `rollback()` deletes the staged files, puts back what was set aside and removes the
///   folders it created (when they are empty).
///
/// Targets must be checked by the caller first (inside their folder, never an input).
final class StagedReplacements {
    private var written: [(temporary: String, target: String)] = []
    private var removed: [(aside: String, target: String)] = []
    private var createdAncestors = CreatedAncestors()

    /// Writes `bytes` to a hidden file that becomes `target` on `commit()`.
    func stage(_ bytes: [UInt8], at target: String) throws(ShapeTurnsError) {
        let url = URL(fileURLWithPath: target)
        let folder = url.deletingLastPathComponent()
        try createdAncestors.create(folder) { reason in .cannotCreateFile(path: target, reason: reason) }
        let temporary = folder.appendingPathComponent(StagedOutputFiles.temporaryName(for: url.lastPathComponent)).path
        let failure = FileDescriptorWriter.writeNewFile(bytes, at: temporary)
        if failure?.created ?? true {
            written.append((temporary, target))
        }
        if let failure {
            throw .cannotCreateFile(path: target, reason: failure.reason)
        }
    }

    /// Sets `target` aside, to be deleted on `commit()` or put back on `rollback()`.
    func stageRemoval(of target: String) throws(ShapeTurnsError) {
        let url = URL(fileURLWithPath: target)
        let aside = url.deletingLastPathComponent().appendingPathComponent(
            ".\(url.lastPathComponent).\(getpid()).shapeturns-removed"
        ).path
        guard rename(target, aside) == 0 else {
            throw .ioFailure(path: target, reason: String(cString: strerror(errno)))
        }
        removed.append((aside, target))
    }

    /// Puts every staged file in place and deletes what was set aside. A rename that fails now
    /// (it did not when staging in the same folder) stops there: the files not yet renamed and
    /// those set aside are put back, and the message says how many were already replaced.
    func commit() throws(ShapeTurnsError) {
        let folders = Set(written.map { URL(fileURLWithPath: $0.target).deletingLastPathComponent().path })
        for (index, file) in written.enumerated() where rename(file.temporary, file.target) != 0 {
            let reason = String(cString: strerror(errno))
            let total = written.count
            written.removeFirst(index)
            rollback()
            throw .ioFailure(
                path: file.target,
                reason: "\(reason); \(index) of \(total) files had been replaced before it, the others are unchanged"
            )
        }
        written.removeAll()
        for file in removed {
            unlink(file.aside)
        }
        removed.removeAll()
        for folder in folders.sorted() {
            try Durability.syncFolder(at: folder)
        }
    }

    /// Undoes everything staged: no target is changed.
    func rollback() {
        for file in written {
            unlink(file.temporary)
        }
        written.removeAll()
        for file in removed.reversed() {
            rename(file.aside, file.target)
        }
        removed.removeAll()
        createdAncestors.removeAll()
    }
}
