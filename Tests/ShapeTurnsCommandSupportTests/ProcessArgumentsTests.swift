import ShapeTurnsCore
import Testing

@testable import ShapeTurnsCommandSupport

/// The process's arguments are taken as the bytes passed: UTF-8 ones as they are, any other
/// refused with its bytes shown rather than repaired into another name.
@Suite struct ProcessArgumentsTests {
    @Test func utf8ArgumentsAreTakenAsTheyAre() throws {
        let arguments = ["scan", "Øvergaard.png", "王小明.jpg", ""]
        #expect(try ProcessArguments.strings(arguments.map { Array($0.utf8) }).get() == arguments)
    }

    @Test(arguments: [
        ([0x67, 0xFF, 0x2E, 0x63, 0x73, 0x76], "g\\xff.csv"),
        ([0x70, 0xC3], "p\\xc3"),
        ([0xED, 0xA0, 0x80], "\\xed\\xa0\\x80"),
    ])
    func anArgumentThatIsNotUTF8IsRefusedWithItsBytesShown(bytes: [UInt8], shown: String) {
        switch ProcessArguments.strings([Array("--csv".utf8), bytes]) {
        case .success(let strings):
            Issue.record("taken as \(strings)")
        case .failure(let error):
            #expect(error.exitCode == 64)
            #expect(error.commandLineMessage.hasPrefix("argument 2 ('\(shown)'): not UTF-8"), "\(error)")
        }
    }
}
