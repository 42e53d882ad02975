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

extension ShapeRenderingError {
    /// Runs Cairo work, reporting a Cairo failure as a rendering error.
    static func catchingCairo<T>(_ body: () throws(CairoError) -> T) throws(ShapeRenderingError) -> T {
        do {
            return try body()
        } catch {
            throw .cairo(error)
        }
    }
}
