/// The text format of a snapshot file, `__snapshots__/<test file>.snap` beside the test file.
///
/// Jest's layout, so reviews read the same: a comment line, then one entry per snapshot, sorted
/// by key (numbers in keys compare as numbers):
///
/// ```
/// // bridge-run snapshot v1 (`bridge-run test -u` rewrites this file)
///
/// exports[`cart > totals 1`] = `
/// {
///   "total": 20,
/// }
/// `;
/// ```
///
/// Keys and values are JavaScript template literals without substitutions: `\`, `` ` `` and
/// `${` are escaped with a backslash. A value that spans lines starts and ends with a line break
/// inside the quotes (they are not part of it); a one-line value has none. Lines starting with
/// `//` and blank lines between entries are ignored.
enum SnapshotFile {
    /// A malformed snapshot file: the line and what was expected there.
    struct Malformed: Error, Equatable {
        var line: Int
        var reason: String
    }

    /// The first line of every file written.
    static let header = "// bridge-run snapshot v1 (`bridge-run test -u` rewrites this file)"

    /// Parses `text` into key -> value.
    ///
    /// - Throws: `Malformed` with the 1-based line of the first problem.
    static func parse(_ text: String) throws(Malformed) -> [String: String] {
        let s = Array(text.unicodeScalars)
        var i = 0
        var line = 1
        var out: [String: String] = [:]
        func fail(_ reason: String) -> Malformed { Malformed(line: line, reason: reason) }
        func skipSpaceAndComments() {
            while i < s.count {
                if s[i] == "\n" {
                    line += 1
                    i += 1
                } else if s[i] == " " || s[i] == "\t" || s[i] == "\r" {
                    i += 1
                } else if s[i] == "/", i + 1 < s.count, s[i + 1] == "/" {
                    while i < s.count, s[i] != "\n" { i += 1 }
                } else {
                    return
                }
            }
        }
        func expect(_ word: String) throws(Malformed) {
            for scalar in word.unicodeScalars {
                guard i < s.count, s[i] == scalar else { throw fail("expected \(word)") }
                i += 1
            }
        }
        func literal() throws(Malformed) -> String {
            guard i < s.count, s[i] == "`" else { throw fail("expected a template literal (`...`)") }
            i += 1
            var value = String.UnicodeScalarView()
            while true {
                guard i < s.count else { throw fail("a template literal is not closed") }
                let c = s[i]
                if c == "`" {
                    i += 1
                    return String(value)
                }
                if c == "\\" {
                    guard i + 1 < s.count else { throw fail("a backslash ends the file") }
                    value.append(s[i + 1])
                    if s[i + 1] == "\n" { line += 1 }
                    i += 2
                    continue
                }
                if c == "$", i + 1 < s.count, s[i + 1] == "{" { throw fail("a template literal holds an unescaped ${") }
                if c == "\n" { line += 1 }
                value.append(c)
                i += 1
            }
        }
        while true {
            skipSpaceAndComments()
            guard i < s.count else { return out }
            let entryLine = line
            try expect("exports[")
            let key = try literal()
            try expect("]")
            skipSpaceAndComments()
            try expect("=")
            skipSpaceAndComments()
            var value = try literal()
            skipSpaceAndComments()
            try expect(";")
            if value.count >= 2, value.hasPrefix("\n"), value.hasSuffix("\n") {
                value = String(value.dropFirst().dropLast())
            }
            guard out[key] == nil else { throw Malformed(line: entryLine, reason: "the key \(key) appears twice") }
            out[key] = value
        }
    }

    /// The file text for `entries` (sorted by key).
    static func format(_ entries: [String: String]) -> String {
        var out = header + "\n"
        for key in entries.keys.sorted(by: naturalLess) {
            let value = entries[key]!
            let body = value.contains("\n") ? "\n" + escape(value) + "\n" : escape(value)
            out += "\nexports[`\(escape(key))`] = `\(body)`;\n"
        }
        return out
    }

    /// `\`, `` ` `` and `${` escaped for a template literal.
    static func escape(_ text: String) -> String {
        var out = ""
        var previous: Character?
        for c in text {
            if c == "\\" || c == "`" || (c == "{" && previous == "$") {
                if c == "{" {
                    out.removeLast()
                    out += "\\${"
                } else {
                    out += "\\" + String(c)
                }
            } else {
                out.append(c)
            }
            previous = c
        }
        return out
    }

    /// Orders keys as people count: `test 2` before `test 10`.
    static func naturalLess(_ a: String, _ b: String) -> Bool {
        var x = Substring(a), y = Substring(b)
        while let cx = x.first, let cy = y.first {
            if cx.isASCII, cx.isNumber, cy.isASCII, cy.isNumber {
                let dx = x.prefix { $0.isASCII && $0.isNumber }, dy = y.prefix { $0.isASCII && $0.isNumber }
                let nx = dx.drop { $0 == "0" }, ny = dy.drop { $0 == "0" }
                if nx.count != ny.count { return nx.count < ny.count }
                if nx != ny { return nx < ny }
                x = x.dropFirst(dx.count)
                y = y.dropFirst(dy.count)
            } else {
                if cx != cy { return cx < cy }
                x = x.dropFirst()
                y = y.dropFirst()
            }
        }
        return x.isEmpty && !y.isEmpty
    }
}
