import Synchronization
import Testing

@testable import PixelDiff

#if canImport(Glibc)
    import Glibc
#endif

@Suite("ThreadedWork")
struct ThreadedWorkTests {
    /// Counts shared by the threads of one `perform`.
    final class Tally: Sendable {
        let runs: Mutex<[Int]>
        let started = Atomic<Int>(0)
        let bothSeen = Atomic<Int>(0)
        let elsewhere = Atomic<Int>(0)

        init(count: Int = 0) {
            runs = Mutex([Int](repeating: 0, count: count))
        }
    }

    /// Every index runs exactly once, whatever the number of threads, and all have run when
    /// `perform` returns.
    @Test(arguments: [0, 1, 2, 3, 17, 1000], [1, 2, 3, 8])
    func everyIndexRunsOnce(iterations: Int, threads: Int) {
        let tally = Tally(count: iterations)
        ThreadedWork.perform(iterations: iterations, threads: threads) { index in
            tally.runs.withLock { $0[index] += 1 }
        }
        #expect(tally.runs.withLock { $0 } == Array(repeating: 1, count: iterations))
    }

    /// Whether two indices ran at once: the first waits (up to 3 s, for a loaded machine) for
    /// the second to start, and only both see it when they run side by side.
    static func twoIndicesRanAtOnce() -> Bool {
        let tally = Tally()
        ThreadedWork.perform(iterations: 2, threads: 2) { index in
            tally.started.add(1, ordering: .sequentiallyConsistent)
            let deadline = ContinuousClock.now + .seconds(index == 0 ? 3 : 0)
            repeat {
                if tally.started.load(ordering: .sequentiallyConsistent) == 2 {
                    tally.bothSeen.add(1, ordering: .relaxed)
                    return
                }
            } while ContinuousClock.now < deadline
        }
        return tally.bothSeen.load(ordering: .relaxed) == 2
    }

    /// With more than one thread asked for, the work really is shared.
    @Test func twoThreadsRunAtOnce() {
        #expect(Self.twoIndicesRanAtOnce())
    }

    /// Inside `limitingThreads(to: 1)`, work runs on the calling thread alone, and the limit
    /// ends with it.
    @Test func aLimitOfOneKeepsWorkOnTheCallingThread() {
        let caller = pthread_self()
        let tally = Tally()
        let ranAtOnce = ThreadedWork.limitingThreads(to: 1) {
            ThreadedWork.perform(iterations: 64, threads: 4) { _ in
                if pthread_equal(pthread_self(), caller) == 0 { tally.elsewhere.add(1, ordering: .relaxed) }
            }
            return Self.twoIndicesRanAtOnce()
        }
        #expect(tally.elsewhere.load(ordering: .relaxed) == 0)
        #expect(!ranAtOnce)
        #expect(Self.twoIndicesRanAtOnce())
    }

    /// A limit of two still lets two threads share the work.
    @Test func aLimitOfTwoStillSharesTheWork() {
        #expect(ThreadedWork.limitingThreads(to: 2) { Self.twoIndicesRanAtOnce() })
    }
}
