import ShapeGame
import ShapeRendering
import ShapeTurnsCore

extension GenerateOptions {
    /// With `--balance`, the ordered kind pairs (A's kind, B's kind, as `square|star`) the balanced
    /// strategy draws from, in the order of `shapes`; `nil` without `--balance`.
    package func balancedKindPairs(catalog: ShapeCatalog = .standard) throws(ShapeTurnsError) -> [String]? {
        guard balance != nil, let strategy = try makeStrategy(catalog: catalog) as? BalancedTurnStrategy else {
            return nil
        }
        return Self.names(of: strategy)
    }

    static func names(of strategy: BalancedTurnStrategy) -> [String] {
        strategy.pairs.map { "\(strategy.factories[$0.a].kind.rawValue)|\(strategy.factories[$0.b].kind.rawValue)" }
    }

    /// Refuses a balance that keeps no pair with one of `shapes`: the set would silently hold
    /// fewer kinds than were asked for.
    func checkKindsKept(by strategy: BalancedTurnStrategy) throws(ShapeTurnsError) {
        let kept = Set(strategy.pairs.flatMap { [$0.a, $0.b] })
        let dropped = strategy.factories.indices.filter { !kept.contains($0) }.map {
            strategy.factories[$0].kind.rawValue
        }
        guard dropped.isEmpty else {
            throw .invalidOption(
                "\(.balance) with \(.shapes)",
                because:
                    "can balance no turn with \(dropped.joined(separator: ", ")) at this size and ratio range (it keeps \(Self.names(of: strategy).joined(separator: ", "))); leave \(dropped.count == 1 ? "it" : "them") out of \(.shapes) or widen \(.ratioRange)"
            )
        }
    }
}
