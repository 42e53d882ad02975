import Foundation

/// An advisory lock (flock(2)) on a folder or file, held until `release()` or the process ends
/// (a killed run never leaves a stale lock). Stops two runs from writing one set, shard or
/// worksheet folder at once; locking the folder itself leaves no lock file behind.
package final class AdvisoryLock {
    private var descriptor: Int32

    private init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    deinit {
        release()
    }

    /// Takes the lock on `path` (a folder or an existing file), exclusive or shared, without
    /// waiting; `nil` when another process holds a conflicting lock. Fails only when `path`
    /// cannot be opened.
    package static func tryLock(_ path: String, exclusive: Bool = true, reportedAs name: String) throws(ShapeTurnsError)
        -> AdvisoryLock?
    {
        let descriptor = open(EscapedBytes.cString(path), O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw .cannotCreateFile(path: name, reason: String(cString: strerror(errno)))
        }
        while flock(descriptor, (exclusive ? LOCK_EX : LOCK_SH) | LOCK_NB) != 0 {
            if errno == EINTR { continue }
            close(descriptor)
            return nil
        }
        return AdvisoryLock(descriptor: descriptor)
    }

    /// Takes the lock, or fails with the message that another ShapeTurns run is writing `name`.
    package static func lock(_ path: String, exclusive: Bool = true, reportedAs name: String) throws(ShapeTurnsError)
        -> AdvisoryLock
    {
        guard let lock = try tryLock(path, exclusive: exclusive, reportedAs: name) else {
            throw .busy(path: name)
        }
        return lock
    }

    /// Waits up to `seconds` for the lock (others hold it only for moments), then fails as `lock` does.
    package static func lock(_ path: String, waiting seconds: Double, reportedAs name: String) throws(ShapeTurnsError)
        -> AdvisoryLock
    {
        let deadline = Date().addingTimeInterval(seconds)
        while true {
            if let lock = try tryLock(path, reportedAs: name) { return lock }
            guard Date() < deadline else { throw .busy(path: name) }
            usleep(20_000)
        }
    }

    /// Gives up the lock now.
    package func release() {
        guard descriptor >= 0 else { return }
        close(descriptor)
        descriptor = -1
    }
}
