import Foundation

/// The folder `--report DIR` writes, built in a staging folder beside it and put in place in one
/// rename once complete, so a killed run never leaves half a report. An existing folder is
/// replaced only when it is empty or a report ShapeTurns wrote (its `index.html` says so).
public final class ReportFolder {
    /// The marker in `index.html` that tells a ShapeTurns report from other files.
    static let marker = "<meta name=\"generator\" content=\"shapeturns compare --report\">"

    public let destination: URL
    private let staged: StagedOutputFolder

    /// Fails with `cannotCreateOutput` (73) when `path` holds anything but a ShapeTurns report,
    /// is a file, or cannot be created.
    public init(path: String) throws(ShapeTurnsError) {
        destination = URL(fileURLWithPath: path).standardizedFileURL
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: destination.path, isDirectory: &isFolder) {
            guard isFolder.boolValue else {
                throw .cannotCreateOutput(path: destination.path, reason: "a file of that name is in the way")
            }
            let contents = (try? FileManager.default.contentsOfDirectory(atPath: destination.path)) ?? []
            let index = destination.appendingPathComponent("index.html")
            let isReport = (try? String(contentsOf: index, encoding: .utf8))?.contains(Self.marker) ?? false
            guard contents.isEmpty || isReport else {
                throw .cannotCreateOutput(
                    path: destination.path, reason: "it holds files that are not a ShapeTurns report; choose an empty or new folder"
                )
            }
        }
        staged = try StagedOutputFolder(destination: destination, replaceExisting: true, resume: false)
    }

    /// Where `FolderComparer` copies the images (`images/` in the staging folder).
    public var imagesFolder: String {
        staged.staging.appendingPathComponent("images").path
    }

    /// Writes `index.html` and puts the whole report in place of the destination.
    public func finish(_ report: HTMLReport) throws(ShapeTurnsError) {
        let page = try report.document(imagesIn: staged.staging.path)
        try AtomicFileWriter.write(Array(page.utf8), to: staged.staging.appendingPathComponent("index.html").path)
        try staged.commit()
    }

    /// Removes the staging folder (after a failure).
    public func discard() {
        staged.discard()
    }

    /// The report's page.
    public var indexPath: String {
        destination.appendingPathComponent("index.html").path
    }
}
