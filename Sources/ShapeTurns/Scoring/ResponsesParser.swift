import Foundation
import ShapeGame

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
        let isJSONLines = switch (source as NSString).pathExtension.lowercased() {
        case "csv": false
        case "jsonl", "ndjson", "json": true
        default: lines[first].hasPrefix("{")
        }
        return isJSONLines ? try parseJSONLines(lines) : try parseCSV(lines, headerIndex: first)
    }

    private func parseCSV(_ lines: [String], headerIndex: Int) throws(ShapeTurnsError) -> [Response] {
        let header = fields(lines[headerIndex]).map { $0.lowercased() }
        guard let turnColumn = header.firstIndex(of: "turn"), let choiceColumn = header.firstIndex(of: "choice") else {
            throw .badData(location: location(headerIndex), reason: "the header must name the columns turn and choice (got '\(lines[headerIndex])')")
        }
        var responses: [Response] = []
        for index in lines.indices where index > headerIndex && !lines[index].isEmpty {
            let row = fields(lines[index])
            guard row.count == header.count else {
                throw .badData(location: location(index), reason: "expected \(header.count) fields like the header, got \(row.count)")
            }
            responses.append(try response(turn: row[turnColumn], choice: row[choiceColumn], line: index))
        }
        return responses
    }

    private func parseJSONLines(_ lines: [String]) throws(ShapeTurnsError) -> [Response] {
        var responses: [Response] = []
        for (index, line) in lines.enumerated() where !line.isEmpty {
            guard let object = (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any] else {
                throw .badData(location: location(index), reason: "not a JSON object like {\"turn\": 3, \"choice\": \"b\"}")
            }
            guard let turn = object["turn"] else {
                throw .badData(location: location(index), reason: "no \"turn\"")
            }
            guard let choice = object["choice"] as? String else {
                throw .badData(location: location(index), reason: "no \"choice\" string")
            }
            responses.append(try response(turn: "\(turn)", choice: choice, line: index))
        }
        return responses
    }

    private func response(turn: String, choice: String, line index: Int) throws(ShapeTurnsError) -> Response {
        guard let number = Int(turn), number >= 1 else {
            throw .badData(location: location(index), reason: "turn '\(turn)' is not a turn number (1, 2, 3, ...)")
        }
        let trimmed = choice.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else {
            return Response(turn: number, choice: nil, line: index + 1)
        }
        guard let label = ShapeLabel(rawValue: trimmed.lowercased()) else {
            throw .badData(location: location(index), reason: "choice '\(choice)' must be a or b (or empty for a blank)")
        }
        return Response(turn: number, choice: label, line: index + 1)
    }

    private func fields(_ line: String) -> [String] {
        let record = CSVReader.records(in: line).first?.fields ?? [""]
        return record.map { $0.trimmingCharacters(in: .whitespaces) }
    }

    private func location(_ index: Int) -> String {
        "\(source) line \(index + 1)"
    }
}
