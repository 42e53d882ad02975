/// A shape known only by what an answer key recorded of it, for scoring a set without
/// rebuilding its shapes.
public struct RecordedShape: Shape, Equatable {
    public let kind: ShapeKind
    public let proportion: Double
    public let area: Double

    public init(kind: ShapeKind, proportion: Double, area: Double) {
        self.kind = kind
        self.proportion = proportion
        self.area = area
    }
}
