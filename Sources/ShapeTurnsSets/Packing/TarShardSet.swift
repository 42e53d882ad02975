import Foundation
import ShapeGame
import ShapeRendering
import ShapeTurnsAnswerKey
import ShapeTurnsCore

/// The tar shards of a set being written: for each split (or the whole set), turns go into
/// `turns-NNNNNN.tar` files of `turnsPerShard` turns each, in turn order. A shard is written under
/// a hidden temporary name and renamed when complete, so a shard file is always whole; when
/// resuming, a shard already complete is kept as it is (its turns are still rendered, for the
/// answer key, but not written again).
package final class TarShardSet {
    /// A turn's files, as WebDataset members: `000042.a.png`, `000042.json`, ...
    package struct Member: Sendable {
        let name: String
        let bytes: [UInt8]
    }

    private struct Open {
        let index: Int
        let file: String
        let firstTurn: Int
        var lastTurn: Int
        var turns: Int
        /// `nil` when a complete shard from an earlier run is being kept.
        let output: (writer: TarArchiveWriter, descriptor: Int32, temporary: String)?
    }

    private let folder: SetFolder
    private let turnsPerShard: Int
    private let keepsCompleteShards: Bool
    private var written: [String: Int] = [:]
    private var open: [String: Open] = [:]
    private(set) var records: [ShardRecord] = []

    /// `turnsBefore` is how many turns of a set without splits come before the first one
    /// appended (a part of a set rendered with `--shard K/N`), a multiple of `turnsPerShard`.
    package init(folder: SetFolder, turnsPerShard: Int, keepsCompleteShards: Bool, turnsBefore: Int = 0) {
        self.folder = folder
        self.turnsPerShard = turnsPerShard
        self.keepsCompleteShards = keepsCompleteShards
        if turnsBefore > 0 {
            written[""] = turnsBefore
        }
    }

    /// The shard the next turn of `split` goes into, relative to the set folder.
    package func nextShardFile(split: String?) -> String {
        SetLayout.tarShardFile(index: written[split ?? "", default: 0] / turnsPerShard, split: split)
    }

    /// Appends one turn's members to the next shard of `split`.
    package func append(turn: Int, split: String?, members: [Member]) throws(ShapeTurnsError) {
        let key = split ?? ""
        let count = written[key, default: 0]
        let index = count / turnsPerShard
        if let current = open[key], current.index != index {
            try finish(key)
        }
        if open[key] == nil {
            open[key] = try start(index: index, split: split, firstTurn: turn)
        }
        guard var current = open[key] else { return }
        if let output = current.output {
            for member in members {
                try output.writer.append(name: member.name, bytes: member.bytes)
            }
        }
        current.lastTurn = turn
        current.turns += 1
        open[key] = current
        written[key] = count + 1
    }

    /// Finishes every open shard; the records are then complete, in path order.
    package func finishAll() throws(ShapeTurnsError) {
        for key in open.keys.sorted() {
            try finish(key)
        }
        records.sort { $0.file < $1.file }
    }

    /// Removes the temporary files of unfinished shards.
    package func discard() {
        for current in open.values {
            if let output = current.output {
                close(output.descriptor)
                folder.removeTemporary(output.temporary)
            }
        }
        open.removeAll()
    }

    private func start(index: Int, split: String?, firstTurn: Int) throws(ShapeTurnsError) -> Open {
        let file = SetLayout.tarShardFile(index: index, split: split)
        try folder.makeFolder(String(file.prefix { $0 != "/" }))
        if keepsCompleteShards, folder.exists(file) {
            return Open(index: index, file: file, firstTurn: firstTurn, lastTurn: firstTurn, turns: 0, output: nil)
        }
        let (descriptor, temporary) = try folder.createTemporary(for: file)
        do {
            let writer = try TarArchiveWriter(descriptor: descriptor, displayPath: folder.displayPath(file))
            return Open(
                index: index, file: file, firstTurn: firstTurn, lastTurn: firstTurn, turns: 0,
                output: (writer, descriptor, temporary))
        } catch {
            close(descriptor)
            folder.removeTemporary(temporary)
            throw error
        }
    }

    private func finish(_ key: String) throws(ShapeTurnsError) {
        guard let current = open.removeValue(forKey: key) else { return }
        let summary: TarArchiveWriter.Summary
        if let output = current.output {
            do {
                summary = try output.writer.finish()
            } catch {
                close(output.descriptor)
                folder.removeTemporary(output.temporary)
                throw error
            }
            guard fsync(output.descriptor) == 0, close(output.descriptor) == 0 else {
                let reason = String(cString: strerror(errno))
                folder.removeTemporary(output.temporary)
                throw .ioFailure(path: folder.displayPath(current.file), reason: reason)
            }
            try folder.publishTemporary(output.temporary, as: current.file)
        } else {
            summary = try Self.summarize(folder.url(current.file).path, displayPath: folder.displayPath(current.file))
        }
        records.append(
            ShardRecord(
                file: current.file, split: key.isEmpty ? nil : key, firstTurn: current.firstTurn,
                lastTurn: current.lastTurn,
                turns: current.turns, bytes: summary.bytes, sha256: summary.sha256
            ))
    }

    /// The size and SHA-256 of a shard kept from an earlier run, read in bounded pieces.
    package static func summarize(_ path: String, displayPath: String) throws(ShapeTurnsError)
        -> TarArchiveWriter.Summary
    {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw .ioFailure(path: displayPath, reason: String(cString: strerror(errno)))
        }
        defer { try? handle.close() }
        let hasher = SHA256Hasher()
        var count = 0
        while true {
            let chunk: Data?
            do {
                chunk = try handle.read(upToCount: 1 << 20)
            } catch {
                throw .ioFailure(path: displayPath, reason: SystemReason.of(error))
            }
            guard let chunk, !chunk.isEmpty else { break }
            chunk.withUnsafeBytes { hasher.update($0) }
            count += chunk.count
        }
        guard let digest = hasher.finalHex() else {
            throw .ioFailure(path: displayPath, reason: "libcrypto could not compute SHA-256")
        }
        return TarArchiveWriter.Summary(bytes: count, sha256: digest)
    }
}
