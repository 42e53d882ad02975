/// What comparing two images holds decoded: both images and, when a diff image is drawn, the
/// diff. `compare` checks this against its pixel budget from the images' headers before decoding
/// anything, in the full command and in its pair-mode front alike.
package enum PairPixelBudget {
    /// `compare`'s default budget: 201,326,592 pixels (768 MiB at 4 bytes a pixel), two images of
    /// 8192 x 8192 (or 1280 x 52428) and their diff.
    package static let standard = 3 * 8192 * 8192

    /// The pixels comparing images of these declared sizes holds decoded: both images and, with
    /// `drawingDiff` and equal sizes, a diff of the same size.
    package static func needed(_ expected: ImageSize?, _ actual: ImageSize?, drawingDiff: Bool) -> Int {
        let (first, second) = (expected?.pixelCount ?? 0, actual?.pixelCount ?? 0)
        return first + second + (drawingDiff && expected == actual ? first : 0)
    }
}
