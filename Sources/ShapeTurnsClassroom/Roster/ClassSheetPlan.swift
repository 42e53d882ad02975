import Foundation
import ShapeGame
import ShapeRendering
import ShapeTurnsCore
import ShapeTurnsSets

/// How a class's versions are made so that they are equally hard and change when any option
/// changes.
///
/// The class's options with the class's `--seed` play a template sheet; its area ratios (larger
/// over smaller), one a turn, are the class's difficulty. Every student's sheet has exactly these
/// ratios, in an order of its own (the `graded` strategy keeps the turn order, since its ratios
/// fall across the sheet), with shapes of its own drawn at each ratio (`RatioScheduleStrategy`).
/// So two students' scores compare like for like: nobody gets nine hard pairs while a
/// neighbour gets none.
///
/// A sheet's seed mixes the student's seed (`Student.seed(from:)`: the class's seed, the
/// position and the name) with a hash of every other option, so the order, the shapes and the
/// answer pattern (`AnswerBalance` of that seed) all change when the turns, shapes, ratios or
/// style change, even with the same `--seed`:
///
///     sheet seed = RandomStream(seed: student seed ^ FNV-1a-64(options JSON), turn: 0).next()
///
/// where the options JSON is `GenerateOptions` encoded with sorted keys and seed 0. The order
/// is a Fisher–Yates shuffle of the turns by `RandomStream(seed: sheet seed, turn: Int.min)`.
package struct ClassSheetPlan: Sendable {
    /// The class's options, with the class's seed.
    package let options: GenerateOptions
    /// The area ratio of each turn of the template sheet, in turn order.
    package let ratios: [Double]
    private let factories: [any ShapeFactory]
    private let optionsHash: UInt64

    /// Plays the template sheet; fails with the option at fault when `options` cannot make turns.
    package init(options: GenerateOptions, catalog: ShapeCatalog = .standard) throws(ShapeTurnsError) {
        ratios = try options.makeController(catalog: catalog).allTurns().map(\.areaRatio)
        factories = try options.makeFactories(catalog: catalog)
        self.options = options
        var unseeded = options
        unseeded.seed = 0
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        do {
            optionsHash = SheetCode.fnv1a(try encoder.encode(unseeded))
        } catch {
            // Never one hash for every class: the answer patterns would stop following the options.
            throw .rendering("cannot encode the class's options to mix them into its seeds: \(error)")
        }
    }

    /// The seed of `student`'s sheet, printed in its footer.
    package func seed(for student: Student) -> UInt64 {
        var mixed = RandomStream(seed: student.seed(from: options.seed) ^ optionsHash, turn: 0)
        return mixed.next()
    }

    /// `student`'s options: the class's, with the sheet's own seed.
    package func options(for student: Student) -> GenerateOptions {
        var own = options
        own.seed = seed(for: student)
        return own
    }

    /// The code printed in the footer of `student`'s sheet.
    package func code(for student: Student) -> SheetCode {
        SheetCode(game: options(for: student), classSeed: options.seed)
    }

    /// `student`'s turns: the template's ratios in the sheet's own order, with its own shapes and
    /// answer pattern.
    package func turns(for student: Student) throws(ShapeTurnsError) -> [Turn] {
        let seed = seed(for: student)
        var order = Array(ratios.indices)
        if options.strategy != .graded {
            var random = RandomStream(seed: seed, turn: Int.min)
            for index in stride(from: order.count - 1, to: 0, by: -1) {
                order.swapAt(index, random.nextIndex(below: index + 1))
            }
        }
        do {
            let strategy = try RatioScheduleStrategy(
                factories: factories, ratios: order.map { ratios[$0] }, mixesKinds: options.strategy == .mixed)
            return TurnController(strategy: strategy, seed: seed, turnCount: ratios.count).allTurns()
        } catch {
            throw .invalidOption(.shapes, reason: Wording(error.description))
        }
    }

    /// How hard a sheet is, as the class key prints it: its turns counted in the bands of
    /// `Difficulty` (`4 hard (< 1.4) · 9 medium · 7 easy (≥ 2)`), and its smallest ratio.
    package static func difficultySummary(_ turns: [Turn]) -> String {
        let ratios = turns.map(\.areaRatio)
        let hard = ratios.filter { $0 < 1.4 }.count
        let easy = ratios.filter { $0 >= 2 }.count
        let smallest = ratios.min() ?? 0
        return
            "ratios: \(hard) hard (<1.4) · \(ratios.count - hard - easy) medium · \(easy) easy (≥2); smallest \(String(format: "%.2f", smallest))"
    }
}
