import Foundation
import ShapeTurnsCommandSupport

/// A one-line progress bar on stderr (count, rate, time left), drawn only when stderr is a
/// terminal, at most ten times a second.
final class ProgressBar: @unchecked Sendable {
    private let label: String
    private let unit: String
    private let start = Date()
    private var lastDrawn = Date.distantPast
    private let lock = NSLock()

    /// `nil` when stderr is not a terminal: scripts and logs get no progress noise.
    init?(label: String, unit: String = "turns") {
        guard isatty(STDERR_FILENO) == 1 else { return nil }
        self.label = label
        self.unit = unit
    }

    func update(done: Int, total: Int) {
        lock.withLock {
            let now = Date()
            guard done == total || now.timeIntervalSince(lastDrawn) >= 0.1 else { return }
            lastDrawn = now
            let elapsed = max(now.timeIntervalSince(start), 0.001)
            let rate = Double(done) / elapsed
            let left = rate > 0 ? Double(total - done) / rate : 0
            let width = 24
            let filled = total > 0 ? width * done / total : width
            let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled)
            let line =
                "\r\(label) [\(bar)] \(done)/\(total)  \(Int(rate.rounded())) \(unit)/s  \(Self.clock(left)) left "
            StandardStreams.diagnose((line + (done == total ? "\n" : "")))
        }
    }

    private static func clock(_ seconds: Double) -> String {
        let whole = Int(seconds.rounded(.up))
        let (hours, minutes, rest) = (whole / 3600, whole / 60 % 60, whole % 60)
        let twoDigits = { (value: Int) in value < 10 ? "0\(value)" : "\(value)" }
        return hours > 0 ? "\(hours):\(twoDigits(minutes)):\(twoDigits(rest))" : "\(minutes):\(twoDigits(rest))"
    }
}
