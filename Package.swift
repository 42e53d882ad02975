// swift-tools-version: 6.1
import PackageDescription

// The commit `--version` names. scripts/package passes it as SHAPETURNS_COMMIT (`git rev-parse
// --short HEAD`); a plain build names none. Only CBuildInfo, one C function, is compiled with it.
let buildCommit = Context.environment["SHAPETURNS_COMMIT"].flatMap { commit in
    !commit.isEmpty && commit.count <= 40 && commit.allSatisfy(\.isHexDigit) ? commit : nil
}

// The house, from the ground up (docs/architecture.md has the picture): C libraries; the model
// (ShapeGame) and the image library (PixelDiff); the renderer (ShapeRendering); the core every
// room uses (errors, bounded input, the output policy); the rooms (sets, classroom, compare,
// scan, play); the umbrella `ShapeTurns`; and three executables. Each target depends only on
// targets below it. `shapeturns` links neither the scanner's libraries nor the web server:
// `shapeturns scan` and `shapeturns play` run the executables `shapeturns-scan` and
// `shapeturns-play`, as git runs its subcommands.
let package = Package(
    name: "ShapeTurns",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "shapeturns", targets: ["ShapeTurnsFront"]),
        .executable(name: "shapeturns-cli", targets: ["ShapeTurnsCLI"]),
        .executable(name: "shapeturns-scan", targets: ["ShapeScanCLI"]),
        .executable(name: "shapeturns-play", targets: ["ShapeTurnsPlayCLI"]),
        .library(name: "ShapeTurns", targets: ["ShapeTurns"]),
        .library(name: "ShapeTurnsCompare", targets: ["ShapeTurnsCompare"]),
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
        // `shapeturns-play`'s web server; only ShapeTurnsPlay links it. Its default traits bring
        // swift-configuration and full Foundation, which nothing here uses.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: []),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
    ],
    targets: [
        // C libraries.
        .systemLibrary(name: "CCairo", pkgConfig: "cairo", providers: [.apt(["libcairo2-dev", "pkg-config"])]),
        // Pango on Cairo: worksheet text with fontconfig's font fallback, shaping and bidi. Only
        // CPangoText includes it: the few calls ShapeRendering makes, behind a header without
        // glib's types, which would collide in Swift with poppler-glib's.
        .systemLibrary(
            name: "CPango", pkgConfig: "pangocairo", providers: [.apt(["libpango1.0-dev", "pkg-config"])]),
        .systemLibrary(name: "CLibPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev", "pkg-config"])]),
        .systemLibrary(
            name: "CLibDeflate", pkgConfig: "libdeflate", providers: [.apt(["libdeflate-dev", "pkg-config"])]),
        .systemLibrary(
            name: "CLibArchive", pkgConfig: "libarchive", providers: [.apt(["libarchive-dev", "pkg-config"])]),
        .systemLibrary(name: "CLibCrypto", pkgConfig: "libcrypto", providers: [.apt(["libssl-dev", "pkg-config"])]),
        // JPEG and WebP images for compare (and the scanner's JPEG photos).
        .systemLibrary(name: "CWebP", pkgConfig: "libwebp", providers: [.apt(["libwebp-dev", "pkg-config"])]),
        // The scanner's libraries (ShapeScan only): AprilTag fiducials, PDF pages, TIFF pages, JPEG photos.
        .systemLibrary(
            name: "CAprilTag", pkgConfig: "apriltag", providers: [.apt(["libapriltag-dev", "pkg-config"])]),
        .systemLibrary(
            name: "CPopplerGlib", pkgConfig: "poppler-glib", providers: [.apt(["libpoppler-glib-dev", "pkg-config"])]),
        .systemLibrary(name: "CLibTIFF", pkgConfig: "libtiff-4", providers: [.apt(["libtiff-dev", "pkg-config"])]),
        .systemLibrary(
            name: "CTurboJPEG", pkgConfig: "libturbojpeg", providers: [.apt(["libturbojpeg0-dev", "pkg-config"])]),
        .target(name: "CPNG", dependencies: ["CLibPNG", "CLibDeflate"]),
        .target(name: "CPangoText", dependencies: ["CPango"]),
        .target(name: "CMemoryTuning"),
        // The one Swift wrapper of libjpeg-turbo, for compare's screenshots and scan's pages.
        .target(name: "TurboJPEG", dependencies: ["CTurboJPEG"]),
        .target(name: "CBuildInfo", cSettings: buildCommit.map { [.define("SHAPETURNS_COMMIT", to: "\"\($0)\"")] }),

        // The model, the image library and the renderer.
        .target(name: "ShapeGame"),
        .target(name: "PixelDiff", dependencies: ["CPNG"]),
        .target(name: "ShapeRendering", dependencies: ["CCairo", "CPangoText", "CPNG", "PixelDiff", "ShapeGame"]),

        // The core: errors, bounded input, the output policy and its writers.
        .target(name: "ShapeTurnsCore", dependencies: ["CLibDeflate"]),
        // The answer key's records and their JSON: what sets write and the other rooms read.
        .target(
            name: "ShapeTurnsAnswerKey", dependencies: ["ShapeTurnsCore", "ShapeRendering", "PixelDiff", "ShapeGame"]),

        // The rooms.
        .target(
            name: "ShapeTurnsSets",
            dependencies: [
                "ShapeTurnsAudit", "ShapeTurnsAnswerKey", "ShapeTurnsCore", "ShapeRendering", "ShapeGame",
                "CLibArchive",
                "CLibCrypto",
            ]),
        // The shortcut audit: which rules other than area could solve a set's turns, fitted and
        // scored on held-out turns (`shapeturns audit`, the manifest's and card's audit).
        .target(
            name: "ShapeTurnsAudit",
            dependencies: ["ShapeTurnsAnswerKey", "ShapeTurnsCore", "ShapeRendering", "ShapeGame"]),
        .target(
            name: "ShapeTurnsClassroom",
            dependencies: ["ShapeTurnsSets", "ShapeTurnsCore", "ShapeRendering", "ShapeGame"]
        ),
        .target(name: "ShapeTurnsCompare", dependencies: ["ShapeTurnsCore", "PixelDiff", "TurboJPEG", "CWebP"]),
        .target(
            name: "ShapeScan",
            dependencies: [
                "ShapeTurnsClassroom", "ShapeTurnsSets", "ShapeTurnsAnswerKey", "ShapeTurnsCore", "ShapeRendering",
                "ShapeGame", "PixelDiff",
                "CAprilTag", "CPopplerGlib", "CLibTIFF", "TurboJPEG",
            ]),
        .target(
            name: "ShapeTurnsPlay",
            dependencies: [
                "ShapeTurnsClassroom", "ShapeTurnsSets", "ShapeTurnsAnswerKey", "ShapeTurnsCore", "ShapeGame",
                "ShapeRendering",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
            ]
        ),

        // The umbrella people import, and the snapshot-testing libraries.
        .target(
            name: "ShapeTurns",
            dependencies: [
                "ShapeTurnsCore", "ShapeTurnsAnswerKey", "ShapeTurnsSets", "ShapeTurnsAudit", "ShapeTurnsClassroom",
                "ShapeTurnsCompare", "ShapeRendering", "ShapeGame",
            ]),
        .target(
            name: "ShapeTurnsSnapshotTesting",
            dependencies: ["PixelDiff", .product(name: "SnapshotTesting", package: "swift-snapshot-testing")]
        ),
        .target(
            name: "ShapeRenderingSnapshotTesting",
            dependencies: [
                "ShapeRendering", "ShapeTurnsSnapshotTesting",
                .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
            ]
        ),

        // The command line: what the three executables share, and the executables.
        .target(
            name: "ShapeTurnsCommandSupport",
            dependencies: [
                "ShapeTurnsClassroom", "ShapeTurnsSets", "ShapeTurnsAnswerKey", "ShapeTurnsCore", "ShapeGame",
                "ShapeRendering",
                "CMemoryTuning", "CBuildInfo", .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        // `shapeturns`: a two-image compare answered without Foundation or ArgumentParser (it starts
        // in a millisecond); every other command line runs `shapeturns-cli` in its place.
        .executableTarget(name: "ShapeTurnsFront", dependencies: ["PixelDiff", "CMemoryTuning"]),
        .executableTarget(
            name: "ShapeTurnsCLI",
            dependencies: [
                "ShapeTurnsCommandSupport", "ShapeTurnsCompare", "ShapeTurnsClassroom", "ShapeTurnsSets",
                "ShapeTurnsAudit",
                "ShapeTurnsAnswerKey",
                "ShapeTurnsCore", "ShapeRendering", "ShapeGame", "PixelDiff",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(
            name: "ShapeScanCLI",
            dependencies: [
                "ShapeScan", "ShapeTurnsCommandSupport", "ShapeTurnsClassroom", "ShapeTurnsSets", "ShapeTurnsAnswerKey",
                "ShapeTurnsCore",
                "ShapeRendering",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(
            name: "ShapeTurnsPlayCLI",
            dependencies: [
                "ShapeTurnsPlay", "ShapeTurnsCommandSupport", "ShapeTurnsClassroom", "ShapeTurnsSets",
                "ShapeTurnsAnswerKey", "ShapeTurnsCore",
                "ShapeGame", .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),

        // A test target per library target, named after it, testing the library in process;
        // ShapeTurnsCLITests runs the built executables where the command line is the subject.
        .testTarget(name: "CPNGTests", dependencies: ["CPNG"]),
        .testTarget(name: "CMemoryTuningTests", dependencies: ["CMemoryTuning"]),
        .testTarget(name: "TurboJPEGTests", dependencies: ["TurboJPEG"]),
        .testTarget(name: "ShapeGameTests", dependencies: ["ShapeGame"]),
        .testTarget(name: "PixelDiffTests", dependencies: ["PixelDiff"]),
        .testTarget(
            name: "ShapeRenderingTests",
            dependencies: [
                "ShapeRendering", "ShapeGame", "ShapeRenderingSnapshotTesting", "CPNG", "PixelDiff",
                .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
            ]
        ),
        .testTarget(name: "ShapeTurnsCoreTests", dependencies: ["ShapeTurnsCore"]),
        .testTarget(
            name: "ShapeTurnsAnswerKeyTests",
            dependencies: ["ShapeTurnsAnswerKey", "ShapeTurnsCore", "ShapeRendering", "ShapeGame"]),
        .testTarget(
            name: "ShapeTurnsSetsTests",
            dependencies: ["ShapeTurnsSets", "ShapeTurnsCore", "ShapeRendering", "ShapeGame"]),
        .testTarget(
            name: "ShapeTurnsClassroomTests",
            dependencies: [
                "ShapeTurnsClassroom", "ShapeTurnsSets", "ShapeTurnsAnswerKey", "ShapeTurnsCore", "ShapeGame",
            ]),
        .testTarget(
            name: "ShapeTurnsCompareTests", dependencies: ["ShapeTurnsCompare", "ShapeTurnsCore", "PixelDiff"]),
        .testTarget(name: "ShapeTurnsTests", dependencies: ["ShapeTurns"]),
        .testTarget(
            name: "ShapeTurnsSnapshotTestingTests",
            dependencies: [
                "ShapeTurnsSnapshotTesting", "PixelDiff",
                .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
            ]
        ),
        .testTarget(
            name: "ShapeRenderingSnapshotTestingTests",
            dependencies: [
                "ShapeRenderingSnapshotTesting", "ShapeRendering", "ShapeGame",
                .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
            ]
        ),
        .testTarget(
            name: "ShapeTurnsCommandSupportTests",
            dependencies: ["ShapeTurnsCommandSupport", "ShapeTurnsCore", "ShapeTurnsSets", "ShapeTurnsClassroom"]),
        .testTarget(
            name: "ShapeTurnsPlayTests",
            dependencies: [
                "ShapeTurnsPlay", "ShapeTurns", "ShapeTurnsClassroom", "ShapeTurnsSets", "ShapeTurnsAnswerKey",
                "ShapeTurnsCore", "ShapeGame",
                .product(name: "HummingbirdTesting", package: "hummingbird"),
            ]
        ),
        .testTarget(
            name: "ShapeScanTests",
            dependencies: [
                "ShapeScan", "ScanSynthesis", "ShapeTurns", "ShapeTurnsClassroom", "ShapeTurnsSets",
                "ShapeTurnsAnswerKey", "ShapeTurnsCore", "ShapeRendering", "ShapeGame", "PixelDiff", "CAprilTag",
                "CCairo",
            ]),
        .testTarget(
            name: "ShapeTurnsCLITests",
            dependencies: [
                "ShapeTurnsCLI", "ShapeTurnsCommandSupport", "ShapeScan", "ShapeTurns", "ShapeTurnsCore",
                "ShapeTurnsSets",
                "ShapeTurnsClassroom", "ShapeTurnsCompare", "ShapeRendering", "ShapeGame", "PixelDiff",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        // The synthetic scan generator: the scanner's tests use it, and scan-benchmark runs it in a
        // release build for scripts/benchmark-scan's thousand-sheet runs.
        .target(
            name: "ScanSynthesis",
            dependencies: [
                "ShapeScan", "ShapeTurns", "ShapeTurnsClassroom", "ShapeTurnsSets", "ShapeTurnsAnswerKey",
                "ShapeTurnsCore", "ShapeRendering", "ShapeGame",
            ],
            path: "Tests/ScanSynthesis"),
        .executableTarget(
            name: "scan-benchmark", dependencies: ["ScanSynthesis", "CMemoryTuning"], path: "Tests/ScanBenchmark"),
    ]
)

// As hummingbird does: `any` spelled out for every existential, and a member visible only
// where its module is imported.
for target in package.targets
where target.type != .system && !["CPNG", "CPangoText", "CMemoryTuning", "CBuildInfo"].contains(target.name) {
    target.swiftSettings =
        (target.swiftSettings ?? []) + [
            .enableUpcomingFeature("ExistentialAny"),
            .enableUpcomingFeature("MemberImportVisibility"),
        ]
}
