import CMemoryTuning
import PixelDiff

#if canImport(Glibc)
    import Glibc
#endif

/// Answers a ``PairRequest``: reads both files as the full command does (regular files, within
/// the limit a PNG's header sets, the pair within the default pixel budget), decodes them,
/// compares them and prints the verdict. Returns the exit status, or nil to hand the command
/// line over, which it does, before writing anything, whenever the answer is not a plain
/// verdict: an option out of range, a file missing, unreadable, not a regular file, not a PNG,
/// too long for its header, or not decodable, or a pair above the budget. The full command
/// then says what is wrong in its own words.
struct PairAnswer {
    let request: PairRequest

    func run() -> Int32? {
        guard let comparison = try? ImageComparison(options: request.options), validTolerance(),
            standardStreamsAreOpen()
        else { return nil }
        guard let expectedBytes = Self.read(request.expected), let actualBytes = Self.read(request.actual),
            let expectedSize = PNGFileBounds.declaredSize(expectedBytes),
            let actualSize = PNGFileBounds.declaredSize(actualBytes),
            PairPixelBudget.needed(expectedSize, actualSize, drawingDiff: false) <= PairPixelBudget.standard
        else { return nil }
        _ = shapeturns_keep_large_allocations_on_heap()
        guard let memory = PairMemory(expectedSize, actualSize) else { return nil }
        // The images live in `memory`, which must outlast the comparison.
        let compared = withExtendedLifetime(memory) { () -> ComparisonResult? in
            let decoded = Self.decode(
                [expectedBytes, actualBytes], into: [memory.expected, memory.actual],
                together: expectedSize.pixelCount + actualSize.pixelCount >= Self.pixelsWorthASecondThread)
            guard let decodedExpected = decoded[0], let decodedActual = decoded[1] else { return nil }
            return comparison.compare(
                UnsafeBufferPointer(memory.expected), size: decodedExpected, UnsafeBufferPointer(memory.actual),
                size: decodedActual)
        }
        guard let result = compared else { return nil }
        let match = request.tolerance.accepts(result)
        let summary = ComparisonSummary(
            result: result, match: match, threshold: request.options.threshold, tolerance: request.tolerance,
            diffPath: nil)
        return Self.printLine(summary.text) ?? (match ? 0 : 1)
    }

    /// Pairs of at least this many pixels (two 2048x2048 images) are decoded one image a thread;
    /// below it, a second thread costs more than it saves. A new thread can wait milliseconds
    /// for a processor (35 µs to 4 ms on a 2-core virtual machine), while decoding a 1920x1080
    /// image takes about 4 ms: the 512x512 and 1920x1080 pairs of `scripts/benchmark-pair` were
    /// 5-10% faster decoded on one thread.
    static let pixelsWorthASecondThread = 1 << 23

    /// Each PNG decoded within the default budget into its own memory; its size, or nil where
    /// one cannot be decoded.
    static func decode(_ files: [[UInt8]], into memory: [UnsafeMutableBufferPointer<UInt32>], together: Bool)
        -> [ImageSize?]
    {
        var sizes = [ImageSize?](repeating: nil, count: files.count)
        sizes.withUnsafeMutableBufferPointer { sizes in
            // Each iteration writes only its own slot and its own memory.
            nonisolated(unsafe) let (sizes, memory) = (sizes, memory)
            ThreadedWork.perform(iterations: files.count, threads: together ? files.count : 1) { index in
                sizes[index] = try? RGBAImage.decodePNG(
                    files[index], into: memory[index], maximumPixels: PairPixelBudget.standard)
            }
        }
        return sizes
    }

    private func validTolerance() -> Bool {
        do {
            try request.tolerance.validate()
            return true
        } catch {
            return false
        }
    }

    /// Whether descriptors 0, 1 and 2 are open: the full command puts /dev/null on a closed one
    /// and fails a closed standard output with words of its own.
    private func standardStreamsAreOpen() -> Bool {
        [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO].allSatisfy { fcntl($0, F_GETFD) != -1 }
    }

    /// The whole PNG file at `path`, or nil when the full command would refuse it or it is not a
    /// PNG (which the full command reads itself). Opened without blocking, so a FIFO cannot hang
    /// the front before it sees that it is not a regular file.
    static func read(_ path: String) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        let size = Int(status.st_size)
        var header = [UInt8](repeating: 0, count: PNGFileBounds.headerCount)
        guard readAll(descriptor, into: &header, at: 0) == header.count,
            let declared = PNGFileBounds.declaredSize(header),
            size <= PNGFileBounds.largestFile(pixels: declared.pixelCount, rows: declared.height),
            size <= PNGFileBounds.largestFile(pixels: PairPixelBudget.standard, rows: RGBAImage.maximumSide)
        else { return nil }
        // One byte more than the file holds, to see that it did not grow while it was read.
        var bytes = [UInt8](unsafeUninitializedCapacity: size + 1) { _, initialized in initialized = size + 1 }
        // A file that grew or shrank meanwhile is the full command's to judge.
        guard readAll(descriptor, into: &bytes, at: 0) == size else { return nil }
        bytes.removeLast()
        return bytes
    }

    /// Reads from `offset` until `bytes` is full or the file ends; the count read, or -1.
    private static func readAll(_ descriptor: Int32, into bytes: inout [UInt8], at offset: Int) -> Int {
        bytes.withUnsafeMutableBytes { buffer in
            guard let base = buffer.baseAddress else { return 0 }
            var count = 0
            while count < buffer.count {
                let got = pread(descriptor, base + count, buffer.count - count, off_t(offset + count))
                if got < 0, errno == EINTR { continue }
                guard got > 0 else { return got < 0 ? -1 : count }
                count += got
            }
            return count
        }
    }

    /// Writes `line` and a line break to standard output; nil when written, else the status of
    /// the full command's failure to write it (74), said as it says it.
    static func printLine(_ line: String) -> Int32? {
        signal(SIGPIPE, SIG_IGN)
        let bytes = Array((line + "\n").utf8)
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { buffer in
                buffer.baseAddress.map { write(STDOUT_FILENO, $0 + written, buffer.count - written) } ?? 0
            }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else {
                let reason = String(cString: strerror(count < 0 ? errno : EIO))
                let message = Array("shapeturns: cannot write standard output: \(reason)\n".utf8)
                _ = message.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
                return 74
            }
            written += count
        }
        return nil
    }
}
