import Foundation

/// A folder of append-only record files (`shapeturns play`'s JSON Lines, one file per player),
/// under the output policy: the folder is checked before the server starts and created if
/// missing; each file is created new (never over a file already there, so a restart with the
/// same folder keeps every record) and every appended line is on the disk (fsync) before
/// `append` returns, so a killed server loses no answer it has acknowledged.
///
/// File names come from the caller's own identifiers, never from what a client sends.
package struct AppendOnlyFolder: Sendable {
    /// The longest line accepted, so a record can never grow without bound.
    package static let lineLimit = 64 * 1024

    package let url: URL

    /// Checks `url` with `policy` and creates it (and missing folders above it).
    package init(_ url: URL, policy: OutputPolicy) throws(ShapeTurnsError) {
        if try !policy.checkFolderOutput(url) {
            do {
                try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
            } catch {
                throw .cannotCreateOutput(path: url.path, reason: SystemReason.of(error))
            }
        }
        self.url = url
    }

    /// Whether `name` is a plain file name this folder accepts: letters, digits, `-`, `_` and `.`,
    /// not starting with a dot.
    package static func isValidName(_ name: String) -> Bool {
        !name.isEmpty && name.count <= 128 && !name.hasPrefix(".")
            && name.unicodeScalars.allSatisfy {
                $0.isASCII
                    && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "-_.".unicodeScalars.contains($0))
            }
    }

    /// Appends `line` and a newline to the file `name`, creating it (new) when `create` is true,
    /// and flushes it to the disk before returning.
    package func append(_ line: [UInt8], to name: String, create: Bool) throws(ShapeTurnsError) {
        guard Self.isValidName(name), line.count < Self.lineLimit, !line.contains(UInt8(ascii: "\n")) else {
            throw .cannotCreateFile(path: url.appendingPathComponent(name).path, reason: "not a record line or name")
        }
        let path = url.appendingPathComponent(name).path
        let flags = O_WRONLY | O_APPEND | O_CLOEXEC | O_NOFOLLOW | (create ? O_CREAT | O_EXCL : 0)
        let descriptor = open(path, flags, 0o644)
        guard descriptor >= 0 else {
            throw .cannotCreateFile(path: path, reason: String(cString: strerror(errno)))
        }
        defer { close(descriptor) }
        if let failure = FileDescriptorWriter.writeAll(line + [UInt8(ascii: "\n")], to: descriptor) {
            throw .ioFailure(path: path, reason: String(cString: strerror(failure)))
        }
        guard fsync(descriptor) == 0 else {
            throw .ioFailure(path: path, reason: String(cString: strerror(errno)))
        }
        if create {
            try Durability.syncFolder(at: url.path)
        }
    }
}
