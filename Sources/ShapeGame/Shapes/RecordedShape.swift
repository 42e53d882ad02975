/// A shape known only by what an answer key recorded of it, for scoring a set without
/// rebuilding its shapes.
package struct RecordedShape: Shape, Equatable {
    package let kind: ShapeKind
    package let proportion: Double
    package let area: Double

    package init(kind: ShapeKind, proportion: Double, area: Double) {
        self.kind = kind
        self.proportion = proportion
        self.area = area
    }
}
