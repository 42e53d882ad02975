import Foundation
import ShapeTurnsCore

/// A scan file's pages as a `PageWorker` decodes them, read here one at a time: each within
/// `ScanFile.pageSeconds` of wall time (the worker is killed past it), so a page that takes the
/// worker down or too long is a refusal, and scan goes on. The worker is ended when this is.
package final class WorkerPages {
    /// How many pages the worker counted.
    package let count: Int
    private var process: pid_t
    private var output: Int32
    /// The next page's index; `nil` once the worker has ended.
    private var next: Int?
    /// Whether a page ended the worker before the last page.
    package private(set) var stoppedEarly = false

    /// Starts `executable` as the worker for `path`, a file of `format`, from page `first`, and
    /// reads the page count. Fails with `unopenable` when the worker cannot open the file, and
    /// `tooSlow` when it does not say within `ScanFile.pageSeconds`.
    package init(executable: String, path: String, format: ScanFile.Format, first: Int = 0)
        throws(ScanFile.PageFailure)
    {
        var pipeEnds: [Int32] = [-1, -1]
        guard pipe(&pipeEnds) == 0 else { throw .unopenable }
        // Neither end leaks into another worker; the worker's stdout is a copy made for it.
        for end in pipeEnds { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        let arguments = [executable, PageWorker.argument, format.rawValue, String(first), path]
        let environment =
            ProcessInfo.processInfo.environment.filter { $0.key != "SWIFT_BACKTRACE" }.map { "\($0.key)=\($0.value)" }
            // A crash in the worker is expected of a bomb: no backtrace to collect.
            + ["SWIFT_BACKTRACE=enable=no"]
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], STDOUT_FILENO)
        posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0)
        let argv = arguments.map(EscapedBytes.duplicatedCString) + [nil]
        let envp = environment.map { strdup($0) } + [nil]
        defer { for pointer in argv + envp { free(pointer) } }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, executable, &actions, nil, argv, envp)
        close(pipeEnds[1])
        process = pid
        output = pipeEnds[0]
        guard status == 0 else {
            close(output)
            throw .unopenable
        }
        let deadline = ContinuousClock.now + .seconds(ScanFile.pageSeconds)
        let answer = Self.receive(output, count: 8, by: deadline)
        guard case .bytes(let header) = answer, Array(header[0..<4]) == PageWorker.magic else {
            count = 0
            end()
            if case .late = answer { throw .tooSlow }
            throw .unopenable
        }
        let pages = Self.integer(header[4..<8])
        guard pages >= 0 else {
            count = 0
            end()
            throw .unopenable
        }
        count = pages
        next = first
    }

    deinit {
        end()
    }

    /// The next page in grey or why it was not decoded, with its index; `nil` after the last
    /// page, or after a page that ended the worker (`stoppedEarly` then says so).
    package func nextPage() -> (index: Int, page: Result<GrayImage, PageRefusal>)? {
        guard let index = next, index < count else {
            end()
            return nil
        }
        let deadline = ContinuousClock.now + .seconds(ScanFile.pageSeconds)
        let page = readPage(by: deadline)
        if case .failure(let refusal) = page, refusal == .tooSlow || refusal == .decoderStopped {
            end()
            stoppedEarly = index + 1 < count
        } else {
            next = index + 1
        }
        return (index, page)
    }

    private func readPage(by deadline: ContinuousClock.Instant) -> Result<GrayImage, PageRefusal> {
        func bytes(_ count: Int) -> Result<[UInt8], PageRefusal> {
            switch Self.receive(output, count: count, by: deadline) {
            case .bytes(let bytes): .success(bytes)
            case .late: .failure(.tooSlow)
            case .ended: .failure(endedRefusal())
            }
        }
        return bytes(5).flatMap { head in
            let first = Self.integer(head[1..<5])
            if head[0] == PageWorker.Record.refusal.rawValue {
                guard (1...4096).contains(first) else { return .failure(.decoderStopped) }
                return bytes(first).flatMap { .failure(PageRefusal(String(decoding: $0, as: UTF8.self))) }
            }
            return bytes(4).flatMap { height in
                let second = Self.integer(height[0..<4])
                guard head[0] == PageWorker.Record.image.rawValue, first > 0, second > 0,
                    PageRefusal.size(width: first, height: second) == nil
                else { return .failure(.decoderStopped) }
                return bytes(first * second).map { GrayImage(width: first, height: second, pixels: $0) }
            }
        }
    }

    /// Why the worker ended mid-page: past its CPU limit, or anything else (the memory limit, a
    /// library's crash).
    private func endedRefusal() -> PageRefusal {
        let status = end()
        return status.map { $0 & 0x7F == SIGXCPU } == true ? .tooSlow : .decoderStopped
    }

    /// Ends the worker (killed if it is still running) and returns how it ended (waitpid's status).
    @discardableResult
    private func end() -> Int32? {
        guard process > 0 else { return nil }
        var status: Int32 = 0
        if waitpid(process, &status, WNOHANG) == 0 {
            kill(process, SIGKILL)
            while waitpid(process, &status, 0) < 0, errno == EINTR {}
        }
        close(output)
        process = 0
        next = nil
        return status
    }

    private enum Read {
        case bytes([UInt8])
        /// The worker closed its end first.
        case ended
        /// The deadline passed first.
        case late
    }

    /// `count` bytes from `descriptor`, waiting at most until `deadline`.
    private static func receive(_ descriptor: Int32, count: Int, by deadline: ContinuousClock.Instant) -> Read {
        var bytes = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let left = ContinuousClock.now.duration(to: deadline)
            guard left > .zero else { return .late }
            var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let milliseconds = Int32(min(3_600_000, (left / .milliseconds(1)).rounded(.up)))
            let ready = poll(&request, 1, milliseconds)
            if ready < 0, errno == EINTR { continue }
            guard ready > 0 else { continue }
            let got = bytes.withUnsafeMutableBytes { buffer in
                read(descriptor, buffer.baseAddress.map { $0 + filled }, count - filled)
            }
            if got < 0, errno == EINTR { continue }
            guard got > 0 else { return .ended }
            filled += got
        }
        return .bytes(bytes)
    }

    /// A little-endian 32-bit signed integer.
    private static func integer(_ bytes: ArraySlice<UInt8>) -> Int {
        Int(Int32(bitPattern: bytes.reversed().reduce(UInt32(0)) { $0 << 8 | UInt32($1) }))
    }
}
