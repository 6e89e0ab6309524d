import Foundation
import Testing
@testable import BridgeSupport

/// The Foundation-free path and text helpers give the answers Foundation gave (the runtime used
/// `NSString` path methods, `URL(fileURLWithPath:)` and `trimmingCharacters` before).
struct PathTextTests {
    static let paths = [
        "a", "a/b", "/a/b", "/a/b/", "a//b", "/", "", ".", "..", "./a", "a/./b", "a/../b", "/a/../..", "/a/b/../../..", "../a", "a/b/..",
        "x.js", "dir/x.test.js", "/t/.hidden", "/t/.hidden.js", "/t/a.b/c", "/t/a.b/c.d",
    ]

    @Test("appending and standardizing agree with NSString", arguments: paths)
    func agreesWithNSString(_ path: String) {
        let ns = path as NSString
        #expect(PathText.appending("x.js", to: path) == ns.appendingPathComponent("x.js"), "appending to \(path)")
        if path.hasPrefix("/") {
            #expect(PathText.standardized(path) == ns.standardizingPath, "standardized \(path)")
        }
    }

    @Test("absolute paths agree with URL(fileURLWithPath:)", arguments: ["page.js", "dir/../page.js", "/tmp/a b/ü#1?.js", "/tmp/x/./y.html", "/a;b=c/@d"])
    func agreesWithURL(_ path: String) {
        #expect(PathText.absolute(path) == URL(fileURLWithPath: path).standardizedFileURL.path)
    }

    /// Every printable ASCII character, a control character, Latin, CJK and astral letters, a
    /// combining mark, `.`/`..` components, a trailing slash, and relative paths.
    static let urlPaths = [
        "page.js", "dir/../page.js", "./a/../b c.js", "/tmp/a b/ü#1?.js", "/tmp/x/./y.html", "/a;b=c/@d",
        "/t/" + (32...126).map { String(UnicodeScalar(UInt8($0))) }.joined(separator: "").replacingOccurrences(of: "/", with: "") + ".js",
        "/t/\u{7}bell", "/t/漢字/😀.html", "/t/e\u{301}.js", "/t/%41%zz.js", "/t/dir/", "/", "/t/a//b.js",
    ]

    @Test("file URLs agree with URL(fileURLWithPath:).standardizedFileURL.absoluteString", arguments: urlPaths)
    func fileURLAgreesWithURL(_ path: String) {
        #expect(PathText.fileURL(path) == URL(fileURLWithPath: path).standardizedFileURL.absoluteString, "\(path)")
    }

    @Test("the directory of an absolute path", arguments: [("/a/b.js", "/a"), ("/a", "/"), ("/", "/"), ("/a/b/c", "/a/b"), ("b.js", ".")])
    func directory(_ path: String, _ expected: String) {
        #expect(PathText.directory(of: path) == expected)
        if path.hasPrefix("/"), path != "/" {
            #expect(PathText.directory(of: path) == URL(fileURLWithPath: path).deletingLastPathComponent().path)
        }
    }

    @Test("trimming white space agrees with trimmingCharacters(in: .whitespacesAndNewlines)",
          arguments: ["", " ", "a", "  a b  ", "\n\ta\r\n", "\u{3000}全角\u{3000}", "\u{A0}x\u{2028}", "x\u{200B}", "😀 ", " é\u{301} "])
    func trimming(_ text: String) {
        #expect(text.trimmingWhitespace() == text.trimmingCharacters(in: .whitespacesAndNewlines))
    }
}

