import CAprilTag

/// Finds tag36h11 AprilTags in a grey page with libapriltag: the one place its detector, family
/// and images are touched. A detector is not shared between threads.
package final class TagDetector {
    /// One tag seen: its id, centre and corners in image pixels (corners in libapriltag's
    /// order, counter-clockwise from the tag's own bottom-left), and how many bits it corrected.
    package struct Sighting: Sendable, Equatable {
        package let id: Int
        package let center: (x: Double, y: Double)
        package let corners: [(x: Double, y: Double)]
        package let hamming: Int
        package let margin: Double

        package static func == (lhs: Sighting, rhs: Sighting) -> Bool {
            lhs.id == rhs.id && lhs.center == rhs.center && lhs.hamming == rhs.hamming
        }
    }

    private let detector: UnsafeMutablePointer<apriltag_detector_t>
    private let family: UnsafeMutablePointer<apriltag_family_t>

    /// `decimate`: libapriltag's `quad_decimate` (2 halves the image before finding quads);
    /// `sigma`: its `quad_sigma` (the blur before finding quads; 0 for an image already blurred).
    package init?(decimate: Float = 2, sigma: Float = 0.8) {
        guard let detector = apriltag_detector_create() else { return nil }
        guard let family = tag36h11_create() else {
            apriltag_detector_destroy(detector)
            return nil
        }
        self.detector = detector
        self.family = family
        apriltag_detector_add_family_bits(detector, family, 1)
        detector.pointee.quad_decimate = decimate
        detector.pointee.quad_sigma = sigma
        detector.pointee.nthreads = 1
        detector.pointee.refine_edges = true
    }

    deinit {
        apriltag_detector_destroy(detector)
        tag36h11_destroy(family)
    }

    /// The tags in `image`, with a decision margin above `minimumMargin`.
    package func detect(in image: GrayImage, minimumMargin: Double = 20) -> [Sighting] {
        guard image.width > 16, image.height > 16 else { return [] }
        // libapriltag's own image allocator is not exported by Debian's library: the image is
        // made here, over a copy of the pixels.
        var pixels = image.pixels
        let detections = pixels.withUnsafeMutableBufferPointer { buffer -> UnsafeMutablePointer<zarray_t>? in
            guard let base = buffer.baseAddress else { return nil }
            var wrapped = image_u8_t(
                width: Int32(image.width), height: Int32(image.height), stride: Int32(image.width), buf: base)
            return apriltag_detector_detect(detector, &wrapped)
        }
        guard let detections else { return [] }
        defer { apriltag_detections_destroy(detections) }
        var sightings: [Sighting] = []
        for index in 0..<Int(zarray_size(detections)) {
            guard let detection = shapeturns_detection_at(detections, Int32(index)) else { continue }
            let found = detection.pointee
            guard Double(found.decision_margin) >= minimumMargin else { continue }
            let corners = withUnsafeBytes(of: found.p) { raw in
                (0..<4).map {
                    (
                        x: raw.load(fromByteOffset: 16 * $0, as: Double.self),
                        y: raw.load(fromByteOffset: 16 * $0 + 8, as: Double.self)
                    )
                }
            }
            sightings.append(
                Sighting(
                    id: Int(found.id), center: (found.c.0, found.c.1), corners: corners, hamming: Int(found.hamming),
                    margin: Double(found.decision_margin)))
        }
        return sightings
    }
}
