import Foundation
import ShapeGame

/// The facade for `merge`: once every shard of a set has finished in one folder, checks that
/// every shard was made with the set's options, seed and version and that every turn's files
/// are present and intact (their size and CRC-32 as each shard's journal recorded them), then
/// writes the set-wide `answers.jsonl` and `manifest.json` and removes the shards' bookkeeping,
/// leaving exactly the files one uninterrupted run would have written.
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
        var status = stat()
        guard stat(folder.path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else {
            throw .missingInput(folder.path, reason: "no such folder")
        }
        let claim = try AdvisoryLock.lock(folder.path, waiting: 10, reportedAs: folder.path)
        defer { claim.release() }
        guard let record = RunRecord.read(set) else {
            if set.exists(SetLayout.manifestFile) {
                throw .shardsIncomplete(path: folder.path, reason: "it is already a complete set")
            }
            throw .shardsIncomplete(path: folder.path, reason: "no shards were rendered here (run generate --shard K/N --out \(folder.path))")
        }
        let shardsPath = set.url(SetLayout.shardsFolder).path
        guard let running = try? AdvisoryLock.tryLock(shardsPath, reportedAs: folder.path) else {
            if !FileManager.default.fileExists(atPath: shardsPath) {
                throw .shardsIncomplete(path: folder.path, reason: "no shard has finished yet")
            }
            throw .busy(path: "\(folder.path) (shards are still rendering)")
        }
        defer { running.release() }
        let shardCount = try finishedShardCount(set)
        let generator = try SetGenerator(options: record.options)
        let files = RenderTurnCommand(generator: generator, folder: set, kept: nil)
        var larger: [ShapeLabel: Int] = [:]
        var expectedTurn = 1
        let decoder = JSONDecoder()
        try set.writeStreaming(to: SetLayout.answersFile) { answers throws(ShapeTurnsError) in
            for index in 1...shardCount {
                let shard = try Shard(parsing: "\(index)/\(shardCount)")
                try check(shard, of: record, in: set)
                let turns = shard.turns(ofSetWith: record.options.turns)
                let limit = (turns?.count ?? 0) * AnswerKeyReader.lineSizeLimit + 1
                guard let lines = set.contents(shard.answersFile, limit: limit) else {
                    throw .shardsIncomplete(path: folder.path, reason: "shard \(shard) has no readable \(shard.answersFile)")
                }
                let kept = turns.map { TurnJournal.load(from: set.url(shard.journalFile).path, turns: $0) }
                for line in lines.split(separator: UInt8(ascii: "\n")) {
                    guard let answer = try? decoder.decode(TurnAnswer.self, from: Data(line)), answer.turn == expectedTurn else {
                        throw .shardsIncomplete(path: folder.path, reason: "\(shard.answersFile) does not continue at turn \(expectedTurn)")
                    }
                    guard answer.seed == record.options.seed else {
                        throw .shardsIncomplete(
                            path: folder.path,
                            reason: "turn \(answer.turn) of shard \(shard) has seed \(answer.seed), the set \(record.options.seed)"
                        )
                    }
                    guard let recorded = kept?[answer.turn],
                          set.checksum(of: files.files(ofTurn: answer.turn), limit: recorded.size) == recorded else {
                        throw .shardsIncomplete(
                            path: folder.path,
                            reason: "the files of turn \(answer.turn) are missing or damaged; render them again with "
                                + "generate --shard \(shard) --resume and the same options"
                        )
                    }
                    larger[answer.larger, default: 0] += 1
                    expectedTurn += 1
                }
                do {
                    try answers.write(contentsOf: lines)
                } catch {
                    throw .ioFailure(path: set.displayPath(SetLayout.answersFile), reason: SetFolder.reason(error))
                }
            }
        }
        guard expectedTurn - 1 == record.options.turns else {
            try? set.remove(SetLayout.answersFile)
            throw .shardsIncomplete(path: folder.path, reason: "the shards hold \(expectedTurn - 1) of \(record.options.turns) turns")
        }
        let manifest = SetManifest(options: record.options, counts: generator.manifestCounts(larger))
        try Durability.syncFileSystem(holding: folder.path)
        try AtomicFileWriter.write(try AnswerKeyEncoding.document(manifest), to: set.url(SetLayout.manifestFile).path)
        try set.remove(SetLayout.shardsFolder)
        try set.remove(SetLayout.runRecordFile)
        try Durability.syncFolder(at: folder.path)
        return manifest
    }

    /// Checks that `shard` was made with the set's options and version.
    private func check(_ shard: Shard, of record: RunRecord, in set: SetFolder) throws(ShapeTurnsError) {
        guard let made = RunRecord.read(set, at: shard.recordFile) else {
            throw .shardsIncomplete(path: folder.path, reason: "shard \(shard) has no readable \(shard.recordFile)")
        }
        if let difference = made.difference(from: record) {
            throw .shardsIncomplete(path: folder.path, reason: "shard \(shard) was made with other options than the set (\(difference))")
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
