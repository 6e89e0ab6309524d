import Foundation
import Testing

/// The README shows `Examples/Greeter` as it is: the code users copy is the code the tests
/// compile and run.
@Suite struct ReadmeExampleTests {
    @Test("the README's Greeter example is the compiled one", arguments: ["Examples/Greeter/Greeter.swift", "Examples/Greeter/GreeterTests.swift"])
    func readmeShowsTheFile(_ path: String) throws {
        let root = LayerRulesTests.root
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let file = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
        let marker = "<!-- \(path) -->\n```swift\n"
        let start = try #require(readme.range(of: marker), "README has no block marked \(path)")
        let rest = readme[start.upperBound...]
        let end = try #require(rest.range(of: "```\n"))
        #expect(String(rest[..<end.lowerBound]) == file, "README's copy of \(path) differs from the file")
    }
}
