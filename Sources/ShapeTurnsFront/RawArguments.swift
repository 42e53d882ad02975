#if canImport(Glibc)
    import Glibc
#endif

/// The process's arguments after its name, as strings, when every one is UTF-8 (the full
/// command refuses any that is not, and the front leaves that refusal to it).
enum RawArguments {
    /// The arguments, or nil when one is not UTF-8.
    static func strings() -> [String]? {
        var strings: [String] = []
        for index in 1..<max(Int(CommandLine.argc), 1) {
            guard let argument = CommandLine.unsafeArgv[index],
                let text = String(validatingCString: argument)
            else { return nil }
            strings.append(text)
        }
        return strings
    }
}
