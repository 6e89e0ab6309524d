// swift-tools-version: 6.2
import PackageDescription

/// Strict settings applied to every target in one place.
let strictSettings: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
    name: "BridgeRuntime",
    products: [
        .library(name: "BridgeRuntime", targets: ["BridgeRuntime"]),
        .executable(name: "bridge-run", targets: ["bridge-run"]),
        .executable(name: "example-runner", targets: ["ExampleRunner"]),
        .executable(name: "bridge-bench", targets: ["BridgeBench"]),
    ],
    targets: [
        .systemLibrary(
            name: "CJSC",
            pkgConfig: "javascriptcoregtk-4.1",
            providers: [.apt(["libjavascriptcoregtk-4.1-dev"])]
        ),
        .target(
            name: "BridgeRuntime",
            dependencies: ["CJSC"],
            swiftSettings: strictSettings
        ),
        .executableTarget(
            name: "bridge-run",
            dependencies: ["BridgeRuntime"],
            swiftSettings: strictSettings
        ),
        .executableTarget(
            name: "ExampleRunner",
            dependencies: ["BridgeRuntime"],
            path: "Examples/CustomRunner",
            exclude: ["greeter.js", "README.md"],
            swiftSettings: strictSettings
        ),
        .executableTarget(
            name: "BridgeBench",
            dependencies: ["BridgeRuntime"],
            path: "Benchmarks/BridgeBench",
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "BridgeRuntimeTests",
            dependencies: ["BridgeRuntime"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "bridge-runTests",
            dependencies: ["BridgeRuntime"],
            swiftSettings: strictSettings
        ),
    ]
)
