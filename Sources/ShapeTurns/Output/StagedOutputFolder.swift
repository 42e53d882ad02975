import Foundation

/// A whole set being written: files go into a hidden staging folder beside the destination,
/// `.NAME.shapeturns-partial`, which takes the destination's place in one rename once everything
/// is written. A failed run removes what it made; a killed run leaves only the staging folder,
/// which `--resume` finishes and `--force` starts over.
final class StagedOutputFolder {
    enum State {
        /// Ready to write into `folder`; `resuming` when an unfinished run's files are there.
        case ready(resuming: Bool)
        /// `--resume` found the destination already complete.
        case alreadyComplete
    }

    let destination: URL
    let staging: URL
    let folder: SetFolder
    private(set) var state = State.ready(resuming: false)
    private var createdAncestors = CreatedAncestors()
    private let fileManager = FileManager.default

    init(destination: URL, replaceExisting: Bool, resume: Bool) throws(ShapeTurnsError) {
        self.destination = destination.standardizedFileURL
        let parent = self.destination.deletingLastPathComponent()
        staging = parent.appendingPathComponent(".\(self.destination.lastPathComponent).shapeturns-partial")
        folder = SetFolder(root: staging, displayRoot: self.destination, writesInPlace: true)
        let unfinished = fileManager.fileExists(atPath: staging.path)
        let holdsFiles = try destinationHoldsFiles()
        if unfinished, resume {
            // Also a killed --force run: the old set stays in place until the new one is complete.
            state = .ready(resuming: true)
            return
        }
        if holdsFiles, !replaceExisting {
            guard resume else { throw .outputNotEmpty(path: self.destination.path) }
            state = .alreadyComplete
            return
        }
        if unfinished {
            guard replaceExisting else { throw .unfinishedRun(path: self.destination.path) }
            try? fileManager.removeItem(at: staging)
        }
        let destinationPath = self.destination.path
        try createdAncestors.create(parent) { reason in .cannotCreateOutput(path: destinationPath, reason: reason) }
        guard mkdir(staging.path, 0o777) == 0 else {
            let reason = String(cString: strerror(errno))
            discard()
            throw .cannotCreateOutput(path: self.destination.path, reason: reason)
        }
    }

    /// Puts the finished set in place of the destination.
    func commit() throws(ShapeTurnsError) {
        let path = destination.path
        var displaced: URL?
        if fileManager.fileExists(atPath: path) {
            let old = destination.deletingLastPathComponent()
                .appendingPathComponent(".\(destination.lastPathComponent).shapeturns-old")
            do {
                if fileManager.fileExists(atPath: old.path) {
                    try fileManager.removeItem(at: old)
                }
                try fileManager.moveItem(at: destination, to: old)
            } catch {
                throw .ioFailure(path: path, reason: SetFolder.reason(error))
            }
            displaced = old
        }
        guard rename(staging.path, path) == 0 else {
            let reason = String(cString: strerror(errno))
            if let displaced {
                _ = rename(displaced.path, path)
            }
            throw .ioFailure(path: path, reason: reason)
        }
        if let displaced {
            try? fileManager.removeItem(at: displaced)
        }
    }

    /// Removes the staging folder and any folders above the destination this run created.
    func discard() {
        try? fileManager.removeItem(at: staging)
        createdAncestors.removeAll()
    }

    private func destinationHoldsFiles() throws(ShapeTurnsError) -> Bool {
        var isFolder: ObjCBool = false
        guard fileManager.fileExists(atPath: destination.path, isDirectory: &isFolder) else { return false }
        guard isFolder.boolValue else {
            throw .cannotCreateOutput(path: destination.path, reason: "a file of that name is in the way")
        }
        return !((try? fileManager.contentsOfDirectory(atPath: destination.path)) ?? []).isEmpty
    }
}
