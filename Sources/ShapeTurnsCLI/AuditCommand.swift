import ArgumentParser
import Foundation
import ShapeTurnsAnswerKey
import ShapeTurnsAudit
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
            split, rules fitted on two thirds of the first split's turns and scored on the other \
            third and on every turn of the other splits, each with its accuracy, a 95% interval, its number of turns and whether it beats chance (50%): \
            position, the kind-pair and colour tables, and for extent, perimeter, box size and \
            placement the cue's sign, the best threshold on it and a depth-2 tree on it and the \
            kind pair; then a depth-4 tree and a logistic regression on every non-area field (high \
            by nature: kinds and extents give the areas). The same table is in every set's \
            README.md and manifest.json. See docs/datasets.md.

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
