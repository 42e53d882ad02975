import Foundation
import ShapeGame

/// Reads the answer key of a set made by `generate` from its `answers.jsonl`.
public struct AnswerKeyReader: Sendable {
    /// The set's folder.
    public let setFolder: URL

    /// A reader of the set in `setFolder`.
    public init(setFolder: URL) {
        self.setFolder = setFolder
    }

    /// The set's answers in turn order; fails when the folder or key is missing or malformed.
    public func read() throws(ShapeTurnsError) -> [TurnAnswer] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: setFolder.path, isDirectory: &isFolder), isFolder.boolValue else {
            throw .missingInput("--key \(setFolder.path)", reason: "no such folder")
        }
        let file = setFolder.appendingPathComponent(SetLayout.answersFile)
        guard let data = FileManager.default.contents(atPath: file.path) else {
            throw .missingInput("--key \(setFolder.path)", reason: "no readable \(SetLayout.answersFile); is it a set made by shapeturns generate?")
        }
        return try Self.parse(data, file: file.path)
    }

    /// The answers in an `answers.jsonl` file's bytes; `file` names it in errors.
    static func parse(_ data: Data, file: String) throws(ShapeTurnsError) -> [TurnAnswer] {
        let decoder = JSONDecoder()
        var answers: [TurnAnswer] = []
        for (index, line) in data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).enumerated() where !line.isEmpty {
            let location = "\(file) line \(index + 1)"
            guard let answer = try? decoder.decode(TurnAnswer.self, from: Data(line)) else {
                throw .badData(location: location, reason: "not an answer key of schema version \(TurnAnswer.schemaVersion)")
            }
            guard answer.turn == answers.count + 1 else {
                throw .badData(location: location, reason: "turn \(answer.turn) where turn \(answers.count + 1) was expected")
            }
            guard answer.turnModel != nil else {
                throw .badData(location: location, reason: "shapes must be a then b")
            }
            answers.append(answer)
        }
        guard !answers.isEmpty else {
            throw .badData(location: file, reason: "no turns")
        }
        return answers
    }
}

extension TurnAnswer {
    /// The turn as the game sees it, rebuilt from what the key recorded; `nil` unless the key
    /// has exactly shapes `a` and `b`.
    public var turnModel: Turn? {
        guard shapes.count == 2, let a = shapes.first(where: { $0.label == .a }), let b = shapes.first(where: { $0.label == .b }) else {
            return nil
        }
        return Turn(
            number: turn,
            shapeA: RecordedShape(kind: a.kind, proportion: a.proportion, area: a.area),
            shapeB: RecordedShape(kind: b.kind, proportion: b.proportion, area: b.area)
        )
    }
}
