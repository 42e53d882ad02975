import ShapeGame
import ShapeRendering
import ShapeTurnsCore
import ShapeTurnsSets

/// The names of a worksheet's files. A PDF is the one file `--out` names; PNG and SVG pages are
/// numbered after it: `--out sheet.png` gives `sheet-01.png`, `sheet-02.png`, …, with as many
/// digits as the page count needs (at least two), so the pages sort in order.
package enum WorksheetFileNames {
    /// The file names, in page order, for an output named `outputName` (a file name, no folder).
    package static func names(for outputName: String, format: WorksheetFormat, pageCount: Int) -> [String] {
        guard !format.isMultiPage else { return [outputName] }
        let (stem, fileExtension) = split(outputName)
        let width = max(2, String(pageCount).count)
        return (1...max(1, pageCount)).map { page in
            "\(stem)-\(SetLayout.zeroPadded(page, width: width)).\(fileExtension)"
        }
    }

    /// Whether `name` is a page file of an output named `outputName`, of any run: `stem-` and
    /// digits, then the same extension.
    package static func isPage(_ name: String, of outputName: String) -> Bool {
        let (stem, fileExtension) = split(outputName)
        let prefix = "\(stem)-"
        let suffix = ".\(fileExtension)"
        guard name.hasPrefix(prefix), name.hasSuffix(suffix), name.count > prefix.count + suffix.count else {
            return false
        }
        return name.dropFirst(prefix.count).dropLast(suffix.count).allSatisfy { ("0"..."9").contains($0) }
    }

    /// The name of the answer key printed apart from the sheets: `sheet.pdf` → `sheet-key.pdf`.
    package static func keyName(for outputName: String) -> String {
        let (stem, fileExtension) = split(outputName)
        return fileExtension.isEmpty ? "\(stem)-key" : "\(stem)-key.\(fileExtension)"
    }

    /// The name of student `student`'s own file when a class's sheets are split:
    /// `class.pdf` → `class-03-ana-lima.pdf`, numbered with as many digits as the class needs.
    package static func studentName(for outputName: String, student: Student, classSize: Int) -> String {
        let (stem, fileExtension) = split(outputName)
        let number = SetLayout.zeroPadded(student.number, width: max(2, String(classSize).count))
        return "\(stem)-\(number)-\(student.fileNamePart).\(fileExtension)"
    }

    /// Whether `name` is one of the files of a class written as `outputName`, by any run: the
    /// one PDF, the class key, or a student's own file (`class-03-ana-lima.pdf`).
    package static func isClassFile(_ name: String, of outputName: String) -> Bool {
        if name == outputName || name == keyName(for: outputName) { return true }
        let (stem, fileExtension) = split(outputName)
        let prefix = "\(stem)-"
        let suffix = ".\(fileExtension)"
        guard name.hasPrefix(prefix), name.hasSuffix(suffix), name.count > prefix.count + suffix.count else {
            return false
        }
        let middle = name.dropFirst(prefix.count).dropLast(suffix.count)
        let number = middle.prefix { ("0"..."9").contains($0) }
        let part = middle.dropFirst(number.count)
        return number.count >= 2 && part.hasPrefix("-") && part.count > 1
            && part.dropFirst().allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }
    }

    private static func split(_ name: String) -> (stem: Substring, fileExtension: Substring) {
        guard let dot = name.lastIndex(of: ".") else { return (name[...], "") }
        return (name[..<dot], name[name.index(after: dot)...])
    }
}
