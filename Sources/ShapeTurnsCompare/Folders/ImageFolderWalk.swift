import Foundation
import PixelDiff
import ShapeTurnsCore

/// The PNGs under a folder, found by walking it with `opendir`/`readdir` so that every entry is
/// seen as the bytes of its name, and folders holding `ReportFolder.markerFile`
/// (ShapeTurns' own reports) are left out with all they hold: a name that is not UTF-8 (`\xff\xfe.png`, a Latin-1 name) is
/// compared like any other, a folder that cannot be read fails the walk (66) instead of being
/// dropped, and an entry named `*.png` that is not a readable file (a dangling link, a FIFO, a
/// device) is kept, so that reading it reports why. Symbolic links to folders are not followed.
package enum ImageFolderWalk {
    /// One image: its path relative to the walked folder, as bytes for opening it and as an
    /// escaped string (`DisplayName`) for messages, reports and matching.
    package struct Image: Sendable, Hashable {
        package let relativePath: [UInt8]
        package let display: String
    }

    /// The images under `folder`, by display path. Fails with `missingInput` (66) when `folder`
    /// or any folder under it is missing, not a folder or cannot be read.
    package static func images(in folder: String) throws(ShapeTurnsError) -> [String: Image] {
        var status = stat()
        guard stat(folder, &status) == 0 else {
            throw .missingInput(Wording(folder), because: errno == ENOENT ? "no such folder" : systemError(errno))
        }
        guard status.st_mode & S_IFMT == S_IFDIR else { throw .missingInput(folder, reason: "not a folder") }
        var found: [String: Image] = [:]
        try walk(Array(folder.utf8), relative: [], display: "", root: folder, into: &found)
        return found
    }

    private static func walk(
        _ directory: [UInt8], relative: [UInt8], display: String, root: String, into found: inout [String: Image]
    ) throws(ShapeTurnsError) {
        guard let stream = opendir(PathBytes.cString(directory)) else {
            let reason = systemError(errno)
            if relative.isEmpty { throw .missingInput(Wording(root), because: "cannot be read: \(reason)") }
            throw .missingInput(Wording(root), because: "its subfolder \(display) cannot be read: \(reason)")
        }
        defer { closedir(stream) }
        while true {
            errno = 0
            guard let entry = readdir(stream) else {
                guard errno == 0 else {
                    let reason = systemError(errno)
                    throw .missingInput(
                        Wording(root), because: "\(display.isEmpty ? "it" : display) cannot be listed: \(reason)")
                }
                return
            }
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in Array(raw.prefix { $0 != 0 }) }
            if name == [UInt8(ascii: ".")] || name == Array("..".utf8) { continue }
            let path = directory + [UInt8(ascii: "/")] + name
            let childRelative = relative.isEmpty ? name : relative + [UInt8(ascii: "/")] + name
            let childDisplay = display.isEmpty ? DisplayName.escaped(name) : display + "/" + DisplayName.escaped(name)
            var status = stat()
            let kind: mode_t = lstat(PathBytes.cString(path), &status) == 0 ? status.st_mode & S_IFMT : 0
            if kind == S_IFDIR {
                // A report of an earlier run (`--report` inside the actual folder) is not an image set.
                if access(PathBytes.cString(path + Array("/\(ReportFolder.markerFile)".utf8)), F_OK) == 0 { continue }
                try walk(path, relative: childRelative, display: childDisplay, root: root, into: &found)
                continue
            }
            guard isImageName(name) else { continue }
            if kind == S_IFLNK, stat(PathBytes.cString(path), &status) == 0, status.st_mode & S_IFMT == S_IFDIR {
                continue
            }
            found[childDisplay] = Image(relativePath: childRelative, display: childDisplay)
        }
    }

    /// The endings of the images compared (in any case): PNG, JPEG and WebP.
    package static let imageExtensions = [".png", ".jpg", ".jpeg", ".webp"]

    /// Whether a name ends in `.png`, `.jpg`, `.jpeg` or `.webp`, in any case.
    package static func isImageName(_ name: [UInt8]) -> Bool {
        let lowered = String(decoding: name.suffix(5), as: UTF8.self).lowercased()
        return imageExtensions.contains { lowered.hasSuffix($0) && name.count > $0.utf8.count }
    }

    private static func systemError(_ code: Int32) -> Wording {
        Wording(String(cString: strerror(code)))
    }
}
