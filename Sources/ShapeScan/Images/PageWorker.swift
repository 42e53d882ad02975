import Foundation

/// The worker a scan file's pages are decoded in (`shapeturns-scan` run again with a hidden first
/// argument): poppler, libtiff and libjpeg parse and draw there, under a memory limit
/// (`ScanFile.decoderMemory` beyond what the worker holds at start, RLIMIT_AS) and a CPU limit
/// of `ScanFile.pageSeconds` a page (RLIMIT_CPU), with no core dump and its stderr discarded, so
/// that a bomb ends the worker, never scan. `WorkerPages` reads what it writes to stdout: a
/// header with the page count (negative when the file does not open), then each page from the
/// first asked for, as raw grey pixels or a refusal's text.
package enum PageWorker {
    /// The first argument that makes `shapeturns-scan` a worker: FORMAT FIRST-PAGE PATH follow.
    package static let argument = "--internal-page-worker"
    /// The first bytes of what a worker writes.
    static let magic = Array("STPW".utf8)
    /// A page's record starts with one of these.
    enum Record: UInt8 {
        case image = 0
        case refusal = 1
    }

    /// Serves as a worker when `arguments` (a process's, its name first) ask for one, and returns
    /// the status to exit with; `nil` when they do not.
    package static func serveIfAsked(_ arguments: [String]) -> Int32? {
        guard arguments.count > 1, arguments[1] == argument else { return nil }
        guard arguments.count == 5, let format = ScanFile.Format(rawValue: arguments[2]),
            let first = Int(arguments[3]), first >= 0
        else { return 64 }
        return serve(path: arguments[4], format: format, first: first)
    }

    private static func serve(path: String, format: ScanFile.Format, first: Int) -> Int32 {
        limitMemory()
        let decoder: PageDecoder
        do {
            decoder = try PageDecoder(path: path, format: format)
        } catch {
            return send(magic + word(-1)) ? 0 : 74
        }
        guard send(magic + word(decoder.count)) else { return 74 }
        guard decoder.count <= ScanFile.maximumPages else { return 0 }
        for index in first..<max(first, decoder.count) {
            limitCPU()
            let sent: Bool
            switch decoder.page(at: index) {
            case .success(let image):
                sent =
                    send([Record.image.rawValue] + word(image.width) + word(image.height)) && send(image.pixels)
            case .failure(let refusal):
                let text = Array(refusal.reason.utf8)
                sent = send([Record.refusal.rawValue] + word(text.count) + text)
            }
            guard sent else { return 74 }
        }
        return 0
    }

    /// `value` as 4 little-endian bytes.
    static func word(_ value: Int) -> [UInt8] {
        let bits = UInt32(bitPattern: Int32(truncatingIfNeeded: value))
        return (0..<4).map { UInt8(truncatingIfNeeded: bits >> (8 * $0)) }
    }

    /// Writes all of `bytes` to stdout; false when the reader has gone.
    private static func send(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else { return true }
            var offset = 0
            while offset < buffer.count {
                let written = write(STDOUT_FILENO, base + offset, buffer.count - offset)
                if written < 0, errno == EINTR { continue }
                guard written > 0 else { return false }
                offset += written
            }
            return true
        }
    }

    /// The address space capped at what the worker maps now plus `ScanFile.decoderMemory`, and
    /// no core file.
    private static func limitMemory() {
        #if os(Linux)
            var none = rlimit(rlim_cur: 0, rlim_max: 0)
            _ = setrlimit(resource(RLIMIT_CORE), &none)
            guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8),
                let pages = statm.split(separator: " ").first.flatMap({ Int($0) })
            else { return }
            let bytes = rlim_t(pages * sysconf(Int32(_SC_PAGESIZE)) + ScanFile.decoderMemory)
            var limit = rlimit(rlim_cur: bytes, rlim_max: bytes)
            _ = setrlimit(resource(RLIMIT_AS), &limit)
        #endif
    }

    /// The CPU time allowed raised to what is used so far plus `ScanFile.pageSeconds`: a page that
    /// takes longer ends the worker (SIGXCPU) even if no one is waiting for it.
    private static func limitCPU() {
        #if os(Linux)
            var usage = rusage()
            _ = getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
            let used = Int(usage.ru_utime.tv_sec) + Int(usage.ru_stime.tv_sec) + 1
            var limit = rlimit()
            _ = getrlimit(resource(RLIMIT_CPU), &limit)
            limit.rlim_cur = min(limit.rlim_max, rlim_t(used + ScanFile.pageSeconds))
            _ = setrlimit(resource(RLIMIT_CPU), &limit)
        #endif
    }

    #if os(Linux)
        /// A resource as `setrlimit` takes it.
        private static func resource(_ value: __rlimit_resource) -> __rlimit_resource_t {
            __rlimit_resource_t(value.rawValue)
        }
    #endif
}
