import Foundation
import ShapeGame
import ShapeRendering
import ShapeTurnsCore

/// The record of finished turns a run keeps beside them (`.shapeturns-journal` in a staged set,
/// `shards/journal-K-of-N` for a shard): one line per turn, `turn size:crc32`, the size and
/// CRC-32 of the turn's files (its images in label and format order, then its key file) as they
/// were written. `--resume` keeps a turn only when its files still have exactly that size and
/// checksum, and `merge` accepts a shard only when every turn's files do.
///
/// Lines are appended in turn order after each batch; a line cut short by a kill is ignored, so
/// its turn is simply rendered again.
package final class TurnJournal {
    /// The longest journal line: `10000000 4294967295:ffffffff\n` and then some.
    package static let lineLimit = 64

    private let handle: FileHandle
    private let path: String

    /// Opens the journal at `relativePath` in `folder` for appending, creating it.
    package init(folder: SetFolder, relativePath: String) throws(ShapeTurnsError) {
        path = folder.url(relativePath).path
        let descriptor = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw .ioFailure(path: folder.displayPath(relativePath), reason: String(cString: strerror(errno)))
        }
        handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        // A line cut short by a kill must not swallow the next one.
        var status = stat()
        if fstat(descriptor, &status) == 0, status.st_size > 0 {
            let reader = open(path, O_RDONLY | O_CLOEXEC)
            var last: UInt8 = 0
            if reader >= 0 {
                _ = pread(reader, &last, 1, status.st_size - 1)
                close(reader)
            }
            if last != UInt8(ascii: "\n") {
                try append(Array("\n".utf8))
            }
        }
    }

    /// Appends one line per turn.
    package func record(_ turns: [(number: Int, checksum: FileChecksum)]) throws(ShapeTurnsError) {
        try append(Array(turns.map { "\($0.number) \($0.checksum.text)\n" }.joined().utf8))
    }

    private func append(_ bytes: [UInt8]) throws(ShapeTurnsError) {
        do {
            try handle.write(contentsOf: bytes)
        } catch {
            throw .ioFailure(path: path, reason: SystemReason.of(error))
        }
    }

    /// The checksums a journal holds for `turns`, read line by line (memory: 8 bytes per turn of
    /// the range, whatever the file holds); turns it does not name are absent.
    package static func load(from path: String, turns: ClosedRange<Int>) -> KeptTurns {
        var kept = KeptTurns(turns: turns)
        guard let handle = FileHandle(forReadingAtPath: path) else { return kept }
        defer { try? handle.close() }
        var pending: [UInt8] = []
        while let chunk = try? handle.read(upToCount: 1 << 20), !chunk.isEmpty {
            pending.append(contentsOf: chunk)
            guard let lastNewline = pending.lastIndex(of: UInt8(ascii: "\n")) else {
                if pending.count > lineLimit { pending.removeAll() }
                continue
            }
            for line in pending[..<lastNewline].split(separator: UInt8(ascii: "\n")) {
                let text = String(decoding: line, as: UTF8.self)
                let parts = text.split(separator: " ")
                if parts.count == 2, let number = Int(parts[0]), let checksum = FileChecksum(text: parts[1]) {
                    kept[number] = checksum
                }
            }
            pending.removeSubrange(...lastNewline)
        }
        return kept
    }
}

/// The recorded checksum of each turn of a range, in two flat arrays (8 bytes a turn).
package struct KeptTurns: Sendable {
    package let turns: ClosedRange<Int>
    private var sizes: [UInt32]
    private var checksums: [UInt32]

    package init(turns: ClosedRange<Int>) {
        self.turns = turns
        sizes = Array(repeating: UInt32.max, count: turns.count)
        checksums = Array(repeating: 0, count: turns.count)
    }

    package subscript(number: Int) -> FileChecksum? {
        get {
            guard turns.contains(number), sizes[number - turns.lowerBound] != UInt32.max else { return nil }
            return FileChecksum(
                size: Int(sizes[number - turns.lowerBound]), crc32: checksums[number - turns.lowerBound])
        }
        set {
            guard turns.contains(number), let newValue, newValue.size < Int(UInt32.max) else { return }
            sizes[number - turns.lowerBound] = UInt32(newValue.size)
            checksums[number - turns.lowerBound] = newValue.crc32
        }
    }
}
