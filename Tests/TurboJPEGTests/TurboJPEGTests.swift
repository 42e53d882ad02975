import Testing
import TurboJPEG

/// The wrapper as compare and scan call it: a grey page encoded and decoded again, the decoded
/// pixels landing in memory the caller sized, and every bad input a thrown failure or a warning,
/// never a trap.
@Suite("TurboJPEG: libjpeg-turbo wrapped once")
struct TurboJPEGTests {
    /// A 64 x 48 grey ramp with a black square: smooth and sharp edges both.
    static let page: [UInt8] = (0..<48).flatMap { y in
        (0..<64).map { x in (16...31).contains(x) && (8...23).contains(y) ? 0 : UInt8(x * 4) }
    }

    @Test func aGreyPageComesBackWithinTheQualitysError() throws {
        let jpeg = try TurboJPEG.encode(gray: Self.page, width: 64, height: 48, quality: 95)
        #expect(jpeg.starts(with: [0xFF, 0xD8, 0xFF]))
        let size = try #require(TurboJPEG.size(of: jpeg))
        #expect(size.width == 64 && size.height == 48)
        var gray = [UInt8](repeating: 0, count: 64 * 48)
        let warning = try gray.withUnsafeMutableBytes { try TurboJPEG.decode(jpeg, as: .gray, into: $0) }
        #expect(warning == nil)
        let worst = zip(gray, Self.page).map { abs(Int($0) - Int($1)) }.max() ?? 255
        #expect(worst <= 24, "largest error \(worst)")
        #expect(gray[20 * 64 + 20] < 16 && gray[40 * 64 + 60] > 200)
    }

    @Test func rgbaIsGreyRepeatedAndOpaque() throws {
        let jpeg = try TurboJPEG.encode(gray: Self.page, width: 64, height: 48, quality: 90)
        var gray = [UInt8](repeating: 0, count: 64 * 48)
        var rgba = [UInt8](repeating: 0, count: 64 * 48 * 4)
        _ = try gray.withUnsafeMutableBytes { try TurboJPEG.decode(jpeg, as: .gray, into: $0) }
        _ = try rgba.withUnsafeMutableBytes { try TurboJPEG.decode(jpeg, as: .rgba, into: $0) }
        for index in stride(from: 0, to: gray.count, by: 97) {
            #expect(Array(rgba[index * 4..<index * 4 + 4]) == [gray[index], gray[index], gray[index], 255])
        }
    }

    @Test func memoryTooSmallForTheImageIsAFailureNotAWrite() throws {
        let jpeg = try TurboJPEG.encode(gray: Self.page, width: 64, height: 48, quality: 90)
        var small = [UInt8](repeating: 7, count: 64 * 48 * 4 - 1)
        #expect(throws: TurboJPEG.Failure.self) {
            _ = try small.withUnsafeMutableBytes { try TurboJPEG.decode(jpeg, as: .rgba, into: $0) }
        }
        #expect(small.allSatisfy { $0 == 7 })
    }

    @Test func aTruncatedFileDecodesWithAWarning() throws {
        let jpeg = try TurboJPEG.encode(gray: Self.page, width: 64, height: 48, quality: 90)
        var gray = [UInt8](repeating: 0, count: 64 * 48)
        let warning = try gray.withUnsafeMutableBytes {
            try TurboJPEG.decode(Array(jpeg.prefix(jpeg.count * 2 / 3)), as: .gray, into: $0)
        }
        #expect(warning?.isEmpty == false)
    }

    @Test(arguments: [[], [0xFF, 0xD8, 0xFF], Array("not a jpeg at all".utf8)])
    func bytesWithoutAHeaderAreRefused(bytes: [UInt8]) {
        #expect(TurboJPEG.size(of: bytes) == nil)
        var gray = [UInt8](repeating: 0, count: 16)
        #expect(throws: TurboJPEG.Failure.self) {
            _ = try gray.withUnsafeMutableBytes { try TurboJPEG.decode(bytes, as: .gray, into: $0) }
        }
    }

    @Test(arguments: [(0, 4, 0), (4, 4, 15), (-1, 4, 0), (Int.max, 2, 4)])
    func encodingRefusesASizeThePixelsDoNotHave(width: Int, height: Int, count: Int) {
        #expect(throws: TurboJPEG.Failure.self) {
            try TurboJPEG.encode(gray: [UInt8](repeating: 0, count: count), width: width, height: height, quality: 90)
        }
    }
}
