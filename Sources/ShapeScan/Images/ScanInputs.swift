import Foundation
import ShapeTurnsCore

/// The files `SCANS` names: each file as given, and each folder's own files, in the order of
/// their names' bytes (a scanner's `scan0001.jpg`, `scan0002.jpg`, ...).
///
/// Every entry of a folder is used or said: a file that is not a PDF, TIFF, JPEG or PNG (told by
/// its first bytes, as `ScanFile` tells them), a subfolder (not gone into: a folder's own pages are
/// one pile, and a subfolder may be last week's) and anything but a file are each skipped with one
/// line. A folder with no scan in it is refused (66); one of more than `entryLimit` entries is
/// refused (65) before any is looked at.
///
/// Paths are kept as the bytes of their names, UTF-8 or not: a path's bytes that are not UTF-8
/// (a Latin-1 `page\xff.png` a copier wrote) are held in its string as `EscapedBytes`.
package struct ScanInputs: Sendable {
    /// The most entries a folder given as `SCANS` may have.
    package static let entryLimit = 10_000

    /// The files to read, in order, as `EscapedBytes`.
    package let files: [String]
    /// One line for each folder entry not read: `photos/notes.txt: skipped: not a PDF, TIFF, JPEG or PNG scan`.
    package let skipped: [String]

    /// Lists `arguments` (as `EscapedBytes`): a folder is replaced by its scans; anything else is
    /// kept as given, to be read (and refused) as a file.
    package init(_ arguments: [String]) throws(ShapeTurnsError) {
        var files: [String] = []
        var skipped: [String] = []
        for argument in arguments {
            var status = stat()
            guard stat(EscapedBytes.cString(argument), &status) == 0, status.st_mode & S_IFMT == S_IFDIR else {
                files.append(argument)
                continue
            }
            let names = try Self.entries(of: argument)
            var found = 0
            for name in names {
                let path = PathBytes.join(argument, name)
                if let reason = Self.reasonNotAScan(path) {
                    skipped.append("\(DisplayName.escaped(path)): skipped: \(reason)")
                    continue
                }
                guard let text = EscapedBytes.string(path) else {
                    skipped.append(
                        "\(DisplayName.escaped(path)): skipped: its name holds a character of U+10FF80...U+10FFFF, which ShapeTurns uses to keep bytes that are not UTF-8; rename it to read it"
                    )
                    continue
                }
                files.append(text)
                found += 1
            }
            guard found > 0 else {
                throw .missingInput(
                    "\(.scans, DisplayName.escaped(argument))",
                    because: "is a folder with no PDF, TIFF, JPEG or PNG scan in it (\(names.count) entries)")
            }
        }
        self.files = files
        self.skipped = skipped
    }

    /// The names in `folder` but `.` and `..`, sorted by their bytes.
    private static func entries(of folder: String) throws(ShapeTurnsError) -> [[UInt8]] {
        switch FolderNames.entries(of: folder, limit: entryLimit) {
        case .success(let names):
            return names
        case .failure(.unreadable(let code)):
            throw .missingInput(
                "\(.scans, DisplayName.escaped(folder))", because: Wording(String(cString: strerror(code))))
        case .failure(.tooMany):
            throw .badData(
                location: "\(.scans, DisplayName.escaped(folder))",
                because:
                    "is a folder of more than \(entryLimit) entries; scan reads at most \(entryLimit) a folder (split the pile)"
            )
        }
    }

    /// Why the entry at `path` is not read, or `nil` when it is a file that starts as a scan does.
    private static func reasonNotAScan(_ path: [UInt8]) -> String? {
        var status = stat()
        guard stat(PathBytes.cString(path), &status) == 0 else {
            return String(cString: strerror(errno))
        }
        switch status.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: return "a folder; scan reads a folder's own files, not its subfolders (name it too to read it)"
        default: return "\(BoundedFileReader.fileKind(status.st_mode)), not a file"
        }
        let head = try? BoundedFileReader.read(
            pathBytes: path, limit: .max, describedAs: Wording(DisplayName.escaped(path)),
            prefixCount: 4, narrowing: { _ in nil })
        guard let head else { return "it cannot be read" }
        return ScanFile.Format(head: head) == nil ? "not a PDF, TIFF, JPEG or PNG scan" : nil
    }
}
