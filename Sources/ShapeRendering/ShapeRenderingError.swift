import ShapeGame

/// Why a shape could not be rendered.
public struct ShapeRenderingError: Error, Equatable, CustomStringConvertible {
    /// What went wrong. Internal, so that new reasons can be added without breaking a client's
    /// `switch`: clients compare with the static values below or read `description`.
    package enum Code: Equatable, Sendable {
        case unregisteredKind(ShapeKind, known: [ShapeKind])
        case cairo(CairoError)
    }

    /// What went wrong.
    package let code: Code

    package init(_ code: Code) {
        self.code = code
    }

    /// A shape of a kind the catalog has no view for; `known` lists the kinds it has.
    public static func unregisteredKind(_ kind: ShapeKind, known: [ShapeKind]) -> ShapeRenderingError {
        ShapeRenderingError(.unregisteredKind(kind, known: known))
    }

    /// Cairo failed while drawing or encoding.
    public static func cairo(_ error: CairoError) -> ShapeRenderingError {
        ShapeRenderingError(.cairo(error))
    }

    public var description: String {
        switch code {
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
