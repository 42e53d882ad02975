import Foundation

/// The folder `--report DIR` writes, under the output policy: built in a staging folder and put
/// in place only once complete and on disk, so a killed run never leaves half a report.
///
/// A missing DIR is staged beside it (`.DIR.PID.shapeturns-partial`) and renamed into place. An
/// existing DIR (empty, a mount point, a symbolic link to a folder, or an earlier report) is
/// staged inside it and its report entries (`index.html`, `images`) are replaced, so the folder
/// itself, its owner, mode and link are kept. A folder holding anything else is refused with
/// `cannotCreateOutput` (73) before any image is compared.
package final class ReportFolder {
    /// The marker in `index.html` that tells a ShapeTurns report from other files.
    package static let marker = "<meta name=\"generator\" content=\"shapeturns compare --report\">"
    /// The marker of `scan --review`'s page.
    package static let reviewMarker = "<meta name=\"generator\" content=\"shapeturns scan --review\">"
    /// What a report consists of; replacing a report replaces exactly these.
    static let entries = ["index.html", "images"]
    private static let stagingPrefix = ".shapeturns-partial"

    /// The report folder as given.
    package let destination: URL
    private let staging: URL
    private let exists: Bool
    private var createdAncestors = CreatedAncestors()

    /// Checks `path` with the output policy and makes the staging folder; an existing folder must
    /// be empty or hold an earlier page carrying `marker`.
    package init(path: String, marker: String = ReportFolder.marker, parameter: Parameter = .reportFolder)
        throws(ShapeTurnsError)
    {
        let policy = OutputPolicy(parameter)
        destination = try policy.destination(path, isDirectory: true).standardizedFileURL
        exists = try policy.checkFolderOutput(destination)
        let parent = destination.deletingLastPathComponent()
        if exists {
            try Self.checkIsReportOrEmpty(destination, marker: marker)
            staging = destination.appendingPathComponent("\(Self.stagingPrefix)-\(getpid())")
        } else {
            staging = parent.appendingPathComponent(
                ".\(destination.lastPathComponent).\(getpid())\(Self.stagingPrefix)")
            let shown = destination.path
            try createdAncestors.create(parent) { reason in .cannotCreateOutput(path: shown, reason: reason) }
        }
        do {
            try FileManager.default.createDirectory(at: staging, withIntermediateDirectories: false)
        } catch {
            createdAncestors.removeAll()
            throw .cannotCreateOutput(path: destination.path, reason: error.localizedDescription)
        }
    }

    /// Refuses a folder that holds anything but an earlier ShapeTurns report (or a killed run's
    /// staging folder).
    private static func checkIsReportOrEmpty(_ folder: URL, marker: String) throws(ShapeTurnsError) {
        let contents = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
            .filter { !$0.hasPrefix(stagingPrefix) }
        guard !contents.isEmpty else { return }
        let index = folder.appendingPathComponent("index.html")
        let isReport =
            Set(contents).isSubset(of: entries)
            && ((try? String(contentsOf: index, encoding: .utf8))?.contains(marker) ?? false)
        guard isReport else {
            throw .cannotCreateOutput(
                path: folder.path,
                reason: "it holds files that are not a ShapeTurns report; choose an empty or new folder"
            )
        }
    }

    /// Where `FolderComparer` copies the images (`images/` in the staging folder).
    package var imagesFolder: String {
        staging.appendingPathComponent("images").path
    }

    /// Writes `index.html`, puts the report on disk, then in place of the destination.
    package func finish(_ report: HTMLReport) throws(ShapeTurnsError) {
        try finish(page: try report.document(imagesIn: staging.path))
    }

    /// Writes `page` as `index.html`, puts the folder on disk, then in place of the destination.
    package func finish(page: String) throws(ShapeTurnsError) {
        try AtomicFileWriter.write(Array(page.utf8), to: staging.appendingPathComponent("index.html").path)
        try Durability.syncFileSystem(holding: staging.path)
        let fileManager = FileManager.default
        guard exists else {
            guard rename(staging.path, destination.path) == 0 else {
                throw .ioFailure(path: destination.path, reason: String(cString: strerror(errno)))
            }
            try Durability.syncFolder(at: destination.deletingLastPathComponent().path)
            return
        }
        for entry in Self.entries {
            let old = destination.appendingPathComponent(entry)
            let new = staging.appendingPathComponent(entry)
            if fileManager.fileExists(atPath: old.path) {
                do {
                    try fileManager.removeItem(at: old)
                } catch {
                    throw .ioFailure(path: old.path, reason: error.localizedDescription)
                }
            }
            if fileManager.fileExists(atPath: new.path), rename(new.path, old.path) != 0 {
                throw .ioFailure(path: old.path, reason: String(cString: strerror(errno)))
            }
        }
        try? fileManager.removeItem(at: staging)
        try Durability.syncFolder(at: destination.path)
    }

    /// Writes one image of the page into `images/` of the staging folder, as `name`.
    package func writeImage(_ bytes: [UInt8], named name: String) throws(ShapeTurnsError) {
        let folder = staging.appendingPathComponent("images")
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw .cannotCreateOutput(path: destination.path, reason: error.localizedDescription)
        }
        try AtomicFileWriter.write(bytes, to: folder.appendingPathComponent(name).path)
    }

    /// Removes the staging folder and any folders made for it (after a failure).
    package func discard() {
        try? FileManager.default.removeItem(at: staging)
        createdAncestors.removeAll()
    }

    /// The report's page.
    package var indexPath: String {
        destination.appendingPathComponent("index.html").path
    }
}
