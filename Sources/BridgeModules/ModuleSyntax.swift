/// Which files are modules: by extension, and for `.js` by a quick look at the text.
package enum ModuleSyntax {
    /// Extensions that are always bundled: ES modules and TypeScript/JSX.
    package static let moduleExtensions: Set<String> = ["mjs", "mts", "ts", "tsx", "jsx", "cts"]

    /// `true` for a file whose extension means "bundle it" (`app.ts`, `x.test.mjs`).
    package static func isModuleFile(_ path: String) -> Bool {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return false }
        return moduleExtensions.contains(path[path.index(after: dot)...].lowercased())
    }

    /// `true` when script text uses module syntax: a line that starts with an `import` or
    /// `export` statement, a dynamic `import("…")`, or — with `countingRequire` — a
    /// `require("…")` call. A quick scan, not a parse: a false positive only means the file is
    /// bundled (its top-level declarations then stay inside the bundle, as a module's do).
    package static func usesModules(_ source: String, countingRequire: Bool) -> Bool {
        for raw in source.split(separator: "\n", omittingEmptySubsequences: true) {
            let line = raw.drop { $0 == " " || $0 == "\t" }
            for keyword in ["import", "export"] where line.hasPrefix(keyword) {
                let next = line.dropFirst(keyword.count).first
                if next == " " || next == "{" || next == "*" || next == "\"" || next == "'" || next == "\t" { return true }
            }
            if line.contains("import(\"") || line.contains("import('") { return true }
            if countingRequire, Self.callsRequire(line) { return true }
        }
        return false
    }

    private static func callsRequire(_ line: Substring) -> Bool {
        var rest = line
        while let range = rest.firstRange(of: "require(") {
            let before: Character? = rest[..<range.lowerBound].last
            let after: Character? = rest[range.upperBound...].first
            let quoted = after == "\"" || after == "'"
            if quoted && !(before.map(Self.continuesName) ?? false) { return true }
            rest = rest[range.upperBound...]
        }
        return false
    }

    /// A character that makes `require` part of a longer name or a member (`x.require`).
    private static func continuesName(_ c: Character) -> Bool {
        c.isLetter || c.isNumber || c == "_" || c == "$" || c == "."
    }
}
