// swift-tools-version:6.0
import PackageDescription

/// Release builds skip the run-time exclusivity checks on class properties
/// (`Session`, the output writer): a command is single-threaded and the checks
/// cost about 5 % of a command (docs/performance.md). Debug builds, which the
/// tests use, keep them.
let releaseSettings: [SwiftSetting] = [
    .unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release)),
]

let package = Package(
    name: "navsh",
    products: [
        .executable(name: "navsh", targets: ["navsh"]),
        .executable(name: "navsh-fuzz", targets: ["NavFuzz"]),
        .library(name: "NavScript", targets: ["NavScript"]),
        .library(name: "NavigationEngine", targets: ["NavigationEngine"]),
    ],
    targets: [
        .target(name: "NavigationEngine"),
        .target(name: "NavScript", dependencies: ["NavigationEngine"], swiftSettings: releaseSettings),
        .systemLibrary(name: "CReadline", path: "Sources/CReadline"),
        .executableTarget(name: "navsh", dependencies: ["NavScript", "CReadline"], swiftSettings: releaseSettings),
        .executableTarget(name: "NavFuzz", dependencies: ["NavScript"]),
        .testTarget(name: "NavigationEngineTests", dependencies: ["NavigationEngine"]),
        .testTarget(name: "NavScriptTests", dependencies: ["NavScript"]),
        .testTarget(name: "navshTests", dependencies: []),
    ],
    swiftLanguageModes: [.v6]
)
