import CPNG
import Testing

/// The fast path's unfiltering against libpng's: files whose rows use every PNG filter on
/// every 8-bit colour type it takes, built here byte by byte (stored deflate blocks, so no
/// compressor is involved), must be taken by the fast path and give libpng's pixels.
@Suite("CPNG: row filters")
struct CPNGFilterTests {
    /// Colour type and bytes a pixel: grey, grey and alpha, RGB, RGBA.
    static let colourTypes: [(type: UInt8, channels: Int)] = [(0, 1), (4, 2), (2, 3), (6, 4)]

    @Test(arguments: colourTypes, [1, 2, 3, 5, 9, 33, 300])
    func everyFilterGivesLibpngsPixels(colour: (type: UInt8, channels: Int), width: Int) throws {
        var random = SplitMix(seed: UInt64(width) << 8 | UInt64(colour.type))
        let height = 12
        let rows = (0..<height).map { y in
            (0..<(width * colour.channels)).map { x in
                // Runs and noise: flat stretches give Paeth and Average their ties.
                y % 3 == 0 || x % 7 < 3 ? UInt8(truncatingIfNeeded: x / 5 &* 40 &+ y) : random.byte()
            }
        }
        // Filters 0 to 4 in turn, then by chance, so each meets each neighbour.
        let filters = (0..<height).map { $0 < 5 ? UInt8($0) : UInt8(random.byte() % 5) }
        let file = PNGFile.make(
            width: width, height: height, colourType: colour.type,
            raw: PNGFile.filtered(rows, filters: filters, bytesPerPixel: colour.channels))

        var fast = [UInt32](repeating: 0, count: width * height + (height + 3) / 4)
        let taken = shapeturns_png_decode_fast(file, file.count, 8192, &fast, fast.count)
        try #require(taken == 1)
        let reference = CPNGRoundTripTests.decode(file, with: shapeturns_png_decode_libpng)
        try #require(reference.status == SHAPETURNS_PNG_OK)
        #expect(Array(fast.prefix(width * height)) == reference.pixels)
    }

    /// A filter type above 4 is not the fast path's to judge.
    @Test func anUnknownFilterIsLeftToLibpng() {
        let file = PNGFile.make(
            width: 2, height: 1, colourType: 6, raw: [5, 1, 2, 3, 4, 5, 6, 7, 8])
        var pixels = [UInt32](repeating: 0, count: 3)
        #expect(shapeturns_png_decode_fast(file, file.count, 8192, &pixels, pixels.count) == 0)
    }
}

/// A seeded generator, so every run builds the same files.
struct SplitMix {
    var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func byte() -> UInt8 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return UInt8(truncatingIfNeeded: z ^ (z >> 31))
    }
}

/// PNG files written from the specification: filtered rows, a zlib stream of stored blocks,
/// chunks with their CRCs.
enum PNGFile {
    /// Each row with its filter applied (PNG 3, section 9.2), its filter byte first.
    static func filtered(_ rows: [[UInt8]], filters: [UInt8], bytesPerPixel bpp: Int) -> [UInt8] {
        var out: [UInt8] = []
        var previous = [UInt8](repeating: 0, count: rows.first?.count ?? 0)
        for (row, filter) in zip(rows, filters) {
            out.append(filter)
            for index in row.indices {
                let a = index >= bpp ? Int(row[index - bpp]) : 0
                let b = Int(previous[index])
                let c = index >= bpp ? Int(previous[index - bpp]) : 0
                let predictor: Int
                switch filter {
                case 1: predictor = a
                case 2: predictor = b
                case 3: predictor = (a + b) / 2
                case 4:
                    let p = a + b - c
                    let (pa, pb, pc) = (abs(p - a), abs(p - b), abs(p - c))
                    predictor = pa <= pb && pa <= pc ? a : pb <= pc ? b : c
                default: predictor = 0
                }
                out.append(UInt8(truncatingIfNeeded: Int(row[index]) - predictor))
            }
            previous = row
        }
        return out
    }

    static func make(width: Int, height: Int, colourType: UInt8, raw: [UInt8]) -> [UInt8] {
        var header = bigEndian(UInt32(width)) + bigEndian(UInt32(height))
        header += [8, colourType, 0, 0, 0]
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", header)
            + chunk("IDAT", zlibStored(raw)) + chunk("IEND", [])
    }

    static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var start = 0
        repeat {
            let count = min(65_535, data.count - start)
            let last: UInt8 = start + count == data.count ? 1 : 0
            out += [last, UInt8(count & 0xFF), UInt8(count >> 8), UInt8(~count & 0xFF), UInt8((~count >> 8) & 0xFF)]
            out += data[start..<(start + count)]
            start += count
        } while start < data.count
        var (s1, s2): (UInt32, UInt32) = (1, 0)
        for byte in data {
            s1 = (s1 + UInt32(byte)) % 65_521
            s2 = (s2 + s1) % 65_521
        }
        return out + bigEndian(s2 << 16 | s1)
    }

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        return bigEndian(UInt32(data.count)) + body + bigEndian(crc32(body))
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 {
                crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1
            }
        }
        return ~crc
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] {
        [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) }
    }
}
