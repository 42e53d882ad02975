import Foundation

/// Reads an input file whole, but only a regular file (or standard input, for `-` where a
/// command allows it) and only up to a size limit derived from what the file may hold, so that
/// `/dev/zero`, a FIFO or a runaway file fails at once with a clear message instead of
/// filling memory.
package enum BoundedFileReader {
    /// The name that means standard input where a command accepts it.
    static let standardInputName = "-"

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
        // O_NONBLOCK: opening a FIFO with no writer must not hang before we can tell it is one.
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else {
            throw .missingInput(what, because: systemError(errno))
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            throw .missingInput(what, because: systemError(errno))
        }
        guard status.st_mode & S_IFMT != S_IFDIR else {
            throw .missingInput(what, because: systemError(EISDIR))
        }
        guard status.st_mode & S_IFMT == S_IFREG else {
            throw .missingInput(what, because: "not a regular file (\(fileKind(status.st_mode)))")
        }
        guard Int(status.st_size) <= limit else {
            throw .badData(location: what, because: "is \(status.st_size) bytes; at most \(limit) are accepted here")
        }
        return try readAll(from: descriptor, limit: limit, describedAs: what)
    }

    /// The C library's words for the error `code`.
    private static func systemError(_ code: Int32) -> Wording {
        Wording(String(cString: strerror(code)))
    }

    /// A few words for a file that is not regular, for messages.
    static func fileKind(_ mode: mode_t) -> String {
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

    private static func readAll(from descriptor: Int32, limit: Int, describedAs what: Wording) throws(ShapeTurnsError)
        -> [UInt8]
    {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: min(1 << 20, limit + 1))
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                if errno == EAGAIN {
                    var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                    _ = poll(&poller, 1, -1)
                    continue
                }
                throw .missingInput(what, because: systemError(errno))
            }
            if count == 0 { return bytes }
            guard bytes.count + count <= limit else {
                throw .badData(location: what, because: "is longer than the \(limit) bytes accepted here")
            }
            bytes.append(contentsOf: chunk[0..<count])
        }
    }

    /// At most `limit` characters of `text` on one line, for quoting bad data in a message.
    static func excerpt(_ text: some StringProtocol, limit: Int = 40) -> String {
        let line = String(text).split(whereSeparator: { $0.isNewline }).first.map(String.init) ?? ""
        let cleaned = String(
            line.unicodeScalars.map { $0.properties.generalCategory == .control ? "?" : Character($0) })
        return cleaned.count > limit ? String(cleaned.prefix(limit)) + "..." : cleaned
    }
}
