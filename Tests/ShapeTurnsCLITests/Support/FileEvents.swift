import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Waits on the file system's own events (inotify) instead of polling on a clock, so a test that
/// must act once another process has written something acts as soon as it has, however loaded
/// the machine.
enum FileEvents {
    /// Blocks until `folder` holds at least `count` entries, following the folders on the way to
    /// it (from `root` down) as the other process creates them. Returns `false` after `timeout`
    /// seconds, or when inotify is unavailable.
    static func waitForEntries(in folder: URL, atLeast count: Int, under root: URL, timeout: TimeInterval) -> Bool {
        let descriptor = inotify_init1(Int32(IN_CLOEXEC))
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var chain: [String] = []
        var step = folder.standardizedFileURL
        let top = root.standardizedFileURL.path
        while step.path.hasPrefix(top), step.path != "/" {
            chain.append(step.path)
            step = step.deletingLastPathComponent()
        }
        var watched: Set<String> = []
        let deadline = Date().addingTimeInterval(timeout)
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            for path in chain where !watched.contains(path) && FileManager.default.fileExists(atPath: path) {
                if inotify_add_watch(descriptor, path, UInt32(IN_CREATE | IN_MOVED_TO)) >= 0 {
                    watched.insert(path)
                }
            }
            // Listed after the watches are in place, so an entry made meanwhile is seen either way.
            if ((try? FileManager.default.contentsOfDirectory(atPath: folder.path))?.count ?? 0) >= count {
                return true
            }
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0 else { return false }
            var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            if poll(&request, 1, Int32(min(remaining, 3600) * 1000)) > 0 {
                _ = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            }
        }
    }
}
