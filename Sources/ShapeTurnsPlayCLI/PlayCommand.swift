import ArgumentParser
import Foundation
import ShapeGame
import ShapeTurnsClassroom
import ShapeTurnsCommandSupport
import ShapeTurnsCore
import ShapeTurnsPlay
import ShapeTurnsSets

/// `shapeturns play` (the executable `shapeturns-play`): serves the game in a browser and records
/// every answer.
@main
struct PlayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "shapeturns \(ExternalCommand.play.name)",
        abstract: ExternalCommand.play.abstract,
        discussion: """
            Open the printed address, type a name and play: a tap, a click, the arrow keys or A/B \
            pick a shape. Each player's answers go to DIR/session-ID.jsonl, on the disk before the \
            page hears they were recorded, the first line with the game's options; shapeturns \
            score --responses FILE scores such a file on its own. With a fixed seed, turn i is turn i \
            of generate with the same options (for the non-adaptive strategies). Ctrl-C stops it. \
            The JSON API is in docs/play.md. A restart with the same --out takes every \
            player's game up where its record ends, in the same file. When it stops, play writes \
            DIR/trials.csv: every answer in DIR, a row each, with the players' metadata (a page \
            address's ?key=value).

            The teacher's page /class (every player's score, live) and its gradebook need a \
            token when the server listens beyond loopback: play makes an unguessable one and \
            prints the class page's address with it (/class?token=...); --class-token sets \
            your own. Without the token /class answers 401 (403 for a wrong one). On loopback \
            /class is open unless --class-token is given.

            Examples:
              shapeturns play
              shapeturns play --turns 30 --seed 7 --shapes square,circle,star
              shapeturns play --strategy quest --turns 60 --precision 2
              shapeturns play --strategy staircase --down 3 --step-sizes 0.3,0.1 --reversals 8
              shapeturns play --host 0.0.0.0 --port 8080 --out class-5b
              shapeturns play --host 0.0.0.0 --class-token room12-monday-7f3k9q
              shapeturns play --allow-origin https://run.pavlovia.org
              shapeturns play --fixation 500 --iti 800 --timeout 3000 --feedback none
              shapeturns play --practice 4 --stimulus-duration 300 --calibrate --shape-mm 40
            """,
        version: CommandLineMain.version
    )

    static func main() {
        ExternalCommand.refuseAnotherVersion(executable: ExternalCommand.play.executable)
        CommandLineMain.run(Self.self)
    }

    @Option(
        help: ArgumentHelp("The address to listen on; 0.0.0.0 lets tablets on the network play.", valueName: "host"))
    var host = "127.0.0.1"

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("The port to listen on, 0 to 65535 (0: any free port).", valueName: "port"))
    var port = 8080

    @Option(parsing: .unconditional, help: "Turns per game, 1 to 1,000.")
    var turns = 20

    @Option(parsing: .unconditional, help: "The seed of every turn's random stream; same seed, same turns as generate.")
    var seed: UInt64 = 1

    @Option(
        parsing: .unconditional, help: ArgumentHelp("Side of each shape's image, 16 to 1024 pixels.", valueName: "px"))
    var size = 512

    @Option(
        help: ArgumentHelp(
            "The folder of record files, one per player; created if missing, never emptied.", valueName: "dir"))
    var out = "play-results"

    @Option(parsing: .unconditional, help: ArgumentHelp("The most players at once, 1 to 10,000.", valueName: "n"))
    var maxPlayers = 500

    @Option(
        help: ArgumentHelp(
            "The teacher's token for /class and its gradebook: 16 to 128 letters, digits, - or _. Default: a new unguessable one beyond loopback, none on loopback.",
            valueName: "token"))
    var classToken: String?

    @Option(
        name: .customLong("allow-origin"),
        help: ArgumentHelp(
            "Another site (scheme://host[:port]) that may call the API and frame the game, as a jsPsych page on Pavlovia or JATOS does; repeatable. Default: none.",
            valueName: "origin"))
    var allowOrigins: [String] = []

    @OptionGroup(title: "Shapes")
    var shapeOptions: ShapeOptions

    @OptionGroup(title: "Adaptive procedures (--strategy staircase or quest)")
    var procedureOptions: ProcedureOptions

    @OptionGroup(title: "Trial design")
    var trialOptions: TrialDesignOptions

    func validate() throws {
        guard (1...1_000).contains(turns) else { throw ValidationError("--turns must be 1 to 1000 (got \(turns))") }
        guard (16...1_024).contains(size) else { throw ValidationError("--size must be 16 to 1024 (got \(size))") }
        guard (0...65_535).contains(port) else { throw ValidationError("--port must be 0 to 65535 (got \(port))") }
        guard (1...10_000).contains(maxPlayers) else {
            throw ValidationError("--max-players must be 1 to 10000 (got \(maxPlayers))")
        }
        if let classToken, !ClassToken.isValid(classToken) {
            throw ValidationError(
                "--class-token must be \(ClassToken.lengthRange.lowerBound) to \(ClassToken.lengthRange.upperBound) letters, digits, - or _ (got \(classToken.count) characters)"
            )
        }
        _ = try trialOptions.design()
        for origin in allowOrigins where !AllowedOrigin.isValid(origin) {
            throw ValidationError(
                "--allow-origin must be an origin such as https://run.pavlovia.org (scheme, host and port only; got \(origin))"
            )
        }
        do {
            _ = try OutputPolicy(.destination).destination(out, isDirectory: true)
            _ = try makeOptions()
        } catch {
            throw ValidationError(error.commandLineMessage)
        }
    }

    func makeOptions() throws(ShapeTurnsError) -> PlayOptions {
        var generate = GenerateOptions()
        generate.turns = turns
        generate.seed = seed
        generate.size = size
        try shapeOptions.apply(to: &generate)
        let procedure = try procedureOptions.choice(for: generate.strategy)
        if procedure != nil {
            generate.strategy = .random
        }
        var options = PlayOptions(generate: generate, procedure: procedure, output: URL(fileURLWithPath: out))
        options.host = host
        options.port = port
        options.sessionLimit = maxPlayers
        options.allowedOrigins = allowOrigins.map(AllowedOrigin.normalised)
        options.classToken = classToken ?? (ClassToken.isLoopback(host) ? nil : ClassToken.make())
        // validate() refused a design that does not hold.
        options.design = (try? trialOptions.design()) ?? TrialDesign()
        return options
    }

    func run() throws {
        let options = try makeOptions()
        let game = try PlayGame(options: options)
        let classQuery = options.classToken.map { "?token=\($0)" } ?? ""
        let server = PlayServer(game: game)
        let host = host
        let out = out
        let outcome = ServerOutcome()
        let finished = DispatchSemaphore(value: 0)
        Task {
            do {
                try await server.run { address in
                    let port = address.split(separator: ":").last.map(String.init) ?? ""
                    let shown = host == "0.0.0.0" || host == "::" ? Self.networkAddress() ?? host : host
                    let line =
                        "Playing at http://\(shown):\(port)/ (records in \(out)); Ctrl-C stops.\n"
                        + "Class page: http://\(shown):\(port)/class\(classQuery)\n"
                    FileHandle.standardOutput.write(Data(line.utf8))
                }
            } catch {
                outcome.set(error)
            }
            finished.signal()
        }
        finished.wait()
        if let error = outcome.error {
            throw ShapeTurnsError.ioFailure(
                path: "\(host):\(port)", reason: "the server could not listen or run (\(error)); choose another --port")
        }
        try TrialsCSV.export(folder: URL(fileURLWithPath: out))
        print("Stopped; records are in \(out), every answer in \(out)/\(TrialsCSV.fileName).")
    }

    /// The first non-loopback IPv4 address, to type on the tablets.
    static func networkAddress() -> String? {
        var list: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&list) == 0, let first = list else { return nil }
        defer { freeifaddrs(list) }
        for entry in sequence(first: first, next: { $0.pointee.ifa_next }) {
            guard let address = entry.pointee.ifa_addr, address.pointee.sa_family == sa_family_t(AF_INET) else {
                continue
            }
            var host = [CChar](repeating: 0, count: Int(NI_MAXHOST))
            guard
                getnameinfo(
                    address, socklen_t(MemoryLayout<sockaddr_in>.size), &host, socklen_t(host.count), nil, 0,
                    NI_NUMERICHOST) == 0
            else { continue }
            let text = String(decoding: host.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if !text.hasPrefix("127.") { return text }
        }
        return nil
    }
}

/// The error a server task ended with, handed back to the synchronous command.
private final class ServerOutcome: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: (any Error)?

    var error: (any Error)? { lock.withLock { stored } }

    func set(_ error: any Error) { lock.withLock { stored = error } }
}
