import CLibArchive
import Foundation
import ShapeGame
import ShapeRendering
import ShapeTurnsCore

/// Writes a POSIX ustar archive with libarchive to an open file descriptor, member by member,
/// hashing the bytes as they go out (unless the archive is a stream nobody records a checksum
/// of). The only place ShapeTurns touches libarchive's pointers.
///
/// Every header is fixed apart from name and size (mtime `TarArchiveWriter.modificationTime`,
/// uid and gid 0, no user or group names, mode 0644), so the same members in the same order
/// always give the same bytes.
package final class TarArchiveWriter {
    /// 2000-01-01T00:00:00Z: a fixed time, late enough that no tar tool calls it implausible.
    package static let modificationTime = 946_684_800

    /// libarchive's `AE_IFREG` (a macro Swift does not import): a regular file.
    private static let regularFile: UInt32 = 0o100000

    /// What was written, once the archive is finished.
    package struct Summary: Equatable {
        let bytes: Int
        let sha256: String
    }

    private let archive: OpaquePointer
    private let sink: Sink
    private let displayPath: String
    private var finished = false

    /// Starts an archive on `descriptor` (left open; the caller closes it). `displayPath` names
    /// the output in errors. Without `hashing`, no SHA-256 is computed and the archive is ended
    /// with `finishUnhashed()`.
    package init(descriptor: Int32, displayPath: String, hashing: Bool = true) throws(ShapeTurnsError) {
        guard let archive = archive_write_new() else {
            throw .ioFailure(path: displayPath, reason: "libarchive could not allocate a writer")
        }
        self.archive = archive
        self.displayPath = displayPath
        sink = Sink(descriptor: descriptor, hasher: hashing ? SHA256Hasher() : nil)
        guard archive_write_set_format_ustar(archive) == ARCHIVE_OK,
            archive_write_add_filter_none(archive) == ARCHIVE_OK
        else {
            let reason = Self.message(archive)
            archive_write_free(archive)
            throw .ioFailure(path: displayPath, reason: reason)
        }
        let client = Unmanaged.passUnretained(sink).toOpaque()
        guard
            archive_write_open2(
                archive, client, nil,
                { _, client, buffer, length in
                    guard let client, let buffer else { return -1 }
                    return Unmanaged<Sink>.fromOpaque(client).takeUnretainedValue().write(
                        UnsafeRawBufferPointer(start: buffer, count: length))
                }, nil, nil) == ARCHIVE_OK
        else {
            let reason = Self.message(archive)
            archive_write_free(archive)
            throw .ioFailure(path: displayPath, reason: reason)
        }
    }

    deinit {
        archive_write_free(archive)
    }

    /// Appends one regular file.
    package func append(name: String, bytes: [UInt8]) throws(ShapeTurnsError) {
        guard let entry = archive_entry_new() else {
            throw .ioFailure(path: displayPath, reason: "libarchive could not allocate an entry")
        }
        defer { archive_entry_free(entry) }
        archive_entry_set_pathname(entry, name)
        archive_entry_set_size(entry, la_int64_t(bytes.count))
        archive_entry_set_filetype(entry, Self.regularFile)
        archive_entry_set_perm(entry, 0o644)
        archive_entry_set_mtime(entry, time_t(Self.modificationTime), 0)
        archive_entry_set_uid(entry, 0)
        archive_entry_set_gid(entry, 0)
        guard archive_write_header(archive, entry) == ARCHIVE_OK else {
            throw failure()
        }
        let written = bytes.withUnsafeBytes { buffer in
            archive_write_data(archive, buffer.baseAddress, buffer.count)
        }
        guard written == bytes.count else {
            throw failure()
        }
    }

    /// Writes the end-of-archive blocks and returns the archive's size and SHA-256.
    package func finish() throws(ShapeTurnsError) -> Summary {
        let bytes = try finishUnhashed()
        guard let digest = sink.hasher?.finalHex() else {
            throw .ioFailure(path: displayPath, reason: "libcrypto could not compute SHA-256")
        }
        return Summary(bytes: bytes, sha256: digest)
    }

    /// Writes the end-of-archive blocks and returns the archive's size.
    package func finishUnhashed() throws(ShapeTurnsError) -> Int {
        guard !finished else {
            throw .ioFailure(path: displayPath, reason: "the archive is already finished")
        }
        finished = true
        guard archive_write_close(archive) == ARCHIVE_OK else {
            throw failure()
        }
        return sink.count
    }

    private func failure() -> ShapeTurnsError {
        if let errorNumber = sink.errorNumber {
            return .ioFailure(path: displayPath, reason: String(cString: strerror(errorNumber)))
        }
        return .ioFailure(path: displayPath, reason: Self.message(archive))
    }

    private static func message(_ archive: OpaquePointer) -> String {
        archive_error_string(archive).map { String(cString: $0) } ?? "libarchive failed"
    }

    /// Where libarchive's blocks go: the descriptor, the hash (if any) and the byte count.
    private final class Sink {
        let descriptor: Int32
        let hasher: SHA256Hasher?
        var count = 0
        var errorNumber: Int32?

        init(descriptor: Int32, hasher: SHA256Hasher?) {
            self.descriptor = descriptor
            self.hasher = hasher
        }

        func write(_ buffer: UnsafeRawBufferPointer) -> Int {
            if let failure = FileDescriptorWriter.writeAll(buffer, to: descriptor) {
                errorNumber = failure
                return -1
            }
            hasher?.update(buffer)
            count += buffer.count
            return buffer.count
        }
    }
}
