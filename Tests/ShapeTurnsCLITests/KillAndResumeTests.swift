import Foundation
import Testing

/// SIGKILL at random moments, then `--resume` (and `merge` for shards): the finished folder must
/// be, byte for byte and hidden files included, the folder of one uninterrupted run. Twenty
/// trials over every layout, each bounded in time; the random moments come from a fixed seed,
/// printed with any failure, so a failing trial can be run again.
@Suite(.serialized, .slow) struct KillAndResumeTests {
    /// One way of writing a set.
    struct Layout: CustomTestStringConvertible, Sendable {
        let name: String
        let options: [String]
        /// Shards `K/N` written at once into one folder, then merged; empty for one run.
        var shards: [String] = []
        var testDescription: String { name }
    }

    static let base = ["generate", "--turns", "60", "--size", "48", "--line-width", "2", "--seed", "11", "--jobs", "1"]

    static let layouts: [Layout] = [
        Layout(name: "separate images", options: ["--layout", "separate"]),
        Layout(name: "pairs", options: ["--layout", "pair"]),
        Layout(name: "tar shards", options: ["--pack", "tar", "--shard-turns", "10"]),
        Layout(name: "shards of one folder, merged", options: ["--layout", "separate"], shards: ["1/2", "2/2"]),
        Layout(
            name: "tar shards of one folder, merged", options: ["--pack", "tar", "--shard-turns", "10"],
            shards: ["1/2", "2/2"]),
    ]

    /// Four trials a layout, twenty in all; `SHAPETURNS_KILL_TRIALS` and `SHAPETURNS_KILL_SEED`
    /// run more, or other moments, when hunting a failure.
    static let trialsPerLayout = ProcessInfo.processInfo.environment["SHAPETURNS_KILL_TRIALS"].flatMap { Int($0) } ?? 4
    static let extraSeed = ProcessInfo.processInfo.environment["SHAPETURNS_KILL_SEED"].flatMap { UInt64($0) } ?? 0
    /// No single run of these small sets takes this long; a run that does has hung.
    static let runLimit: TimeInterval = 120

    /// SplitMix64: a small generator with a seed, so the kill moments can be repeated.
    struct Moments {
        var state: UInt64
        mutating func next(below limit: UInt32) -> UInt32 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return UInt32(truncatingIfNeeded: (z ^ (z >> 31)) % UInt64(max(limit, 1)))
        }
    }

    /// Starts `arguments`; returns the process.
    private func start(_ arguments: [String]) throws -> Process {
        let process = Process()
        process.executableURL = ShapeTurnsBinary.url
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// Runs `arguments` to the end (within `runLimit`); its status.
    private func finish(_ arguments: [String]) throws -> Int32 {
        let process = try start(arguments)
        let deadline = Date().addingTimeInterval(Self.runLimit)
        while process.isRunning, Date() < deadline {
            usleep(10_000)
        }
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
        }
        process.waitUntilExit()
        return process.terminationReason == .exit ? process.terminationStatus : -1
    }

    @Test(arguments: layouts)
    func aKilledRunResumedIsTheBytesOfOneRun(_ layout: Layout) throws {
        let scratch = try TemporaryFolder()
        let options = Self.base + layout.options + ["-q"]
        let started = Date()
        #expect(try finish(options + ["--out", scratch.path("whole")]) == 0)
        let oneRun = try TemporaryFolder.files(in: scratch.url.appendingPathComponent("whole"))
        // Kill moments spread over a little more than one run's time.
        let span = UInt32(max(Date().timeIntervalSince(started) * 1.2, 0.05) * 1_000_000)
        let seed = UInt64(layout.name.utf8.reduce(0) { $0 &* 31 &+ UInt64($1) }) &+ Self.extraSeed
        var moments = Moments(state: seed)
        for trial in 1...Self.trialsPerLayout {
            let out = scratch.path("trial-\(trial)")
            let runs = layout.shards.isEmpty ? [[String]()] : layout.shards.map { ["--shard", $0] }
            let processes = try runs.map { try start(options + $0 + ["--out", out]) }
            usleep(moments.next(below: span))
            let victim = processes[Int(moments.next(below: UInt32(processes.count)))]
            kill(victim.processIdentifier, SIGKILL)
            for process in processes { process.waitUntilExit() }
            for extra in runs {
                let status = try finish(options + extra + ["--out", out, "--resume"])
                #expect(status == 0, "seed \(seed) trial \(trial): --resume \(extra) exited \(status)")
            }
            if !layout.shards.isEmpty {
                #expect(try finish(["merge", "-q", out]) == 0, "seed \(seed) trial \(trial): merge failed")
            }
            let resumed = try TemporaryFolder.files(in: URL(fileURLWithPath: out))
            let differing = Set(resumed.keys).union(oneRun.keys).filter { resumed[$0] != oneRun[$0] }.sorted()
            #expect(
                differing.isEmpty,
                "seed \(seed) trial \(trial) (\(layout.name)): differs from one run in \(differing.prefix(5))")
            // Nothing beside the folder either (a staging folder of the killed run).
            let beside = try FileManager.default.contentsOfDirectory(atPath: scratch.url.path).filter {
                $0.hasPrefix(".")
            }
            #expect(beside.isEmpty, "seed \(seed) trial \(trial): left \(beside)")
        }
    }
}
