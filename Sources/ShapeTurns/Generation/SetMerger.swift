import Foundation
import ShapeGame

/// The facade for `merge`: once every shard of a set has finished in one folder, writes the
/// set-wide `answers.jsonl` and `manifest.json` and removes the shards' bookkeeping, leaving
/// exactly the files one uninterrupted run would have written.
public struct SetMerger: Sendable {
    /// The folder the shards wrote into.
    public let folder: URL

    /// A merger of the shards written into `folder`.
    public init(folder: URL) {
        self.folder = folder.standardizedFileURL
    }

    /// Writes `answers.jsonl` and `manifest.json` once every shard is finished, changing nothing otherwise.
    public func merge() throws(ShapeTurnsError) -> SetManifest {
        let set = SetFolder(root: folder, displayRoot: folder)
        guard let recordBytes = set.contents(SetLayout.runRecordFile),
              let record = try? JSONDecoder().decode(RunRecord.self, from: Data(recordBytes)) else {
            if set.exists(SetLayout.manifestFile) {
                throw .shardsIncomplete(path: folder.path, reason: "it is already a complete set")
            }
            throw .shardsIncomplete(path: folder.path, reason: "no shards were rendered here (run generate --shard K/N --out \(folder.path))")
        }
        let shardCount = try finishedShardCount(set)
        let generator = try SetGenerator(options: record.options)
        var expectedTurn = 1
        let decoder = JSONDecoder()
        let index = try SetIndexWriter(folder: set, options: record.options)
        var archives: [ShardRecord] = []
        for shardIndex in 1...shardCount {
            let shard = try Shard(parsing: "\(shardIndex)/\(shardCount)")
            guard let lines = set.contents(shard.answersFile) else {
                throw .shardsIncomplete(path: folder.path, reason: "shard \(shard) has no \(shard.answersFile)")
            }
            for line in lines.split(separator: UInt8(ascii: "\n")) {
                guard let answer = try? decoder.decode(TurnAnswer.self, from: Data(line)), answer.turn == expectedTurn else {
                    throw .shardsIncomplete(path: folder.path, reason: "\(shard.answersFile) does not continue at turn \(expectedTurn)")
                }
                try index.add(answer, line: Array(line) + [UInt8(ascii: "\n")])
                if let archive = answer.archive {
                    if archives.last?.file == archive {
                        archives[archives.count - 1].lastTurn = answer.turn
                        archives[archives.count - 1].turns += 1
                    } else {
                        archives.append(ShardRecord(file: archive, firstTurn: answer.turn, lastTurn: answer.turn, turns: 1, bytes: 0, sha256: ""))
                    }
                }
                expectedTurn += 1
            }
        }
        guard expectedTurn - 1 == record.options.turns else {
            throw .shardsIncomplete(path: folder.path, reason: "the shards hold \(expectedTurn - 1) of \(record.options.turns) turns")
        }
        var manifest = SetManifest(options: record.options, counts: generator.manifestCounts(index.larger, splits: index.splitCounts))
        if record.options.packFormat == .tar {
            for position in archives.indices {
                let file = archives[position].file
                guard set.exists(file) else {
                    throw .shardsIncomplete(path: folder.path, reason: "\(file) is missing")
                }
                let summary = try TarShardSet.summarize(set.url(file).path, displayPath: set.displayPath(file))
                archives[position].bytes = summary.bytes
                archives[position].sha256 = summary.sha256
            }
            manifest.shards = archives
        }
        try index.commit()
        try set.write(try AnswerKeyEncoding.document(manifest), to: SetLayout.manifestFile)
        try set.write(DatasetCard(manifest: manifest).bytes, to: SetLayout.cardFile)
        if record.options.packFormat == .tar {
            try removeBookkeeping(set)
        } else {
            try set.remove(SetLayout.shardsFolder)
        }
        try set.remove(SetLayout.runRecordFile)
        return manifest
    }

    /// Removes the parts' bookkeeping from `shards/`, where a tar set's shards stay.
    private func removeBookkeeping(_ set: SetFolder) throws(ShapeTurnsError) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: set.url(SetLayout.shardsFolder).path)) ?? []
        for name in names where name.hasPrefix("shard-") || name.hasPrefix("answers-") || name.hasPrefix(".") {
            try set.remove("\(SetLayout.shardsFolder)/\(name)")
        }
    }

    /// N, once shards 1 to N of N have all finished.
    private func finishedShardCount(_ set: SetFolder) throws(ShapeTurnsError) -> Int {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: set.url(SetLayout.shardsFolder).path)) ?? []
        var finished: [Int: Set<Int>] = [:]
        for name in names where name.hasPrefix("shard-") && name.hasSuffix(".done") {
            let parts = name.dropFirst("shard-".count).dropLast(".done".count).split(separator: "-")
            if parts.count == 3, parts[1] == "of", let index = Int(parts[0]), let count = Int(parts[2]) {
                finished[count, default: []].insert(index)
            }
        }
        guard finished.count == 1, let (count, indices) = finished.first else {
            let reason = finished.isEmpty
                ? "no shard has finished yet"
                : "shards of different splits are mixed (\(finished.keys.sorted().map { "of \($0)" }.joined(separator: ", ")))"
            throw .shardsIncomplete(path: set.root.path, reason: reason)
        }
        let missing = (1...count).filter { !indices.contains($0) }
        guard missing.isEmpty else {
            throw .shardsIncomplete(
                path: set.root.path,
                reason: "shard\(missing.count > 1 ? "s" : "") \(missing.map { "\($0)/\(count)" }.joined(separator: ", ")) \(missing.count > 1 ? "have" : "has") not finished"
            )
        }
        return count
    }
}
