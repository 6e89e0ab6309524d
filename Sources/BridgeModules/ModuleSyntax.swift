/// Which files are modules: by extension, and for `.js` by a quick look at the text.
package enum ModuleSyntax {
    /// Extensions that are always bundled: ES and CommonJS modules, TypeScript/JSX.
    package static let moduleExtensions: Set<String> = ["mjs", "cjs", "mts", "ts", "tsx", "jsx", "cts"]

    /// `true` for a file whose extension means "bundle it" (`app.ts`, `x.test.mjs`).
    package static func isModuleFile(_ path: String) -> Bool {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return false }
        return moduleExtensions.contains(path[path.index(after: dot)...].lowercased())
    }

    /// `true` when script text uses module syntax: a line that starts with an `import` or
    /// `export` statement, a dynamic `import("…")`, or — with `countingRequire` — a
    /// `require("…")` call. A quick scan, not a parse: a false positive only means the file is
    /// bundled (its top-level declarations then stay inside the bundle, as a module's do).
    ///
    /// The scan reads the UTF-8 bytes (lines end at `\n`, so a CRLF text is read line by line
    /// too): it runs on every `.js` page before the page starts, and a search by `Character`
    /// took the standard library's string-processing module into every run (its code and tables
    /// are ~250 KiB of a `bridge-run run`'s resident set).
    package static func usesModules(_ source: String, countingRequire: Bool) -> Bool {
        var source = source
        return source.withUTF8 { text in
            // A byte order mark (a file saved by a Windows editor) is not part of the first line.
            var lineStart = text.count >= 3 && text[0] == 0xEF && text[1] == 0xBB && text[2] == 0xBF ? 3 : 0
            while lineStart < text.count {
                var lineEnd = lineStart
                while lineEnd < text.count, text[lineEnd] != UInt8(ascii: "\n") { lineEnd += 1 }
                let line = UnsafeBufferPointer(rebasing: text[lineStart..<lineEnd])
                if Self.lineUsesModules(line, countingRequire: countingRequire) { return true }
                lineStart = lineEnd + 1
            }
            return false
        }
    }

    private static let importKeyword = Array("import".utf8)
    private static let exportKeyword = Array("export".utf8)
    private static let dynamicImports = [Array("import(\"".utf8), Array("import('".utf8)]
    private static let requireCall = Array("require(".utf8)

    private static func lineUsesModules(_ line: UnsafeBufferPointer<UInt8>, countingRequire: Bool) -> Bool {
        var first = 0
        while first < line.count, line[first] == UInt8(ascii: " ") || line[first] == UInt8(ascii: "\t") { first += 1 }
        for keyword in [importKeyword, exportKeyword] where Self.matches(keyword, in: line, at: first) {
            let next = first + keyword.count
            if next < line.count, Self.startsStatement(line[next]) { return true }
        }
        for pattern in dynamicImports where Self.find(pattern, in: line, from: first) != nil { return true }
        guard countingRequire else { return false }
        var from = first
        while let at = Self.find(requireCall, in: line, from: from) {
            let after = at + requireCall.count
            let quoted = after < line.count && (line[after] == UInt8(ascii: "\"") || line[after] == UInt8(ascii: "'"))
            if quoted && !Self.continuesName(before: at, in: line) { return true }
            from = after
        }
        return false
    }

    /// What may follow `import`/`export` in a statement: a space, tab, `{`, `*` or a quote.
    private static func startsStatement(_ c: UInt8) -> Bool {
        c == UInt8(ascii: " ") || c == UInt8(ascii: "\t") || c == UInt8(ascii: "{") || c == UInt8(ascii: "*")
            || c == UInt8(ascii: "\"") || c == UInt8(ascii: "'")
    }

    private static func matches(_ pattern: [UInt8], in line: UnsafeBufferPointer<UInt8>, at i: Int) -> Bool {
        guard i + pattern.count <= line.count else { return false }
        for k in pattern.indices where line[i + k] != pattern[k] { return false }
        return true
    }

    private static func find(_ pattern: [UInt8], in line: UnsafeBufferPointer<UInt8>, from: Int) -> Int? {
        var i = from
        while i + pattern.count <= line.count {
            if line[i] == pattern[0], matches(pattern, in: line, at: i) { return i }
            i += 1
        }
        return nil
    }

    /// Whether the character before `at` makes `require` part of a longer name or a member
    /// (`x.require`, `myrequire`): a letter, digit, `_`, `$` or `.`, or a combining mark.
    private static func continuesName(before at: Int, in line: UnsafeBufferPointer<UInt8>) -> Bool {
        guard at > 0 else { return false }
        let c = line[at - 1]
        if c < 0x80 {
            return (c >= UInt8(ascii: "a") && c <= UInt8(ascii: "z")) || (c >= UInt8(ascii: "A") && c <= UInt8(ascii: "Z"))
                || (c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9")) || c == UInt8(ascii: "_") || c == UInt8(ascii: "$") || c == UInt8(ascii: ".")
        }
        // The scalar that ends there: back over continuation bytes to its lead byte.
        var start = at - 1
        while start > 0, line[start] & 0xC0 == 0x80 { start -= 1 }
        var decoder = UTF8()
        var bytes = UnsafeBufferPointer(rebasing: line[start..<at]).makeIterator()
        guard case .scalarValue(let scalar) = decoder.decode(&bytes) else { return false }
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
             .decimalNumber, .letterNumber, .otherNumber, .nonspacingMark, .spacingMark, .enclosingMark:
            return true
        default:
            return false
        }
    }
}
