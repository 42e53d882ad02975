#if canImport(Testing)
    import Testing
#endif

/// The Swift Testing test running on this task, if any: its function's name and source file.
struct RunningTest {
    let name: String
    let filePath: String

    static var current: RunningTest? {
        #if canImport(Testing)
            guard let test = Test.current else { return nil }
            return RunningTest(name: test.name, filePath: test.sourceLocation.filePath)
        #else
            return nil
        #endif
    }
}
