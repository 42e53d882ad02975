import ShapeGame

/// Why a shape could not be rendered.
public enum ShapeRenderingError: Error, Equatable, CustomStringConvertible {
    case unregisteredKind(ShapeKind, known: [ShapeKind])
    case cairo(CairoError)
    /// A worksheet page index outside `0..<pageCount`.
    case pageOutOfRange(Int, pageCount: Int)
    /// A resolution that is not a finite number above 0, or that would make a page larger than
    /// `CairoSurface.maximumSide` pixels a side.
    case resolutionOutOfRange(Double)

    public var description: String {
        switch self {
        case .unregisteredKind(let kind, let known):
            "no view is registered for shape kind '\(kind)' (known: \(known.map(\.rawValue).joined(separator: ", ")))"
        case .cairo(let error):
            error.description
        case .pageOutOfRange(let index, let pageCount):
            "page \(index) does not exist: pages are numbered 0 to \(pageCount - 1)"
        case .resolutionOutOfRange(let dpi):
            "a resolution of \(dpi) dpi is out of range: it must be above 0 and keep each side of the page at most \(CairoSurface.maximumSide) pixels"
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
