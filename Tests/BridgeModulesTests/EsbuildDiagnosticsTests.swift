import Testing
@testable import BridgeModules

@Suite struct EsbuildDiagnosticsTests {
    /// What esbuild 0.17 writes with `--log-level=error --color=false`.
    static let sample = """
        ✘ [ERROR] Could not resolve "./nope"

            <inline module>:1:16:
              1 │ import {x} from "./nope";
                ╵                 ~~~~~~~~

        ✘ [ERROR] Could not resolve "vue"

            https://h.example/a (b):c.js:2:14:
              2 │ import y from "vue";
                ╵               ~~~~~

          You can mark the path "vue" as external to exclude it from the bundle, which will remove this error.

        ✘ [ERROR] Invalid alias name: "./m"

        ✘ [ERROR] The symbol "a" has already been declared

            src/a.js:2:4:
              2 │ let a;
                ╵     ^

          The symbol "a" was originally declared here:

            src/a.js:1:4:
              1 │ let a;
                ╵     ^

        """

    @Test("each error block gives its message and the first location, notes dropped")
    func parses() {
        #expect(EsbuildDiagnostics.parse(Self.sample) == [
            .init(message: "Could not resolve \"./nope\"", file: "<inline module>", line: 1, column: 16),
            .init(message: "Could not resolve \"vue\"", file: "https://h.example/a (b):c.js", line: 2, column: 14),
            .init(message: "Invalid alias name: \"./m\"", file: nil, line: nil, column: nil),
            .init(message: "The symbol \"a\" has already been declared", file: "src/a.js", line: 2, column: 4),
        ])
        #expect(EsbuildDiagnostics.parse("panic: something\ngoroutine 1").isEmpty)
    }

    @Test("unresolved bare names get a hint about import maps; paths do not")
    func hints() {
        #expect(EsbuildDiagnostics.hint(for: "Could not resolve \"vue\"")?.contains("importmap") == true)
        #expect(EsbuildDiagnostics.hint(for: "Could not resolve \"./x\"") == "(no such file)")
        #expect(EsbuildDiagnostics.hint(for: "Unexpected \";\"") == nil)
    }
}

@Suite struct ModuleSyntaxTests {
    @Test("extensions that always bundle", arguments: [
        ("app.ts", true), ("a.test.mjs", true), ("X.TSX", true), ("a.jsx", true), ("a.mts", true), ("main.cjs", true), ("a.js", false), ("dir.ts/a.js", false), ("ts", false),
    ])
    func extensions(_ path: String, _ expected: Bool) {
        #expect(ModuleSyntax.isModuleFile(path) == expected)
    }

    @Test("module syntax in .js text", arguments: [
        ("import { a } from './a.js';", false, true), ("  export default 1", false, true), ("import './side.js'", false, true),
        ("import*as x from 'y'", false, true), ("const m = await import('./m.js')", false, true),
        ("const a = require('./a')", true, true), ("const a = require('./a')", false, false),
        ("requirejs(['a'], f); x.require('b'); myrequire(\"c\")", true, false), ("// import x from 'y'", false, false),
        ("var important = 1; exports.x = 2", true, false), ("bridge.call('importData')", false, false),
        // Lines end at "\n" alone: a CRLF file is read line by line too.
        ("'use strict';\r\nimport x from 'y';\r\n", false, true), ("a();\r\n\texport { a }\r\n", false, true),
        ("x = 1;\n\nexportData();\nimportant();", true, false), ("import", false, false), ("export\n{ a }", false, false),
        // A name character before `require` (letters of any script, a combining mark) makes it another name.
        ("éxrequire('a')", true, false), ("e\u{301}require('a')", true, false), ("数require('a')", true, false),
        ("（require('a')）", true, true), ("f(require(x)); g = require(\"b\")", true, true), ("require(", true, false),
        ("x.require('a'); $require('b'); _require('c'); 9require('d')", true, false),
        // A byte order mark before the first line (a file saved by a Windows editor).
        ("\u{FEFF}import x from 'y';", false, true), ("\u{FEFF}export default 1", false, true), ("\u{FEFF}const important = 1", false, false),
    ])
    func detection(_ source: String, _ countingRequire: Bool, _ expected: Bool) {
        #expect(ModuleSyntax.usesModules(source, countingRequire: countingRequire) == expected)
    }
}
