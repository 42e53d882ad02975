import Foundation
import ShapeGame
import ShapeRendering
import ShapeTurnsAnswerKey
import ShapeTurnsCore

/// A shard's right to write into a shared set folder, settled before any turn is rendered and
/// held until the shard finishes:
///
/// - the folder is missing, empty, or holds this run's shards (same options and version);
///   anything else is refused, and with `--force` a set or shards of other options are
///   replaced only when no other shard of them is still running;
/// - no other process renders the same shard (a lock on `shards/shard-K-of-N.lock`);
/// - `merge` cannot start while shards run (each holds a shared lock on `shards/`).
package final class ShardClaim {
    package let folder: SetFolder
    private var locks: [AdvisoryLock] = []
    private let fileManager = FileManager.default

    package init(_ shard: Shard, of options: GenerateOptions, in destination: URL, run: RunOptions)
        throws(ShapeTurnsError)
    {
        let root = destination.standardizedFileURL
        let path = root.path
        folder = SetFolder(root: root, displayRoot: root)
        _ = try OutputPolicy(.destination).checkFolderOutput(root)
        try folder.makeRoot()
        // The claim itself is brief; other shards wait for it.
        let claim = try AdvisoryLock.lock(path, waiting: 10, reportedAs: path)
        defer { claim.release() }
        try settleRecord(shard, options: options, run: run)
        let shards = folder.url(SetLayout.shardsFolder)
        try folder.makeFolder(SetLayout.shardsFolder)
        let lockPath = folder.url(shard.lockFile).path
        folder.touch(shard.lockFile)
        guard let own = try AdvisoryLock.tryLock(lockPath, reportedAs: path) else {
            throw .busy(path: "\(path) (shard \(shard))")
        }
        guard let shared = try AdvisoryLock.tryLock(shards.path, exclusive: false, reportedAs: path) else {
            throw .busy(path: path)
        }
        locks = [own, shared]
        if folder.exists(shard.doneFile), !run.resume, !run.force {
            throw .invalidOption(
                "\(.shard, shard.description)",
                because: "is already finished in \(path); pass \(.force) to render it again")
        }
        if folder.exists(shard.doneFile) {
            try folder.remove(shard.doneFile)
        }
        if !run.resume, folder.exists(shard.journalFile) {
            try folder.remove(shard.journalFile)
        }
        try folder.write(try AnswerKeyEncoding.document(RunRecord(options: options)), to: shard.recordFile)
    }

    /// Writes the set's run record, checks the one there, or (with `--force`) replaces a set or
    /// shards made otherwise, removing every file of theirs so none is left behind.
    private func settleRecord(_ shard: Shard, options: GenerateOptions, run: RunOptions) throws(ShapeTurnsError) {
        let path = folder.root.path
        let names = ((try? fileManager.contentsOfDirectory(atPath: path)) ?? [])
            .filter {
                !($0 == "lost+found"
                    && ((try? fileManager.contentsOfDirectory(atPath: folder.url($0).path)) ?? ["?"]).isEmpty)
            }
        let ours = Set(StagedOutputFolder.setEntries(splits: options.split?.names ?? []))
        let isTemporary = { (name: String) in name.hasPrefix(".") && name.hasSuffix(".tmp") }
        if let foreign = names.sorted().first(where: { !ours.contains($0) && !isTemporary($0) }) {
            throw .cannotCreateOutput(
                path: path,
                reason: "it holds files ShapeTurns did not write (\(foreign)); shards go into a new or empty folder")
        }
        let record = RunRecord(options: options)
        let isSet = folder.exists(SetLayout.manifestFile)
        var difference: Wording?
        // Temporary files alone are what a shard killed while writing the run record leaves.
        if folder.exists(SetLayout.runRecordFile) {
            difference =
                RunRecord.read(folder).map { $0.difference(from: record) }
                ?? "its \(SetLayout.runRecordFile) is unreadable"
            if difference == nil, let other = otherShardCount(than: shard.count) {
                difference = "its shards split the set in \(other), not \(shard.count) (\(.shard, "K/\(other)"))"
            }
        } else if names.contains(where: { !isTemporary($0) }), !isSet {
            difference = "it holds parts of a set but no \(SetLayout.runRecordFile)"
        }
        if isSet || difference != nil {
            guard run.force else {
                if isSet { throw .outputNotEmpty(path: path) }
                throw .runMismatch(path: path, difference: difference ?? "")
            }
            try replaceAll(names)
        }
        if !folder.exists(SetLayout.runRecordFile) {
            try folder.write(try AnswerKeyEncoding.document(record), to: SetLayout.runRecordFile)
        }
    }

    /// The N of shards `K/N` already started here with another N than `count`, if any.
    private func otherShardCount(than count: Int) -> Int? {
        let names = (try? fileManager.contentsOfDirectory(atPath: folder.url(SetLayout.shardsFolder).path)) ?? []
        for name in names {
            guard let of = name.range(of: "-of-") else { continue }
            let digits = name[of.upperBound...].prefix(while: \.isNumber)
            if let other = Int(digits), other != count {
                return other
            }
        }
        return nil
    }

    /// Removes a set or other shards' files, once no shard of theirs is running.
    private func replaceAll(_ names: [String]) throws(ShapeTurnsError) {
        let path = folder.root.path
        let shards = folder.url(SetLayout.shardsFolder).path
        var holder: AdvisoryLock?
        if fileManager.fileExists(atPath: shards) {
            holder = try AdvisoryLock.tryLock(shards, reportedAs: path)
            guard holder != nil else {
                throw .busy(path: "\(path) (shards made with other options are still running)")
            }
        }
        for name in names {
            try folder.remove(name)
        }
        holder?.release()
    }
}
