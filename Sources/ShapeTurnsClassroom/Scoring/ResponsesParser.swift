import Foundation
import ShapeGame
import ShapeRendering
import ShapeTurnsCore
import ShapeTurnsSets

/// Reads a player's responses: CSV with a `turn,choice` header, or JSON Lines of
/// `{"turn": 3, "choice": "b"}`. Choices are `a` or `b` in any case, or empty for a turn left
/// blank; blank lines are skipped.
/// The format comes from the extension (`.csv`; `.jsonl`, `.ndjson`, `.json`), or else from
/// whether the first non-blank line starts with `{`.
package struct ResponsesParser: Sendable {
    package let source: String

    package init(source: String) {
        self.source = source
    }

    package func parse(_ text: String) throws(ShapeTurnsError) -> [Response] {
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map {
            $0.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "\u{FEFF}", with: "")
        }
        guard let first = lines.firstIndex(where: { !$0.isEmpty }) else {
            throw .badData(location: source, reason: "no responses: expected a `turn,choice` header or JSON lines")
        }
        let isJSONLines =
            switch (source as NSString).pathExtension.lowercased() {
            case "csv": false
            case "jsonl", "ndjson", "json": true
            default: lines[first].hasPrefix("{")
            }
        return isJSONLines ? try parseJSONLines(lines) : try parseCSV(lines, headerIndex: first)
    }

    private func parseCSV(_ lines: [String], headerIndex: Int) throws(ShapeTurnsError) -> [Response] {
        let header = try fields(lines[headerIndex], line: headerIndex).map { $0.lowercased() }
        if let repeated = header.first(where: { name in !name.isEmpty && header.filter { $0 == name }.count > 1 }) {
            throw .badData(
                location: location(headerIndex),
                reason: "the header names the column '\(BoundedFileReader.excerpt(repeated))' twice")
        }
        guard let turnColumn = header.firstIndex(of: "turn"), let choiceColumn = header.firstIndex(of: "choice") else {
            throw .badData(
                location: location(headerIndex),
                reason:
                    "the header must name the columns turn and choice (got '\(BoundedFileReader.excerpt(lines[headerIndex]))')"
            )
        }
        var responses: [Response] = []
        for index in lines.indices where index > headerIndex && !lines[index].isEmpty {
            let row = try fields(lines[index], line: index)
            guard row.count == header.count else {
                throw .badData(
                    location: location(index),
                    reason: "expected \(header.count) fields like the header, got \(row.count)")
            }
            responses.append(try response(turn: row[turnColumn], choice: row[choiceColumn], line: index))
        }
        return responses
    }

    private func parseJSONLines(_ lines: [String]) throws(ShapeTurnsError) -> [Response] {
        var responses: [Response] = []
        for (index, line) in lines.enumerated() where !line.isEmpty {
            guard let object = (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any] else {
                throw .badData(
                    location: location(index), reason: "not a JSON object like {\"turn\": 3, \"choice\": \"b\"}")
            }
            guard object["turn"] != nil else {
                throw .badData(location: location(index), reason: "no \"turn\"")
            }
            guard let choice = object["choice"] as? String else {
                throw .badData(location: location(index), reason: "no \"choice\" string")
            }
            // Decoded as an Int by the JSON decoder, so true, "3" and 3.5 are refused, not read as turns.
            guard let turn = try? JSONDecoder().decode(TurnField.self, from: Data(line.utf8)).turn else {
                throw .badData(
                    location: location(index),
                    reason: "\"turn\" must be a whole number (1, 2, 3, ...), not a string, boolean or fraction")
            }
            responses.append(try response(turn: String(turn), choice: choice, line: index))
        }
        return responses
    }

    private func response(turn: String, choice: String, line index: Int) throws(ShapeTurnsError) -> Response {
        guard let number = Int(turn), number >= 1 else {
            throw .badData(
                location: location(index),
                reason: "turn '\(BoundedFileReader.excerpt(turn))' is not a turn number (1, 2, 3, ...)")
        }
        let trimmed = choice.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else {
            return Response(turn: number, choice: nil, line: index + 1)
        }
        guard let label = ShapeLabel(rawValue: trimmed.lowercased()) else {
            throw .badData(
                location: location(index),
                reason: "choice '\(BoundedFileReader.excerpt(choice))' must be a or b (or empty for a blank)")
        }
        return Response(turn: number, choice: label, line: index + 1)
    }

    /// The fields of one CSV line as RFC 4180 reads them: a field in double quotes may hold
    /// commas and doubled quotes (`"say ""a"""`); spaces around a field are ignored. A quoted
    /// field must end on its own line.
    private func fields(_ line: String, line index: Int) throws(ShapeTurnsError) -> [String] {
        var fields: [String] = []
        var characters = line[...]
        while true {
            characters = characters.drop(while: { $0 == " " || $0 == "\t" })
            var field = ""
            if characters.first == "\"" {
                characters = characters.dropFirst()
                var closed = false
                while let character = characters.popFirst() {
                    if character == "\"" {
                        if characters.first == "\"" {
                            field.append("\"")
                            characters = characters.dropFirst()
                        } else {
                            closed = true
                            break
                        }
                    } else {
                        field.append(character)
                    }
                }
                guard closed else {
                    throw .badData(location: location(index), reason: "a quoted field is not closed on its line")
                }
                characters = characters.drop(while: { $0 == " " || $0 == "\t" })
                guard characters.isEmpty || characters.first == "," else {
                    throw .badData(
                        location: location(index),
                        reason: "text after a closing quote; write a quote inside a quoted field as \"\"")
                }
            } else {
                let end = characters.firstIndex(of: ",") ?? characters.endIndex
                field = characters[..<end].trimmingCharacters(in: .whitespaces)
                characters = characters[end...]
            }
            fields.append(field)
            guard characters.first == "," else { return fields }
            characters = characters.dropFirst()
        }
    }

    /// The `turn` of a JSON line, as a number.
    private struct TurnField: Decodable {
        let turn: Int
    }

    private func location(_ index: Int) -> String {
        "\(source) line \(index + 1)"
    }
}
