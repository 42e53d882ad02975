import Foundation
import ShapeGame
import ShapeRendering
import ShapeTurnsCore
import ShapeTurnsSets

/// Finds the sheet a student cell names: a sheet code (`K7QX-M2PD`), a roster number (`#3`,
/// `No. 3`, `3`), a name with its number (`Ana Lima #3`), or a name (in any case, accents as
/// typed, spaces collapsed), which may fit several students. A name not typed as on the roster
/// (`omer  yilmaz`, a curly apostrophe, `Mary Kate` for `Mary-Kate`) is matched after folding
/// case, accents, punctuation and spacing (`Student.folded`) when exactly one roster name fits.
package struct StudentResolver {
    private var byCode: [String: Int] = [:]
    private var byNumber: [Int: Int] = [:]
    private var byName: [String: [Int]] = [:]
    private var byFoldedName: [String: [Int]] = [:]
    private var names: [Int: String] = [:]
    private var shared: [String: Int] = [:]

    package init(sheets: [KeyedSheet]) {
        for (index, sheet) in sheets.enumerated() {
            if let code = sheet.code { byCode[SheetCode.normalized(code)] = index }
            if let number = sheet.number { byNumber[number] = index }
            if let student = sheet.student {
                byName[Self.key(student), default: []].append(index)
                byFoldedName[Student.folded(student), default: []].append(index)
                names[index] = Student.canonical(student)
            }
        }
    }

    /// The roster name closest to `cell` (fewest letters to change once both are folded), to
    /// suggest when `cell` names nobody; `nil` when no name is close.
    package func closestName(to cell: String) -> String? {
        let folded = Array(Student.folded(cell))
        var best: (name: String, distance: Int)?
        for name in names.values.sorted() {
            let distance = Self.editDistance(folded, Array(Student.folded(name)))
            if distance < (best?.distance ?? Int.max) { best = (name, distance) }
        }
        guard let best, best.distance <= max(2, folded.count / 3) else { return nil }
        return best.name
    }

    /// Levenshtein distance.
    package static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        guard !a.isEmpty else { return b.count }
        var previous = Array(0...b.count)
        for (i, left) in a.enumerated() {
            var current = [i + 1] + Array(repeating: 0, count: b.count)
            for (j, right) in b.enumerated() {
                current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, previous[j] + (left == right ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }

    /// Whether `cell` is written like a sheet code (`K7QX-M2PD`): four and four characters of the
    /// codes' alphabet with a digit, or, with `lettersOnly`, without one (`KXQB-MRPD`, about one
    /// code in twenty) in capitals as printed, so `Jean-Paul` or `JEAN-PAUL` (a `U`) is a name.
    package static func looksLikeSheetCode(_ cell: String, lettersOnly: Bool = false) -> Bool {
        let parts = cell.trimmingCharacters(in: .whitespaces).split(separator: "-", omittingEmptySubsequences: false)
        let characters = parts.joined()
        guard parts.count == 2, parts.allSatisfy({ $0.count == 4 }),
            characters.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) })
        else { return false }
        if characters.contains(where: \.isNumber) { return true }
        return lettersOnly && characters.allSatisfy { $0.isUppercase && SheetCode.alphabet.contains($0) }
    }

    /// The sheet code a student cell gives instead of a name, to check against the key: `cell`
    /// when it is written like one (`looksLikeSheetCode`; letters only with a roster, where
    /// names are known) and is a code of the key or names no student.
    package func code(writtenIn cell: String, roster: Bool) -> String? {
        guard Self.looksLikeSheetCode(cell, lettersOnly: roster),
            sheet(code: cell) != nil || candidates(for: cell).isEmpty
        else { return nil }
        return cell
    }

    /// The index of the sheet whose code is `code`, if any.
    package func sheet(code: String) -> Int? {
        byCode[SheetCode.normalized(code)]
    }

    package static func key(_ name: String) -> String {
        Student.canonical(name).lowercased()
    }

    package func candidates(for cell: String) -> [Int] {
        let text = Student.canonical(cell)
        if let index = byCode[SheetCode.normalized(text)] { return [index] }
        if let number = Self.rosterNumber(text), let index = byNumber[number] { return [index] }
        if let hash = text.lastIndex(of: "#"),
            let number = Int(text[text.index(after: hash)...].trimmingCharacters(in: .whitespaces)),
            let index = byNumber[number]
        {
            let name = Self.key(String(text[..<hash]))
            if name.isEmpty || byName[name]?.contains(index) == true { return [index] }
        }
        if let exact = byName[Self.key(text)] { return exact }
        let folded = byFoldedName[Student.folded(text)] ?? []
        // Only when every fit is one and the same name (two students may share it).
        return Set(folded.compactMap { names[$0] }).count == 1 ? folded : []
    }

    /// With one sheet for everyone: the index of the student named `cell`, adding a copy of the
    /// sheet for a student not seen before.
    package mutating func sharedSheet(for cell: String, template: KeyedSheet, sheets: inout [KeyedSheet]) -> Int {
        let name = Self.key(cell)
        if let index = shared[name] { return index }
        let index = shared.isEmpty ? 0 : sheets.count
        let sheet = KeyedSheet(
            number: index + 1, student: Student.canonical(cell), code: template.code, turns: template.turns)
        if shared.isEmpty { sheets[0] = sheet } else { sheets.append(sheet) }
        shared[name] = index
        return index
    }

    /// `3`, `#3`, `No. 3`, `no3`.
    package static func rosterNumber(_ text: String) -> Int? {
        var rest = Substring(text.lowercased())
        for prefix in ["no.", "no", "#"] where rest.hasPrefix(prefix) {
            rest = rest.dropFirst(prefix.count)
            break
        }
        return Int(rest.trimmingCharacters(in: .whitespaces))
    }
}
