import Foundation
import Testing
@testable import BridgePage

/// The load-time mending of Debian's domino: every fix still finds its text in the installed
/// files (a new domino that moved the text would silently lose the fix), and the byte-wise
/// replacement agrees with `String.replacing`.
@Suite struct DominoLibraryTests {
    @Test func everyFixFindsItsTextExactlyOnceInTheInstalledLibrary() throws {
        for fix in DominoLibrary.fixes {
            let source = try String(contentsOfFile: DominoLibrary.defaultDirectory + "/" + fix.file, encoding: .utf8)
            #expect(source.ranges(of: fix.text).count == 1, "\(fix.file): \(fix.text.prefix(50))")
            let mended = DominoLibrary.replacingEvery(fix.text, with: fix.replacement, in: source)
            #expect(mended == source.replacing(fix.text, with: fix.replacement))
            #expect(mended.split(separator: "\n", omittingEmptySubsequences: false).count == source.split(separator: "\n", omittingEmptySubsequences: false).count, "a fix keeps the line count (error lines stay exact)")
        }
    }

    @Test(arguments: [
        ("", "ab", "x"), ("abc", "ab", "x"), ("abab", "ab", "x"), ("aab", "ab", "ba"), ("no match", "zz", "y"), ("é—漢字 ab é", "ab", "ü"), ("ab", "ab", ""),
    ])
    func replacesEveryOccurrenceAsStringReplacingDoes(_ source: String, _ text: String, _ replacement: String) {
        #expect(DominoLibrary.replacingEvery(text, with: replacement, in: source) == source.replacing(text, with: replacement))
    }
}
