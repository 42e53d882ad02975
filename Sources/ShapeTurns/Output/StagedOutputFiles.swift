import Foundation

/// Files being written side by side in one folder (a PDF, or the pages of a PNG or SVG
/// worksheet): each is written to a hidden temporary file beside its final name, and every one
/// takes its final name only once all of them are written. A failed run removes its temporary
/// files and any folders it created; a killed run leaves only hidden `.NAME.shapeturns-partial`
/// files, never a truncated file under a real name.
final class StagedOutputFiles {
    let folder: URL
    private var createdAncestors = CreatedAncestors()
    private var staged: [(temporary: URL, target: URL)] = []
    private let fileManager = FileManager.default

    /// Makes sure `folder` exists, creating it and any missing folders above it. `output` names
    /// the output in error messages.
    init(folder: URL, output: String) throws(ShapeTurnsError) {
        self.folder = folder.standardizedFileURL
        try createdAncestors.create(self.folder) { reason in .cannotCreateFile(path: output, reason: reason) }
    }

    /// Writes `bytes` to a temporary file that becomes `name` (a file in `folder`) on `commit()`.
    func stage(_ bytes: [UInt8], as name: String) throws(ShapeTurnsError) {
        let target = folder.appendingPathComponent(name)
        var isFolder: ObjCBool = false
        if fileManager.fileExists(atPath: target.path, isDirectory: &isFolder), isFolder.boolValue {
            throw .cannotCreateFile(path: target.path, reason: "a folder of that name is in the way")
        }
        let temporary = folder.appendingPathComponent(Self.temporaryName(for: name))
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else {
            throw .cannotCreateFile(path: target.path, reason: String(cString: strerror(errno)))
        }
        staged.append((temporary, target))
        var failure = Self.writeAll(bytes, to: descriptor)
        if close(descriptor) != 0, failure == nil {
            failure = errno
        }
        if let failure {
            throw .ioFailure(path: target.path, reason: String(cString: strerror(failure)))
        }
    }

    /// The hidden name a file is written under until `commit()`: `.NAME.shapeturns-partial`.
    static func temporaryName(for name: String) -> String {
        ".\(name)\(partialSuffix)"
    }

    /// The final name a temporary file was staged for, or `nil` when `name` is not one.
    static func stagedName(ofTemporary name: String) -> String? {
        guard name.hasPrefix("."), name.hasSuffix(partialSuffix), name.count > partialSuffix.count + 1 else { return nil }
        return String(name.dropFirst().dropLast(partialSuffix.count))
    }

    private static let partialSuffix = ".shapeturns-partial"

    /// Gives every staged file its final name, replacing files of those names.
    func commit() throws(ShapeTurnsError) {
        for (temporary, target) in staged {
            guard rename(temporary.path, target.path) == 0 else {
                throw .ioFailure(path: target.path, reason: String(cString: strerror(errno)))
            }
        }
        staged.removeAll()
    }

    /// Removes the temporary files not yet committed and the folders this run created.
    func discard() {
        for (temporary, _) in staged {
            unlink(temporary.path)
        }
        staged.removeAll()
        createdAncestors.removeAll()
    }

    /// Writes every byte, retrying short writes and interruptions; the `errno` of a failure.
    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Int32? {
        bytes.withUnsafeBytes { buffer -> Int32? in
            guard let base = buffer.baseAddress else { return nil }
            var offset = 0
            while offset < buffer.count {
                let written = write(descriptor, base + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                offset += written
            }
            return nil
        }
    }
}
