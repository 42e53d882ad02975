import Foundation

/// The folders above an output that a run had to create, so that a failed run can remove
/// exactly those and leave the file system as it found it.
package struct CreatedAncestors {
    package private(set) var folders: [URL] = []

    package init() {}

    /// Makes sure `folder` exists, creating it and any missing folders above it, and remembers
    /// which it created. On failure it removes those again and throws `failure(reason)`.
    package mutating func create(_ folder: URL, failure: (String) -> ShapeTurnsError) throws(ShapeTurnsError) {
        var missing: [URL] = []
        var candidate = folder
        var status = stat()
        while stat(EscapedBytes.cString(candidate.path), &status) != 0, candidate.path != "/" {
            missing.append(candidate)
            candidate = candidate.deletingLastPathComponent()
        }
        guard status.st_mode & S_IFMT == S_IFDIR else {
            throw failure("\(candidate.path) is a file, not a folder")
        }
        for ancestor in missing.reversed() {
            guard mkdir(EscapedBytes.cString(ancestor.path), 0o777) == 0 else {
                // Another run made it in the meantime: it is theirs, and used as it is.
                if errno == EEXIST, stat(EscapedBytes.cString(ancestor.path), &status) == 0,
                    status.st_mode & S_IFMT == S_IFDIR
                {
                    continue
                }
                let reason = String(cString: strerror(errno))
                removeAll()
                throw failure(reason)
            }
            folders.append(ancestor)
        }
    }

    /// Removes the folders this run created, deepest first, each only if it is empty: the run
    /// has removed its own files by then, so anything still there was put there by someone else
    /// during the run (a user, or another run writing into the same new folder) and is kept,
    /// with the folders above it.
    package mutating func removeAll() {
        for folder in folders.reversed() where rmdir(EscapedBytes.cString(folder.path)) != 0 {
            break
        }
        folders.removeAll()
    }
}
