import ArgumentParser
import Foundation
import ShapeTurnsAnswerKey
import ShapeTurnsClassroom
import ShapeTurnsCommandSupport
import ShapeTurnsCompare
import ShapeTurnsCore
import ShapeTurnsSets

/// `shapeturns audit`: how well each cue but area predicts a set's label.
struct AuditCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "audit",
        abstract: "Show how well each cue but area predicts a set's label: the shortcuts a model could learn.",
        discussion: """
            Reads SET/answers.jsonl (any set in ShapeTurns' layout, whoever made it) and prints, per \
            split, the accuracy of the best rule that looks at one cue alone (kind pair, extent, \
            perimeter, box size, colour, position in the pair, placement; 50% is chance) and of a \
            logistic regression on all cues together (high by nature: kinds and extents give the \
            areas). A set made with generate --balance shows its balanced cues at 50%. The same \
            table is in every set's README.md and manifest.json. See docs/datasets.md.

            Examples:
              shapeturns audit turns
              shapeturns audit big --json
            """
    )

    @Argument(help: ArgumentHelp("The set's folder (it holds answers.jsonl).", valueName: "set"))
    var set: String

    @Flag(help: "Print the audit as JSON, as manifest.json holds it.")
    var json = false

    func run() throws {
        let audit = try ShortcutAuditor.audit(setAt: URL(fileURLWithPath: set))
        if json {
            FileHandle.standardOutput.write(Data(try AnswerKeyEncoding.document(audit)))
        } else {
            print(audit.markdownTable, terminator: "")
        }
    }
}
