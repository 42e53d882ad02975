import Foundation
import ShapeGame
import ShapeTurnsClassroom
import ShapeTurnsCore
import ShapeTurnsSets

/// Everything `shapeturns play` needs: the turns (generate's options), the procedure, where it
/// listens, where it records, and its limits.
package struct PlayOptions: Sendable {
    /// The largest request body accepted, in bytes (an answer is well under 200).
    package static let bodyLimit = 4 * 1024
    /// The longest player name, in characters.
    package static let nameLimit = 64
    /// The longest reaction time accepted, in milliseconds (an hour).
    package static let reactionTimeLimit = 3_600_000.0

    /// The turns: shapes, style, seed, turn count; images are PNG, one per shape.
    package var generate: GenerateOptions
    /// An adaptive procedure choosing each ratio, or nil for generate's strategies.
    package var procedure: ProcedureChoice?
    package var host = "127.0.0.1"
    package var port = 8080
    /// The folder of record files, one per player.
    package var output: URL
    /// The most players at once; a new player beyond it is refused (503) until one idles out.
    package var sessionLimit = 500
    /// The teacher's token for `/class` and its gradebook (`ClassAccessMiddleware`); nil leaves
    /// them open, as on loopback.
    package var classToken: String?
    /// The other sites' origins (`scheme://host[:port]`) that may call the API (CORS) and frame
    /// the page (`--allow-origin`); empty: only the server's own pages.
    package var allowedOrigins: [String] = []
    /// A session unused this long is forgotten (its record file stays).
    package var idleLimit: Duration = .seconds(30 * 60)
    /// How each turn runs (interval, fixation, stimulus duration, timeout, feedback, practice,
    /// calibration); the default is the plain game.
    package var design = TrialDesign()

    package init(generate: GenerateOptions, procedure: ProcedureChoice? = nil, output: URL) {
        self.generate = generate
        self.procedure = procedure
        self.output = output
    }

    /// The strategy's name in records and replies.
    package var strategyName: String {
        PlayedGame.strategyName(of: generate, procedure: procedure)
    }

    /// The game these options play, as its record's first line names it.
    package var playedGame: PlayedGame {
        PlayedGame(generate: generate, procedure: procedure)
    }
}
