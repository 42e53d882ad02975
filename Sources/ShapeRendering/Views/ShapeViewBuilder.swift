import ShapeGame

/// Configures shape views once and builds one for every shape (the tutorial's Builder): show
/// fill, fill colour, show outline, outline colour and line width live in `style`.
public struct ShapeViewBuilder: Sendable {
    /// The style of every view this builder makes.
    package var style: ShapeStyle
    /// The factory that picks each kind's view.
    package var viewFactory: ShapeViewFactory

    /// A builder of views in `style`, made by `viewFactory` (every standard kind by default).
    public init(style: ShapeStyle = ShapeStyle(), viewFactory: ShapeViewFactory = ShapeViewFactory()) {
        self.style = style
        self.viewFactory = viewFactory
    }

    /// The view that draws `shape` in this builder's style; throws for a kind the catalog does not know.
    public func buildView(for shape: any Shape) throws(ShapeRenderingError) -> any ShapeView {
        try viewFactory.makeView(for: shape, style: style)
    }
}
