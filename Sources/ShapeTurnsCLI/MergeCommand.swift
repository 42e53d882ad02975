import ArgumentParser
import Foundation
import ShapeTurnsClassroom
import ShapeTurnsCommandSupport
import ShapeTurnsCompare
import ShapeTurnsCore
import ShapeTurnsSets

/// `shapeturns merge`: completes a set whose shards were rendered into one folder.
struct MergeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge",
        abstract: "Complete a set rendered in shards: write answers.jsonl and manifest.json once every shard is done.",
        discussion: """
            The result is byte for byte what one uninterrupted generate run with the same options \
            writes. Fails, changing nothing, while a shard is missing or unfinished.

            Example:
              for k in 1 2 3; do shapeturns generate --seed 9 --out big --shard $k/3 & done; wait
              shapeturns merge big
            """
    )

    @Argument(help: ArgumentHelp("The folder the shards wrote into (their --out).", valueName: "dir"))
    var folder: String

    @Flag(name: .shortAndLong, help: "Print nothing on success.")
    var quiet = false

    func validate() throws {
        do {
            _ = try OutputPolicy(.shardFolder).destination(folder)
        } catch {
            throw ValidationError(error.commandLineMessage)
        }
    }

    func run() throws {
        let manifest = try SetMerger(folder: URL(fileURLWithPath: folder)).merge()
        if !quiet {
            try StandardStreams.outputLine(
                "Merged \(manifest.counts.turns) turns in \(folder); answer key in \(folder)/\(SetLayout.answersFile)")
        }
    }
}
