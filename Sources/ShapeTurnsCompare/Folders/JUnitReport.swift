import Foundation
import PixelDiff
import ShapeTurnsCore

/// A folder comparison as JUnit XML (the Ant JUnit schema that Jenkins, GitLab and GitHub test
/// reporters read): one `<testcase>` per image, named after the file, its `classname` the folder
/// it is in (prefixed with the actual folder's name), and a `<failure>` with the differing pixel
/// count or the reason for each image that fails the run. With a report, a failing case's
/// `<system-out>` names its picture as `[[ATTACHMENT|path]]`, which GitLab and Jenkins'
/// JUnit Attachments plugin show beside the failure.
package struct JUnitReport: Sendable {
    package let report: FolderComparisonReport
    /// Whether new images pass (`--allow-new`).
    package let allowNew: Bool
    /// The suite's name: the actual folder's name.
    package let suiteName: String
    /// When the comparison ran (the schema's `timestamp`, UTC without a zone).
    package let timestamp: Date
    /// The file to attach to each failing image's case, by image path (the report's diff image).
    package let attachments: [String: String]
    /// The suite's `<property>` elements, by name (written sorted); with none, no `<properties>`
    /// element is written (the dtkit junit-4 schema Jenkins' xUnit plugin uses wants at least one).
    package let properties: [String: String]

    package init(
        report: FolderComparisonReport, allowNew: Bool, suiteName: String, timestamp: Date,
        attachments: [String: String] = [:], properties: [String: String] = [:]
    ) {
        self.report = report
        self.attachments = attachments
        self.properties = properties
        self.allowNew = allowNew
        self.suiteName = suiteName.isEmpty ? "images" : suiteName
        self.timestamp = timestamp
    }

    /// The XML document, UTF-8.
    package var document: String {
        let failures = report.failures(allowingNew: allowNew).count
        let seconds = report.images.reduce(0) { $0 + $1.seconds }
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites>\n"
        xml += "  <testsuite name=\"\(Self.escape(suiteName))\" package=\"shapeturns.compare\" id=\"0\""
        xml += " timestamp=\"\(Self.isoTimestamp(timestamp))\" hostname=\"\(Self.escape(Self.hostname))\""
        xml += " tests=\"\(report.images.count)\" failures=\"\(failures)\" errors=\"0\" skipped=\"0\""
        xml += " time=\"\(Self.decimal(seconds))\">\n"
        if !properties.isEmpty {
            xml += "    <properties>\n"
            for name in properties.keys.sorted() {
                xml +=
                    "      <property name=\"\(Self.escape(name))\" value=\"\(Self.escape(properties[name] ?? ""))\"/>\n"
            }
            xml += "    </properties>\n"
        }
        for image in report.images {
            let (folder, name) = Self.split(image.path)
            let classname = folder.isEmpty ? suiteName : suiteName + "/" + folder
            xml += "    <testcase name=\"\(Self.escape(name))\" classname=\"\(Self.escape(classname))\""
            xml += " time=\"\(Self.decimal(image.seconds))\""
            if image.status.fails(allowingNew: allowNew) {
                let message = "\(image.status.rawValue): \(image.reason)"
                xml += ">\n      <failure message=\"\(Self.escape(message))\" type=\"\(image.status.rawValue)\">"
                xml += Self.escape("\(image.path): \(message)")
                xml += "</failure>\n"
                if let attachment = attachments[image.path] {
                    xml += "      <system-out>[[ATTACHMENT|\(Self.escape(attachment))]]</system-out>\n"
                }
                xml += "    </testcase>\n"
            } else {
                xml += "/>\n"
            }
        }
        xml += "    <system-out/>\n    <system-err/>\n  </testsuite>\n</testsuites>\n"
        return xml
    }

    /// The options a comparison ran with, as the suite's properties: what a person reading the
    /// results in CI needs to reproduce the verdicts.
    package static func properties(of comparer: ImageFileComparer, allowNew: Bool, rules: CompareRules? = nil)
        -> [String: String]
    {
        let options = comparer.options
        var properties = [
            "shapeturns.version": ShapeTurnsVersion.current,
            "threshold": "\(options.threshold)",
            "metric": options.metric.rawValue,
            "checkerboard": "\(options.checkerboard)",
            "includeAA": "\(options.includeAntiAliased)",
            "allowNew": "\(allowNew)",
            "pixelBudget": "\(comparer.pixelBudget)",
        ]
        if let pixels = comparer.tolerance.maxDifferentPixels { properties["maxDiffPixels"] = "\(pixels)" }
        if let ratio = comparer.tolerance.maxDifferentRatio { properties["maxDiffRatio"] = "\(ratio)" }
        if !options.masks.isEmpty {
            properties["masks"] = options.masks.map(\.description).joined(separator: " ")
        }
        if let rules {
            properties["rules"] = rules.path
        }
        return properties
    }

    /// Reserves `path` for the document under the output policy, before the comparison runs:
    /// never an input (`inputs`, the compared folders), a device, link, FIFO or a file
    /// ShapeTurns did not write (73); an empty path is a usage error (64). Its folder must exist (73).
    package static func reserve(_ path: String, inputs: [String]) throws(ShapeTurnsError) -> OutputFile {
        try OutputFile(path, policy: OutputPolicy(.junitFile, inputs: inputs), createsFolders: false)
    }

    /// Writes the document to a reserved file, atomically; `cannotCreateFile` (73) when it cannot.
    package func write(into file: OutputFile) throws(ShapeTurnsError) {
        try file.write(Array(document.utf8))
    }

    private static func split(_ path: String) -> (folder: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return ("", path) }
        return (String(path[..<slash]), String(path[path.index(after: slash)...]))
    }

    /// Escapes XML's five special characters; characters XML 1.0 cannot hold become U+FFFD.
    package static func escape(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&apos;"
            case "\t", "\n", "\r": escaped.unicodeScalars.append(scalar)
            default:
                let value = scalar.value
                let allowed = (0x20...0xD7FF).contains(value) || (0xE000...0xFFFD).contains(value) || value >= 0x10000
                escaped.unicodeScalars.append(allowed ? scalar : "\u{FFFD}")
            }
        }
        return escaped
    }

    private static func decimal(_ seconds: Double) -> String {
        String(format: "%.3f", seconds)
    }

    private static func isoTimestamp(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd'T'HH:mm:ss"
        return formatter.string(from: date)
    }

    private static var hostname: String {
        let name = ProcessInfo.processInfo.hostName
        return name.isEmpty ? "localhost" : name
    }
}
