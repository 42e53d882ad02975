import Foundation

/// A folder of append-only record files (`shapeturns play`'s JSON Lines, one file per player),
/// under the output policy: the folder is checked before the server starts and created (with
/// missing folders above it) when the first line is written, so a server that never starts
/// leaves nothing behind; each file is created new (never over a file already there, so a
/// restart with the same folder keeps every record) and every appended line is on the disk
/// (fsync) before `append` returns, so a killed server loses no answer it has acknowledged.
///
/// A line is written whole or not at all: a write or fsync that fails (a full disk) is undone by
/// truncating the file back to its length before, and a new file whose first line failed is
/// removed, so the same line can be appended again once there is room. A torn last line left by
/// a crash mid-write (never acknowledged) is cut off before the next line is appended.
///
/// File names come from the caller's own identifiers, never from what a client sends.
package struct AppendOnlyFolder: Sendable {
    /// The longest line accepted, so a record can never grow without bound.
    package static let lineLimit = 64 * 1024

    package let url: URL
    private let policy: OutputPolicy

    /// Checks `url` with `policy`; the folder is created when the first line is appended.
    package init(_ url: URL, policy: OutputPolicy) throws(ShapeTurnsError) {
        _ = try policy.checkFolderOutput(url)
        self.url = url
        self.policy = policy
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
    /// and flushes it to the disk before returning; on failure the file is as it was.
    package func append(_ line: [UInt8], to name: String, create: Bool) throws(ShapeTurnsError) {
        guard Self.isValidName(name), line.count < Self.lineLimit, !line.contains(UInt8(ascii: "\n")) else {
            throw .cannotCreateFile(path: url.appendingPathComponent(name).path, reason: "not a record line or name")
        }
        if create { try makeFolder() }
        let path = url.appendingPathComponent(name).path
        let (descriptor, created) = try Self.open(path, create: create)
        defer { close(descriptor) }
        do throws(ShapeTurnsError) {
            let length = try RecordTail.repair(descriptor, path: path)
            if let failure = FileDescriptorWriter.writeAll(line + [UInt8(ascii: "\n")], to: descriptor) {
                RecordTail.restore(descriptor, to: length)
                throw .ioFailure(path: path, reason: String(cString: strerror(failure)))
            }
            guard fsync(descriptor) == 0 else {
                let reason = String(cString: strerror(errno))
                RecordTail.restore(descriptor, to: length)
                throw .ioFailure(path: path, reason: reason)
            }
            if created {
                try Durability.syncFolder(at: url.path)
            }
        } catch {
            if created { unlink(path) }
            throw error
        }
    }

    /// Opens `path` for appending; with `create`, a new file, or an empty one left by a first
    /// line that failed. Returns whether this call created it.
    private static func open(_ path: String, create: Bool) throws(ShapeTurnsError) -> (Int32, Bool) {
        let flags = O_RDWR | O_APPEND | O_CLOEXEC | O_NOFOLLOW
        var descriptor = Glibc.open(path, flags | (create ? O_CREAT | O_EXCL : 0), 0o644)
        if descriptor >= 0 { return (descriptor, create) }
        if create, errno == EEXIST {
            descriptor = Glibc.open(path, flags)
            var status = stat()
            if descriptor >= 0, fstat(descriptor, &status) == 0, status.st_size == 0 { return (descriptor, false) }
            if descriptor >= 0 { close(descriptor) }
            throw .cannotCreateFile(path: path, reason: "a record with this name is already there")
        }
        throw .cannotCreateFile(path: path, reason: String(cString: strerror(errno)))
    }

    private func makeFolder() throws(ShapeTurnsError) {
        guard try !policy.checkFolderOutput(url) else { return }
        do {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        } catch {
            throw .cannotCreateOutput(path: url.path, reason: SystemReason.of(error))
        }
    }
}
