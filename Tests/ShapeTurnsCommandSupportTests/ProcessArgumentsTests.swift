import ArgumentParser
import ShapeTurnsCore
import Testing

@testable import ShapeTurnsCommandSupport

/// The process's arguments are taken as the bytes passed: UTF-8 ones as they are, any other with
/// its bytes kept (`EscapedBytes`), and once parsed refused with its bytes shown unless a
/// `PathOperand` holds it, rather than repaired into another name.
@Suite struct ProcessArgumentsTests {
    /// A command with a byte-keeping operand, an option and an option group, as `scan` has.
    struct Reader: ParsableCommand {
        struct Shapes: ParsableArguments {
            @Option var label: String?
        }

        @Argument var files: [PathOperand] = []
        @Option var csv: String?
        @OptionGroup var shapes: Shapes
    }

    @Test func utf8ArgumentsAreTakenAsTheyAre() throws {
        let arguments = ["scan", "Øvergaard.png", "王小明.jpg", ""]
        #expect(try ProcessArguments.strings(arguments.map { Array($0.utf8) }).get() == arguments)
    }

    @Test(
        arguments: [
            [0x67, 0xFF, 0x2E, 0x63, 0x73, 0x76],
            [0x70, 0xC3],
            [0xED, 0xA0, 0x80],
        ] as [[UInt8]])
    func anArgumentThatIsNotUTF8KeepsItsBytes(bytes: [UInt8]) throws {
        let strings = try ProcessArguments.strings([Array("--csv".utf8), bytes]).get()
        #expect(strings.count == 2 && EscapedBytes.bytes(strings[1]) == bytes)
    }

    @Test func anArgumentHoldingAnEscapingCharacterIsRefused() {
        switch ProcessArguments.strings([Array("a\u{10FFAB}".utf8)]) {
        case .success(let strings):
            Issue.record("taken as \(strings)")
        case .failure(let error):
            #expect(error.exitCode == 64)
            #expect(error.commandLineMessage.hasPrefix("argument 1 ("), "\(error)")
        }
    }

    /// Bytes that are not UTF-8 are taken in a `PathOperand` only; in an option, an option
    /// group's option or an option's `=` form they are refused with the bytes shown.
    @Test(
        arguments: [
            (["scan\u{10FFFF}.png", "b.png"], nil),
            (["a.png", "--csv", "g\u{10FFFF}.csv"], "'g\\xff.csv': not UTF-8"),
            (["a.png", "--csv=g\u{10FFFF}.csv"], "'g\\xff.csv': not UTF-8"),
            (["a\u{10FFFF}.png", "--label", "\u{10FFFE}"], "'\\xfe': not UTF-8"),
        ] as [([String], String?)])
    func onlyAPathOperandKeepsBytes(arguments: [String], refusal: String?) throws {
        let command = try Reader.parse(arguments)
        do {
            try ProcessArguments.refuseBytes(outside: command)
            #expect(refusal == nil, "taken")
            #expect(
                command.files.map { EscapedBytes.bytes($0.path) }.contains([
                    0x73, 0x63, 0x61, 0x6E, 0xFF, 0x2E, 0x70, 0x6E, 0x67,
                ]))
        } catch {
            #expect(error.exitCode == 64)
            #expect(refusal.map { error.commandLineMessage.hasPrefix($0) } == true, "\(error)")
        }
    }
}
