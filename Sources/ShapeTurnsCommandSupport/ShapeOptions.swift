import ArgumentParser
import Foundation
import ShapeGame
import ShapeRendering
import ShapeTurnsClassroom
import ShapeTurnsCore
import ShapeTurnsSets

/// The options that choose a turn's shapes and how they are painted, shared by `generate` and
/// `worksheet` so both read them the same way and make the same turns from them.
package struct ShapeOptions: ParsableArguments {
    package init() {}

    @Option(
        name: .customLong("shapes"),
        help: ArgumentHelp(
            "Shape kinds to draw, comma-separated: square, circle, triangle, star, hexagon.", valueName: "kinds"))
    package var typedShapes = TypedOption(default: "square,circle")

    @Option(
        name: .customLong("strategy"),
        help: ArgumentHelp(
            """
            basic: every turn from the one kind in --shapes; random: each turn picks one kind, both shapes of it; \
            mixed: each shape picks its own kind; graded: like random, from easy turns to the hardest --min-ratio allows; \
            staircase, quest: adaptive (play only), each ratio chosen from the player's answers.
            """, valueName: "strategy"))
    package var typedStrategy = TypedOption(default: StrategyName.random)

    @Option(help: "One difficulty for the whole set: easy (area ratio 2 or more), medium (1.4 to 2), hard (below 1.4).")
    package var difficulty: Difficulty?

    @Option(
        name: .customLong("min-proportion"),
        parsing: .unconditional,
        help: ArgumentHelp(
            "Smallest shape extent (side or diameter) as a fraction of the canvas, in (0, 1].", valueName: "p"))
    package var typedMinProportion = TypedOption(default: ProportionRange.standard.minimum)

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Largest shape extent as a fraction of the canvas, in (0, 1] (default 0.8; with generate --rotation random, the largest that lets every kind turn inside its square: 0.707 with squares).",
            valueName: "p"))
    package var maxProportion: Double?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Smallest allowed ratio of the larger area to the smaller, above 1: no ties, no near-ties. Default: \(GenerateOptions().minimumRatio) for generate; \(WorksheetOptions().game.minimumRatio) for worksheets and keys rebuilt from --seed, a difference a child can see on paper.",
            valueName: "r")
    )
    package var minRatio: Double?

    @Option(
        name: .customLong("fill"),
        help: ArgumentHelp(
            "Fill colour: a UIKit name the tutorial used (brown, orange, gray), a CSS name, or #RRGGBB[AA].",
            valueName: "color"))
    package var typedFill = TypedOption(default: "brown")

    @Option(
        name: .customLong("outline"),
        help: ArgumentHelp("Outline colour, in the same forms as --fill.", valueName: "color"))
    package var typedOutline = TypedOption(default: "orange")

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Outline width in pixels of the shape's canvas, drawn inside the shape's bounds (default: 6 on a 512-pixel canvas, in proportion on others).",
            valueName: "px"
        ))
    package var lineWidth: Double?

    @Flag(help: "Draw no fill, only the outline.")
    package var noFill = false

    @Flag(help: "Draw no outline, only the fill.")
    package var noOutline = false

    @Option(
        name: .customLong("background"),
        help: ArgumentHelp("Canvas background: transparent, or a colour as for --fill.", valueName: "color"))
    package var typedBackground = TypedOption(default: "transparent")

    // The values as typed or by default; `score` reads `typed…` to tell which.
    package var shapes: String { typedShapes.value }
    package var strategy: StrategyName { typedStrategy.value }
    package var minProportion: Double { typedMinProportion.value }
    package var fill: String { typedFill.value }
    package var outline: String { typedOutline.value }
    package var background: String { typedBackground.value }

    /// Sets the shape, strategy, ratio, style and background fields of `options`; the default
    /// line width follows `options.size`, so set that first.
    package func apply(to options: inout GenerateOptions) throws(ShapeTurnsError) {
        options.strategy = strategy
        if let minRatio { options.minimumRatio = minRatio }
        options.difficulty = difficulty
        let kinds = ShapeCatalog.standard.kinds
        options.shapes = try Self.list(shapes, option: "--shapes", accepted: kinds.map(\.rawValue)) { word in
            kinds.first { $0.rawValue == word }
        }
        do {
            options.proportions = try ProportionRange(
                minimum: minProportion, maximum: maxProportion ?? ProportionRange.standard.maximum)
        } catch {
            throw .invalidOption("--min-proportion/--max-proportion", reason: error.description)
        }
        options.style = ShapeStyle(
            showFill: !noFill,
            fillColor: try Self.color(fill, option: "--fill"),
            showOutline: !noOutline,
            outlineColor: try Self.color(outline, option: "--outline"),
            lineWidth: lineWidth ?? options.defaultLineWidth()
        )
        do {
            options.background = try CanvasBackground(parsing: background)
        } catch {
            throw .invalidOption("--background", reason: error.description)
        }
    }

    private static func color(_ text: String, option: String) throws(ShapeTurnsError) -> RGBAColor {
        do {
            return try RGBAColor(parsing: text)
        } catch {
            throw .invalidOption(option, reason: error.description)
        }
    }

    /// Splits a comma-separated value, rejecting unknown and repeated items.
    package static func list<Item: Equatable>(
        _ text: String, option: String, accepted: [String], parse: (String) -> Item?
    ) throws(ShapeTurnsError) -> [Item] {
        var items: [Item] = []
        for word in text.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces).lowercased() }) {
            guard !word.isEmpty else { continue }
            guard let item = parse(word) else {
                throw .invalidOption(
                    option, reason: "unknown value '\(word)' (accepted: \(accepted.joined(separator: ", ")))")
            }
            guard !items.contains(item) else {
                throw .invalidOption(option, reason: "'\(word)' is listed twice in '\(text)'")
            }
            items.append(item)
        }
        return items
    }
}

extension StrategyName: ExpressibleByArgument {}

extension Difficulty: ExpressibleByArgument {}
