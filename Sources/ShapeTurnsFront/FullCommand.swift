#if canImport(Glibc)
    import Glibc
#endif

/// The full command line, `shapeturns-cli`, which holds every command: run in this process's
/// place with the arguments exactly as given (bytes that are not UTF-8 included), found beside
/// this executable (a `swift build` folder) or in `../libexec/shapeturns/` from it (the
/// package). It is not looked for on `PATH`: the front and the full command of one build go
/// together, and another build's would answer for this one.
enum FullCommand {
    /// The executable's file name.
    static let executable = "shapeturns-cli"
    /// sysexits(3)' EX_UNAVAILABLE, as for `shapeturns-scan` and `shapeturns-play` missing.
    static let unavailableStatus: Int32 = 69

    /// Runs `shapeturns-cli` in place of this process; exits 69 with one line when it is missing
    /// or cannot be run.
    static func exec() -> Never {
        // The folder as bytes: a path that is not UTF-8 is still run, and only shown repaired.
        let folder = ownFolder() ?? Array(".".utf8)
        let shown = String(decoding: folder, as: UTF8.self)
        let candidates = ["/", "/../libexec/shapeturns/"].map { folder + Array(($0 + executable).utf8) + [0] }
        guard let path = candidates.first(where: { access($0.map { CChar(bitPattern: $0) }, X_OK) == 0 }) else {
            fail(
                "\(executable), which runs every command but a plain two-image compare, is neither beside \(shown) nor in \(shown)/../libexec/shapeturns; build it with `swift build -c release --product \(executable)`, or run `scripts/shapeturns` from a checkout"
            )
        }
        let cPath = path.map { CChar(bitPattern: $0) }
        execv(cPath, CommandLine.unsafeArgv)
        fail("cannot run \(String(decoding: path.dropLast(), as: UTF8.self)): \(String(cString: strerror(errno)))")
    }

    /// The folder of the running executable, from `/proc/self/exe`, as bytes.
    private static func ownFolder() -> [UInt8]? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard length > 0 else { return nil }
        let path = buffer[..<length].map { UInt8(bitPattern: $0) }
        guard let slash = path.lastIndex(of: UInt8(ascii: "/")) else { return nil }
        return slash == 0 ? Array("/".utf8) : Array(path[..<slash])
    }

    private static func fail(_ message: String) -> Never {
        let line = Array("shapeturns: \(message)\n".utf8)
        _ = line.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
        exit(unavailableStatus)
    }
}
