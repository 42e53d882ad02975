import Foundation

/// Puts written bytes on the disk before a rename makes them visible, so that after a power cut
/// a reader finds the old file (or set) or the new one, never a new name over missing data.
package enum Durability {
    /// Flushes one file's data (a file about to be renamed into place).
    package static func syncFile(at path: String) throws(ShapeTurnsError) {
        try sync(path, flags: O_RDONLY, reportedAs: path)
    }

    /// Flushes a folder's entries: after a rename into it, the rename itself is on disk.
    package static func syncFolder(at path: String) throws(ShapeTurnsError) {
        try sync(path, flags: O_RDONLY | O_DIRECTORY, reportedAs: path)
    }

    /// `syncFolder(at:)` for a path given as bytes (a walked name need not be UTF-8).
    package static func syncFolder(atPathBytes path: [UInt8]) throws(ShapeTurnsError) {
        let descriptor = open(PathBytes.cString(path), O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        let shown = DisplayName.escaped(path)
        guard descriptor >= 0 else { throw .ioFailure(path: shown, reason: String(cString: strerror(errno))) }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 else { throw .ioFailure(path: shown, reason: String(cString: strerror(errno))) }
    }

    /// Flushes every file written on the file system holding `path` in one call (syncfs(2)),
    /// far cheaper than an fsync per file for a set of a million files written in place.
    package static func syncFileSystem(holding path: String) throws(ShapeTurnsError) {
        let descriptor = open(EscapedBytes.cString(path), O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw .ioFailure(path: path, reason: String(cString: strerror(errno)))
        }
        defer { close(descriptor) }
        guard let syncfs = fileSystemSync else {
            Glibc.sync()
            return
        }
        guard syncfs(descriptor) == 0 else {
            throw .ioFailure(path: path, reason: String(cString: strerror(errno)))
        }
    }

    /// glibc's syncfs(2), which Swift's Glibc module leaves out (it is a GNU extension); `nil`
    /// where the C library lacks it, and sync(2) serves instead.
    private static let fileSystemSync: (@convention(c) (Int32) -> Int32)? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "syncfs") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (Int32) -> Int32).self)
    }()

    private static func sync(_ path: String, flags: Int32, reportedAs name: String) throws(ShapeTurnsError) {
        let descriptor = open(EscapedBytes.cString(path), flags | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw .ioFailure(path: name, reason: String(cString: strerror(errno)))
        }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 else {
            throw .ioFailure(path: name, reason: String(cString: strerror(errno)))
        }
    }
}
