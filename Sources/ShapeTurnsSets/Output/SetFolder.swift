import Foundation
import ShapeGame
import ShapeRendering
import ShapeTurnsCore

/// A folder that turn files are written into, each through a temporary file and a rename, so no
/// reader ever sees a truncated file. Safe to use from several threads at once as long as no
/// two write the same file; folders are made beforehand with `makeFolder(_:)`.
package final class SetFolder: Sendable {
    /// Where the files go.
    package let root: URL
    /// Where the user will find them (differs from `root` while a set is staged), for messages.
    package let displayRoot: URL
    /// Whether files are written straight to their names (a hidden staging folder) rather than
    /// through a temporary file and a rename (a folder others may be reading).
    package let writesInPlace: Bool

    /// `root`'s path without a final slash, to which relative paths are joined as text: a set
    /// writes a few files a turn, and `URL.appendingPathComponent` asks the file system whether
    /// each one is a folder.
    private let rootPath: String

    package init(root: URL, displayRoot: URL, writesInPlace: Bool = false) {
        self.root = root
        self.displayRoot = displayRoot
        self.writesInPlace = writesInPlace
        let path = root.path
        rootPath = path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
    }

    package func url(_ relativePath: String) -> URL {
        root.appendingPathComponent(relativePath)
    }

    /// The path of `relativePath` (`folder/name`, no `..`) in the folder.
    package func path(_ relativePath: String) -> String {
        rootPath == "/" ? "/" + relativePath : rootPath + "/" + relativePath
    }

    /// Creates the folder itself and any missing folders above it (a shard's shared folder);
    /// `cannotCreateOutput` (73) when it cannot.
    package func makeRoot() throws(ShapeTurnsError) {
        do {
            try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        } catch {
            throw .cannotCreateOutput(path: displayRoot.path, reason: SystemReason.of(error))
        }
    }

    /// Creates `relativePath` if missing, as an empty file (a lock file); never truncates one.
    package func touch(_ relativePath: String) {
        let descriptor = open(url(relativePath).path, O_WRONLY | O_CREAT | O_CLOEXEC, 0o644)
        if descriptor >= 0 { close(descriptor) }
    }

    /// Opens the hidden temporary file (`.NAME.tmp`, truncated) that `publishTemporary(of:)`
    /// later renames to `relativePath`: the descriptor, and the temporary file's path.
    package func createTemporary(for relativePath: String) throws(ShapeTurnsError) -> (descriptor: Int32, path: String)
    {
        let target = url(relativePath)
        let temporary = target.deletingLastPathComponent().appendingPathComponent(".\(target.lastPathComponent).tmp")
            .path
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw .ioFailure(path: displayPath(relativePath), reason: String(cString: strerror(errno)))
        }
        return (descriptor, temporary)
    }

    /// Renames the temporary file made by `createTemporary(for:)` to `relativePath`; on failure
    /// the temporary file is removed.
    package func publishTemporary(_ temporary: String, as relativePath: String) throws(ShapeTurnsError) {
        guard rename(temporary, url(relativePath).path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw .ioFailure(path: displayPath(relativePath), reason: reason)
        }
    }

    /// Removes a temporary file made by `createTemporary(for:)` (a failed or abandoned write).
    package func removeTemporary(_ temporary: String) {
        unlink(temporary)
    }

    package func makeFolder(_ relativePath: String) throws(ShapeTurnsError) {
        do {
            try FileManager.default.createDirectory(at: url(relativePath), withIntermediateDirectories: true)
        } catch {
            throw .ioFailure(path: displayPath(relativePath), reason: SystemReason.of(error))
        }
    }

    /// Writes `bytes` to `relativePath`. In a folder others can see (`writesInPlace` false) it
    /// goes through `.NAME.PID.tmp` and a rename, so nobody sees a truncated file; pass
    /// `sharedAcrossProcesses` for a file several processes may write at once even in a staging
    /// folder. Temporary names carry the process id, so two processes never share one. In a
    /// hidden staging folder the file is written in place: the folder itself appears only when
    /// complete (and is flushed to disk before it does).
    package func write(_ bytes: [UInt8], to relativePath: String, sharedAcrossProcesses: Bool = false)
        throws(ShapeTurnsError)
    {
        let target = path(relativePath)
        guard !writesInPlace || sharedAcrossProcesses else {
            try Self.writeFile(bytes, at: target, reportedAs: displayPath(relativePath))
            return
        }
        let temporary = Self.temporaryPath(of: target, suffix: ".\(getpid()).tmp")
        try Self.writeFile(bytes, at: temporary, reportedAs: displayPath(relativePath))
        guard rename(temporary, target) == 0 else {
            throw .ioFailure(path: displayPath(relativePath), reason: String(cString: strerror(errno)))
        }
    }

    /// `folder/.name` + `suffix` for `folder/name`.
    package static func temporaryPath(of path: String, suffix: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." + path + suffix }
        return path[...slash] + "." + path[path.index(after: slash)...] + suffix
    }

    /// `name` is worked out only for a message: making a display path asks the file system too.
    private static func writeFile(_ bytes: [UInt8], at path: String, reportedAs name: @autoclosure () -> String)
        throws(ShapeTurnsError)
    {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw .ioFailure(path: name(), reason: String(cString: strerror(errno)))
        }
        var failure: Int32 = 0
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Foundation.write(
                    descriptor, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                offset += written
            }
        }
        if close(descriptor) != 0, failure == 0 {
            failure = errno
        }
        guard failure == 0 else {
            throw .ioFailure(path: name(), reason: String(cString: strerror(failure)))
        }
    }

    /// Writes a large file in pieces (`body` appends through the handle), then renames it into place.
    package func writeStreaming<Result>(
        to relativePath: String, _ body: (FileHandle) throws(ShapeTurnsError) -> Result
    ) throws(ShapeTurnsError) -> Result {
        let target = url(relativePath)
        let temporary = target.deletingLastPathComponent().appendingPathComponent(
            ".\(target.lastPathComponent).\(getpid()).tmp")
        guard FileManager.default.createFile(atPath: temporary.path, contents: nil),
            let handle = FileHandle(forWritingAtPath: temporary.path)
        else {
            throw .ioFailure(path: displayPath(relativePath), reason: String(cString: strerror(errno)))
        }
        let result: Result
        do {
            result = try body(handle)
        } catch {
            try? handle.close()
            unlink(temporary.path)
            throw error
        }
        do {
            try handle.synchronize()
            try handle.close()
        } catch {
            throw .ioFailure(path: displayPath(relativePath), reason: SystemReason.of(error))
        }
        guard rename(temporary.path, target.path) == 0 else {
            throw .ioFailure(path: displayPath(relativePath), reason: String(cString: strerror(errno)))
        }
        return result
    }

    /// The bytes of a regular file in the folder, if it is at most `limit` bytes.
    package func contents(_ relativePath: String, limit: Int) -> [UInt8]? {
        try? BoundedFileReader.read(path(relativePath), limit: limit)
    }

    /// The size and CRC-32 of `relativePaths` one after another, or `nil` when one is missing,
    /// not a regular file, or they hold more than `limit` bytes in all.
    package func checksum(of relativePaths: [String], limit: Int) -> FileChecksum? {
        var checksum = FileChecksum()
        for relativePath in relativePaths {
            guard let bytes = contents(relativePath, limit: limit - checksum.size) else { return nil }
            checksum.add(bytes)
        }
        return checksum
    }

    package func exists(_ relativePath: String) -> Bool {
        FileManager.default.fileExists(atPath: url(relativePath).path)
    }

    package func remove(_ relativePath: String) throws(ShapeTurnsError) {
        do {
            try FileManager.default.removeItem(at: url(relativePath))
        } catch {
            throw .ioFailure(path: displayPath(relativePath), reason: SystemReason.of(error))
        }
    }

    /// Removes the temporary files (`.NAME.PID.tmp`, `.NAME.tmp`) that killed runs left anywhere
    /// in the folder, so a finished set holds exactly the files of one run. Only for a moment
    /// when no run writes here (`merge`, holding every shard's lock).
    package func removeLeftoverTemporaryFiles() {
        guard let walker = FileManager.default.enumerator(atPath: root.path) else { return }
        while let relativePath = walker.nextObject() as? String {
            let name = (relativePath as NSString).lastPathComponent
            guard name.hasPrefix("."), name.hasSuffix(".tmp"), name.count > ".tmp".count + 1 else { continue }
            var status = stat()
            if lstat(url(relativePath).path, &status) == 0, status.st_mode & S_IFMT == S_IFREG {
                unlink(url(relativePath).path)
            }
        }
    }

    package func displayPath(_ relativePath: String) -> String {
        displayRoot.appendingPathComponent(relativePath).path
    }
}
