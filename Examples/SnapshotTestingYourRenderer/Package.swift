// swift-tools-version: 6.1
// A renderer of your own, with no Cairo, snapshot-tested on Linux with ShapeTurnsSnapshotTesting.
// Building it needs only libpng's and libdeflate's headers (apt-get install libpng-dev
// libdeflate-dev pkg-config), not Cairo's.
import PackageDescription

let package = Package(
    name: "SnapshotTestingYourRenderer",
    platforms: [.macOS(.v13)],
    // snippet.package-manifest
    dependencies: [
        // From GitHub: .package(url: "https://github.com/YOU/ShapeTurns", branch: "main"),
        // From a checkout, with its name: a package by path is otherwise known by its folder's
        // name, lowercased, and `package: "ShapeTurns"` below finds it only if the folder is
        // called so in any case (ShapeTurns, shapeturns; not ShapeTurns-main).
        .package(name: "ShapeTurns", path: "../.."),
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.19.7"),
    ],
    targets: [
        // The renderer under test: plain Swift, no dependency at all.
        .target(name: "BadgeRenderer"),
        // snippet.test-target
        .testTarget(
            name: "BadgeRendererTests",
            dependencies: [
                "BadgeRenderer",
                .product(name: "ShapeTurnsSnapshotTesting", package: "ShapeTurns"),
                .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
            ],
            // The reference images swift-snapshot-testing records and reads.
            exclude: ["__Snapshots__"]
        ),
        // snippet.end
    ]
    // snippet.end
)
