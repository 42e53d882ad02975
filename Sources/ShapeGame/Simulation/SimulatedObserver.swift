/// A simulated player: its chance of a right answer at each area ratio, and the ratio it answers
/// right 75% of the time when it does not lapse (the truth an estimate is scored against).
package protocol SimulatedObserver: Sendable {
    func probabilityRight(ratio: Double) -> Double
    var threshold: Double { get }
}

extension WeibullPsychometricFunction: SimulatedObserver {}
