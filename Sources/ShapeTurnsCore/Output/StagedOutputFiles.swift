import Foundation

/// Files being written side by side in one folder (a PDF, the pages of a PNG or SVG worksheet,
/// a diff image), under the output policy: the targets are checked before any work, each file
/// is written to a hidden temporary file beside its final name, and every one takes its final
/// name only once all of them are written and fsynced, and checked again under the folder's
/// lock (held only while publishing).
/// The folder's `.shapeturns-files` record then names them, so a later run may replace them.
///
/// A failed run removes its temporary files and any folders it created; a killed run leaves
/// only hidden `.NAME.PID.shapeturns-partial` files, never a truncated file under a real name.
package final class StagedOutputFiles {
    package let folder: URL
    package let policy: OutputPolicy
    private let names: [String]
    private var createdAncestors = CreatedAncestors()
    private var staged: [(temporary: URL, target: URL, checksum: FileChecksum)] = []

    /// Checks `names` in `folder` with `policy`, then makes sure `folder` exists, creating it and
    /// any missing folders above it when `createsFolders` (else a missing folder fails with 73).
    /// `output` names the output in messages about the folder (the first file's path by default).
    package init(
        folder: URL, names: [String], policy: OutputPolicy, createsFolders: Bool = true,
        reportedAs output: String? = nil
    ) throws(ShapeTurnsError) {
        self.folder = folder.standardizedFileURL
        self.policy = policy
        self.names = names
        let output = output ?? names.first.map { self.folder.appendingPathComponent($0).path } ?? self.folder.path
        do {
            try policy.checkFiles(names, in: self.folder, reportedAs: output)
        } catch {
            // Another run may be publishing here this moment (its file renamed, its record not
            // yet saved); it holds the folder's lock until done, so check again under the lock.
            var status = stat()
            guard stat(EscapedBytes.cString(self.folder.path), &status) == 0, status.st_mode & S_IFMT == S_IFDIR,
                let lock = try? AdvisoryLock.lock(self.folder.path, waiting: 30, reportedAs: output)
            else {
                throw error
            }
            defer { lock.release() }
            try policy.checkFiles(names, in: self.folder, reportedAs: output)
        }
        var status = stat()
        if !createsFolders, stat(EscapedBytes.cString(self.folder.path), &status) != 0 {
            throw .cannotCreateFile(path: output, reason: String(cString: strerror(errno)))
        }
        try createdAncestors.create(self.folder) { reason in .cannotCreateFile(path: output, reason: reason) }
    }

    /// Writes `bytes` to a temporary file that becomes `name` (one of the names checked) on `commit()`.
    package func stage(_ bytes: [UInt8], as name: String) throws(ShapeTurnsError) {
        let target = folder.appendingPathComponent(name)
        let temporary = folder.appendingPathComponent(Self.temporaryName(for: name))
        let failure = FileDescriptorWriter.writeNewFile(bytes, at: temporary.path)
        if failure?.created ?? true {
            staged.append((temporary, target, FileChecksum(bytes)))
        }
        if let failure {
            guard failure.created else { throw .cannotCreateFile(path: target.path, reason: failure.reason) }
            throw .ioFailure(path: target.path, reason: failure.reason)
        }
    }

    /// The hidden name a file is written under until `commit()`: `.NAME.PID.shapeturns-partial`.
    package static func temporaryName(for name: String) -> String {
        ".\(name).\(getpid())\(partialSuffix)"
    }

    /// The final name a temporary file was staged for, or `nil` when `name` is not one.
    package static func stagedName(ofTemporary name: String) -> String? {
        guard name.hasPrefix("."), name.hasSuffix(partialSuffix) else { return nil }
        let inner = name.dropFirst().dropLast(partialSuffix.count)
        guard let dot = inner.lastIndex(of: "."), inner[inner.index(after: dot)...].allSatisfy(\.isNumber),
            inner.index(after: dot) < inner.endIndex, dot > inner.startIndex
        else { return nil }
        return String(inner[..<dot])
    }

    /// The process that staged a temporary file `.NAME.PID.shapeturns-partial`.
    package static func process(ofTemporary name: String) -> pid_t? {
        guard let page = stagedName(ofTemporary: name) else { return nil }
        return pid_t(name.dropFirst(page.count + 2).dropLast(partialSuffix.count))
    }

    /// Whether process `id` is running (a process of another user counts as running).
    package static func isAlive(_ id: pid_t) -> Bool {
        kill(id, 0) == 0 || errno == EPERM
    }

    package static let partialSuffix = ".shapeturns-partial"

    /// Gives every staged file its final name (each target checked again, now under the lock),
    /// fsyncs the folder, removes the files `isStale` picks among those the record names and
    /// this run did not write (with temporary files killed runs left for them), and records the
    /// files written.
    package func commit(removingStale isStale: (String) -> Bool = { _ in false }) throws(ShapeTurnsError) {
        // Held for the moment of publishing, so two runs never interleave their checks and renames.
        let lock = try AdvisoryLock.lock(folder.path, waiting: 30, reportedAs: folder.path)
        defer { lock.release() }
        var record = OutputRecord(folder: folder)
        for (_, target, _) in staged {
            try policy.checkFile(target, record: record)
        }
        for (temporary, target, checksum) in staged {
            guard rename(EscapedBytes.cString(temporary.path), EscapedBytes.cString(target.path)) == 0 else {
                throw .ioFailure(path: target.path, reason: String(cString: strerror(errno)))
            }
            record.set(target.lastPathComponent, checksum)
        }
        staged.removeAll()
        let written = Set(names)
        for name in record.names where !written.contains(name) && isStale(name) {
            if record.isUnchanged(name) {
                unlink(EscapedBytes.cString(folder.appendingPathComponent(name).path))
            }
            record.remove(name)
        }
        let leftovers = FolderNames.names(in: folder.path) ?? []
        for name in leftovers {
            // Only a killed run's: a run still alive is staging its own file of that name.
            if let page = Self.stagedName(ofTemporary: name), written.contains(page) || isStale(page),
                let process = Self.process(ofTemporary: name), !Self.isAlive(process)
            {
                unlink(EscapedBytes.cString(folder.appendingPathComponent(name).path))
            }
        }
        try record.save()
        try Durability.syncFolder(at: folder.path)
    }

    /// Removes the temporary files not yet committed and the folders this run created.
    package func discard() {
        for (temporary, _, _) in staged {
            unlink(EscapedBytes.cString(temporary.path))
        }
        staged.removeAll()
        createdAncestors.removeAll()
    }
}
