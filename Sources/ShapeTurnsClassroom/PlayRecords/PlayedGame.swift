import ShapeGame
import ShapeRendering
import ShapeTurnsCore
import ShapeTurnsSets

/// The options a game was played with, carried by the first line of its record (schema version
/// 2), so that `shapeturns score` scores the record with no options and refuses options that
/// contradict it, instead of scoring it against other turns.
package struct PlayedGame: Sendable, Codable, Equatable {
    /// The strategy's name, as on each line: `random`, `basic`, `mixed`, `graded`, `staircase`,
    /// `quest`.
    package let strategy: String
    /// The turns' options as `play` used them: seed, turns, size, shapes, proportions, smallest
    /// ratio, difficulty, style and background (an adaptive game's `strategy` here is `random`,
    /// the kind drawn per turn).
    package let generate: GenerateOptions
    /// The staircase's settings, in a staircase game.
    package let staircase: StaircaseParameters?
    /// The quest procedure's settings, in a quest game.
    package let quest: QuestParameters?
    /// The ShapeTurns that played it: turns are a function of the options, the seed and this.
    package let shapeturns: String

    /// The game played with `generate`'s turns, chosen by `procedure` (nil: `generate.strategy`).
    package init(generate: GenerateOptions, procedure: ProcedureChoice?) {
        strategy = Self.strategyName(of: generate, procedure: procedure)
        self.generate = generate
        switch procedure {
        case .staircase(let parameters)?:
            staircase = parameters
            quest = nil
        case .quest(let parameters)?:
            staircase = nil
            quest = parameters
        case nil:
            staircase = nil
            quest = nil
        }
        shapeturns = ShapeTurnsVersion.current
    }

    /// The strategy's name a game of `generate`'s turns chosen by `procedure` records and replies
    /// with: the procedure's, else `generate`'s strategy.
    package static func strategyName(of generate: GenerateOptions, procedure: ProcedureChoice?) -> String {
        procedure?.name ?? generate.strategy.rawValue
    }

    /// The adaptive procedure that chose the turns, or nil for generate's strategies.
    package var procedure: ProcedureChoice? {
        if let staircase { return .staircase(staircase) }
        if let quest { return .quest(quest) }
        return nil
    }
}
