import PixelDiff
import ShapeTurnsCore

/// The verdict on one image path of a folder comparison; one element of `--json`'s `images`.
package struct ImageOutcome: Sendable, Equatable, Codable {
    /// The path relative to both folders, with `/` between components.
    package let path: String
    package let status: ImageStatus
    /// Pixels that differ (pixelmatch's count); 0 when the pair could not be compared pixel by
    /// pixel (new, missing, unreadable), the larger bounds when the sizes differ.
    package let differentPixels: Int
    /// Pixels compared; 0 when the pair could not be compared.
    package let totalPixels: Int
    /// The verdict in words: the counts, the sizes, or why the image could not be read.
    package let reason: String
    /// Seconds spent on this image (read, decode, compare, copy); in the JUnit file, not the JSON.
    package let seconds: Double
    /// Where a changed pair differs, for a report's boxes; only found when a report is written.
    package let regions: ChangedRegions?

    package init(
        path: String, status: ImageStatus, differentPixels: Int, totalPixels: Int, reason: String, seconds: Double = 0,
        regions: ChangedRegions? = nil
    ) {
        self.regions = regions
        self.path = path
        self.status = status
        self.differentPixels = differentPixels
        self.totalPixels = totalPixels
        self.reason = reason
        self.seconds = seconds
    }

    private enum CodingKeys: String, CodingKey {
        case path, status, differentPixels, totalPixels, reason
    }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            path: try container.decode(String.self, forKey: .path),
            status: try container.decode(ImageStatus.self, forKey: .status),
            differentPixels: try container.decode(Int.self, forKey: .differentPixels),
            totalPixels: try container.decode(Int.self, forKey: .totalPixels),
            reason: try container.decode(String.self, forKey: .reason)
        )
    }
}
