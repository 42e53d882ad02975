import ArgumentParser
import Foundation
import PixelDiff
import ShapeGame
import ShapeRendering
import ShapeScan
import ShapeTurnsCommandSupport
import Testing

@testable import ShapeTurnsCLI
@testable import ShapeTurnsClassroom
@testable import ShapeTurnsCompare
@testable import ShapeTurnsCore
@testable import ShapeTurnsSets

/// One error, as the library words it and as the command line shows it.
struct WordedError: Sendable, CustomTestStringConvertible {
    let name: String
    let make: @Sendable () throws(ShapeTurnsError) -> Void
    let library: String
    let commandLine: String

    var testDescription: String { name }

    /// A folder holding `notes.txt`, a file ShapeTurns did not write; `makeForeignFolder()` makes it.
    static let foreignFolder = FileManager.default.temporaryDirectory
        .appendingPathComponent("shapeturns-wording-\(getpid())").standardizedFileURL.path

    /// The same for the diff's case: the cases run in parallel, and one removing the folder the
    /// other is writing into would change the other's message.
    static let otherForeignFolder = foreignFolder + "-diff"

    /// Made afresh each time: a folder left by an earlier process with the same id could hold
    /// other files, which would change the message.
    static func makeForeignFolder(_ folder: String = foreignFolder) -> String {
        try? FileManager.default.removeItem(atPath: folder)
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try? Data("mine".utf8).write(to: URL(fileURLWithPath: folder + "/notes.txt"))
        return folder
    }

    static let all: [WordedError] = [
        WordedError(
            name: "turns out of range",
            make: { () throws(ShapeTurnsError) in
                var options = GenerateOptions()
                options.turns = 0
                try options.validate()
            },
            library: "turns: must be 1 to 10000000 (got 0)",
            commandLine: "--turns: must be 1 to 10000000 (got 0)"
        ),
        WordedError(
            name: "labels without the pair layout",
            make: { () throws(ShapeTurnsError) in
                var options = GenerateOptions()
                options.labels = true
                try options.validate()
            },
            library: "labels: draws A and B under the shapes of a pair image; add layout = .pair",
            commandLine: "--labels: draws A and B under the shapes of a pair image; add --layout pair"
        ),
        WordedError(
            name: "neither fill nor outline",
            make: { () throws(ShapeTurnsError) in
                var options = GenerateOptions()
                options.style.showFill = false
                options.style.showOutline = false
                try options.validate()
            },
            library:
                "style.showFill = false with style.showOutline = false: nothing would be drawn; keep the fill or the outline",
            commandLine: "--no-fill with --no-outline: nothing would be drawn; keep the fill or the outline"
        ),
        WordedError(
            name: "the basic strategy with two kinds",
            make: { () throws(ShapeTurnsError) in
                var options = GenerateOptions()
                options.strategy = .basic
                try options.validate()
            },
            library:
                "strategy = .basic: draws both shapes from one kind; name exactly one with shapes (got square,circle)",
            commandLine:
                "--strategy basic: draws both shapes from one kind; name exactly one with --shapes (got square,circle)"
        ),
        WordedError(
            name: "resume and force together",
            make: { () throws(ShapeTurnsError) in
                var run = RunOptions()
                run.resume = true
                run.force = true
                try run.validate()
            },
            library: "resume with force: choose one: resume finishes a run, force starts over",
            commandLine: "--resume with --force: choose one: --resume finishes a run, --force starts over"
        ),
        WordedError(
            name: "a worksheet of no turns",
            make: { () throws(ShapeTurnsError) in
                var options = WorksheetOptions()
                options.game.turns = 0
                _ = try WorksheetGenerator(options: options)
            },
            library: "turns: must be 1 to 10000 for a worksheet (got 0)",
            commandLine: "--turns: must be 1 to 10000 for a worksheet (got 0)"
        ),
        WordedError(
            name: "a comparison threshold out of range",
            make: { () throws(ShapeTurnsError) in _ = try ImageFileComparer(options: PixelmatchOptions(threshold: 2)) },
            library: "threshold: the threshold must be from 0 to 1 (0 is strictest), not 2.0",
            commandLine: "--threshold: the threshold must be from 0 to 1 (0 is strictest), not 2.0"
        ),
        WordedError(
            name: "an empty diff path",
            make: { () throws(ShapeTurnsError) in
                _ = try ImageFileComparer().compare(expectedPath: "a.png", actualPath: "b.png", diffPath: "")
            },
            library: "diffPath: must name a path; an empty value would mean the current folder",
            commandLine: "--diff: must name a path; an empty value would mean the current folder"
        ),
        WordedError(
            name: "a missing answer key",
            make: { () throws(ShapeTurnsError) in
                _ = try AnswerKeyReader(setFolder: URL(fileURLWithPath: "/nonexistent/set")).read()
            },
            library: "/nonexistent/set: no such folder",
            commandLine: "--key /nonexistent/set: no such folder"
        ),
        WordedError(
            name: "resuming into a folder of other files",
            make: { () throws(ShapeTurnsError) in
                let folder = URL(fileURLWithPath: makeForeignFolder())
                var run = RunOptions()
                run.resume = true
                _ = try SetGenerator(options: GenerateOptions()).generate(into: folder, run: run)
            },
            library:
                "cannot create output folder \(foreignFolder): it holds files ShapeTurns did not write (notes.txt); resume acts only on a folder holding a ShapeTurns set",
            commandLine:
                "cannot create output folder \(foreignFolder): it holds files ShapeTurns did not write (notes.txt); --resume acts only on a folder holding a ShapeTurns set"
        ),
        WordedError(
            name: "a diff written over an input",
            make: { () throws(ShapeTurnsError) in
                let notes = makeForeignFolder(otherForeignFolder) + "/notes.txt"
                _ = try ImageFileComparer().compare(expectedPath: notes, actualPath: "b.png", diffPath: notes)
            },
            library:
                "cannot create \(otherForeignFolder)/notes.txt: diffPath is an input of this run (\(otherForeignFolder)/notes.txt); choose another name",
            commandLine:
                "cannot create \(otherForeignFolder)/notes.txt: --diff is an input of this run (\(otherForeignFolder)/notes.txt); choose another name"
        ),
        WordedError(
            name: "a folder that is not empty",
            make: { () throws(ShapeTurnsError) in throw .outputNotEmpty(path: "/data/set") },
            library: "/data/set already holds files; choose an empty or new folder, or pass force to replace it",
            commandLine:
                "--out /data/set already holds files; choose an empty or new folder, or pass --force to replace it"
        ),
        WordedError(
            name: "a run started with another ratio",
            make: { () throws(ShapeTurnsError) in
                var there = GenerateOptions()
                there.minimumRatio = 1.5
                let difference = RunRecord(options: there).difference(from: RunRecord(options: GenerateOptions()))
                throw .runMismatch(path: "/data/set", difference: difference ?? "")
            },
            library:
                "/data/set was started with other options or another ShapeTurns version (minimumRatio 1.5 there, 1.1 here); pass the same options, or force to start over",
            commandLine:
                "/data/set was started with other options or another ShapeTurns version (--min-ratio 1.5 there, 1.1 here); pass the same options, or --force to start over"
        ),
    ]
}

/// Library errors speak of the library's parameters; the command line turns them into its flags.
@Suite("Errors are worded for the library and spelled with flags on the command line")
struct ErrorWordingTests {
    @Test(arguments: WordedError.all)
    func theLibraryNamesItsParametersAndTheCommandLineItsFlags(error: WordedError) throws {
        let thrown = try #require(throws: ShapeTurnsError.self) { try error.make() }
        #expect(thrown.description == error.library)
        #expect(thrown.commandLineMessage == error.commandLine)
    }

    @Test(arguments: Self.allParameters)
    func theLibrarySpellsEveryParameterWithoutAFlag(parameter: Parameter) {
        for value in [nil, "x"] {
            let spelled = ParameterSpelling.library.spell(parameter, value)
            #expect(!spelled.contains("--"), "\(parameter) is spelled '\(spelled)'")
            #expect(!spelled.isEmpty)
        }
    }

    /// Every flag a message can name is one some command takes, so no message sends a user to
    /// an option that does not exist.
    @Test(arguments: Self.allParameters)
    func everyParameterIsSpelledAsAFlagACommandTakes(parameter: Parameter) {
        let spelled = ParameterSpelling.commandLine.spell(parameter, nil)
        #expect(Self.helpTexts.contains { Self.words(of: $0).contains(spelled) }, "no command takes \(spelled)")
    }

    /// A run's record names the options that differ; each is named by a flag `generate` takes.
    @Test func everyRecordedOptionIsSpelledAsAFlagGenerateTakes() throws {
        var options = GenerateOptions()
        options.difficulty = .easy
        options.layout = .pair
        options.labels = true
        options.pack = .tar
        options.shardTurns = 10
        options.split = try SplitPlan(parsing: "train=0.5,test=0.5")
        options.turnJSON = true
        options.placement = .random
        options.rotation = .random
        options.palette = try Palette(parsing: "bright")
        let object = try JSONSerialization.jsonObject(with: JSONEncoder().encode(options))
        let generateHelp = Self.words(of: ShapeTurnsCommand.helpMessage(for: GenerateCommand.self, columns: 1000))
        for field in Self.topFields(of: object) {
            let flag = ParameterSpelling.commandLine.spellOptionField(field)
            #expect(generateHelp.contains(flag), "\(field) is spelled \(flag), which generate does not take")
        }
    }

    @Test func wordingsAreEqualWhenTheLibrarySpellsThemAlike() {
        let named: Wording = "add \(.layout, "pair")"
        #expect(named == Wording("add layout = .pair"))
        #expect(named.spelled(.commandLine) == "add --layout pair")
        #expect(named != Wording("add --layout pair"))
        let joined: Wording = "a " + "\(.force)" + " b"
        #expect(joined.pieces == [.text("a "), .parameter(.force, value: nil), .text(" b")])
    }

    /// Every parameter each module declares.
    static let allParameters: [Parameter] =
        Parameter.coreParameters + Parameter.setsParameters + Parameter.classroomParameters
        + Parameter.compareParameters + Parameter.scanParameters

    /// Every command's help: `scan` and `play` from their own executables, through `shapeturns`.
    static let helpTexts: [String] =
        [ShapeTurnsCommand.helpMessage(columns: 1000)]
        + ShapeTurnsCommand.configuration.subcommands.map { ShapeTurnsCommand.helpMessage(for: $0, columns: 1000) }
        + ExternalCommand.all.map { command in
            (try? ShapeTurnsBinary.run([command.name, "--help"], environment: ["COLUMNS": "1000"]).stdout) ?? ""
        }

    static func words(of text: String) -> Set<String> {
        Set(
            text.split { !($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }
                .map { String($0).trimmingCharacters(in: CharacterSet(charactersIn: "_")) })
    }

    /// The dotted paths of a JSON object's leaves, arrays counted as leaves.
    static func topFields(of value: Any, path: String = "") -> [String] {
        guard let object = value as? [String: Any] else { return [path] }
        return object.flatMap { key, child in topFields(of: child, path: path.isEmpty ? key : "\(path).\(key)") }
    }
}
