/// esbuild's error messages (`--log-level=error --color=false`), read back into problems.
///
/// esbuild's command line has no machine-readable log format; each error is a block:
/// ```
/// ✘ [ERROR] Could not resolve "./nope"
///
///     src/index.js:1:16:
///       1 │ import {x} from "./nope";
///         ╵                 ~~~~~~~~
///
///   You can mark the path "./nope" as external to exclude it from the bundle, …
/// ```
/// The location line is indented four spaces and ends in `file:line:column:` (1-based line,
/// 0-based column); the file is relative to esbuild's working directory. Notes (two spaces)
/// are esbuild's advice for its own command line and are dropped, except that an unresolved
/// bare name gets our own hint.
enum EsbuildDiagnostics {
    /// One error as esbuild wrote it.
    struct Entry: Equatable {
        var message: String
        /// As esbuild printed it (relative to its working directory).
        var file: String?
        /// 1-based.
        var line: Int?
        /// 0-based, as esbuild counts.
        var column: Int?
    }

    /// The errors in esbuild's standard error, in order.
    static func parse(_ text: String) -> [Entry] {
        var entries: [Entry] = []
        var current: Entry?
        var sawLocation = false
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = raw.hasSuffix("\r") ? raw.dropLast() : raw
            if let range = line.firstRange(of: "[ERROR] "), line[..<range.lowerBound].allSatisfy({ $0 == "✘" || $0 == " " || $0 == "X" }) {
                if let current { entries.append(current) }
                current = Entry(message: String(line[range.upperBound...]))
                sawLocation = false
                continue
            }
            guard current != nil, !sawLocation else { continue }
            if line.hasPrefix("    "), !line.hasPrefix("     "), line.hasSuffix(":"), let location = Self.location(line.dropFirst(4).dropLast()) {
                current?.file = location.file
                current?.line = location.line
                current?.column = location.column
                sawLocation = true
            } else if line.hasPrefix("  ") && !line.hasPrefix("   ") {
                // A note: the location (if any) came before it.
                sawLocation = true
            }
        }
        if let current { entries.append(current) }
        return entries
    }

    /// `file:line:column` read from the right (the file may contain colons).
    private static func location(_ text: Substring) -> (file: String, line: Int, column: Int)? {
        guard let c2 = text.lastIndex(of: ":"), let column = Int(text[text.index(after: c2)...]) else { return nil }
        let rest = text[..<c2]
        guard let c1 = rest.lastIndex(of: ":"), let line = Int(rest[rest.index(after: c1)...]) else { return nil }
        let file = rest[..<c1]
        guard !file.isEmpty else { return nil }
        return (String(file), line, column)
    }

    /// Our hint for an error, or `nil`.
    static func hint(for message: String) -> String? {
        let prefix = "Could not resolve \""
        guard message.hasPrefix(prefix) else { return nil }
        let specifier = message.dropFirst(prefix.count).prefix { $0 != "\"" }
        if specifier.hasPrefix(".") || specifier.hasPrefix("/") { return "(no such file)" }
        return "(a bare module name: map it to a local file in the page's <script type=\"importmap\">, or install the package under node_modules)"
    }
}
