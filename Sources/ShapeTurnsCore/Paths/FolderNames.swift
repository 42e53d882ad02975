import Foundation

/// The names in a folder as readdir(3) gives them, bytes and all: Foundation's listing takes a
/// path of UTF-8 and skips or repairs a name that is not, where a folder a copier filled may hold
/// Latin-1 names, and a folder named in bytes (`EscapedBytes`) must still be listed.
package enum FolderNames {
    /// Why a folder was not listed.
    package enum Failure: Error {
        /// opendir(3) failed with this errno.
        case unreadable(Int32)
        /// The folder has more entries than the limit; none are returned.
        case tooMany
    }

    /// The names of `folder`'s entries (its path as `EscapedBytes`) but `.` and `..`, in the
    /// order of their bytes, or why not: more than `limit` entries fail as soon as the next is read.
    package static func entries(of folder: String, limit: Int = .max) -> Result<[[UInt8]], Failure> {
        guard let directory = opendir(EscapedBytes.cString(folder)) else { return .failure(.unreadable(errno)) }
        defer { closedir(directory) }
        var names: [[UInt8]] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in Array(raw.prefix { $0 != 0 }) }
            guard name != [0x2E], name != [0x2E, 0x2E] else { continue }
            names.append(name)
            guard names.count <= limit else { return .failure(.tooMany) }
        }
        return .success(names.sorted { $0.lexicographicallyPrecedes($1) })
    }

    /// The names of `folder`'s entries as `EscapedBytes` strings, or `nil` when it cannot be
    /// listed; a name holding an escaping character itself (which could not be told back) is left out.
    package static func names(in folder: String) -> [String]? {
        guard case .success(let entries) = entries(of: folder) else { return nil }
        return entries.compactMap(EscapedBytes.string)
    }
}
