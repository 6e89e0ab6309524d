import Foundation
import Testing

@testable import BridgeRuntime

/// A `DOMException` is reported at the page line that threw it or called in: domino's own
/// errors had an empty stack (the run named no line), and the page layer's constructor gave its
/// own line with no file (a run reported `line 1369`).
@Suite struct DOMErrorLocationTests {
    static func file(_ name: String, _ text: String) throws -> String { try CLI.file(name, text) }

    @Test func dominosErrorsNameThePageLine() async throws {
        let page = try Self.file("tree.html", "<html><body><script>\nconsole.log(1);\ndocument.body.appendChild(document);\n</script></body></html>")
        let r = try await CLI.run(["run", page])
        #expect(r.status == 1)
        #expect(r.errorLines == ["bridge-run: \(page) (inline script #1):3: uncaught HierarchyRequestError: The operation would yield an incorrect node tree."])
        let script = try Self.file("tree.js", "console.log(1);\ntry { document.body.appendChild(document); } catch (e) { console.log(e.name, /tree\\.js:2:/.test(e.stack)); }\ndocument.createElement('a b');\n")
        let s = try await CLI.run(["run", script])
        #expect(s.lines == ["1", "HierarchyRequestError true"])
        #expect(s.errorLines == ["bridge-run: \(script):3: uncaught InvalidCharacterError: String contains an invalid character."])
    }

    @Test func aPageMadeDOMExceptionIsPlacedWhereItWasMade() async throws {
        let script = try Self.file("made.js", "console.log(1);\n\nthrow new DOMException('no', 'SyntaxError');\n")
        let r = try await CLI.run(["run", script])
        #expect(r.errorLines == ["bridge-run: \(script):3: uncaught SyntaxError: no"])
    }

    @Test func anInlineHandlersDOMExceptionIsNamedAfterTheHandler() async throws {
        // They were placed at the click() that called the handler: the DOM's own frames (the
        // page layer's constructor, domino's modules) came before the handler's.
        let page = try Self.file("h.html", """
            <html><body><div id=a></div>
            <button id=b onclick="document.getElementById('a').appendChild(document.documentElement)">b</button>
            <button id=c onclick="throw new DOMException('c', 'NotFoundError')">c</button>
            <script>
            document.getElementById('b').click();
            document.getElementById('c').click();
            </script></body></html>
            """)
        let r = try await CLI.run(["run", page])
        #expect(r.errorLines == [
            "bridge-run: \(page) (onclick handler): uncaught HierarchyRequestError: The operation would yield an incorrect node tree.",
            "bridge-run: \(page) (onclick handler): uncaught NotFoundError: c",
        ])
    }
}
