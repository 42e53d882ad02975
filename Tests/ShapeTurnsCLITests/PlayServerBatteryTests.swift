import Foundation
import Testing

/// `scripts/checks/play-server-battery.py`, written apart from the server, attacks the real
/// `shapeturns play` (raw sockets, `curl --path-as-is`, a full tmpfs as root): every case must
/// hold, and every answer the server acknowledged must be in its record and score.
@Suite("shapeturns play: the outside battery", .serialized)
struct PlayServerBatteryTests {
    @Test(.slow) func theServerHoldsEveryCaseAndLosesNoAcknowledgedAnswer() throws {
        let seen = try PythonCheck.run("play-server-battery.py", ["--bin", ShapeTurnsBinary.url.path])
        let cases = try #require(seen["cases"] as? [String: [String: Any]])
        #expect(cases.count >= 14, "\(cases.keys.sorted())")
        for (name, result) in cases {
            // A case that cannot run here (the tmpfs needs root) says so with ok null.
            #expect(result["ok"] as? Bool != false, "\(name): \(result["detail"] ?? "")")
        }
        #expect(cases["acked"]?["ok"] as? Bool == true)
        #expect(cases["restart"]?["ok"] as? Bool == true)
    }
}
