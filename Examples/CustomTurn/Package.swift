// swift-tools-version: 6.1
// Rendering a turn of your own with the ShapeTurns library, and reading a generated set's answer
// key. Building it needs Cairo's, libpng's and libdeflate's headers (apt-get install
// libcairo2-dev libpng-dev libdeflate-dev pkg-config).
import PackageDescription

let package = Package(
    name: "CustomTurn",
    platforms: [.macOS(.v13)],
    dependencies: [
        // In your package: .package(url: "https://github.com/YOU/ShapeTurns", branch: "main"),
        .package(name: "ShapeTurns", path: "../.."),
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.19.7"),
    ],
    targets: [
        .target(name: "CustomTurn", dependencies: [.product(name: "ShapeTurns", package: "ShapeTurns")]),
        .executableTarget(name: "custom-turn", dependencies: ["CustomTurn"]),
        .testTarget(
            name: "CustomTurnTests",
            dependencies: [
                "CustomTurn",
                .product(name: "ShapeGame", package: "ShapeTurns"),
                .product(name: "PixelDiff", package: "ShapeTurns"),
                .product(name: "ShapeRenderingSnapshotTesting", package: "ShapeTurns"),
                .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
            ],
            // The reference images swift-snapshot-testing records and reads.
            exclude: ["__Snapshots__"]
        ),
    ]
)
