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
package final class StagedReplacements {
    /// A target: its path as bytes (names need not be UTF-8) and as messages show it.
    package struct Target {
        package let path: [UInt8]
        package let display: String

        package init(path: [UInt8], display: String) {
            self.path = path
            self.display = display
        }

        var folder: [UInt8] { Array(path[..<(path.lastIndex(of: UInt8(ascii: "/")) ?? path.startIndex)]) }
        var name: [UInt8] { Array(path[((path.lastIndex(of: UInt8(ascii: "/")) ?? -1) + 1)...]) }

        /// A hidden file beside the target: `.NAME.PID.suffix`.
        func beside(suffix: String) -> [UInt8] {
            folder + Array("/.".utf8) + name + Array(".\(getpid())\(suffix)".utf8)
        }
    }

    private var written: [(temporary: [UInt8], target: Target)] = []
    private var removed: [(aside: [UInt8], target: Target)] = []
    private var createdAncestors = CreatedAncestors()

    package init() {}

    /// Writes `bytes` to a hidden file that becomes `target` on `commit()`.
    package func stage(_ bytes: [UInt8], at target: Target) throws(ShapeTurnsError) {
        let folder = target.folder
        guard let folderPath = String(validating: folder, as: UTF8.self) else {
            if access(PathBytes.cString(folder), F_OK) != 0 {
                throw .cannotCreateFile(
                    path: target.display,
                    reason: "its folder is missing and its name is not UTF-8, so it is not created")
            }
            return try write(bytes, at: target)
        }
        try createdAncestors.create(URL(fileURLWithPath: folderPath)) { reason in
            .cannotCreateFile(path: target.display, reason: reason)
        }
        try write(bytes, at: target)
    }

    private func write(_ bytes: [UInt8], at target: Target) throws(ShapeTurnsError) {
        let temporary = target.beside(suffix: StagedOutputFiles.partialSuffix)
        let failure = FileDescriptorWriter.writeNewFile(bytes, atPathBytes: temporary)
        if failure?.created ?? true {
            written.append((temporary, target))
        }
        if let failure {
            throw .cannotCreateFile(path: target.display, reason: failure.reason)
        }
    }

    /// Sets `target` aside, to be deleted on `commit()` or put back on `rollback()`.
    package func stageRemoval(of target: Target) throws(ShapeTurnsError) {
        let aside = target.beside(suffix: ".shapeturns-removed")
        guard Self.rename(target.path, aside) else {
            throw .ioFailure(path: target.display, reason: String(cString: strerror(errno)))
        }
        removed.append((aside, target))
    }

    /// Puts every staged file in place and deletes what was set aside. A rename that fails now
    /// (it did not when staging in the same folder) stops there: the files not yet renamed and
    /// those set aside are put back, and the message says how many were already replaced.
    package func commit() throws(ShapeTurnsError) {
        let folders = Set(written.map(\.target.folder))
        for (index, file) in written.enumerated() where !Self.rename(file.temporary, file.target.path) {
            let reason = String(cString: strerror(errno))
            let total = written.count
            written.removeFirst(index)
            rollback()
            throw .ioFailure(
                path: file.target.display,
                reason: "\(reason); \(index) of \(total) files had been replaced before it, the others are unchanged"
            )
        }
        written.removeAll()
        for file in removed {
            unlink(PathBytes.cString(file.aside))
        }
        removed.removeAll()
        for folder in folders.sorted(by: { $0.lexicographicallyPrecedes($1) }) {
            try Durability.syncFolder(atPathBytes: folder)
        }
    }

    /// Undoes everything staged: no target is changed.
    package func rollback() {
        for file in written {
            unlink(PathBytes.cString(file.temporary))
        }
        written.removeAll()
        for file in removed.reversed() {
            _ = Self.rename(file.aside, file.target.path)
        }
        removed.removeAll()
        createdAncestors.removeAll()
    }

    private static func rename(_ from: [UInt8], _ to: [UInt8]) -> Bool {
        Foundation.rename(PathBytes.cString(from), PathBytes.cString(to)) == 0
    }
}
