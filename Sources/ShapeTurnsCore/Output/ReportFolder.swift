import Foundation

/// The folder `--report DIR` writes, under the output policy: built in a staging folder and put
/// in place only once complete and on disk, so a killed run never leaves half a report.
///
/// The images (thousands for a large suite) are written into the staging folder without an
/// fsync each (`StagingFileWriter`); `finish` flushes the file system once and only then renames
/// the folder (or its entries) into place, so a crash at any point leaves the old report or the
/// whole new one, never a new name over missing data.
///
/// A missing DIR is staged beside it (`.DIR.PID.shapeturns-partial`) and renamed into place. An
/// existing DIR (empty, a mount point, a symbolic link to a folder, or an earlier report) is
/// staged inside it and its report entries (`index.html`, `images`) are replaced, so the folder
/// itself, its owner, mode and link are kept. A folder holding anything else is refused with
/// `cannotCreateOutput` (73) before any image is compared.
package final class ReportFolder {
    /// The file every report holds, so that folder mode knows a report folder (say, one written
    /// inside the actual folder) and leaves it out of the comparison.
    package static let markerFile = ".shapeturns-report"
    /// What a report consists of; replacing a report replaces exactly these.
    package static let entries = ["index.html", "images", markerFile]
    private static let stagingPrefix = ".shapeturns-partial"

    /// The report folder as given.
    package let destination: URL
    /// The folder the report is built in before it is put in place.
    package let staging: URL
    private let exists: Bool
    private var createdAncestors = CreatedAncestors()
    /// Held while the staging folder is in use, so a later run knows it is not abandoned.
    private var stagingLock: AdvisoryLock?
    /// Writes the images into the staging folder; flushed as a whole by `finish`.
    private let files: StagingFileWriter

    /// Checks `path` with the output policy and makes the staging folder; an existing folder must
    /// be empty or hold an earlier page ShapeTurns wrote there, unchanged.
    package init(path: String, parameter: Parameter = .reportFolder)
        throws(ShapeTurnsError)
    {
        let policy = OutputPolicy(parameter)
        destination = try policy.destination(path, isDirectory: true).standardizedFileURL
        exists = try policy.checkFolderOutput(destination)
        let parent = destination.deletingLastPathComponent()
        if exists {
            try Self.checkIsReportOrEmpty(destination)
            staging = destination.appendingPathComponent("\(Self.stagingPrefix)-\(getpid())")
        } else {
            staging = parent.appendingPathComponent(
                ".\(destination.lastPathComponent).\(getpid())\(Self.stagingPrefix)")
            let shown = destination.path
            try createdAncestors.create(parent) { reason in .cannotCreateOutput(path: shown, reason: reason) }
        }
        files = StagingFileWriter(root: staging.path)
        guard mkdir(EscapedBytes.cString(staging.path), 0o777) == 0 else {
            let reason = String(cString: strerror(errno))
            createdAncestors.removeAll()
            throw .cannotCreateOutput(path: destination.path, reason: reason)
        }
        stagingLock = try? AdvisoryLock.tryLock(staging.path, reportedAs: destination.path)
    }

    /// Refuses a folder that holds anything but an earlier ShapeTurns report (or a killed run's
    /// staging folder), and a report whose `index.html` was changed since ShapeTurns wrote it
    /// (the folder's `.shapeturns-files` record holds its size and CRC-32).
    private static func checkIsReportOrEmpty(_ folder: URL) throws(ShapeTurnsError) {
        // `nil` for a name `EscapedBytes` cannot carry: never a report's.
        let contents = ((try? FolderNames.entries(of: folder.path).get()) ?? []).map(EscapedBytes.string)
            .filter { !($0?.hasPrefix(stagingPrefix) ?? false) }
        guard !contents.isEmpty else { return }
        guard contents.allSatisfy({ $0.map((entries + [OutputRecord.fileName]).contains) ?? false }) else {
            throw .cannotCreateOutput(
                path: folder.path,
                reason: "it holds files that are not a ShapeTurns report; choose an empty or new folder"
            )
        }
        let record = OutputRecord(folder: folder)
        guard !contents.contains("index.html") || record.isUnchanged("index.html") else {
            throw .cannotCreateOutput(
                path: folder.path,
                reason:
                    "its index.html is not the one ShapeTurns wrote (it was changed since, or written by someone else); move it away or choose another folder"
            )
        }
        try checkImages(in: folder, record: record)
    }

    /// Refuses an `images` folder holding anything the report did not write: every file under it
    /// must be in the record (as `images/PATH`) and unchanged, so replacing it loses nothing of
    /// the user's.
    private static func checkImages(in folder: URL, record: OutputRecord) throws(ShapeTurnsError) {
        guard let foreign = imageFiles(under: folder).first(where: { !($0.name.map(record.isUnchanged) ?? false) })
        else { return }
        let shown = foreign.name.map(DisplayName.escaped) ?? "an entry that is not a regular file with a UTF-8 name"
        throw .cannotCreateOutput(
            path: folder.path,
            reason:
                "its images folder holds \(shown), which ShapeTurns did not write (or which changed since); move it away or choose another folder"
        )
    }

    /// Every entry under `folder/images` that is not a folder, as its record name
    /// (`images/PATH`; `nil` when it is not a regular file or its name cannot be carried as
    /// `EscapedBytes`) and size, seen by the bytes of its name with `lstat`, so a link, a FIFO or
    /// a name Foundation would skip is listed too.
    private static func imageFiles(under folder: URL) -> [(name: String?, size: Int)] {
        var found: [(name: String?, size: Int)] = []
        func walk(_ relative: [UInt8]) {
            let path = PathBytes.join(folder.path, relative)
            guard let text = EscapedBytes.string(path), case .success(let names) = FolderNames.entries(of: text) else {
                found.append((nil, 0))
                return
            }
            for name in names {
                let child = relative + [UInt8(ascii: "/")] + name
                var status = stat()
                let kind: mode_t =
                    lstat(PathBytes.cString(path + [UInt8(ascii: "/")] + name), &status) == 0
                    ? status.st_mode & S_IFMT : 0
                if kind == S_IFDIR {
                    walk(child)
                } else {
                    let text = EscapedBytes.string(child)
                    found.append((kind == S_IFREG ? text : nil, Int(status.st_size)))
                }
            }
        }
        var status = stat()
        if lstat(EscapedBytes.cString(folder.appendingPathComponent("images").path), &status) == 0 {
            guard status.st_mode & S_IFMT == S_IFDIR else { return [(nil, 0)] }
            walk(Array("images".utf8))
        }
        return found
    }

    /// Removes the staging folders of killed runs (`.DIR.PID.shapeturns-partial` beside DIR,
    /// `DIR/.shapeturns-partial-PID` inside): each is locked while its run lives, so one this
    /// run can lock belongs to a run that is gone.
    private func removeAbandonedStagingFolders() {
        let parent = destination.deletingLastPathComponent()
        let besidePrefix = ".\(destination.lastPathComponent)."
        let beside = (FolderNames.names(in: parent.path) ?? [])
            .filter { name in
                name.hasPrefix(besidePrefix) && name.hasSuffix(Self.stagingPrefix)
                    && name.dropFirst(besidePrefix.count).dropLast(Self.stagingPrefix.count).allSatisfy(\.isNumber)
            }
            .map { parent.appendingPathComponent($0) }
        let inside = (FolderNames.names(in: destination.path) ?? [])
            .filter { $0.hasPrefix(Self.stagingPrefix + "-") }
            .map { destination.appendingPathComponent($0) }
        for folder in beside + inside where folder.standardizedFileURL != staging.standardizedFileURL {
            guard let lock = try? AdvisoryLock.tryLock(folder.path, reportedAs: folder.path) else { continue }
            RemovedTree.remove(folder.path)
            lock.release()
        }
    }

    /// Where `FolderComparer` copies the images (`images/` in the staging folder).
    package var images: ReportImages {
        ReportImages(files: files)
    }

    /// Writes `page` as `index.html`, puts the folder on disk, then in place of the destination.
    package func finish(page text: String) throws(ShapeTurnsError) {
        let page = Array(text.utf8)
        try AtomicFileWriter.write(page, to: staging.appendingPathComponent("index.html").path)
        var record = OutputRecord(folder: staging)
        record.set("index.html", FileChecksum(page))
        for (name, checksum) in files.written {
            record.set(name, checksum)
        }
        try record.save()
        try AtomicFileWriter.write(
            Array("A ShapeTurns report; folder comparisons leave this folder out.\n".utf8),
            to: staging.appendingPathComponent(Self.markerFile).path)
        try Durability.syncFileSystem(holding: staging.path)
        guard exists else {
            guard rename(EscapedBytes.cString(staging.path), EscapedBytes.cString(destination.path)) == 0 else {
                throw .ioFailure(path: destination.path, reason: String(cString: strerror(errno)))
            }
            try Durability.syncFolder(at: destination.deletingLastPathComponent().path)
            stagingLock?.release()
            removeAbandonedStagingFolders()
            return
        }
        // A file put into the old report's images folder while this run compared is kept.
        try Self.checkImages(in: destination, record: OutputRecord(folder: destination))
        for entry in Self.entries + [OutputRecord.fileName] {
            let old = destination.appendingPathComponent(entry)
            let new = staging.appendingPathComponent(entry)
            if RemovedTree.exists(old.path), let failure = RemovedTree.remove(old.path) {
                throw .ioFailure(path: old.path, reason: String(cString: strerror(failure)))
            }
            if RemovedTree.exists(new.path),
                rename(EscapedBytes.cString(new.path), EscapedBytes.cString(old.path)) != 0
            {
                throw .ioFailure(path: old.path, reason: String(cString: strerror(errno)))
            }
        }
        RemovedTree.remove(staging.path)
        try Durability.syncFolder(at: destination.path)
        stagingLock?.release()
        removeAbandonedStagingFolders()
    }

    /// Writes one image of the page into `images/` of the staging folder, as `name`; it is
    /// flushed with the whole report.
    package func writeImage(_ bytes: [UInt8], named name: String) throws(ShapeTurnsError) {
        try files.write(bytes, to: "images/" + name)
    }

    /// Removes the staging folder and any folders made for it (after a failure).
    package func discard() {
        RemovedTree.remove(staging.path)
        stagingLock?.release()
        createdAncestors.removeAll()
    }

    /// The picture of `path` that best shows its failure (the diff, else the actual or expected
    /// copy) as a path under `shownFolder` (the report folder as the user named it, so CI tools
    /// resolve it as the user does); `nil` when the report holds no copy of it.
    package func attachment(for path: String, shownAs shownFolder: String) -> String? {
        for role in [ReportImages.Role.diff, .actual, .expected] {
            let relative = ReportImages.relativePath(role, path)
            if RemovedTree.exists(destination.appendingPathComponent(relative).path) {
                return PathBytes.join(shownFolder, relative)
            }
        }
        return nil
    }

    /// The report's page.
    package var indexPath: String {
        destination.appendingPathComponent("index.html").path
    }
}
