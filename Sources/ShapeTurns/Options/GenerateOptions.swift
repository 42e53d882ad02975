import ShapeGame
import ShapeRendering

/// Everything that decides the bytes of a generated set, apart from the ShapeTurns version.
///
/// Recorded whole in `manifest.json`. The defaults are the finished tutorial game: squares and
/// circles 50/50, proportions 0.3 to 0.8, brown fill, orange outline, line width 6.
public struct GenerateOptions: Sendable, Equatable, Codable {
    public static let turnLimit = 10_000_000
    public static let sizeRange = 16...CairoSurface.maximumSide

    public var turns = 10
    public var seed: UInt64 = 1
    public var formats: [ImageFormat] = [.png]
    /// The side of each shape's square canvas, in pixels.
    public var size = 512
    public var shapes: [ShapeKind] = [.square, .circle]
    public var strategy = StrategyName.random
    public var proportions = ProportionRange.standard
    /// The smallest allowed ratio of the larger area to the smaller; above 1, so no turn ties.
    public var minimumRatio = 1.1
    public var style = ShapeStyle()
    public var background = CanvasBackground.transparent

    public init() {}

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
        try validateStyle()
        _ = try makeStrategy(catalog: catalog)
    }

    private func validateStyle() throws(ShapeTurnsError) {
        guard style.showFill || style.showOutline else {
            throw .invalidOption("--no-fill with --no-outline", reason: "nothing would be drawn; keep the fill or the outline")
        }
        guard style.showOutline else { return }
        let smallestExtent = proportions.minimum * Double(size)
        let widest = smallestExtent / 2
        guard style.lineWidth > 0, style.lineWidth <= widest else {
            throw .invalidOption(
                "--line-width",
                reason: "must be above 0 and at most half the smallest shape (\(smallestExtent) px here, so at most \(widest)); got \(style.lineWidth)"
            )
        }
    }

    /// The strategy these options describe, built from the catalog's factories.
    public func makeStrategy(catalog: ShapeCatalog = .standard) throws(ShapeTurnsError) -> any TurnStrategy {
        var strategies: [any TurnStrategy] = []
        for kind in shapes {
            guard let registration = catalog.registration(for: kind) else {
                throw .invalidOption(
                    "--shapes",
                    reason: "unknown shape '\(kind)' (known: \(catalog.kinds.map(\.rawValue).joined(separator: ", ")))"
                )
            }
            do {
                strategies.append(try BasicTurnStrategy(factory: registration.makeFactory(proportions), minimumRatio: minimumRatio))
            } catch {
                throw .invalidOption("--min-ratio", reason: error.description)
            }
        }
        switch strategy {
        case .basic:
            guard strategies.count == 1, let only = strategies.first else {
                throw .invalidOption(
                    "--strategy basic",
                    reason: "draws both shapes from one kind; name exactly one with --shapes (got \(shapes.map(\.rawValue).joined(separator: ",")))"
                )
            }
            return only
        case .random:
            do {
                return try RandomTurnStrategy(strategies: strategies)
            } catch {
                throw .invalidOption("--shapes", reason: error.description)
            }
        }
    }
}
