import Foundation

/// A set being written: files go into a hidden staging folder beside the destination, which
/// takes the destination's place in one rename once everything is written. A failed run removes
/// what it made; a killed run leaves only the hidden staging folder, never a half-written set.
final class StagedOutputFolder {
    let destination: URL
    let staging: URL
    private let replaceExisting: Bool
    private var createdAncestors = CreatedAncestors()
    private var createdFolders: Set<String> = []
    private let fileManager = FileManager.default

    init(destination: URL, replaceExisting: Bool) throws(ShapeTurnsError) {
        self.destination = destination.standardizedFileURL
        self.replaceExisting = replaceExisting
        let parent = self.destination.deletingLastPathComponent()
        staging = parent.appendingPathComponent(".\(self.destination.lastPathComponent).shapeturns-partial")
        try checkDestination()
        let destinationPath = self.destination.path
        try createdAncestors.create(parent) { reason in .cannotCreateOutput(path: destinationPath, reason: reason) }
        if fileManager.fileExists(atPath: staging.path) {
            try? fileManager.removeItem(at: staging)
        }
        guard mkdir(staging.path, 0o777) == 0 else {
            let reason = String(cString: strerror(errno))
            discard()
            throw .cannotCreateOutput(path: self.destination.path, reason: reason)
        }
    }

    /// Writes `bytes` to `relativePath` inside the set, through a temporary file and a rename.
    func write(_ bytes: [UInt8], to relativePath: String) throws(ShapeTurnsError) {
        let target = staging.appendingPathComponent(relativePath)
        try ensureFolder(target.deletingLastPathComponent())
        let temporary = target.deletingLastPathComponent().appendingPathComponent(".\(target.lastPathComponent).tmp")
        do {
            try Data(bytes).write(to: temporary)
        } catch {
            throw .ioFailure(path: destinationPath(of: relativePath), reason: Self.reason(error))
        }
        guard rename(temporary.path, target.path) == 0 else {
            throw .ioFailure(path: destinationPath(of: relativePath), reason: String(cString: strerror(errno)))
        }
    }

    /// Opens a file inside the set for writing in pieces, for set-wide files too large to hold in memory.
    func openStream(to relativePath: String) throws(ShapeTurnsError) -> FileHandle {
        let target = staging.appendingPathComponent(relativePath)
        try ensureFolder(target.deletingLastPathComponent())
        guard fileManager.createFile(atPath: target.path, contents: nil),
              let handle = FileHandle(forWritingAtPath: target.path) else {
            throw .ioFailure(path: destinationPath(of: relativePath), reason: String(cString: strerror(errno)))
        }
        return handle
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
                throw .ioFailure(path: path, reason: Self.reason(error))
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

    private func checkDestination() throws(ShapeTurnsError) {
        var isFolder: ObjCBool = false
        guard fileManager.fileExists(atPath: destination.path, isDirectory: &isFolder) else { return }
        guard isFolder.boolValue else {
            throw .cannotCreateOutput(path: destination.path, reason: "a file of that name is in the way")
        }
        let contents = (try? fileManager.contentsOfDirectory(atPath: destination.path)) ?? []
        if !contents.isEmpty, !replaceExisting {
            throw .outputNotEmpty(path: destination.path)
        }
    }

    private func ensureFolder(_ folder: URL) throws(ShapeTurnsError) {
        guard !createdFolders.contains(folder.path) else { return }
        do {
            try fileManager.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw .ioFailure(path: folder.path, reason: Self.reason(error))
        }
        createdFolders.insert(folder.path)
    }

    private func destinationPath(of relativePath: String) -> String {
        destination.appendingPathComponent(relativePath).path
    }

    /// The operating system's reason, without Foundation's wrapping.
    static func reason(_ error: any Error) -> String {
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError,
           underlying.domain == NSPOSIXErrorDomain,
           let code = POSIXErrorCode(rawValue: Int32(underlying.code)) {
            return String(cString: strerror(code.rawValue))
        }
        if nsError.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(nsError.code)))
        }
        return nsError.localizedDescription
    }
}
