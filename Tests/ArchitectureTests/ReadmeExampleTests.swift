import Foundation
import Testing

/// The README shows `Examples/Greeter` and `Examples/testing/checkout.test.js` as they are: the
/// code users copy is the code the tests compile and run.
@Suite struct ReadmeExampleTests {
    @Test(
        "the README's examples are the files the tests compile and run",
        arguments: ["Examples/Greeter/Greeter.swift", "Examples/Greeter/GreeterTests.swift", "Examples/testing/checkout.test.js"])
    func readmeShowsTheFile(_ path: String) throws {
        let root = LayerRulesTests.root
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let file = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
        let marker = "<!-- \(path) -->\n```\(path.hasSuffix(".js") ? "js" : "swift")\n"
        let start = try #require(readme.range(of: marker), "README has no block marked \(path)")
        let rest = readme[start.upperBound...]
        let end = try #require(rest.range(of: "```\n"))
        #expect(String(rest[..<end.lowerBound]) == file, "README's copy of \(path) differs from the file")
    }
}
