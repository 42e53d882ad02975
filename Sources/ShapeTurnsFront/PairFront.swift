#if canImport(Glibc)
    import Glibc
#endif

/// `shapeturns`, the executable people run. A two-image compare with only the options that
/// decide the verdict (`shapeturns compare a.png b.png --threshold 0.05`) is answered here, in
/// a process that links no Foundation and no argument parser and so starts in about a
/// millisecond, as odiff does; every other command line, and any such compare this front cannot
/// answer whole (a diff image, JSON, a JPEG, a bad file, a folder), runs the full
/// `shapeturns-cli` in this process's place with the arguments untouched.
///
/// The front never says anything of its own but a verdict: whatever it is unsure of, it hands
/// over before writing a byte, so its output, messages and exit status are the full command's
/// (`scripts/checks/compare-front-differential.py` runs both on the same command lines).
@main
enum PairFront {
    static func main() {
        if let request = RawArguments.strings().flatMap(PairRequest.init(arguments:)),
            let status = PairAnswer(request: request).run()
        {
            exit(status)
        }
        FullCommand.exec()
    }
}
