import ShapeGame
import ShapeRendering
import ShapeTurnsCore

/// Everything that decides the bytes of a generated set, apart from the ShapeTurns version.
///
/// Recorded whole in `manifest.json`. The defaults are the finished tutorial game: squares and
/// circles 50/50, proportions 0.3 to 0.8, brown fill, orange outline, line width 6.
public struct GenerateOptions: Sendable, Equatable, Codable {
    /// The most turns a set may hold.
    package static let turnLimit = 10_000_000
    /// The canvas sizes accepted, in pixels.
    package static let sizeRange = 16...CairoSurface.maximumSide
    /// The smallest shape extent accepted, as a fraction of the canvas: far below a pixel on
    /// the largest canvas, and far enough above 0 that every area and area ratio is a finite,
    /// non-zero number an answer key can hold.
    package static let smallestProportion = 0.0001

    /// The number of turns, 1 to `turnLimit`.
    public var turns = 10
    /// The seed of every turn's random stream.
    public var seed: UInt64 = 1
    /// The image formats to write, PNG and/or SVG.
    public var formats: [ImageFormat] = [.png]
    /// The side of each shape's square canvas, in pixels.
    public var size = 512
    /// The kinds to draw.
    public var shapes: [ShapeKind] = [.square, .circle]
    /// How a turn's shapes are chosen.
    public var strategy = StrategyName.random
    /// The range a shape's proportion is drawn from.
    public var proportions = ProportionRange.standard
    /// The smallest allowed ratio of the larger area to the smaller; above 1, so no turn ties.
    public var minimumRatio = 1.1
    /// One difficulty for the whole set; `nil` allows every ratio from `minimumRatio` up.
    public var difficulty: Difficulty?
    /// Fill, outline and line width of every shape.
    public var style = ShapeStyle()
    /// What lies under each shape.
    public var background = CanvasBackground.transparent
    /// How PNG files are compressed; every choice decodes to the same pixels.
    public var pngEncoding = PNGEncoding.fast
    /// One image per shape (`nil`, the default: `separate`) or one game-screen image per turn.
    package var layout: ImageLayout?
    /// Writes "A" and "B" under the shapes of a `pair` image.
    package var labels: Bool?
    /// Loose files (`nil`, the default: `folder`) or WebDataset tar shards.
    package var pack: PackFormat?
    /// Turns per tar shard with `pack` `tar`; `nil` means `defaultShardTurns`.
    package var shardTurns: Int?
    /// Divides the turns into named splits, each in a folder of its own.
    package var split: SplitPlan?
    /// Whether the folder layout writes a JSON key file per turn (`nil` means yes).
    package var turnJSON: Bool?
    /// Where each shape sits on its square (`nil`: centred).
    package var placement: Placement?
    /// How each shape is turned (`nil`: upright).
    package var rotation: Rotation?
    /// Colours each shape's fill and outline are drawn from (`nil`: the style's colours).
    package var palette: Palette?
    /// Cues kept from predicting the larger shape, in `BalancedTurnStrategy`'s pairs of turns
    /// (`nil`: none, the turns every other option gives).
    package var balance: [BalancedCue]?
    /// The area ratios a turn may take, in place of `minimumRatio` (`nil`: from `minimumRatio`
    /// and `difficulty`).
    package var ratioRange: ClosedRange<Double>?
    /// How a balanced set draws ratios in their range (`nil`: uniform).
    package var ratioDistribution: RatioDistribution?
    /// Turn i of the set is drawn from the random streams of turn i + `seedOffset` (`nil`: 0), so
    /// sets made apart with one seed and different offsets never share a turn's streams.
    package var seedOffset: Int?
    /// The set whose turns this set leaves out (`nil`: none), named by its answers' checksum; the
    /// turns themselves are handed to `SetGenerator` as an `ExcludedTurns`.
    package var exclude: ExcludedTurns.Record?

    // The new options are optional so that a set made without them records exactly the options
    // (and so the manifest bytes) it did before they existed.

    package static let defaultShardTurns = 1000
    /// The offsets `seedOffset` accepts: any turn's stream number stays far from overflow.
    package static let seedOffsetRange = 0...1_000_000_000_000
    package static let shardTurnsRange = 1...1_000_000

    /// `layout`, with the default filled in.
    package var imageLayout: ImageLayout { layout ?? .separate }
    /// `pack`, with the default filled in.
    package var packFormat: PackFormat { pack ?? .folder }
    /// `shardTurns`, with the default filled in.
    package var turnsPerShard: Int { shardTurns ?? Self.defaultShardTurns }
    /// Whether the folder layout writes `turns/BBB/NNNNNN.json` files.
    package var writesTurnJSON: Bool { turnJSON ?? true }
    /// Whether a pair image has "A" and "B" under its shapes.
    package var drawsLabels: Bool { labels ?? false }

    /// The defaults of `shapeturns generate`: 10 turns of squares and circles, seed 1, 512-pixel PNGs.
    public init() {}

    /// The outline width a canvas of `size` pixels gets unless one is given: 6 px on the
    /// default 512-pixel canvas, in proportion on any other (0.1875 px on 16 pixels), so the
    /// default drawing looks the same at every size and fits the smallest canvas.
    package static func defaultLineWidth(size: Int) -> Double {
        ShapeStyle().lineWidth * Double(size) / 512
    }

    /// The thinnest outline `defaultLineWidth(catalog:)` gives where the shapes leave room: an
    /// opaque outline much thinner than 2 px lies over the anti-aliased edge of the fill under it,
    /// and the painted pixels stop adding up to the shape's area (at `--size 64`, 10 of 80 shapes
    /// were more than 1% off with 0.75 px, 4 with 1 px, none with 1.5 or 2 px).
    package static let thinnestDefaultLineWidth = 2.0

    /// The outline width these options get unless one is given: `defaultLineWidth(size:)`, but at
    /// least `thinnestDefaultLineWidth` as far as the narrowest of `shapes` allows, so the key's
    /// areas stay true on small canvases and the smallest canvas still works.
    package func defaultLineWidth(catalog: ShapeCatalog = .standard) -> Double {
        let scaled = Self.defaultLineWidth(size: size)
        let widest = narrowestOutline(catalog: catalog)?.widest ?? .infinity
        return min(max(scaled, Self.thinnestDefaultLineWidth), max(widest, scaled))
    }

    /// The narrowest kind of `shapes`, the side of its smallest shape, and the widest outline
    /// that fits inside that shape.
    private func narrowestOutline(catalog: ShapeCatalog) -> (kind: ShapeKind, smallest: Double, widest: Double)? {
        let narrowest = shapes.compactMap { kind in catalog.registration(for: kind).map { (kind, $0.inradiusRatio) } }
            .min { $0.1 < $1.1 }
        guard let (kind, inradiusRatio) = narrowest else { return nil }
        let smallest = proportions.minimum * Double(size)
        return (kind, smallest, 2 * inradiusRatio * smallest)
    }

    /// Checks every value and combination, naming the property at fault.
    public func validate(catalog: ShapeCatalog = .standard) throws(ShapeTurnsError) {
        guard (1...Self.turnLimit).contains(turns) else {
            throw .invalidOption(.turns, reason: "must be 1 to \(Self.turnLimit) (got \(turns))")
        }
        guard Self.sizeRange.contains(size) else {
            throw .invalidOption(
                .size,
                reason: "must be \(Self.sizeRange.lowerBound) to \(Self.sizeRange.upperBound) pixels (got \(size))"
            )
        }
        guard !formats.isEmpty else {
            throw .invalidOption(.formats, reason: "name at least one of png, svg")
        }
        guard !shapes.isEmpty else {
            throw .invalidOption(
                .shapes, reason: "name at least one of \(catalog.kinds.map(\.rawValue).joined(separator: ", "))")
        }
        guard proportions.minimum >= Self.smallestProportion, proportions.minimum.isFinite, proportions.maximum.isFinite
        else {
            throw .invalidOption(
                .minimumProportion,
                reason:
                    "must be \(Self.smallestProportion) to 1, so every area and area ratio is a finite number (got \(proportions.minimum))"
            )
        }
        guard style.lineWidth.isFinite else {
            throw .invalidOption(.lineWidth, reason: "must be a finite number above 0 (got \(style.lineWidth))")
        }
        _ = try makeStrategy(catalog: catalog)
        try validateStyle(catalog: catalog)
        try validateDatasetOptions(catalog: catalog)
        try validateStreamOptions()
    }

    /// `seedOffset` and `exclude`: they move turns to other streams, which the graded strategy
    /// (whose turns depend on their place in the set) cannot follow, and a balanced set moves by
    /// whole pairs of turns.
    private func validateStreamOptions() throws(ShapeTurnsError) {
        if let seedOffset {
            guard Self.seedOffsetRange.contains(seedOffset) else {
                throw .invalidOption(
                    .seedOffset, reason: "must be 0 to \(Self.seedOffsetRange.upperBound) (got \(seedOffset))")
            }
            guard balance == nil || seedOffset.isMultiple(of: 2) else {
                throw .invalidOption(
                    "\(.seedOffset, "\(seedOffset)") with \(.balance)",
                    because: "a balanced set draws its turns in pairs; give an even offset")
            }
        }
        if seedOffset != nil || exclude != nil, strategy == .graded {
            let option: Parameter = seedOffset != nil ? .seedOffset : .exclude
            throw .invalidOption(
                "\(option) with \(.strategy, "graded")",
                because: "a graded turn depends on its place in the set; use another strategy")
        }
    }

    /// The largest proportion (to 3 decimals, rounded down) at which every kind of `shapes` can
    /// turn by any angle inside its square: 0.707 with squares. `--rotation random` uses it when
    /// no `--max-proportion` is given. `nil` when no kind is known.
    package func largestTurningProportion(catalog: ShapeCatalog = .standard) -> Double? {
        let factory = ShapeViewFactory(catalog: catalog)
        let largest = shapes.compactMap { kind -> Double? in
            guard let registration = catalog.registration(for: kind),
                let view = try? factory.makeView(
                    for: registration.makeFactory(proportions).makeShape(proportion: proportions.maximum), style: style)
            else { return nil }
            return 0.5 / ShapeVariation.turningRadius(of: view)
        }.min()
        return largest.map { ($0 * 1000).rounded(.down) / 1000 }
    }

    /// A turned shape must still fit its square: its turning radius times the largest
    /// proportion may not pass half the square.
    private func validateRotation(catalog: ShapeCatalog) throws(ShapeTurnsError) {
        let factory = ShapeViewFactory(catalog: catalog)
        for kind in shapes {
            guard let registration = catalog.registration(for: kind),
                let view = try? factory.makeView(
                    for: registration.makeFactory(proportions).makeShape(proportion: proportions.maximum), style: style)
            else { continue }
            let radius = ShapeVariation.turningRadius(of: view)
            let largest = 0.5 / radius
            guard proportions.maximum <= largest + 1e-9 else {
                throw .invalidOption(
                    "\(.rotation, "random")",
                    because:
                        "a turned \(kind) needs room to turn inside its square: \(.maximumProportion) must be at most \((largest * 1000).rounded(.down) / 1000) with \(kind) (got \(proportions.maximum))"
                )
            }
        }
    }

    private func validateDatasetOptions(catalog: ShapeCatalog) throws(ShapeTurnsError) {
        if imageLayout == .pair {
            let canvas = PairCanvas(side: size, labels: drawsLabels)
            guard canvas.width <= CairoSurface.maximumSide else {
                let largest = PairCanvas.largestSide(labels: drawsLabels)
                throw .invalidOption(
                    .size,
                    reason:
                        "with \(.layout, "pair") must be \(Self.sizeRange.lowerBound) to \(largest) pixels, so the pair image fits \(CairoSurface.maximumSide) pixels (got \(size))"
                )
            }
        } else if drawsLabels {
            throw .invalidOption(
                .labels, reason: "draws A and B under the shapes of a pair image; add \(.layout, "pair")")
        }
        if let shardTurns, !Self.shardTurnsRange.contains(shardTurns) {
            throw .invalidOption(
                .shardTurns,
                reason:
                    "must be \(Self.shardTurnsRange.lowerBound) to \(Self.shardTurnsRange.upperBound) (got \(shardTurns))"
            )
        }
        if shardTurns != nil, packFormat != .tar {
            throw .invalidOption(.shardTurns, reason: "sets the size of tar shards; add \(.pack, "tar")")
        }
        if rotation == .random {
            try validateRotation(catalog: catalog)
        }
        if turnJSON == false, packFormat == .tar {
            throw .invalidOption(
                "\(.turnJSON, "false")",
                because: "applies to the folder layout; a tar shard always holds each turn's JSON")
        }
    }

    private func validateStyle(catalog: ShapeCatalog) throws(ShapeTurnsError) {
        guard style.showFill || style.showOutline else {
            throw .invalidOption(
                "\(.withoutFill) with \(.withoutOutline)",
                because: "nothing would be drawn; keep the fill or the outline")
        }
        // A palette's colours are opaque and replace the style's.
        let drawsFill = style.showFill && style.fillColor.alpha > 0
        let drawsOutline = style.showOutline && style.outlineColor.alpha > 0
        guard palette != nil || drawsFill || drawsOutline else {
            throw .invalidOption(
                "\(.fillColor) and \(.outlineColor)",
                because: "both transparent, so the images would show no shapes while their keys name "
                    + "the larger one; give the fill or the outline a visible colour")
        }
        guard style.showOutline else { return }
        guard let (kind, smallest, widest) = narrowestOutline(catalog: catalog) else { return }
        guard style.lineWidth > 0, style.lineWidth <= widest else {
            throw .invalidOption(
                .lineWidth,
                reason: "must be above 0 and at most \((widest * 100).rounded(.down) / 100) px here, "
                    + "so the outline fits inside the smallest \(kind) (\(smallest) px); got \(style.lineWidth)"
            )
        }
    }

    /// The controller that plays these options' turns. `generate` and `worksheet` both make their
    /// turns here, so a worksheet shows exactly the turns a set with the same options holds.
    package func makeController(catalog: ShapeCatalog = .standard) throws(ShapeTurnsError) -> TurnController {
        TurnController(strategy: try makeStrategy(catalog: catalog), seed: seed, turnCount: turns)
    }

    /// The strategy these options describe, built from the catalog's factories.
    package func makeStrategy(catalog: ShapeCatalog = .standard) throws(ShapeTurnsError) -> any TurnStrategy {
        let factories = try makeFactories(catalog: catalog)
        if strategy == .basic, factories.count != 1 {
            throw .invalidOption(
                "\(.strategy, "basic")",
                because:
                    "draws both shapes from one kind; name exactly one with \(.shapes) (got \(shapes.map(\.rawValue).joined(separator: ",")))"
            )
        }
        try validateRatioOptions()
        if strategy == .graded, difficulty != nil {
            throw .invalidOption(
                .difficulty,
                reason: "the graded strategy sets its own difficulty, rising across the set; leave out \(.difficulty)")
        }
        if strategy.isAdaptive {
            throw .invalidOption(
                "\(.strategy, strategy.rawValue)",
                because: "chooses each turn from the player's answers; use it with shapeturns play or simulate")
        }
        let band = try ratioBand()
        if let balance {
            let balanced: BalancedTurnStrategy
            do throws(ShapeGameError) {
                balanced = try BalancedTurnStrategy(
                    factories: factories, ratios: band, distribution: ratioDistribution ?? .uniform, cues: balance,
                    seed: seed, boxArea: boxArea(catalog: catalog), boxMargin: boxMargin,
                    measure: shapeMeasurer(catalog: catalog))
            } catch {
                throw .invalidOption("\(.balance)", because: Wording(error.description))
            }
            try checkKindsKept(by: balanced)
            return balanced
        }
        do throws(ShapeGameError) {
            switch strategy {
            case .basic:
                return try BasicTurnStrategy(factory: factories[0], ratios: band)
            case .random:
                return try RandomTurnStrategy(
                    strategies: factories.map { factory throws(ShapeGameError) in
                        try BasicTurnStrategy(factory: factory, ratios: band)
                    })
            case .mixed:
                return try MixedTurnStrategy(factories: factories, ratios: band)
            case .graded:
                return try GradedTurnStrategy(factories: factories, minimumRatio: minimumRatio)
            case .staircase, .quest:
                throw .noStrategies // refused above: adaptive turns need answers
            }
        } catch {
            let options: Wording =
                ratioRange != nil
                ? "\(.ratioRange)"
                : difficulty == nil ? "\(.minimumRatio)" : "\(.minimumRatio)/\(.difficulty)"
            throw .invalidOption(options, because: Wording(error.description))
        }
    }

    /// One factory per kind of `shapes`, drawing proportions from `proportions`.
    package func makeFactories(catalog: ShapeCatalog = .standard) throws(ShapeTurnsError) -> [any ShapeFactory] {
        var factories: [any ShapeFactory] = []
        for kind in shapes {
            guard let registration = catalog.registration(for: kind) else {
                throw .invalidOption(
                    .shapes,
                    reason: "unknown shape '\(kind)' (known: \(catalog.kinds.map(\.rawValue).joined(separator: ", ")))"
                )
            }
            factories.append(registration.makeFactory(proportions))
        }
        return factories
    }

    private func ratioBand() throws(ShapeTurnsError) -> AreaRatioBand {
        guard minimumRatio > 1, minimumRatio.isFinite else {
            throw .invalidOption(
                .minimumRatio, reason: "must be a number above 1, so no turn can tie (got \(minimumRatio))")
        }
        do {
            if let ratioRange {
                return try AreaRatioBand(minimum: ratioRange.lowerBound, maximum: ratioRange.upperBound)
            }
            guard let difficulty else { return try AreaRatioBand(minimum: minimumRatio) }
            return try difficulty.band(minimumRatio: minimumRatio)
        } catch {
            throw .invalidOption(
                difficulty.map { "\(.difficulty, $0.rawValue)" } ?? "\(.minimumRatio)",
                because: Wording(error.description))
        }
    }

    /// `--balance`, `--ratio-range` and `--ratio-distribution` with the options they work with.
    private func validateRatioOptions() throws(ShapeTurnsError) {
        if let ratioRange {
            guard ratioRange.lowerBound > 1, ratioRange.upperBound.isFinite else {
                throw .invalidOption(
                    .ratioRange,
                    reason:
                        "must be MIN,MAX with 1 < MIN <= MAX, finite, so no turn can tie (got \(ratioRange.lowerBound),\(ratioRange.upperBound))"
                )
            }
            guard difficulty == nil, strategy != .graded else {
                throw .invalidOption(
                    "\(.ratioRange) with \(difficulty == nil ? "\(.strategy, "graded")" : "\(.difficulty)")",
                    because: "both set the ratios; keep one")
            }
        }
        if ratioDistribution != nil, balance == nil {
            throw .invalidOption(
                .ratioDistribution, reason: "sets how a balanced set draws its ratios; add \(.balance)")
        }
        guard let balance else { return }
        guard !balance.isEmpty else {
            throw .invalidOption(
                .balance, reason: "name at least one of \(BalancedCue.allCases.map(\.rawValue).joined(separator: ","))")
        }
        guard strategy == .mixed else {
            throw .invalidOption(
                .balance, reason: "draws each shape's kind as the mixed strategy does; add \(.strategy, "mixed")")
        }
        if balance.contains(.box), rotation == .random {
            throw .invalidOption(
                "\(.balance) box with \(.rotation, "random")",
                because: "is not supported: a turned shape's box depends on its angle; leave box out of \(.balance)")
        }
        if balance.contains(.colour), palette == nil {
            throw .invalidOption(
                "\(.balance) colour", because: "balances the colours of a palette; add \(.palette)")
        }
    }

    /// How far two box areas must be apart so that rounding each box out to whole pixels (up to
    /// 2 px a side on the smallest shape) cannot reverse them.
    private var boxMargin: Double {
        let smallest = proportions.minimum * Double(size)
        let grown = 1 + 2 / smallest
        return grown * grown
    }

    /// A shape's box area as its answer key records it: the square of its extent when centred and
    /// upright, or the box of its outline with random placement or a palette.
    private func boxArea(catalog: ShapeCatalog) -> (any Shape) -> Double {
        guard placement == .random || palette != nil else { return { $0.proportion * $0.proportion } }
        let factory = ShapeViewFactory(catalog: catalog)
        let style = self.style
        return { shape in
            guard let view = try? factory.makeView(for: shape, style: style) else {
                return shape.proportion * shape.proportion
            }
            let half = ShapePose.halfExtents(of: view, extent: shape.proportion, angle: 0)
            return 4 * half.x * half.y
        }
    }
}
