import ArgumentParser
import Foundation
import ShapeRendering
import ShapeTurnsClassroom
import ShapeTurnsCore
import ShapeTurnsSets

/// The answer key `score` and `scan` take: `--key` (a set folder, `answers.jsonl` or a
/// worksheet PDF), or `--seed` and `--turns` (and `--roster` for a class) to rebuild it with the
/// shape options.
package enum KeyArguments {
    /// The checks of a key given as --key, or as --seed and --turns (and --roster): `score`'s
    /// and `scan`'s.
    package static func validate(key: String?, seed: UInt64?, turns: Int?, roster: String?, forClass: Bool) throws {
        switch (key, seed) {
        case (nil, nil):
            throw ValidationError(
                "--key: give the answer key (a set folder, answers.jsonl or worksheet PDF), or --seed and --turns to rebuild it"
            )
        case (.some, .some):
            throw ValidationError("--seed: rebuilds a key; give either --key or --seed, not both")
        case (nil, .some):
            guard let turns else {
                throw ValidationError("--turns: needed with --seed (1 to \(WorksheetOptions.turnLimit))")
            }
            guard (1...WorksheetOptions.turnLimit).contains(turns) else {
                throw ValidationError("--turns: must be 1 to \(WorksheetOptions.turnLimit) (got \(turns))")
            }
            if forClass, roster == nil {
                throw ValidationError(
                    "--roster: a class's answers need the class's sheets; give --roster FILE (the roster the sheets were made from) or --key CLASS.pdf (the class's PDF or its -key.pdf); for one sheet copied for everyone, --key SHEET.pdf"
                )
            }
        case (.some, nil):
            if turns != nil { throw ValidationError("--turns: only with --seed; a key knows its turns") }
            if roster != nil { throw ValidationError("--roster: only with --seed; a class's key PDF knows its roster") }
        }
    }

    /// The key of --key, or the key rebuilt from --seed, --turns, the shape options and --roster.
    package static func load(key: String?, seed: UInt64?, turns: Int?, roster: String?, shapeOptions: ShapeOptions)
        throws
        -> ScoringKey
    {
        if let key {
            return try ScoringKey.load(key)
        }
        // The sheet's options: a worksheet's defaults, such as its smallest ratio.
        var options = WorksheetOptions().game
        options.seed = seed ?? 1
        options.turns = turns ?? 1
        try shapeOptions.apply(to: &options)
        let classRoster = try roster.map { try Roster(contentsOf: URL(fileURLWithPath: $0), parameter: .roster) }
        return try ScoringKey.rebuilt(options: options, roster: classRoster)
    }
}
