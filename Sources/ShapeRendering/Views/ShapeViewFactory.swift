import ShapeGame

/// Makes the view that draws a given shape (the tutorial's `ShapeViewFactory`), by looking the
/// shape's kind up in a catalog rather than switching over kinds.
public struct ShapeViewFactory: Sendable {
    /// The kinds this factory can make views for.
    package let catalog: ShapeCatalog

    /// A factory of the views `catalog` registers.
    public init(catalog: ShapeCatalog = .standard) {
        self.catalog = catalog
    }

    /// The view that draws `shape` in `style`; throws for a kind the catalog does not know.
    package func makeView(for shape: any Shape, style: ShapeStyle) throws(ShapeRenderingError) -> any ShapeView {
        guard let registration = catalog.registration(for: shape.kind) else {
            throw .unregisteredKind(shape.kind, known: catalog.kinds)
        }
        return registration.makeView(shape, style)
    }
}
