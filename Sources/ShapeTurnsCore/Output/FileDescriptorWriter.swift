import Foundation

/// Writes a whole buffer to a file descriptor.
package enum FileDescriptorWriter {
    /// What went wrong writing a new file: whether it was created (and so must be removed), and
    /// the `errno`.
    package struct Failure: Error {
        let created: Bool
        let code: Int32
        var reason: String { String(cString: strerror(code)) }
    }

    /// Creates the file `path` (which must not exist), writes `bytes`, fsyncs and closes it.
    package static func writeNewFile(_ bytes: [UInt8], at path: String) -> Failure? {
        writeNewFile(bytes, atPathBytes: EscapedBytes.bytes(path))
    }

    /// `writeNewFile(_:at:)` for a path given as bytes (a walked name need not be UTF-8).
    /// Without `syncing`, the file is not fsynced: for a staging folder flushed as a whole
    /// (`StagingFileWriter`).
    package static func writeNewFile(_ bytes: [UInt8], atPathBytes path: [UInt8], syncing: Bool = true) -> Failure? {
        let descriptor = open(PathBytes.cString(path), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else { return Failure(created: false, code: errno) }
        var failure = writeAll(bytes, to: descriptor)
        if failure == nil, syncing, fsync(descriptor) != 0 {
            failure = errno
        }
        if close(descriptor) != 0, failure == nil {
            failure = errno
        }
        return failure.map { Failure(created: true, code: $0) }
    }

    /// Writes every byte, retrying short writes and interruptions; the `errno` of a failure.
    package static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Int32? {
        bytes.withUnsafeBytes { writeAll($0, to: descriptor) }
    }

    /// Writes every byte of `buffer`, retrying short writes and interruptions; the `errno` of a failure.
    package static func writeAll(_ buffer: UnsafeRawBufferPointer, to descriptor: Int32) -> Int32? {
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
