#if canImport(Glibc)
    import Glibc
#endif

/// A POSIX mutex. Synchronization's `Mutex` would do the job, but the Synchronization library
/// is not built with ThreadSanitizer, which then cannot see its lock and reports every access
/// it guards as a race (scripts/tsan); a pthread mutex it sees.
package final class ThreadLock: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)

    package init() {
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` holding the lock.
    package func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }
}
