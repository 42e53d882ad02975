import Foundation
import Testing

/// poppler-utils, which read the PDFs `shapeturns worksheet` writes independently of Cairo
/// (`scripts/bootstrap` installs them).
enum Poppler {
    static func tool(_ name: String) throws -> URL {
        let url = URL(fileURLWithPath: "/usr/bin/\(name)")
        try #require(
            FileManager.default.isExecutableFile(atPath: url.path),
            "\(name) (poppler-utils) is needed; scripts/test installs it")
        return url
    }

    /// `pdfinfo`'s fields: `Pages`, `Page size`, `Title`, `CreationDate`, ...
    static func info(_ pdf: String) throws -> [String: String] {
        let result = try ShapeTurnsBinary.runTool(try tool("pdfinfo"), [pdf])
        try #require(result.status == 0, "pdfinfo: \(result.stderr)")
        var fields: [String: String] = [:]
        for line in result.stdout.split(separator: "\n") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            fields[String(line[..<colon])] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return fields
    }

    static func pageCount(_ pdf: String) throws -> Int {
        try #require(Int(try info(pdf)["Pages"] ?? ""))
    }

    /// The text of pages `first` to `last` (1-based).
    static func text(_ pdf: String, pages: ClosedRange<Int>) throws -> String {
        let result = try ShapeTurnsBinary.runTool(
            try tool("pdftotext"), ["-f", String(pages.lowerBound), "-l", String(pages.upperBound), pdf, "-"]
        )
        try #require(result.status == 0, "pdftotext: \(result.stderr)")
        return result.stdout
    }

    /// Page `page` rasterised to a PNG at `dpi`.
    static func rasterise(_ pdf: String, page: Int, dpi: Int, into folder: TemporaryFolder) throws -> String {
        let prefix = folder.path("page")
        let result = try ShapeTurnsBinary.runTool(
            try tool("pdftoppm"),
            ["-png", "-r", String(dpi), "-f", String(page), "-l", String(page), "-singlefile", pdf, prefix]
        )
        try #require(result.status == 0, "pdftoppm: \(result.stderr)")
        return prefix + ".png"
    }
}
