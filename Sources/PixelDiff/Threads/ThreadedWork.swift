import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Work spread over POSIX threads: what Dispatch's `concurrentPerform` did for PixelDiff,
/// without linking Dispatch, whose start-up (`libdispatch_init`) runs in every process that
/// links it. Pair mode's front starts in about a millisecond and answers one comparison, so it
/// cannot spare that; a comparison is long enough to pay for starting a thread.
package enum ThreadedWork {
    /// Runs `body(index)` once for every index in `0..<iterations`, on at most `threads`
    /// threads (the calling one among them), and fewer inside ``limitingThreads(to:_:)``;
    /// returns when every call has returned. The threads take the next index in turn, so
    /// indices of uneven cost even out, and the calling thread never waits for a helper to
    /// start: one that starts after every index is taken finds nothing to do and ends (so
    /// `body` must not be needed alive after `perform`, only the indices' work). When the
    /// system will not start a thread, the threads that did start do its share.
    package static func perform(
        iterations: Int, threads: Int = ThreadedWork.processorCount, _ body: @escaping @Sendable (Int) -> Void
    ) {
        let helpers = max(0, min(threads, iterations, threadLimit ?? Int.max) - 1)
        guard helpers > 0 else {
            for index in 0..<max(iterations, 0) { body(index) }
            return
        }
        let queue = IndexQueue(iterations: iterations, body: body)
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        defer { pthread_attr_destroy(&attributes) }
        for _ in 0..<helpers {
            let context = Unmanaged.passRetained(queue).toOpaque()
            var thread = pthread_t()
            let status = pthread_create(
                &thread, &attributes,
                { context in
                    guard let context else { return nil }
                    Unmanaged<IndexQueue>.fromOpaque(context).takeRetainedValue().drain()
                    return nil
                }, context)
            if status != 0 {
                Unmanaged<IndexQueue>.fromOpaque(context).release()
            }
        }
        queue.drain()
        queue.waitUntilDone()
    }

    /// Runs `body` with every `perform` it makes on this thread using at most `limit` threads:
    /// for work that is already spread over the processors (folder mode compares a pair on
    /// each of its workers), where more threads would only take turns.
    package static func limitingThreads<Result>(to limit: Int, _ body: () throws -> Result) rethrows -> Result {
        guard let key = limitKey.key else { return try body() }
        let outer = pthread_getspecific(key)
        pthread_setspecific(key, UnsafeRawPointer(bitPattern: max(1, limit)))
        defer { pthread_setspecific(key, outer) }
        return try body()
    }

    /// The limit ``limitingThreads(to:_:)`` set on this thread, if any.
    private static var threadLimit: Int? {
        limitKey.key.flatMap(pthread_getspecific).map { Int(bitPattern: $0) }
    }

    private static let limitKey = ThreadKey()

    /// A thread-specific slot, or none when the process has no keys left (1,024 on glibc);
    /// then no limit is kept, and work spreads as if none were asked for.
    private final class ThreadKey: Sendable {
        let key: pthread_key_t?

        init() {
            var key = pthread_key_t()
            self.key = pthread_key_create(&key, nil) == 0 ? key : nil
        }
    }

    /// The processors online, at least 1.
    package static var processorCount: Int {
        max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
    }

    /// The indices still to run, shared by the threads of one `perform`, and the count of
    /// those done, whose last one wakes the calling thread.
    private final class IndexQueue: @unchecked Sendable {
        private let next = Atomic<Int>(0)
        private let done = Atomic<Int>(0)
        private let iterations: Int
        private let body: @Sendable (Int) -> Void
        // Posted once, by whichever thread finishes the last index; only `waitUntilDone` waits.
        private let finished = UnsafeMutablePointer<sem_t>.allocate(capacity: 1)

        init(iterations: Int, body: @escaping @Sendable (Int) -> Void) {
            self.iterations = iterations
            self.body = body
            sem_init(finished, 0, 0)
        }

        deinit {
            sem_destroy(finished)
            finished.deallocate()
        }

        func drain() {
            while true {
                let index = next.add(1, ordering: .relaxed).oldValue
                guard index < iterations else { return }
                body(index)
                if done.add(1, ordering: .acquiringAndReleasing).newValue == iterations {
                    sem_post(finished)
                }
            }
        }

        func waitUntilDone() {
            while sem_wait(finished) != 0 && errno == EINTR {}
        }
    }
}
