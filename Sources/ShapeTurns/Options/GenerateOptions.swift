import ShapeGame
import ShapeRendering

/// Everything that decides the bytes of a generated set, apart from the ShapeTurns version.
///
/// Recorded whole in `manifest.json`. The defaults are the finished tutorial game: squares and
/// circles 50/50, proportions 0.3 to 0.8, brown fill, orange outline, line width 6.
public struct GenerateOptions: Sendable, Equatable, Codable {
    /// The most turns a set may hold.
    public static let turnLimit = 10_000_000
    /// The canvas sizes accepted, in pixels.
    public static let sizeRange = 16...CairoSurface.maximumSide
    /// The smallest shape extent accepted, as a fraction of the canvas: far below a pixel on
    /// the largest canvas, and far enough above 0 that every area and area ratio is a finite,
    /// non-zero number an answer key can hold.
    public static let smallestProportion = 0.0001

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

    /// The defaults of `shapeturns generate`: 10 turns of squares and circles, seed 1, 512-pixel PNGs.
    public init() {}

    /// The outline width a canvas of `size` pixels gets unless one is given: 6 px on the
    /// default 512-pixel canvas, in proportion on any other (0.1875 px on 16 pixels), so the
    /// default drawing looks the same at every size and fits the smallest canvas.
    public static func defaultLineWidth(size: Int) -> Double {
        ShapeStyle().lineWidth * Double(size) / 512
    }

    /// Checks every value and combination, naming the command-line option at fault.
    public func validate(catalog: ShapeCatalog = .standard) throws(ShapeTurnsError) {
        guard (1...Self.turnLimit).contains(turns) else {
            throw .invalidOption("--turns", reason: "must be 1 to \(Self.turnLimit) (got \(turns))")
        }
        guard Self.sizeRange.contains(size) else {
            throw .invalidOption(
                "--size",
                reason: "must be \(Self.sizeRange.lowerBound) to \(Self.sizeRange.upperBound) pixels (got \(size))"
            )
        }
        guard !formats.isEmpty else {
            throw .invalidOption("--format", reason: "name at least one of png, svg")
        }
        guard !shapes.isEmpty else {
            throw .invalidOption("--shapes", reason: "name at least one of \(catalog.kinds.map(\.rawValue).joined(separator: ", "))")
        }
        guard proportions.minimum >= Self.smallestProportion, proportions.minimum.isFinite, proportions.maximum.isFinite else {
            throw .invalidOption(
                "--min-proportion",
                reason: "must be \(Self.smallestProportion) to 1, so every area and area ratio is a finite number (got \(proportions.minimum))"
            )
        }
        guard style.lineWidth.isFinite else {
            throw .invalidOption("--line-width", reason: "must be a finite number above 0 (got \(style.lineWidth))")
        }
        _ = try makeStrategy(catalog: catalog)
        try validateStyle(catalog: catalog)
    }

    private func validateStyle(catalog: ShapeCatalog) throws(ShapeTurnsError) {
        guard style.showFill || style.showOutline else {
            throw .invalidOption("--no-fill with --no-outline", reason: "nothing would be drawn; keep the fill or the outline")
        }
        guard style.showOutline else { return }
        let narrowest = shapes.compactMap { kind in catalog.registration(for: kind).map { (kind, $0.inradiusRatio) } }
            .min { $0.1 < $1.1 }
        guard let (kind, inradiusRatio) = narrowest else { return }
        let smallest = proportions.minimum * Double(size)
        let widest = 2 * inradiusRatio * smallest
        guard style.lineWidth > 0, style.lineWidth <= widest else {
            throw .invalidOption(
                "--line-width",
                reason: "must be above 0 and at most \((widest * 100).rounded(.down) / 100) px here, "
                    + "so the outline fits inside the smallest \(kind) (\(smallest) px); got \(style.lineWidth)"
            )
        }
    }

    /// The controller that plays these options' turns. `generate` and `worksheet` both make their
    /// turns here, so a worksheet shows exactly the turns a set with the same options holds.
    public func makeController(catalog: ShapeCatalog = .standard) throws(ShapeTurnsError) -> TurnController {
        TurnController(strategy: try makeStrategy(catalog: catalog), seed: seed, turnCount: turns)
    }

    /// The strategy these options describe, built from the catalog's factories.
    package func makeStrategy(catalog: ShapeCatalog = .standard) throws(ShapeTurnsError) -> any TurnStrategy {
        var factories: [any ShapeFactory] = []
        for kind in shapes {
            guard let registration = catalog.registration(for: kind) else {
                throw .invalidOption(
                    "--shapes",
                    reason: "unknown shape '\(kind)' (known: \(catalog.kinds.map(\.rawValue).joined(separator: ", ")))"
                )
            }
            factories.append(registration.makeFactory(proportions))
        }
        if strategy == .basic, factories.count != 1 {
            throw .invalidOption(
                "--strategy basic",
                reason: "draws both shapes from one kind; name exactly one with --shapes (got \(shapes.map(\.rawValue).joined(separator: ",")))"
            )
        }
        if strategy == .graded, difficulty != nil {
            throw .invalidOption("--difficulty", reason: "the graded strategy sets its own difficulty, rising across the set; leave out --difficulty")
        }
        let band = try ratioBand()
        do {
            switch strategy {
            case .basic:
                return try BasicTurnStrategy(factory: factories[0], ratios: band)
            case .random:
                return try RandomTurnStrategy(strategies: factories.map { factory throws(ShapeGameError) in
                    try BasicTurnStrategy(factory: factory, ratios: band)
                })
            case .mixed:
                return try MixedTurnStrategy(factories: factories, ratios: band)
            case .graded:
                return try GradedTurnStrategy(factories: factories, minimumRatio: minimumRatio)
            }
        } catch {
            throw .invalidOption(difficulty == nil ? "--min-ratio" : "--min-ratio/--difficulty", reason: error.description)
        }
    }

    private func ratioBand() throws(ShapeTurnsError) -> AreaRatioBand {
        guard minimumRatio > 1, minimumRatio.isFinite else {
            throw .invalidOption("--min-ratio", reason: "must be a number above 1, so no turn can tie (got \(minimumRatio))")
        }
        do {
            guard let difficulty else { return try AreaRatioBand(minimum: minimumRatio) }
            return try difficulty.band(minimumRatio: minimumRatio)
        } catch {
            throw .invalidOption(difficulty.map { "--difficulty \($0.rawValue)" } ?? "--min-ratio", reason: error.description)
        }
    }
}
