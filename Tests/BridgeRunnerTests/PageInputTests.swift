import Foundation
import Testing
@testable import BridgeRunner
import BridgeSupport
@testable import BridgeTestRunner

/// One reader of page files for `bridge-run run` and `loadPage`: paths, `file:` URLs, URLs without
/// an offline package, unreadable and non-UTF-8 files, each worded for its caller.
@Suite struct PageInputTests {
    let dir: String = {
        let d = FileManager.default.temporaryDirectory.appendingPathComponent("page-input-\(UUID().uuidString)").path
        try? FileManager.default.createDirectory(atPath: d + "/sub", withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: d + "/sub/p.html", contents: Data("<p>x</p>".utf8))
        _ = FileManager.default.createFile(atPath: d + "/m.ts", contents: Data("export const a = 1;".utf8))
        _ = FileManager.default.createFile(atPath: d + "/bad.js", contents: Data([0x66, 0xff, 0xfe]))
        return d
    }()

    @Test func relativePathsAndFileURLsResolveAgainstTheBaseOfALoadPage() throws {
        let relative = try PageInput.resolve("sub/../sub/p.html", relativeTo: dir, offline: nil).get()
        #expect(relative.path == dir + "/sub/p.html" && relative.isHTML && !relative.isModule)
        #expect(relative.baseDirectory == dir + "/sub" && relative.pageURL.hasPrefix("file://") && relative.pageURL.hasSuffix("/sub/p.html"))
        let url = try PageInput.resolve("file://" + dir + "/m.ts", relativeTo: "/elsewhere", offline: nil, url: "https://app.example/m").get()
        #expect(url.path == dir + "/m.ts" && url.isModule && url.pageURL == "https://app.example/m")
    }

    /// `..` after a symbolic link is the link target's parent: the page's URL and the folder its
    /// relative scripts come from are where the file really is (as Foundation's
    /// `standardizedFileURL` had it), not the text with `lnk/..` removed.
    @Test func dotDotAfterASymbolicLinkIsTheTargetsParent() throws {
        let root = dir + "/site"
        try FileManager.default.createDirectory(atPath: root + "/app/pages", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: root + "/other", withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: root + "/app/pages/index.html", contents: Data("<p>x</p>".utf8))
        try FileManager.default.createSymbolicLink(atPath: root + "/other/lnk", withDestinationPath: "../app/pages")
        let real = try #require(PathText.resolvingLinks(root + "/app/pages"))
        let page = try PageInput.resolve(root + "/other/lnk/../pages/index.html", offline: nil).get()
        #expect(page.baseDirectory == real)
        #expect(page.pageURL == URL(fileURLWithPath: real + "/index.html").absoluteString)
        // Without `..` the path is taken as written, links and all.
        let direct = try PageInput.resolve(root + "/other/lnk/index.html", offline: nil).get()
        #expect(direct.baseDirectory == root + "/other/lnk")
        #expect(direct.pageURL == URL(fileURLWithPath: root + "/other/lnk/index.html").standardizedFileURL.absoluteString)
    }

    @Test func runTakesItsArgumentAsGivenAndNamesThePageByIt() throws {
        let page = try PageInput.resolve(dir + "/sub/p.html", offline: nil).get()
        #expect(page.displayName == dir + "/sub/p.html")
        #expect(throws: PageInput.Problem.unreadable(path: "file://" + dir + "/m.ts")) { try PageInput.resolve("file://" + dir + "/m.ts", offline: nil).get() }
    }

    @Test func problemsAreWordedForEachCaller() {
        let cases: [(String, PageInput.Problem, String, String)] = [
            ("https://x.example/", .needsOffline, "https://x.example/ is a URL; run it with --offline DIR", "loadPage(https://x.example/): a URL needs an offline package"),
            (dir + "/none.html", .unreadable(path: dir + "/none.html"), "cannot read \(dir)/none.html: no such file", "loadPage(\(dir)/none.html): cannot read \(dir)/none.html: no such file"),
            (dir + "/bad.js", .notUTF8(path: dir + "/bad.js"), "\(dir)/bad.js: not valid UTF-8 text", "loadPage(\(dir)/bad.js): \(dir)/bad.js is not valid UTF-8 text"),
        ]
        for (target, problem, run, load) in cases {
            #expect(throws: problem) { try PageInput.resolve(target, relativeTo: dir, offline: nil).get() }
            #expect(problem.message(for: target).hasPrefix(run), "\(problem.message(for: target))")
            #expect(problem.loadPageMessage(target).hasPrefix(load), "\(problem.loadPageMessage(target))")
        }
        let lookalike = PageInput.Problem.noRoute(root: "/pkg", lookalike: "https://k.example/Kids", escapes: false)
        #expect(lookalike.loadPageMessage("https://\u{212A}.example/Kids").contains("looks the same but is spelled with other Unicode code points"))
        #expect(PageInput.Problem.noRoute(root: "/pkg", lookalike: nil, escapes: true).message(for: "https://a/").hasSuffix("escapes the package root; refused"))
    }
}
