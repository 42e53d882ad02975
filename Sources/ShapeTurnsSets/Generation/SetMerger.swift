import Foundation
import ShapeGame
import ShapeRendering
import ShapeTurnsAnswerKey
import ShapeTurnsCore

/// The facade for `merge`: once every shard of a set has finished in one folder, checks that
/// every shard was made with the set's options, seed and version and that every turn's files
/// are present and intact (their size and CRC-32 as each shard's journal recorded them), then
/// writes the set-wide `answers.jsonl` and `manifest.json` and removes the shards' bookkeeping,
/// leaving exactly the files one uninterrupted run would have written.
public struct SetMerger: Sendable {
    /// The folder the shards wrote into.
    package let folder: URL

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
            if set.exists(SetLayout.runRecordFile) {
                throw .badData(
                    location: Wording(set.url(SetLayout.runRecordFile).path),
                    because: "the run record is damaged (not the record \(.generate) \(.shard, "K/N") writes), "
                        + "so the shards cannot be checked; render the set again into a new folder")
            }
            if set.exists(SetLayout.manifestFile) {
                throw .shardsIncomplete(path: folder.path, reason: "it is already a complete set")
            }
            throw .shardsIncomplete(
                path: folder.path,
                because: "no shards were rendered here (run \(.generate) \(.shard, "K/N") \(.destination, folder.path))"
            )
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
        // Killed and resumed shards leave temporary files of the turns they were writing.
        set.removeLeftoverTemporaryFiles()
        // The generator only names files and counts here; it draws no turns, so it needs no
        // excluded set's turns (the manifest still records the set, from `record.options`).
        var naming = record.options
        naming.exclude = nil
        let generator = try SetGenerator(options: naming)
        let files = RenderTurnCommand(generator: generator, folder: set, kept: nil)
        let options = record.options
        let packed = options.packFormat == .tar
        var expectedTurn = 1
        let decoder = JSONDecoder()
        let index = try SetIndexWriter(folder: set, options: options)
        var archives: [ShardRecord] = []
        for shardIndex in 1...shardCount {
            let shard = try Shard(parsing: "\(shardIndex)/\(shardCount)")
            try check(shard, of: record, in: set)
            let turns =
                packed
                ? shard.turns(ofSetWith: options.turns, tarShardTurns: options.turnsPerShard)
                : shard.turns(ofSetWith: options.turns)
            let limit = (turns?.count ?? 0) * AnswerKeyReader.lineSizeLimit + 1
            guard let lines = set.contents(shard.answersFile, limit: limit) else {
                throw .shardsIncomplete(
                    path: folder.path, reason: "shard \(shard) has no readable \(shard.answersFile)")
            }
            guard FileChecksum(lines) == recordedAnswers(of: shard, in: set) else {
                throw .shardsIncomplete(
                    path: folder.path,
                    because:
                        "\(shard.answersFile) is not what shard \(shard) wrote (its size and CRC-32 differ from those recorded when it finished); render it again with \(.generate) \(.shard, shard.description) \(.force) and the same options"
                )
            }
            // A tar shard is checked whole below; the folder layout's turns against the journal.
            let kept = packed ? nil : turns.map { TurnJournal.load(from: set.url(shard.journalFile).path, turns: $0) }
            for line in lines.split(separator: UInt8(ascii: "\n")) {
                guard let answer = try? decoder.decode(TurnAnswer.self, from: Data(line)), answer.turn == expectedTurn
                else {
                    throw .shardsIncomplete(
                        path: folder.path, reason: "\(shard.answersFile) does not continue at turn \(expectedTurn)")
                }
                guard answer.seed == options.seed else {
                    throw .shardsIncomplete(
                        path: folder.path,
                        reason: "turn \(answer.turn) of shard \(shard) has seed \(answer.seed), the set \(options.seed)"
                    )
                }
                if !packed {
                    guard let recorded = kept?[answer.turn],
                        set.checksum(of: files.files(of: answer), limit: recorded.size) == recorded
                    else {
                        throw .shardsIncomplete(
                            path: folder.path,
                            because:
                                "the files of turn \(answer.turn) are missing or damaged; render them again with \(.generate) \(.shard, shard.description) \(.resume) and the same options"
                        )
                    }
                }
                try index.add(answer, line: Array(line) + [UInt8(ascii: "\n")])
                if let archive = answer.archive {
                    if archives.last?.file == archive {
                        archives[archives.count - 1].lastTurn = answer.turn
                        archives[archives.count - 1].turns += 1
                    } else {
                        archives.append(
                            ShardRecord(
                                file: archive, firstTurn: answer.turn, lastTurn: answer.turn, turns: 1, bytes: 0,
                                sha256: ""))
                    }
                }
                expectedTurn += 1
            }
        }
        guard expectedTurn - 1 == options.turns else {
            throw .shardsIncomplete(
                path: folder.path, reason: "the shards hold \(expectedTurn - 1) of \(options.turns) turns")
        }
        var manifest = SetManifest(
            options: options, counts: generator.manifestCounts(index.larger, splits: index.splitCounts))
        manifest.audit = index.audit
        manifest.balancedKindPairs = try options.balancedKindPairs()
        if packed {
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
        try set.write(DatasetCard(manifest: manifest).bytes, to: SetLayout.cardFile)
        // The manifest goes last, once everything else is on disk: a folder with a manifest is a complete set.
        try Durability.syncFileSystem(holding: folder.path)
        try AtomicFileWriter.write(try AnswerKeyEncoding.document(manifest), to: set.url(SetLayout.manifestFile).path)
        if packed {
            try removeBookkeeping(set)
        } else {
            try set.remove(SetLayout.shardsFolder)
        }
        try set.remove(SetLayout.runRecordFile)
        try Durability.syncFolder(at: folder.path)
        return manifest
    }

    /// Removes the parts' bookkeeping from `shards/`, where a tar set's shards stay.
    private func removeBookkeeping(_ set: SetFolder) throws(ShapeTurnsError) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: set.url(SetLayout.shardsFolder).path)) ?? []
        let bookkeeping = ["shard-", "answers-", "journal-", "run-", "."]
        for name in names where bookkeeping.contains(where: name.hasPrefix) {
            try set.remove("\(SetLayout.shardsFolder)/\(name)")
        }
    }

    /// The size and CRC-32 of its answer lines that `shard` recorded when it finished.
    private func recordedAnswers(of shard: Shard, in set: SetFolder) -> FileChecksum? {
        guard let done = set.contents(shard.doneFile, limit: 256) else { return nil }
        let parts = done.split(whereSeparator: { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\n") })
        guard parts.count == 2 else { return nil }
        return FileChecksum(text: Substring(decoding: parts[1], as: UTF8.self))
    }

    /// Checks that `shard` was made with the set's options and version.
    private func check(_ shard: Shard, of record: RunRecord, in set: SetFolder) throws(ShapeTurnsError) {
        guard let made = RunRecord.read(set, at: shard.recordFile) else {
            throw .shardsIncomplete(path: folder.path, reason: "shard \(shard) has no readable \(shard.recordFile)")
        }
        if let difference = made.difference(from: record) {
            throw .shardsIncomplete(
                path: folder.path, because: "shard \(shard) was made with other options than the set (\(difference))")
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
            let reason =
                finished.isEmpty
                ? "no shard has finished yet"
                : "shards of different splits are mixed (\(finished.keys.sorted().map { "of \($0)" }.joined(separator: ", ")))"
            throw .shardsIncomplete(path: set.root.path, reason: reason)
        }
        let missing = (1...count).filter { !indices.contains($0) }
        guard missing.isEmpty else {
            throw .shardsIncomplete(
                path: set.root.path,
                reason:
                    "shard\(missing.count > 1 ? "s" : "") \(missing.map { "\($0)/\(count)" }.joined(separator: ", ")) \(missing.count > 1 ? "have" : "has") not finished"
            )
        }
        return count
    }
}
