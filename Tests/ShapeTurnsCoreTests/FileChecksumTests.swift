import Foundation
import Testing

@testable import ShapeTurnsCore

/// The checksum and names the output policy and journals rely on.
@Suite struct FileChecksumTests {
    @Test func theCRCIsZlibs() {
        // The standard check value of CRC-32 (zlib.crc32(b"123456789") == 0xcbf43926).
        let checksum = FileChecksum(Array("123456789".utf8))
        #expect(checksum.crc32 == 0xCBF4_3926)
        #expect(checksum.size == 9)
        var pieces = FileChecksum(Array("1234".utf8))
        pieces.add(Array("56789".utf8))
        #expect(pieces == checksum)
    }

    @Test func theTextFormRoundTripsAndRejectsOthers() {
        let checksum = FileChecksum(size: 42, crc32: 0xAB)
        #expect(checksum.text == "42:000000ab")
        #expect(FileChecksum(text: "42:000000ab") == checksum)
        for bad in ["42", "42:ab", "-1:000000ab", "x:000000ab", "42:000000ab:1"] {
            #expect(FileChecksum(text: Substring(bad)) == nil, "\(bad)")
        }
    }

    @Test func temporaryPageNamesAreThisProcesssAndReadBack() {
        let name = StagedOutputFiles.temporaryName(for: "sheet-01.png")
        #expect(name == ".sheet-01.png.\(getpid()).shapeturns-partial")
        #expect(StagedOutputFiles.stagedName(ofTemporary: name) == "sheet-01.png")
        #expect(StagedOutputFiles.stagedName(ofTemporary: ".sheet-01.png.shapeturns-partial") == nil)
        #expect(StagedOutputFiles.stagedName(ofTemporary: "sheet-01.png") == nil)
    }
}
