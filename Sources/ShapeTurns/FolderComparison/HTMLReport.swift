import Foundation

/// A folder comparison as one static HTML page (`index.html`) that works offline and from a CI
/// artifact: no server, no CDN, its script and style inline, its images in `images/` beside it
/// (`ReportImages`). It shows the counts, filters by status and path, and each changed image's
/// expected, actual and diff side by side, as a swipe slider or blinking, fitted or at 1:1.
package struct HTMLReport: Sendable {
    /// What the page's script reads: the report, plus which copies of each image exist.
    struct PageData: Encodable {
        struct Image: Encodable {
            let path: String
            let status: ImageStatus
            let differentPixels: Int
            let totalPixels: Int
            let reason: String
            let expected: Bool
            let actual: Bool
            let diff: Bool
        }

        let summary: FolderComparisonReport.Summary
        let allowNew: Bool
        let expectedFolder: String
        let actualFolder: String
        let images: [Image]
    }

    package let report: FolderComparisonReport
    package let allowNew: Bool
    /// The folders compared, as the user named them (shown in the header).
    package let expectedFolder: String
    package let actualFolder: String

    package init(report: FolderComparisonReport, allowNew: Bool, expectedFolder: String, actualFolder: String) {
        self.report = report
        self.allowNew = allowNew
        self.expectedFolder = expectedFolder
        self.actualFolder = actualFolder
    }

    /// The page, given the report folder whose `images/` holds the copies (to link only those that exist).
    func document(imagesIn folder: String) throws(ShapeTurnsError) -> String {
        let exists = { (role: ReportImages.Role, path: String) -> Bool in
            FileManager.default.fileExists(atPath: FolderComparer.join(folder, ReportImages.relativePath(role, path)))
        }
        let images = report.images.map { image in
            let copied = image.status != .passed
            return PageData.Image(
                path: image.path, status: image.status, differentPixels: image.differentPixels,
                totalPixels: image.totalPixels, reason: image.reason,
                expected: copied && exists(.expected, image.path), actual: copied && exists(.actual, image.path),
                diff: copied && exists(.diff, image.path)
            )
        }
        let data = PageData(
            summary: report.summary, allowNew: allowNew, expectedFolder: expectedFolder,
            actualFolder: actualFolder, images: images
        )
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let json: Data
        do {
            json = try encoder.encode(data)
        } catch {
            throw .rendering("the report's data cannot be encoded: \(error)")
        }
        // "<" never appears raw inside the script element, so no path can close it.
        let safeJSON = String(decoding: json, as: UTF8.self).replacingOccurrences(of: "<", with: "\\u003c")
        return HTMLReportPage.head
            + "<script type=\"application/json\" id=\"report-data\">" + safeJSON + "</script>"
            + HTMLReportPage.script
    }
}
