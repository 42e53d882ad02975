/// Which adaptive procedure a game or simulation runs, with its settings.
package enum ProcedureChoice: Sendable, Equatable {
    case staircase(StaircaseParameters)
    case quest(QuestParameters)

    /// The name on the command line and in records: `staircase` or `quest`.
    package var name: String {
        switch self {
        case .staircase: "staircase"
        case .quest: "quest"
        }
    }

    /// A fresh procedure whose ratios stay within `reachable` (the ratios the shapes can make).
    package func makeProcedure(within reachable: ClosedRange<Double> = 1.000_001...1e9) throws(ShapeGameError)
        -> any AdaptiveProcedure
    {
        switch self {
        case .staircase(var parameters):
            let low = max(parameters.ratioLimits.lowerBound, reachable.lowerBound)
            let high = max(low, min(parameters.ratioLimits.upperBound, reachable.upperBound))
            parameters.ratioLimits = low...high
            parameters.startRatio = min(max(parameters.startRatio, low), high)
            return try Staircase(parameters: parameters)
        case .quest(var parameters):
            let low = max(parameters.stimulusRange.lowerBound, reachable.lowerBound)
            let high = max(low, min(parameters.stimulusRange.upperBound, reachable.upperBound))
            parameters.stimulusRange = low...high
            return try Quest(parameters: parameters)
        }
    }
}
