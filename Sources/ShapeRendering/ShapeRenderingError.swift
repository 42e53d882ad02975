import ShapeGame

/// Why a shape could not be rendered.
public enum ShapeRenderingError: Error, Equatable, CustomStringConvertible {
    case unregisteredKind(ShapeKind, known: [ShapeKind])
    case cairo(CairoError)

    public var description: String {
        switch self {
        case .unregisteredKind(let kind, let known):
            "no view is registered for shape kind '\(kind)' (known: \(known.map(\.rawValue).joined(separator: ", ")))"
        case .cairo(let error):
            error.description
        }
    }
}
