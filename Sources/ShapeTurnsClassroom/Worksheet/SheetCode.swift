import Foundation
import ShapeGame
import ShapeRendering
import ShapeTurnsCore
import ShapeTurnsSets

/// The short code printed in a worksheet's footer (`K7QX-M2PD`): a hash of everything that
/// decides its turns (the turn count, the seed, the shape and strategy options) and of the
/// ShapeTurns version, so two sheets with the same code hold the same turns, and a sheet can be
/// matched to its key.
///
/// The hash is FNV-1a (64 bits) over the canonical JSON of those values (keys sorted), passed
/// through SplitMix64's finaliser (`RandomStream(seed: hash, turn: 0).next()`); its top 40 bits
/// are written as eight letters and digits of Crockford's base 32 (no I, L, O or U), in two
/// groups of four. It identifies, it does not encode: the key itself is embedded in the PDF.
package struct SheetCode: Sendable, Equatable, CustomStringConvertible {
    /// The eight characters, with the dash: `K7QX-M2PD`.
    package let description: String

    /// Crockford's base 32: digits and capitals without I, L, O and U.
    package static let alphabet = PageCode.alphabet

    private struct Recipe: Encodable {
        let tool: String
        let turns: Int
        let seed: UInt64
        let shapes: [ShapeKind]
        let strategy: StrategyName
        let proportions: ProportionRange
        let minimumRatio: Double
        let difficulty: Difficulty?
        /// A class's `--seed`, whose template sheet gives a student's sheet its ratios
        /// (`ClassSheetPlan`); absent for a sheet made without a roster.
        let classSeed: UInt64?
    }

    /// The code of the turns `game` makes with this ShapeTurns version; with `classSeed`, of a
    /// class's sheet with the seed `game.seed` (`ClassSheetPlan`).
    package init(game: GenerateOptions, classSeed: UInt64? = nil) {
        let recipe = Recipe(
            tool: ShapeTurnsVersion.current, turns: game.turns, seed: game.seed, shapes: game.shapes,
            strategy: game.strategy, proportions: game.proportions, minimumRatio: game.minimumRatio,
            difficulty: game.difficulty, classSeed: classSeed
        )
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let bytes = (try? encoder.encode(recipe)) ?? Data()
        var stream = RandomStream(seed: Self.fnv1a(bytes), turn: 0)
        var bits = stream.next() >> 24
        var characters: [Character] = []
        for _ in 0..<8 {
            characters.append(Self.alphabet[Int(bits & 31)])
            bits >>= 5
        }
        let text = String(characters.reversed())
        description = "\(text.prefix(4))-\(text.suffix(4))"
    }

    /// The code written without its dash, in capitals, so `k7qxm2pd` and `K7QX-M2PD` match.
    package static func normalized(_ text: String) -> String {
        text.uppercased().filter { $0 != "-" && !$0.isWhitespace }
    }

    /// FNV-1a, 64 bits.
    package static func fnv1a(_ bytes: some Sequence<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in bytes {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }
        return hash
    }
}
