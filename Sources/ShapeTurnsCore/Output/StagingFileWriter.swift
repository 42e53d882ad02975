import Foundation

/// Writes the many new files of one output folder (a report's images) into its hidden staging
/// folder, where nobody reads them: each file is created and written whole, with no fsync, no
/// temporary name and no rename of its own. The folder is made durable as a whole instead: its
/// owner (`ReportFolder.finish`) flushes the file system once (syncfs(2)) and only then renames
/// the folder into place, so after a crash a reader finds the old output or the complete new
/// one, as with a file-by-file fsync, at one flush instead of two a file (the file's and its
/// folder's). Each file's size and CRC-32 are recorded as it is written, so the folder's record
/// (`OutputRecord`) needs no second read of the files.
///
/// Safe to use from several threads at once; each name may be written once.
package final class StagingFileWriter: @unchecked Sendable {
    /// The staging folder every name is relative to (bytes that are not UTF-8 as `EscapedBytes`).
    package let root: String
    private let lock = NSLock()
    private var madeFolders: Set<String> = []
    private var checksums: [String: FileChecksum] = [:]

    /// A writer into the existing folder `root`, which only this run writes (a hidden staging
    /// folder the policy made).
    package init(root: String) {
        self.root = root
    }

    /// Creates `relativePath` (folders above it are made as needed) holding `bytes`. Fails with
    /// `cannotCreateFile` (73) when the file exists already, a folder cannot be made or the disk
    /// is full; a file that failed half-written is removed.
    package func write(_ bytes: [UInt8], to relativePath: String) throws(ShapeTurnsError) {
        let path = PathBytes.join(root, relativePath)
        try makeFolders(above: relativePath, reportedAs: path)
        if let failure = FileDescriptorWriter.writeNewFile(bytes, atPathBytes: EscapedBytes.bytes(path), syncing: false)
        {
            if failure.created { unlink(EscapedBytes.cString(path)) }
            throw .cannotCreateFile(path: path, reason: failure.reason)
        }
        let checksum = FileChecksum(bytes)
        lock.lock()
        checksums[relativePath] = checksum
        lock.unlock()
    }

    /// Every file written so far, by its path relative to `root`, with its size and CRC-32.
    package var written: [String: FileChecksum] {
        lock.lock()
        defer { lock.unlock() }
        return checksums
    }

    /// Makes each missing folder between `root` and `relativePath`'s file, once per run.
    private func makeFolders(above relativePath: String, reportedAs path: String) throws(ShapeTurnsError) {
        lock.lock()
        defer { lock.unlock() }
        var folder = ""
        for component in relativePath.split(separator: "/").dropLast() {
            folder += folder.isEmpty ? String(component) : "/" + component
            if madeFolders.contains(folder) { continue }
            // A folder already there is one this run made (only this run writes here).
            guard mkdir(EscapedBytes.cString(PathBytes.join(root, folder)), 0o777) == 0 || errno == EEXIST else {
                throw .cannotCreateFile(path: path, reason: String(cString: strerror(errno)))
            }
            madeFolders.insert(folder)
        }
    }
}
