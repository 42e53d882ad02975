import Foundation
import ShapeGame

/// Finds the sheet a student cell names: a sheet code (`K7QX-M2PD`), a roster number (`#3`,
/// `No. 3`, `3`), a name with its number (`Ana Lima #3`), or a name (in any case, accents as
/// typed, spaces collapsed), which may fit several students.
struct StudentResolver {
    private var byCode: [String: Int] = [:]
    private var byNumber: [Int: Int] = [:]
    private var byName: [String: [Int]] = [:]
    private var shared: [String: Int] = [:]

    init(sheets: [KeyedSheet]) {
        for (index, sheet) in sheets.enumerated() {
            if let code = sheet.code { byCode[SheetCode.normalized(code)] = index }
            if let number = sheet.number { byNumber[number] = index }
            if let student = sheet.student { byName[Self.key(student), default: []].append(index) }
        }
    }

    static func key(_ name: String) -> String {
        Student.canonical(name).lowercased()
    }

    func candidates(for cell: String) -> [Int] {
        let text = Student.canonical(cell)
        if let index = byCode[SheetCode.normalized(text)] { return [index] }
        if let number = Self.number(text), let index = byNumber[number] { return [index] }
        if let hash = text.lastIndex(of: "#"),
            let number = Int(text[text.index(after: hash)...].trimmingCharacters(in: .whitespaces)),
            let index = byNumber[number]
        {
            let name = Self.key(String(text[..<hash]))
            if name.isEmpty || byName[name]?.contains(index) == true { return [index] }
        }
        return byName[Self.key(text)] ?? []
    }

    /// With one sheet for everyone: the index of the student named `cell`, adding a copy of the
    /// sheet for a student not seen before.
    mutating func sharedSheet(for cell: String, template: KeyedSheet, sheets: inout [KeyedSheet]) -> Int {
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
    private static func number(_ text: String) -> Int? {
        var rest = Substring(text.lowercased())
        for prefix in ["no.", "no", "#"] where rest.hasPrefix(prefix) {
            rest = rest.dropFirst(prefix.count)
            break
        }
        return Int(rest.trimmingCharacters(in: .whitespaces))
    }
}
