import ArgumentParser
import ShapeTurnsCommandSupport
import ShapeTurnsCore

/// `shapeturns`: the root command. `scan` and `play` are executables of their own
/// (`ExternalCommand`), run in this process's place before anything is parsed; the rest parse
/// and run here (`CommandLineMain`).
@main
struct ShapeTurnsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "shapeturns",
        abstract: "Render turns of \"Tap the Larger Shape\" as images with JSON answer keys; compare images.",
        discussion: """
            Each turn is two shapes; the player picks the larger. ShapeTurns draws them with Cairo, \
            reproducibly from a seed, and writes what the right answer is.
            """,
        version: CommandLineMain.version,
        subcommands: [
            GenerateCommand.self, WorksheetCommand.self, ScoreCommand.self, MergeCommand.self, CompareCommand.self,
            ApproveCommand.self, AuditCommand.self, PlayCommand.self, SimulateCommand.self, ScanCommand.self,
        ]
    )

    static func main() {
        let arguments = ProcessArguments.checked()
        if let (command, passed) = ExternalCommand.invoked(by: arguments) {
            command.exec(arguments: passed)
        }
        CommandLineMain.run(Self.self, arguments: arguments)
    }
}
