import Foundation

/// Writes one file so that readers see the old file or the whole new one, never a part:
/// the bytes go to a hidden temporary file in the same folder, which is then renamed.
enum AtomicFileWriter {
    /// Writes `bytes` to `path`, replacing a file already there. Fails with `cannotCreateFile`
    /// (status 73) when the folder is missing or unwritable or the disk is full; nothing is left
    /// behind then.
    static func write(_ bytes: [UInt8], to path: String) throws(ShapeTurnsError) {
        let target = URL(fileURLWithPath: path)
        let temporary = target.deletingLastPathComponent()
            .appendingPathComponent(".\(target.lastPathComponent).\(getpid()).shapeturns-tmp").path
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else {
            throw .cannotCreateFile(path: path, reason: String(cString: strerror(errno)))
        }
        var failure = writeAll(bytes, to: descriptor)
        if close(descriptor) != 0, failure == nil {
            failure = errno
        }
        if failure == nil, rename(temporary, target.path) != 0 {
            failure = errno
        }
        if let failure {
            unlink(temporary)
            throw .cannotCreateFile(path: path, reason: String(cString: strerror(failure)))
        }
    }

    /// Writes every byte, retrying short writes and interruptions; the `errno` of a failure.
    static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Int32? {
        bytes.withUnsafeBytes { writeAll($0, to: descriptor) }
    }

    /// Writes every byte of `buffer`, retrying short writes and interruptions; the `errno` of a failure.
    static func writeAll(_ buffer: UnsafeRawBufferPointer, to descriptor: Int32) -> Int32? {
        guard let base = buffer.baseAddress else { return nil }
        var offset = 0
        while offset < buffer.count {
            let written = Foundation.write(descriptor, base + offset, buffer.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                return errno
            }
            offset += written
        }
        return nil
    }
}
