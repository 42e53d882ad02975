import Foundation
import Testing

@testable import ShapeTurnsCore

/// Paths kept as bytes reach the C library whole, whatever their names hold.
@Suite struct PathBytesTests {
    @Test(arguments: [
        ("/data", Array("a.png".utf8), "/data/a.png"),
        ("/data/", Array("a.png".utf8), "/data/a.png"),
        ("rel", [0xFF, 0xFE] + Array(".png".utf8), "rel/\u{FFFD}\u{FFFD}.png"),
    ])
    func aFolderAndARelativePathJoinWithOneSlash(folder: String, relative: [UInt8], shown: String) {
        let joined = PathBytes.join(folder, relative)
        #expect(joined.filter { $0 == UInt8(ascii: "/") }.count == shown.filter { $0 == "/" }.count)
        #expect(String(decoding: joined, as: UTF8.self) == shown)
        #expect(PathBytes.join(folder, String(decoding: relative, as: UTF8.self)) == shown)
    }

    /// A name that is not UTF-8 opens: the C string holds its bytes, then one NUL.
    @Test func aNameThatIsNotUTF8IsCreatedAndFoundByItsBytes() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("shapeturns-bytes-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = PathBytes.join(folder.path, [0xFF, 0x41])
        let cString = PathBytes.cString(path)
        #expect(cString.count == path.count + 1 && cString.last == 0)
        let descriptor = open(cString, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        #expect(descriptor >= 0)
        close(descriptor)
        #expect(access(cString, F_OK) == 0)
        #expect(DisplayName.escaped([0xFF, 0x41]) == "\\xffA")
    }

    @Test func theSystemsReasonIsTheErrnoTextWithoutFoundationsWords() {
        let posix = NSError(domain: NSPOSIXErrorDomain, code: Int(ENOSPC))
        #expect(SystemReason.of(posix) == String(cString: strerror(ENOSPC)))
        let wrapped = NSError(domain: NSCocoaErrorDomain, code: 642, userInfo: [NSUnderlyingErrorKey: posix])
        #expect(SystemReason.of(wrapped) == String(cString: strerror(ENOSPC)))
    }
}
