import Foundation
import Testing

extension Trait where Self == ConditionTrait {
    /// A test that takes minutes, drives a real browser, loads a dataset in Python's libraries or
    /// soaks a server: it runs when `SHAPETURNS_SLOW_TESTS=1`, which `scripts/test` (the README's
    /// test command) and CI set; a quick `swift test` while you work leaves it out and says so.
    static var slow: Self {
        .enabled(
            if: ProcessInfo.processInfo.environment["SHAPETURNS_SLOW_TESTS"] == "1",
            "a slow, browser or soak test: set SHAPETURNS_SLOW_TESTS=1 to run it (scripts/test does)")
    }
}
