/// How `generate` encodes PNG files. Every choice decodes to the same pixels; they differ in
/// speed and size, and so in bytes, which is why the choice is recorded in the manifest.
public enum PNGEncoding: String, Sendable, Codable, CaseIterable {
    /// Runs of one pixel (or of one difference from the row above) coded as deflate matches, with
    /// no search: shapes are flat colours, so this is many times faster than zlib's fastest level
    /// and than fpnge on ShapeTurns' images, with files about a tenth larger than Cairo's.
    case fast
    /// libdeflate at level 6: files about a quarter smaller than `fast`'s, several times slower.
    case `default`
    /// libdeflate at level 10: smallest, slowest.
    case small
    /// Cairo's own writer (zlib level 6 through libpng), for comparison.
    case cairo
}
