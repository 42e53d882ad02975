import Foundation
import PixelDiff
import ShapeTurnsCore

/// A folder comparison as one static HTML page (`index.html`) that works offline and from a CI
/// artifact: no server, no CDN, its script and style inline, its images in `images/` beside it
/// (`ReportImages`). It shows the counts, filters by status and path, and each changed image's
/// expected, actual and diff side by side, as a swipe slider or blinking, fitted or at 1:1, with
/// boxes around the changed regions; a strip of thumbnails of the failing images, stepped
/// through with the keys; the options of the comparison and when it was made.
///
/// Every image is shown over the background the comparison blends transparent pixels onto
/// (pixelmatch 7's checkerboard, drawn by the page with pixelmatch's own arithmetic, or white with
/// `checkerboard` off), each image over its own, so a transparent actual image never shows the
/// expected one through it.
package struct HTMLReport: Sendable {
    /// What the page's script reads: the report, plus which copies of each image exist.
    package struct PageData: Encodable {
        struct Image: Encodable {
            let path: String
            let status: ImageStatus
            let differentPixels: Int
            let totalPixels: Int
            let reason: String
            let expected: Bool
            let actual: Bool
            let diff: Bool
            let regions: ChangedRegions?
        }

        let summary: FolderComparisonReport.Summary
        let allowNew: Bool
        let checkerboard: Bool
        let settings: [String]
        let created: String
        let version: String
        let expectedFolder: String
        let actualFolder: String
        let images: [Image]
    }

    package let report: FolderComparisonReport
    package let allowNew: Bool
    /// The folders compared, as the user named them (shown in the header).
    package let expectedFolder: String
    package let actualFolder: String
    /// How the images were compared (shown in the header, and the background they are shown on).
    package let comparer: ImageFileComparer
    /// When the comparison ran (shown in the header, in UTC).
    package let created: Date
    /// The per-image rules the comparison used, if any (named in the header; each image's reason
    /// names the rule that applied to it).
    package let rules: CompareRules?

    package init(
        report: FolderComparisonReport, allowNew: Bool, expectedFolder: String, actualFolder: String,
        comparer: ImageFileComparer, created: Date, rules: CompareRules? = nil
    ) {
        self.rules = rules
        self.report = report
        self.allowNew = allowNew
        self.expectedFolder = expectedFolder
        self.actualFolder = actualFolder
        self.comparer = comparer
        self.created = created
    }

    /// The comparison's options in words, for the header.
    package var settings: [String] {
        let options = comparer.options
        var settings = ["threshold \(options.threshold)"]
        settings.append(options.metric == .oklab ? "OKLab (HyAB) distance" : "YIQ distance")
        settings.append(
            options.checkerboard
                ? "transparency blended onto pixelmatch 7's checkerboard" : "transparency blended onto white")
        settings.append(options.includeAntiAliased ? "anti-aliased pixels counted" : "anti-aliased pixels not counted")
        var allowed: [String] = []
        if let pixels = comparer.tolerance.maxDifferentPixels { allowed.append("\(pixels) pixels") }
        if let ratio = comparer.tolerance.maxDifferentRatio { allowed.append("\(ratio * 100)% of pixels") }
        settings.append(
            allowed.isEmpty
                ? "no differing pixel allowed" : "at most " + allowed.joined(separator: " and ") + " may differ")
        if !options.masks.isEmpty {
            settings.append("masks " + options.masks.map(\.description).joined(separator: " "))
        }
        settings.append(allowNew ? "new images allowed" : "new images fail")
        if let rules {
            settings.append("\(rules.rules.count) rules from \(rules.path) (the images they match name theirs)")
        }
        return settings
    }

    /// `created` as `2026-11-23 19:54:58 UTC`.
    package var createdText: String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss 'UTC'"
        return formatter.string(from: created)
    }

    /// The page, given the report folder whose `images/` holds the copies (to link only those that exist).
    package func document(imagesIn folder: String) throws(ShapeTurnsError) -> String {
        let exists = { (role: ReportImages.Role, path: String) -> Bool in
            FileManager.default.fileExists(atPath: PathBytes.join(folder, ReportImages.relativePath(role, path)))
        }
        let images = report.images.map { image in
            let copied = image.status != .passed
            return PageData.Image(
                path: image.path, status: image.status, differentPixels: image.differentPixels,
                totalPixels: image.totalPixels, reason: image.reason,
                expected: copied && exists(.expected, image.path), actual: copied && exists(.actual, image.path),
                diff: copied && exists(.diff, image.path), regions: image.regions
            )
        }
        let data = PageData(
            summary: report.summary, allowNew: allowNew, checkerboard: comparer.options.checkerboard,
            settings: settings, created: createdText, version: ShapeTurnsVersion.current,
            expectedFolder: expectedFolder,
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
