import Foundation

/// Writes one file so that readers see the old file or the whole new one, never a part, even
/// after a power cut: the bytes go to a hidden temporary file (unique to this process) in the
/// same folder, which is fsynced, renamed over the target, and the folder fsynced.
package enum AtomicFileWriter {
    /// Writes `bytes` to `path`, replacing a file already there. Fails with `cannotCreateFile`
    /// (status 73) when the folder is missing or unwritable or the disk is full; nothing is left
    /// behind then.
    package static func write(_ bytes: [UInt8], to path: String) throws(ShapeTurnsError) {
        let target = URL(fileURLWithPath: path)
        let folder = target.deletingLastPathComponent()
        let temporary = folder.appendingPathComponent(".\(target.lastPathComponent).\(getpid()).shapeturns-tmp").path
        let descriptor = open(EscapedBytes.cString(temporary), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else {
            throw .cannotCreateFile(path: path, reason: String(cString: strerror(errno)))
        }
        var failure = FileDescriptorWriter.writeAll(bytes, to: descriptor)
        if failure == nil, fsync(descriptor) != 0 {
            failure = errno
        }
        if close(descriptor) != 0, failure == nil {
            failure = errno
        }
        if failure == nil, rename(EscapedBytes.cString(temporary), EscapedBytes.cString(target.path)) != 0 {
            failure = errno
        }
        if let failure {
            unlink(EscapedBytes.cString(temporary))
            throw .cannotCreateFile(path: path, reason: String(cString: strerror(failure)))
        }
        try Durability.syncFolder(at: folder.path)
    }
}
