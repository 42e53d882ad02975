import Foundation

/// Removes a file or a folder with everything in it, by the bytes of its names (`EscapedBytes`),
/// as `FileManager.removeItem` would for a path of UTF-8: a symbolic link is removed, never
/// followed.
package enum RemovedTree {
    /// Removes `path`; returns the errno of the first entry that could not be removed, or `nil`.
    @discardableResult
    package static func remove(_ path: String) -> Int32? {
        remove(bytes: EscapedBytes.bytes(path))
    }

    private static func remove(bytes path: [UInt8]) -> Int32? {
        var status = stat()
        guard lstat(PathBytes.cString(path), &status) == 0 else { return errno }
        guard status.st_mode & S_IFMT == S_IFDIR else {
            return unlink(PathBytes.cString(path)) == 0 ? nil : errno
        }
        guard let text = EscapedBytes.string(path), case .success(let names) = FolderNames.entries(of: text) else {
            return EACCES
        }
        for name in names {
            if let failure = remove(bytes: path + [UInt8(ascii: "/")] + name) { return failure }
        }
        return rmdir(PathBytes.cString(path)) == 0 ? nil : errno
    }

    /// Whether `path` (as `EscapedBytes`) names anything, following a symbolic link as
    /// `FileManager.fileExists(atPath:)` does.
    package static func exists(_ path: String) -> Bool {
        var status = stat()
        return stat(EscapedBytes.cString(path), &status) == 0
    }
}
