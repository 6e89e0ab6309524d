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
        // Texts that start with white space (looked for by their first other byte), or are all of it.
        ("  a  a", "  a", "x"), ("a  a  a", "  a", "x"), ("\n\n x\n x", "\n x", "y"), ("     ", "  ", "z"), (" \t b", "\t b", "c"), ("  ", "   ", "q"),
    ])
    func replacesEveryOccurrenceAsStringReplacingDoes(_ source: String, _ text: String, _ replacement: String) {
        #expect(DominoLibrary.replacingEvery(text, with: replacement, in: source) == source.replacing(text, with: replacement))
    }

    @Test func anEmptyTextReplacesNothing() {
        #expect(DominoLibrary.replacingEvery("", with: "x", in: "abc") == "abc")
        #expect(DominoLibrary.replacingEvery("", with: "x", in: "") == "")
    }

    @Test func everySymbolMemberIsFoundAndNoneIsLeftInTheInstalledLibrary() throws {
        for rename in DominoLibrary.symbolMembers {
            let source = try String(contentsOfFile: DominoLibrary.defaultDirectory + "/" + rename.file, encoding: .utf8)
            let mended = DominoLibrary.replacingMember(rename.member, with: rename.symbol, in: source)
            #expect(mended != source, "\(rename.file): no this.\(rename.member)")
            #expect(DominoLibrary.replacingMember(rename.member, with: rename.symbol, in: mended) == mended, "\(rename.file): this.\(rename.member) left")
            #expect(mended.split(separator: "\n", omittingEmptySubsequences: false).count == source.split(separator: "\n", omittingEmptySubsequences: false).count)
            // The symbol is declared by a fix of the same file.
            #expect(DominoLibrary.fixes.contains { $0.file == rename.file && $0.replacement.contains("var ") && $0.replacement.contains(rename.symbol + " = SymbolCtor(") })
        }
    }

    @Test(arguments: [
        ("this.root = r;", "this[S] = r;"), ("(this.root)", "(this[S])"), ("this.roots; this.root_", "this.roots; this.root_"),
        ("a.this.root", "a.this.root"), ("xthis.root", "xthis.root"), ("this.root.x(this.root)", "this[S].x(this[S])"), ("this.root", "this[S]"), ("", ""),
    ])
    func replacesOnlyWholeMembersOfThis(_ source: String, _ expected: String) {
        #expect(DominoLibrary.replacingMember("root", with: "S", in: source) == expected)
    }
}
