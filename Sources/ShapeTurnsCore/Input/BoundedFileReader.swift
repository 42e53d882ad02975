import Foundation

/// Reads an input file whole, but only a regular file (or standard input, for `-` where a
/// command allows it) and only up to a size limit derived from what the file may hold, so that
/// `/dev/zero`, a FIFO or a runaway file fails at once with a clear message instead of
/// filling memory.
package enum BoundedFileReader {
    /// The name that means standard input where a command accepts it.
    package static let standardInputName = "-"

    /// The bytes of `path`. Fails with `missingInput` (66) when it is missing, unreadable or not
    /// a regular file, and with `badData` (65) when it is longer than `limit` bytes; `what`
    /// names the input in messages (the parameter that gave the path, or the path alone).
    /// `allowStandardInput` reads standard input for `-`, with the same limit.
    package static func read(
        _ path: String, limit: Int, describedAs what: Wording? = nil, allowStandardInput: Bool = false
    ) throws(ShapeTurnsError) -> [UInt8] {
        let what = what ?? Wording(path)
        if allowStandardInput, path == standardInputName {
            return try readAll(from: STDIN_FILENO, limit: limit, describedAs: what)
        }
        return try read(pathBytes: EscapedBytes.bytes(path), limit: limit, describedAs: what)
    }

    /// `read(_:limit:describedAs:)` for a path given as bytes, as a folder walk finds it (a name
    /// need not be UTF-8); `what` names it in messages.
    package static func read(pathBytes: [UInt8], limit: Int, describedAs what: Wording) throws(ShapeTurnsError)
        -> [UInt8]
    {
        let descriptor = try openRegularFile(pathBytes, limit: limit, describedAs: what)
        defer { close(descriptor) }
        return try readAll(from: descriptor, limit: limit, describedAs: what)
    }

    /// `read(pathBytes:limit:describedAs:)` for a file whose first bytes tell how long it may be
    /// (an image's header): `narrowing` gets its first `prefixCount` bytes (all of a shorter file)
    /// and returns the file's limit, at most `limit`, or nil when those bytes already say all
    /// there is to know (not the format: they are returned alone and the rest is never read).
    package static func read(
        pathBytes: [UInt8], limit: Int, describedAs what: Wording, prefixCount: Int,
        narrowing: ([UInt8]) -> Int?
    ) throws(ShapeTurnsError) -> [UInt8] {
        let descriptor = try openRegularFile(pathBytes, limit: limit, describedAs: what)
        defer { close(descriptor) }
        var prefix = [UInt8](repeating: 0, count: prefixCount)
        var filled = 0
        while filled < prefixCount {
            var chunk = [UInt8](repeating: 0, count: prefixCount - filled)
            let count = try readChunk(descriptor, into: &chunk, describedAs: what)
            if count == 0 { break }
            prefix.replaceSubrange(filled..<filled + count, with: chunk[0..<count])
            filled += count
        }
        prefix.removeLast(prefixCount - filled)
        guard let narrowed = narrowing(prefix) else { return prefix }
        let fileLimit = min(narrowed, limit)
        var status = stat()
        if fstat(descriptor, &status) == 0, Int(status.st_size) > fileLimit {
            throw reasonRefused(status, limit: fileLimit, describedAs: what)
        }
        return try readAll(from: descriptor, limit: fileLimit, describedAs: what, after: prefix)
    }

    /// Calls `body` with each line of `path` (without its `\n`) and its 1-based number, a chunk
    /// at a time, so memory holds one chunk and one line whatever the file's size. Fails as
    /// `read` does, and with `badData` (65) for a line longer than `lineLimit` bytes.
    package static func forEachLine(
        _ path: String, limit: Int, lineLimit: Int, describedAs what: Wording? = nil,
        _ body: ([UInt8], Int) throws(ShapeTurnsError) -> Void
    ) throws(ShapeTurnsError) {
        let what = what ?? Wording(path)
        let descriptor = try openRegularFile(EscapedBytes.bytes(path), limit: limit, describedAs: what)
        defer { close(descriptor) }
        var line: [UInt8] = []
        var number = 1
        var total = 0
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        func checkLength() throws(ShapeTurnsError) {
            guard line.count <= lineLimit else {
                throw .badData(
                    location: "\(what) line \(number)", because: "is longer than the \(lineLimit) bytes a line may have"
                )
            }
        }
        while true {
            let count = try readChunk(descriptor, into: &chunk, describedAs: what)
            if count == 0 { break }
            total += count
            guard total <= limit else {
                throw .badData(location: what, because: "is longer than the \(limit) bytes accepted here")
            }
            var start = 0
            while let end = chunk[start..<count].firstIndex(of: UInt8(ascii: "\n")) {
                line.append(contentsOf: chunk[start..<end])
                try checkLength()
                try body(line, number)
                line.removeAll(keepingCapacity: true)
                number += 1
                start = end + 1
            }
            line.append(contentsOf: chunk[start..<count])
            try checkLength()
        }
        if !line.isEmpty { try body(line, number) }
    }

    /// A descriptor open for reading on `pathBytes`, which must be a regular file of at most
    /// `limit` bytes; the caller closes it.
    private static func openRegularFile(_ pathBytes: [UInt8], limit: Int, describedAs what: Wording)
        throws(ShapeTurnsError) -> Int32
    {
        // O_NONBLOCK: opening a FIFO with no writer must not hang before we can tell it is one.
        let descriptor = open(PathBytes.cString(pathBytes), O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else {
            throw .missingInput(what, because: systemError(errno))
        }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            let code = errno
            close(descriptor)
            throw .missingInput(what, because: systemError(code))
        }
        guard status.st_mode & S_IFMT == S_IFREG, Int(status.st_size) <= limit else {
            close(descriptor)
            throw reasonRefused(status, limit: limit, describedAs: what)
        }
        return descriptor
    }

    /// Why a file of `status` is refused: a folder or other non-regular file (66) or too long (65).
    private static func reasonRefused(_ status: stat, limit: Int, describedAs what: Wording) -> ShapeTurnsError {
        if status.st_mode & S_IFMT == S_IFDIR {
            return .missingInput(what, because: systemError(EISDIR))
        }
        if status.st_mode & S_IFMT != S_IFREG {
            return .missingInput(what, because: "not a regular file (\(fileKind(status.st_mode)))")
        }
        return .badData(location: what, because: "is \(status.st_size) bytes; at most \(limit) are accepted here")
    }

    /// The C library's words for the error `code`.
    private static func systemError(_ code: Int32) -> Wording {
        Wording(String(cString: strerror(code)))
    }

    /// A few words for a file that is not regular, for messages.
    package static func fileKind(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFDIR: "a folder"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFIFO: "a FIFO"
        case S_IFSOCK: "a socket"
        case S_IFLNK: "a symbolic link"
        case S_IFREG: "a file"
        default: "not a regular file"
        }
    }

    /// `prefix` (what was read of the file already) and the rest of `descriptor`, failing past
    /// `limit` bytes in all. The rest is read straight into an array sized from the file's stated
    /// size and one byte more, which meets its end in the same reads: a small file costs no
    /// zeroed megabyte and a large one no copy. What a file that grew, or standard input, holds
    /// beyond that comes a chunk at a time.
    private static func readAll(
        from descriptor: Int32, limit: Int, describedAs what: Wording, after prefix: [UInt8] = []
    ) throws(ShapeTurnsError) -> [UInt8] {
        guard prefix.count <= limit else {
            throw .badData(location: what, because: "is longer than the \(limit) bytes accepted here")
        }
        var status = stat()
        let stated = fstat(descriptor, &status) == 0 && status.st_mode & S_IFMT == S_IFREG ? Int(status.st_size) : 0
        let room = min(max(stated, prefix.count), limit) + 1
        var failure: ShapeTurnsError?
        var ended = false
        var bytes = [UInt8](unsafeUninitializedCapacity: room) { buffer, initialized in
            initialized = buffer.initialize(fromContentsOf: prefix)
            while initialized < room {
                do throws(ShapeTurnsError) {
                    let rest = UnsafeMutableRawBufferPointer(
                        rebasing: UnsafeMutableRawBufferPointer(buffer)[initialized...])
                    let count = try readChunk(descriptor, into: rest, describedAs: what)
                    if count == 0 {
                        ended = true
                        return
                    }
                    initialized += count
                } catch {
                    failure = error
                    return
                }
            }
        }
        if let failure { throw failure }
        if ended { return bytes }
        var chunk = [UInt8](repeating: 0, count: min(1 << 20, limit + 1))
        while true {
            guard bytes.count <= limit else {
                throw .badData(location: what, because: "is longer than the \(limit) bytes accepted here")
            }
            let count = try readChunk(descriptor, into: &chunk, describedAs: what)
            if count == 0 { return bytes }
            bytes.append(contentsOf: chunk[0..<count])
        }
    }

    /// One read into `chunk`, waiting out EINTR and EAGAIN; 0 at the end of the file.
    private static func readChunk(_ descriptor: Int32, into chunk: inout [UInt8], describedAs what: Wording)
        throws(ShapeTurnsError) -> Int
    {
        let result = chunk.withUnsafeMutableBytes { buffer in
            Result { () throws(ShapeTurnsError) in try readChunk(descriptor, into: buffer, describedAs: what) }
        }
        return try result.get()
    }

    /// One read into `chunk`, waiting out EINTR and EAGAIN; 0 at the end of the file.
    private static func readChunk(
        _ descriptor: Int32, into chunk: UnsafeMutableRawBufferPointer, describedAs what: Wording
    ) throws(ShapeTurnsError) -> Int {
        while true {
            let count = Glibc.read(descriptor, chunk.baseAddress, chunk.count)
            if count >= 0 { return count }
            if errno == EINTR { continue }
            if errno == EAGAIN {
                var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                _ = poll(&poller, 1, -1)
                continue
            }
            throw .missingInput(what, because: systemError(errno))
        }
    }

    /// At most `limit` characters of `text` on one line, for quoting bad data in a message.
    package static func excerpt(_ text: some StringProtocol, limit: Int = 40) -> String {
        let line = String(text).split(whereSeparator: { $0.isNewline }).first.map(String.init) ?? ""
        let cleaned = String(
            line.unicodeScalars.map { $0.properties.generalCategory == .control ? "?" : Character($0) })
        return cleaned.count > limit ? String(cleaned.prefix(limit)) + "..." : cleaned
    }
}
