/// Picks one of its strategies for each turn with equal chance.
///
/// With a square and a circle basic strategy this is the tutorial's game: a turn of two squares
/// or of two circles, 50/50.
package struct RandomTurnStrategy: TurnStrategy {
    package let strategies: [any TurnStrategy]

    package init(strategies: [any TurnStrategy]) throws(ShapeGameError) {
        guard !strategies.isEmpty else { throw .noStrategies }
        self.strategies = strategies
    }

    package func makeShapes(for context: TurnContext, using random: inout RandomStream) -> ShapePair {
        let chosen = strategies[random.nextIndex(below: strategies.count)]
        return chosen.makeShapes(for: context, using: &random)
    }
}
