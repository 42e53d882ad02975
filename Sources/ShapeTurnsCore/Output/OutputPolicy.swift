import Foundation

/// The one rule every ShapeTurns command that writes follows: **only ever replace what
/// ShapeTurns wrote.** Checked before any work is done, so a refused run has changed nothing.
///
/// - An output that is an input of the same run, a device, FIFO, socket, symbolic link or folder
///   where a file is expected, or an existing file ShapeTurns did not write (not named in the
///   folder's `.shapeturns-files` record, or changed since) is refused with `cannotCreateFile`
///   (exit 73).
/// - A set folder is created, filled in place when it exists and is empty (an empty folder, a
///   mount point or a symbolic link to a folder keep their owner, mode and link), and replaced
///   with `--force` only when it holds a ShapeTurns set; the current folder is never removed.
/// - An empty path is a usage error (exit 64).
///
/// A new writer builds a policy with the parameter that names its output and the run's inputs, then writes
/// through `StagedOutputFiles` (single files and pages) or a set folder, which apply it; see
/// docs/output-safety.md.
package struct OutputPolicy: Sendable {
    /// The parameter that names the output, for messages (`destination`, `diffPath`).
    package let parameter: Parameter
    /// Every input path of the run (bytes that are not UTF-8 as `EscapedBytes`); none of them may be written.
    package let inputs: [String]

    package init(_ parameter: Parameter, inputs: [String] = []) {
        self.parameter = parameter
        self.inputs = inputs
    }

    /// The URL of an output path as typed; an empty path is a usage error, not the current folder.
    package func destination(_ text: String, isDirectory: Bool = false) throws(ShapeTurnsError) -> URL {
        guard !text.isEmpty else {
            throw .invalidOption(parameter, reason: "must name a path; an empty value would mean the current folder")
        }
        return URL(fileURLWithPath: text, isDirectory: isDirectory)
    }

    /// Checks that the files `names` may be written in `folder`: the folder exists as a folder
    /// (or can be created), and each file is absent, or a regular file that ShapeTurns wrote
    /// there and that is unchanged since, and not an input of this run.
    /// `output` names the output in messages about the folder (the first file's path by default).
    package func checkFiles(_ names: [String], in folder: URL, reportedAs output: String? = nil) throws(ShapeTurnsError)
    {
        try checkFolderPath(
            folder, reportedAs: output ?? names.first.map { folder.appendingPathComponent($0).path } ?? folder.path)
        let record = OutputRecord(folder: folder)
        for name in names {
            try checkFile(folder.appendingPathComponent(name), record: record)
        }
    }

    /// Checks one file output against the record of its folder.
    package func checkFile(_ target: URL, record: OutputRecord) throws(ShapeTurnsError) {
        var status = stat()
        guard lstat(EscapedBytes.cString(target.path), &status) == 0 else {
            guard errno == ENOENT || errno == ENOTDIR else {
                throw .cannotCreateFile(path: target.path, reason: String(cString: strerror(errno)))
            }
            return
        }
        if let input = input(matching: status) {
            throw .cannotCreateFile(
                path: target.path,
                because: "\(parameter) is an input of this run (\(DisplayName.escaped(input))); choose another name")
        }
        guard status.st_mode & S_IFMT != S_IFDIR else {
            throw .cannotCreateFile(path: target.path, reason: "a folder of that name is in the way")
        }
        guard status.st_mode & S_IFMT == S_IFREG else {
            throw .cannotCreateFile(
                path: target.path,
                reason:
                    "it is \(BoundedFileReader.fileKind(status.st_mode)); ShapeTurns writes only regular files of its own"
            )
        }
        guard record.isUnchanged(target.lastPathComponent) else {
            throw .cannotCreateFile(
                path: target.path,
                reason:
                    "a file ShapeTurns did not write (or that changed since) has that name; remove it or choose another name"
            )
        }
    }

    /// Checks a folder output (a set, a shard folder, a report folder) before any work: the
    /// folders above it must be folders or missing, and it must be missing, a folder or a link
    /// to one, never a file, device or dangling link. Returns whether it exists.
    package func checkFolderOutput(_ folder: URL) throws(ShapeTurnsError) -> Bool {
        let path = folder.standardizedFileURL.path
        try checkFolderPath(folder.deletingLastPathComponent(), reportedAs: path)
        var status = stat()
        guard stat(EscapedBytes.cString(path), &status) == 0 else {
            if lstat(EscapedBytes.cString(path), &status) == 0 {
                throw .cannotCreateOutput(
                    path: path, reason: "it is a symbolic link to nothing; point it at a folder or remove it")
            }
            return false
        }
        guard status.st_mode & S_IFMT == S_IFDIR else {
            throw .cannotCreateOutput(
                path: path, reason: "it is \(BoundedFileReader.fileKind(status.st_mode)), not a folder")
        }
        return true
    }

    /// Checks that `folder` is a folder, a symbolic link to one, or missing below a folder
    /// (missing folders are created when the output is written).
    package func checkFolderPath(_ folder: URL, reportedAs output: String? = nil) throws(ShapeTurnsError) {
        let output = output ?? folder.path
        var candidate = folder.standardizedFileURL
        while true {
            var status = stat()
            if stat(EscapedBytes.cString(candidate.path), &status) == 0 {
                guard status.st_mode & S_IFMT == S_IFDIR else {
                    throw .cannotCreateFile(
                        path: output,
                        reason: "\(candidate.path) is \(BoundedFileReader.fileKind(status.st_mode)), not a folder")
                }
                return
            }
            if lstat(EscapedBytes.cString(candidate.path), &status) == 0 {
                throw .cannotCreateFile(path: output, reason: "\(candidate.path) is a symbolic link to nothing")
            }
            guard errno == ENOENT || errno == ENOTDIR, candidate.path != "/" else {
                throw .cannotCreateFile(path: output, reason: String(cString: strerror(errno)))
            }
            candidate = candidate.deletingLastPathComponent()
        }
    }

    /// The input that is the same file as `status` describes, if any.
    private func input(matching status: stat) -> String? {
        inputs.first { input in
            var inputStatus = stat()
            return stat(EscapedBytes.cString(input), &inputStatus) == 0 && inputStatus.st_dev == status.st_dev
                && inputStatus.st_ino == status.st_ino
        }
    }

    /// Writes one file, `file`, as a whole or not at all, after checking it as this policy's
    /// output: a gradebook, a scan's responses.
    package func write(_ bytes: [UInt8], to file: URL) throws(ShapeTurnsError) {
        let file = file.standardizedFileURL
        let files = try StagedOutputFiles(
            folder: file.deletingLastPathComponent(), names: [file.lastPathComponent], policy: self)
        do {
            try files.stage(bytes, as: file.lastPathComponent)
            try files.commit()
        } catch {
            files.discard()
            throw error
        }
    }
}
