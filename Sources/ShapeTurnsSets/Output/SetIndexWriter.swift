import Foundation
import ShapeGame
import ShapeRendering
import ShapeTurnsAnswerKey
import ShapeTurnsAudit
import ShapeTurnsCore

/// Writes a set's indexes as turns arrive in order: `answers.jsonl` for the whole set (and one
/// per split folder), `labels.csv`, and for the folder layout the `metadata.jsonl` of every
/// split folder that Hugging Face `datasets`' `imagefolder` reads. Each file appears only on
/// `commit()`, whole.
package final class SetIndexWriter {
    private let options: GenerateOptions
    private let answers: StreamingFile
    private let labels: StreamingFile
    private var splitAnswers: [String: StreamingFile] = [:]
    private var metadata: [String: StreamingFile] = [:]
    private(set) var larger: [ShapeLabel: Int] = [:]
    private(set) var splitCounts: [String: Int] = [:]
    /// The shortcut audit of the turns added so far.
    private(set) var auditor = ShortcutAuditor()

    package init(folder: SetFolder, options: GenerateOptions) throws(ShapeTurnsError) {
        self.options = options
        answers = try StreamingFile(SetLayout.answersFile, in: folder)
        labels = try StreamingFile(SetLayout.labelsFile, in: folder)
        try labels.append(Self.labelsHeader(options))
        let writesMetadata = options.packFormat == .folder && options.formats.contains(.png)
        for split in options.split?.names.map(Optional.some) ?? [nil] {
            let prefix = SetLayout.prefix(ofSplit: split)
            if let split {
                try folder.makeFolder(split)
                splitAnswers[split] = try StreamingFile(prefix + SetLayout.answersFile, in: folder)
            }
            if writesMetadata {
                metadata[split ?? ""] = try StreamingFile(prefix + SetLayout.metadataFile, in: folder)
            }
        }
    }

    /// Adds the next turn: `line` is its line of `answers.jsonl`.
    package func add(_ answer: TurnAnswer, line: [UInt8]) throws(ShapeTurnsError) {
        try answers.append(line)
        if let split = answer.split {
            try splitAnswers[split]?.append(line)
            splitCounts[split, default: 0] += 1
        }
        larger[answer.larger, default: 0] += 1
        auditor.add(answer)
        try labels.append(labelsRow(answer))
        if let file = metadata[answer.split ?? ""] {
            try file.append(ImageFolderRow(answer, layout: options.imageLayout).line)
        }
    }

    /// The audit of every turn added, splits in the set's order.
    package var audit: ShortcutAudit {
        auditor.audit(splitOrder: options.split?.names)
    }

    package func commit() throws(ShapeTurnsError) {
        try answers.commit()
        try labels.commit()
        for name in splitAnswers.keys.sorted() {
            try splitAnswers[name]?.commit()
        }
        for name in metadata.keys.sorted() {
            try metadata[name]?.commit()
        }
    }

    package static func labelsHeader(_ options: GenerateOptions) -> String {
        let files =
            switch (options.packFormat, options.imageLayout) {
            case (.tar, _): "archive,key"
            case (.folder, .separate): "file_a,file_b"
            case (.folder, .pair): "file"
            }
        let balance = balanceColumns(options).map { "," + $0 }.joined()
        return "turn,split,larger,area_ratio,kind_a,kind_b,area_a,area_b,\(files)\(balance)\n"
    }

    private func labelsRow(_ answer: TurnAnswer) -> String {
        let files: [String] =
            switch (options.packFormat, options.imageLayout) {
            case (.tar, _): [answer.archive ?? "", SetLayout.sampleKey(ofTurn: answer.turn, turnCount: options.turns)]
            case (.folder, .separate): answer.shapes.map(Self.mainFile)
            case (.folder, .pair): [answer.shapes.first.map(Self.mainFile) ?? ""]
            }
        let fields =
            [
                String(answer.turn), answer.split ?? "", answer.larger.rawValue, String(answer.areaRatio),
            ] + answer.shapes.map(\.kind.rawValue) + answer.shapes.map { String($0.area) } + files
            + balanceFields(answer)
        return fields.map { CSVField.escaped($0) }.joined(separator: ",") + "\n"
    }

    /// With `--balance`, the columns `labels.csv` and `metadata.jsonl` add: the pair, then
    /// `congruent_` and each measure the balance names.
    package static func balanceColumns(_ options: GenerateOptions) -> [String] {
        guard let balance = options.balance else { return [] }
        return ["pair"]
            + [BalancedCue.extent, .perimeter, .box].filter(balance.contains).map { "congruent_\($0.rawValue)" }
    }

    private func balanceFields(_ answer: TurnAnswer) -> [String] {
        guard let balance = options.balance else { return [] }
        let congruent: [(BalancedCue, Bool?)] = [
            (.extent, answer.congruent?.extent), (.perimeter, answer.congruent?.perimeter),
            (.box, answer.congruent?.box),
        ]
        return [answer.pair.map(String.init) ?? ""]
            + congruent.filter { balance.contains($0.0) }.map { $0.1.map { String($0) } ?? "" }
    }

    private static func mainFile(_ shape: ShapeAnswer) -> String {
        shape.files.png ?? shape.files.svg ?? ""
    }

}
