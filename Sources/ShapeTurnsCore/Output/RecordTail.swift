import Foundation

/// The end of an append-only record file: a last line without its newline is a line torn by a
/// crash or a full disk mid-write, never acknowledged, and is cut off before another line is
/// appended (`AppendOnlyFolder`).
enum RecordTail {
    /// Cuts a torn last line off the file open at `descriptor` (read and write) and returns its
    /// length after: the offset where the next line starts.
    static func repair(_ descriptor: Int32, path: String) throws(ShapeTurnsError) -> off_t {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            throw .ioFailure(path: path, reason: String(cString: strerror(errno)))
        }
        let length = status.st_size
        guard length > 0 else { return 0 }
        var last: UInt8 = 0
        guard pread(descriptor, &last, 1, length - 1) == 1 else {
            throw .ioFailure(path: path, reason: String(cString: strerror(errno)))
        }
        guard last != UInt8(ascii: "\n") else { return length }
        let kept = try lengthThroughLastNewline(descriptor, length: length, path: path)
        guard ftruncate(descriptor, kept) == 0, fsync(descriptor) == 0 else {
            throw .ioFailure(path: path, reason: String(cString: strerror(errno)))
        }
        return kept
    }

    /// Truncates the file back to `length` after a failed append (best effort: a failure here
    /// leaves a torn line that `repair` cuts off next time).
    static func restore(_ descriptor: Int32, to length: off_t) {
        if ftruncate(descriptor, length) == 0 {
            _ = fsync(descriptor)
        }
    }

    private static func lengthThroughLastNewline(_ descriptor: Int32, length: off_t, path: String)
        throws(ShapeTurnsError) -> off_t
    {
        let chunk = 4_096
        var end = length
        var buffer = [UInt8](repeating: 0, count: chunk)
        while end > 0 {
            let start = max(0, end - off_t(chunk))
            let count = Int(end - start)
            let read = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, count, start) }
            guard read == count else { throw .ioFailure(path: path, reason: String(cString: strerror(errno))) }
            if let newline = buffer[0..<count].lastIndex(of: UInt8(ascii: "\n")) {
                return start + off_t(newline) + 1
            }
            end = start
        }
        return 0
    }
}
