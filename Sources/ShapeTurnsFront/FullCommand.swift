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
        let folder = ownFolder() ?? "."
        let candidates = [folder + "/" + executable, folder + "/../libexec/shapeturns/" + executable]
        guard let path = candidates.first(where: { access($0, X_OK) == 0 }) else {
            fail(
                "\(executable), which runs every command but a plain two-image compare, is neither beside \(folder) nor in \(folder)/../libexec/shapeturns; build it with `swift build -c release --product \(executable)`, or run `scripts/shapeturns` from a checkout"
            )
        }
        execv(path, CommandLine.unsafeArgv)
        fail("cannot run \(path): \(String(cString: strerror(errno)))")
    }

    /// The folder of the running executable, from `/proc/self/exe`.
    private static func ownFolder() -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard length > 0 else { return nil }
        let path = String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard let slash = path.lastIndex(of: "/") else { return nil }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    private static func fail(_ message: String) -> Never {
        let line = Array("shapeturns: \(message)\n".utf8)
        _ = line.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
        exit(unavailableStatus)
    }
}
