// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "ShapeTurns",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "shapeturns", targets: ["ShapeTurnsCLI"]),
        .library(name: "ShapeTurns", targets: ["ShapeTurns"]),
        .library(name: "ShapeRendering", targets: ["ShapeRendering"]),
        .library(name: "ShapeGame", targets: ["ShapeGame"]),
        .library(name: "PixelDiff", targets: ["PixelDiff"]),
        .library(name: "ShapeTurnsSnapshotTesting", targets: ["ShapeTurnsSnapshotTesting"]),
        .library(name: "ShapeRenderingSnapshotTesting", targets: ["ShapeRenderingSnapshotTesting"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.19.7"),
        // `swift package generate-documentation` (scripts/build-docs); a plugin, linked into nothing.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
        // `shapeturns play`'s web server; only ShapeTurnsPlay and the command line link it.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CCairo",
            pkgConfig: "cairo",
            providers: [.apt(["libcairo2-dev", "pkg-config"])]
        ),
        .systemLibrary(
            name: "CLibPNG",
            pkgConfig: "libpng",
            providers: [.apt(["libpng-dev", "pkg-config"])]
        ),
        .systemLibrary(
            name: "CLibDeflate",
            pkgConfig: "libdeflate",
            providers: [.apt(["libdeflate-dev", "pkg-config"])]
        ),
        .systemLibrary(
            name: "CLibArchive",
            pkgConfig: "libarchive",
            providers: [.apt(["libarchive-dev", "pkg-config"])]
        ),
        .systemLibrary(
            name: "CLibCrypto",
            pkgConfig: "libcrypto",
            providers: [.apt(["libssl-dev", "pkg-config"])]
        ),
        // The scanner's libraries (ShapeScan only): AprilTag fiducials, PDF pages, TIFF pages, JPEG photos.
        .systemLibrary(
            name: "CAprilTag", pkgConfig: "apriltag", providers: [.apt(["libapriltag-dev", "pkg-config"])]),
        .systemLibrary(
            name: "CPopplerGlib", pkgConfig: "poppler-glib", providers: [.apt(["libpoppler-glib-dev", "pkg-config"])]),
        .systemLibrary(name: "CLibTIFF", pkgConfig: "libtiff-4", providers: [.apt(["libtiff-dev", "pkg-config"])]),
        .systemLibrary(
            name: "CTurboJPEG", pkgConfig: "libturbojpeg", providers: [.apt(["libturbojpeg0-dev", "pkg-config"])]),
        .target(name: "CPNG", dependencies: ["CLibPNG", "CLibDeflate"]),
        .target(name: "CMemoryTuning"),
        .target(name: "ShapeGame"),
        .target(name: "PixelDiff", dependencies: ["CPNG"]),
        .target(name: "ShapeRendering", dependencies: ["CCairo", "CPNG", "PixelDiff", "ShapeGame"]),
        .target(
            name: "ShapeTurnsSnapshotTesting",
            dependencies: [
                "PixelDiff",
                .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
            ]
        ),
        .target(
            name: "ShapeRenderingSnapshotTesting",
            dependencies: [
                "ShapeRendering", "ShapeTurnsSnapshotTesting",
                .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
            ]
        ),
        .target(
            name: "ShapeTurns",
            dependencies: ["ShapeGame", "ShapeRendering", "CLibDeflate", "CLibArchive", "CLibCrypto"]),
        .target(
            name: "ShapeTurnsPlay",
            dependencies: [
                "ShapeTurns", "ShapeGame", "ShapeRendering",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
        // Reading scanned sheets back: its own target, so the facade builds without the scanning libraries.
        .target(
            name: "ShapeScan",
            dependencies: [
                "ShapeTurns", "ShapeRendering", "ShapeGame", "PixelDiff", "CAprilTag", "CPopplerGlib", "CLibTIFF",
                "CTurboJPEG",
            ]),
        .executableTarget(
            name: "ShapeTurnsCLI",
            dependencies: [
                "ShapeTurns",
                "ShapeTurnsPlay",
                "ShapeScan",
                "CMemoryTuning",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(name: "ShapeGameTests", dependencies: ["ShapeGame"]),
        .testTarget(
            name: "ShapeRenderingTests",
            dependencies: [
                "ShapeRendering", "ShapeGame", "ShapeRenderingSnapshotTesting", "CPNG", "PixelDiff",
                .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
            ]
        ),
        .testTarget(
            name: "ShapeTurnsSnapshotTestingTests",
            dependencies: [
                "ShapeTurnsSnapshotTesting", "ShapeRenderingSnapshotTesting", "ShapeRendering", "ShapeGame",
                .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
            ]
        ),
        .testTarget(
            name: "ShapeTurnsPlayTests",
            dependencies: [
                "ShapeTurnsPlay", "ShapeTurns", "ShapeGame",
                .product(name: "HummingbirdTesting", package: "hummingbird"),
            ]
        ),
        .testTarget(
            name: "ShapeTurnsCLITests", dependencies: ["ShapeTurnsCLI", "ShapeRendering", "ShapeTurns", "ShapeScan"]),
        .testTarget(
            name: "ShapeScanTests",
            dependencies: [
                "ShapeScan", "ScanSynthesis", "ShapeTurns", "ShapeRendering", "ShapeGame", "PixelDiff", "CAprilTag",
                "CCairo",
            ]),
        // The synthetic scan generator: the scanner's tests use it, and scan-benchmark runs it in a
        // release build for scripts/benchmark-scan's thousand-sheet runs.
        .target(
            name: "ScanSynthesis", dependencies: ["ShapeScan", "ShapeTurns", "ShapeRendering", "ShapeGame"],
            path: "Tests/ScanSynthesis"),
        .executableTarget(
            name: "scan-benchmark", dependencies: ["ScanSynthesis", "CMemoryTuning"], path: "Tests/ScanBenchmark"),
    ]
)

// As hummingbird does: `any` spelled out for every existential, and a member visible only
// where its module is imported.
for target in package.targets where target.type != .system && !["CPNG", "CMemoryTuning"].contains(target.name) {
    target.swiftSettings =
        (target.swiftSettings ?? []) + [
            .enableUpcomingFeature("ExistentialAny"),
            .enableUpcomingFeature("MemberImportVisibility"),
        ]
}
