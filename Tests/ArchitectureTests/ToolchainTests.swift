import Foundation
import Testing

/// Package.swift's tools version is what the code needs, and the README says the same.
@Suite struct ToolchainTests {
    static let root = LayerRulesTests.root

    static func text(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    @Test("tools version 6.2: the oldest toolchain with what the package uses (exit tests); the README names it")
    func toolsVersion() throws {
        let manifest = try Self.text("Package.swift")
        let first = try #require(manifest.split(separator: "\n").first)
        #expect(first == "// swift-tools-version: 6.2")
        // What needs 6.2: Swift Testing's exit tests. Without them, 6.0 would do (then lower both).
        let usesExitTests = LayerRulesTests.swiftFiles("Tests").contains { file in
            ((try? String(contentsOf: file, encoding: .utf8)) ?? "").contains("processExitsWith:")
        }
        #expect(usesExitTests, "nothing needs 6.2 any more: lower the tools version and the README's line")
        #expect(try Self.text("README.md").contains("Swift 6.2 or later"))
    }

    @Test("the VERSION file and BridgeRuntimeVersion agree")
    func version() throws {
        let version = try Self.text("VERSION").trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(version.split(separator: ".").count == 3 && version.allSatisfy { $0.isNumber || $0 == "." })
        #expect(try Self.text("Sources/BridgeCommandLine/Version.swift").contains("public let BridgeRuntimeVersion = \"\(version)\""))
    }

    @Test("a LICENSE (MIT) at the root, and the README mentions it")
    func license() throws {
        let license = try Self.text("LICENSE")
        #expect(license.hasPrefix("MIT License\n\nCopyright (c) 2026 the BridgeRuntime authors\n"))
        #expect(try Self.text("README.md").contains("[LICENSE](LICENSE)"))
    }
}
