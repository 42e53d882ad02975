/// How `generate` encodes PNG files. Every choice decodes to the same pixels; they differ in
/// speed and size, and so in bytes, which is why the choice is recorded in the manifest.
public enum PNGEncoding: String, Sendable, Codable, CaseIterable {
    /// Runs of one pixel coded as deflate matches, with no search: shapes are flat colours, so
    /// this is several times faster than zlib's fastest level, with files about a fifth larger than Cairo's.
    case fast
    /// libdeflate at level 6: files about a quarter smaller than `fast`'s, several times slower.
    case `default`
    /// libdeflate at level 10: smallest, slowest.
    case small
    /// Cairo's own writer (zlib level 6 through libpng), for comparison.
    case cairo
}
