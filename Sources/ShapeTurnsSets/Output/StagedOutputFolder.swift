import Foundation
import ShapeGame
import ShapeRendering
import ShapeTurnsCore

/// A whole set being written under the output policy. Files go into a hidden staging folder
/// that becomes the set only once everything is written and on disk:
///
/// - `--out` missing: `.NAME.shapeturns-partial` beside it, renamed to NAME at the end;
/// - `--out` an existing folder (empty, a mount point, a symbolic link to a folder, or a set
///   being replaced with `--force`): `NAME/.shapeturns-partial` inside it, whose entries are
///   moved into NAME at the end, so the folder itself, its owner, mode and link are kept.
///
/// Every decision is made before any turn is rendered, under a lock: a folder holding files
/// ShapeTurns did not write is refused, even with `--force`. A failed run removes what it made;
/// a killed run leaves only the staging folder, which `--resume` finishes (after checking the
/// options and every kept file) and `--force` starts over.
package final class StagedOutputFolder {
    package enum State {
        /// Ready to write into `folder`; `resuming` when an unfinished run's files are there.
        case ready(resuming: Bool)
        /// `--resume` found the destination already complete, made with the same options.
        case alreadyComplete
    }

    /// The entries of a set folder that ShapeTurns writes, with the split folders of a set made
    /// with `--split`; replacing a set moves exactly these.
    package static func setEntries(splits: [String] = []) -> [String] {
        [
            SetLayout.manifestFile, SetLayout.answersFile, SetLayout.turnsFolder, SetLayout.shardsFolder,
            SetLayout.runRecordFile, SetLayout.journalFile, SetLayout.labelsFile, SetLayout.metadataFile,
            SetLayout.cardFile,
        ] + splits
    }
    package static let insideStagingName = ".shapeturns-partial"
    package static let insideOldName = ".shapeturns-old"

    package let destination: URL
    /// The split folders of the new set and of the set it replaces, if any.
    private var splits: [String]
    private(set) var staging: URL
    private(set) var folder: SetFolder
    private(set) var state = State.ready(resuming: false)
    private var createdAncestors = CreatedAncestors()
    private var lock: AdvisoryLock?
    private let fileManager = FileManager.default

    package init(destination: URL, options: GenerateOptions, replaceExisting: Bool, resume: Bool)
        throws(ShapeTurnsError)
    {
        self.destination = destination.standardizedFileURL
        splits = options.split?.names ?? []
        let parent = self.destination.deletingLastPathComponent()
        let beside = parent.appendingPathComponent(".\(self.destination.lastPathComponent).shapeturns-partial")
        staging = beside
        folder = SetFolder(root: beside, displayRoot: self.destination, writesInPlace: true)
        let path = self.destination.path
        let exists = try OutputPolicy(.destination).checkFolderOutput(self.destination)
        try createdAncestors.create(parent) { reason in .cannotCreateOutput(path: path, reason: reason) }
        // Decisions are made under a short lock on the parent, so two runs cannot both decide
        // to create (or remove) the same staging folder.
        let decision: AdvisoryLock
        do {
            decision = try AdvisoryLock.lock(parent.path, waiting: 10, reportedAs: path)
        } catch {
            createdAncestors.removeAll()
            throw error
        }
        defer { decision.release() }
        do {
            try decide(
                exists: exists, beside: beside, options: options, replaceExisting: replaceExisting, resume: resume)
        } catch {
            createdAncestors.removeAll()
            throw error
        }
    }

    private func decide(exists: Bool, beside: URL, options: GenerateOptions, replaceExisting: Bool, resume: Bool)
        throws(ShapeTurnsError)
    {
        let path = destination.path
        let inside = destination.appendingPathComponent(Self.insideStagingName)
        let unfinished = [inside, beside].first { fileManager.fileExists(atPath: $0.path) }
        if let unfinished {
            guard let lock = try AdvisoryLock.tryLock(unfinished.path, reportedAs: path) else {
                throw .busy(path: path)
            }
            if resume {
                if exists, case .foreign(let example) = try contents() {
                    throw .cannotCreateOutput(
                        path: path,
                        reason:
                            "it holds files ShapeTurns did not write (\(example)); the unfinished run cannot be put there"
                    )
                }
                self.lock = lock
                use(unfinished)
                state = .ready(resuming: true)
                return
            }
            guard replaceExisting else { throw .unfinishedRun(path: path) }
            try? fileManager.removeItem(at: unfinished)
        }
        if exists {
            switch try contents() {
            case .empty:
                break
            case .set(let manifest):
                if resume {
                    let made = RunRecord(
                        toolVersion: manifest.toolVersion, cairoVersion: manifest.cairoVersion,
                        options: manifest.options)
                    if let difference = made.difference(from: RunRecord(options: options)) {
                        throw .runMismatch(path: path, difference: difference)
                    }
                    state = .alreadyComplete
                    return
                }
                guard replaceExisting else { throw .outputNotEmpty(path: path) }
            case .interrupted:
                guard replaceExisting else {
                    throw .cannotCreateOutput(
                        path: path,
                        because:
                            "a replacement of the set there was interrupted (its old files are in \(Self.insideOldName)); pass \(.force) to write the set again"
                    )
                }
            case .shards:
                guard replaceExisting else {
                    throw .cannotCreateOutput(
                        path: path,
                        because:
                            "it holds shards of a set; finish them with \(.generate) \(.shard, "K/N") and run \(.merge), or pass \(.force) to start over"
                    )
                }
            case .foreign(let example):
                if replaceExisting || resume {
                    throw .cannotCreateOutput(
                        path: path,
                        because:
                            "it holds files ShapeTurns did not write (\(example)); \(resume ? Parameter.resume : .force) acts only on a folder holding a ShapeTurns set"
                    )
                }
                // Not outputNotEmpty: its hint to pass force would only lead to the refusal above.
                throw .cannotCreateOutput(
                    path: path,
                    because: "it holds files ShapeTurns did not write (\(example)); choose an empty or new folder")
            }
        }
        let target = exists ? inside : beside
        guard mkdir(target.path, 0o777) == 0 else {
            throw .cannotCreateOutput(path: path, reason: String(cString: strerror(errno)))
        }
        guard let lock = try AdvisoryLock.tryLock(target.path, reportedAs: path) else { throw .busy(path: path) }
        self.lock = lock
        use(target)
    }

    private func use(_ staging: URL) {
        self.staging = staging
        folder = SetFolder(root: staging, displayRoot: destination, writesInPlace: true)
    }

    /// What an existing destination folder holds, apart from a staging folder.
    private enum Contents {
        case empty
        case set(SetManifest)
        case shards
        /// A power cut during the last renames of a replacement: no manifest, the old set aside.
        case interrupted
        case foreign(example: String)
    }

    private func contents() throws(ShapeTurnsError) -> Contents {
        let names: [String]
        do {
            names = try fileManager.contentsOfDirectory(atPath: destination.path)
                .filter {
                    $0 != Self.insideStagingName && $0 != Self.insideOldName
                        && !($0 == "lost+found" && isEmptyFolder($0))
                }
        } catch {
            throw .cannotCreateOutput(path: destination.path, reason: SystemReason.of(error))
        }
        guard !names.isEmpty else { return .empty }
        let manifestPath = destination.appendingPathComponent(SetLayout.manifestFile).path
        if let bytes = try? BoundedFileReader.read(manifestPath, limit: 1 << 20),
            let manifest = try? JSONDecoder().decode(SetManifest.self, from: Data(bytes)), manifest.tool == "shapeturns"
        {
            splits += (manifest.options.split?.names ?? []).filter { !splits.contains($0) }
            return .set(manifest)
        }
        if names.contains(SetLayout.runRecordFile) {
            return .shards
        }
        let ours = Set(Self.setEntries(splits: splits))
        if fileManager.fileExists(atPath: destination.appendingPathComponent(Self.insideOldName).path),
            names.allSatisfy(ours.contains)
        {
            return .interrupted
        }
        return .foreign(example: names.sorted().first ?? "")
    }

    private func isEmptyFolder(_ name: String) -> Bool {
        ((try? fileManager.contentsOfDirectory(atPath: destination.appendingPathComponent(name).path)) ?? ["?"]).isEmpty
    }

    /// Puts the finished set in place: everything written is flushed to disk first, then the
    /// staging folder is renamed to the destination, or (for an existing destination) the old
    /// set's entries are moved aside, the new ones moved in (`manifest.json` last, so a set with
    /// a manifest is always complete) and the old ones removed; the folders are flushed after.
    package func commit() throws(ShapeTurnsError) {
        let path = destination.path
        for name in (try? fileManager.contentsOfDirectory(atPath: staging.path)) ?? []
        where name.hasPrefix(".") && name.hasSuffix(".tmp") {
            // A temporary file a killed run left (the answer key being streamed, a record).
            unlink(staging.appendingPathComponent(name).path)
        }
        try Durability.syncFileSystem(holding: staging.path)
        var status = stat()
        guard lstat(path, &status) == 0 else {
            guard rename(staging.path, path) == 0 else {
                throw .ioFailure(path: path, reason: String(cString: strerror(errno)))
            }
            try Durability.syncFolder(at: destination.deletingLastPathComponent().path)
            lock?.release()
            return
        }
        let old = destination.appendingPathComponent(Self.insideOldName)
        try? fileManager.removeItem(at: old)
        guard mkdir(old.path, 0o777) == 0 else {
            throw .ioFailure(path: path, reason: String(cString: strerror(errno)))
        }
        let newEntries = ((try? fileManager.contentsOfDirectory(atPath: staging.path)) ?? [])
            .sorted { ($0 == SetLayout.manifestFile ? 1 : 0, $0) < ($1 == SetLayout.manifestFile ? 1 : 0, $1) }
        // The old manifest goes first: from then on the folder no longer claims a complete set.
        for name in [SetLayout.manifestFile] + Self.setEntries(splits: splits).filter({ $0 != SetLayout.manifestFile })
        {
            let entry = destination.appendingPathComponent(name)
            if lstat(entry.path, &status) == 0, rename(entry.path, old.appendingPathComponent(name).path) != 0 {
                throw .ioFailure(path: entry.path, reason: String(cString: strerror(errno)))
            }
        }
        try Durability.syncFolder(at: path)
        for name in newEntries {
            guard rename(staging.appendingPathComponent(name).path, destination.appendingPathComponent(name).path) == 0
            else {
                throw .ioFailure(
                    path: destination.appendingPathComponent(name).path, reason: String(cString: strerror(errno)))
            }
        }
        try Durability.syncFolder(at: path)
        try? fileManager.removeItem(at: old)
        try? fileManager.removeItem(at: staging)
        lock?.release()
    }

    /// Removes the staging folder and any folders above the destination this run created.
    package func discard() {
        try? fileManager.removeItem(at: staging)
        createdAncestors.removeAll()
        lock?.release()
    }
}
