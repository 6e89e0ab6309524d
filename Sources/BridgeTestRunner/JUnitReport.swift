import FoundationEssentials

/// Writes test results as JUnit XML: `testsuites` > one `testsuite` per file > one `testcase`
/// per test, with `failure` (message and type attributes, the printed failure as text),
/// `skipped`, or `error` for a file that failed to load; each test's console output in its
/// `system-out`, the file's own (outside tests) in the suite's.
///
/// What CI systems read: `file` and `line` on each testcase, `timestamp` (UTC, ISO 8601 without
/// a zone, as the JUnit schema has it) and `time` (seconds) on each suite, and a `classname`
/// that is the file's path with every `.` replaced by `_` — Jenkins splits a classname at its
/// last dot into package and class, so `cart.test.js` would become class `js` of package
/// `cart.test`.
enum JUnitReport {
    /// The XML document for `files`.
    static func xml(_ files: [TestFileResult], name: String = "bridge-run") -> String {
        var out = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
        let total = files.reduce(0) { $0 + $1.cases.count }
        let failures = files.reduce(0) { $0 + $1.cases.filter { $0.status == .failed && !$0.isFileLevel }.count }
        let errors = files.reduce(0) { $0 + $1.cases.filter(\.isFileLevel).count }
        let skipped = files.reduce(0) { $0 + $1.count(.skipped) }
        let time = files.reduce(0) { $0 + $1.durationMs }
        let started = files.map(\.startedAt).filter { $0 > 0 }.min()
        out +=
            "<testsuites name=\"\(escape(name))\" tests=\"\(total)\" failures=\"\(failures)\" errors=\"\(errors)\" skipped=\"\(skipped)\" time=\"\(seconds(time))\""
            + (started.map { " timestamp=\"\(timestamp($0))\"" } ?? "") + ">\n"
        for file in files {
            let fileFailures = file.cases.filter { $0.status == .failed && !$0.isFileLevel }.count
            let fileErrors = file.cases.filter(\.isFileLevel).count
            let path = escape(file.path)
            out +=
                "  <testsuite name=\"\(path)\" tests=\"\(file.cases.count)\" failures=\"\(fileFailures)\" errors=\"\(fileErrors)\" skipped=\"\(file.count(.skipped))\" time=\"\(seconds(file.durationMs))\" timestamp=\"\(timestamp(file.startedAt))\" file=\"\(path)\">\n"
            for test in file.cases {
                let testName = test.isFileLevel ? "(load \(file.path))" : test.name
                var open = "    <testcase classname=\"\(escape(className(file.path)))\" name=\"\(escape(testName))\" time=\"\(seconds(test.durationMs))\" file=\"\(path)\""
                if let line = test.line { open += " line=\"\(line)\"" }
                var body: [String] = []
                switch (test.status, test.failure) {
                case (.skipped, _):
                    body.append("<skipped/>")
                case (.failed, let failure):
                    let element = test.isFileLevel ? "error" : "failure"
                    let summary = failure?.summary ?? "failed"
                    let type = failure?.type ?? "Error"
                    let text = failure?.lines.joined(separator: "\n") ?? ""
                    body.append("<\(element) message=\"\(escape(summary))\" type=\"\(escape(type))\">\(escape(text, attribute: false))</\(element)>")
                case (.passed, _):
                    break
                }
                if !test.output.isEmpty { body.append(systemOut(test.output)) }
                out += body.isEmpty ? open + "/>\n" : open + ">\n" + body.map { "      " + $0 + "\n" }.joined() + "    </testcase>\n"
            }
            if !file.output.isEmpty { out += "    " + systemOut(file.output) + "\n" }
            out += "  </testsuite>\n"
        }
        out += "</testsuites>\n"
        return out
    }

    /// `<system-out>` with console lines.
    static func systemOut(_ lines: [String]) -> String {
        "<system-out>" + escape(lines.joined(separator: "\n") + "\n", attribute: false) + "</system-out>"
    }

    /// The classname of a file: its path with `.` replaced by `_`.
    static func className(_ path: String) -> String {
        path.replacing(".", with: "_")
    }

    /// `YYYY-MM-DDTHH:MM:SS` (UTC) for milliseconds since 1970.
    static func timestamp(_ ms: Double) -> String {
        let total = Int((ms / 1000).rounded(.down))
        let days = total >= 0 ? total / 86400 : (total - 86399) / 86400
        let secs = total - days * 86400
        // Days since 1970-01-01 to a civil date (proleptic Gregorian).
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        let year = yoe + era * 400 + (month <= 2 ? 1 : 0)
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        let y = String(year)
        return String(repeating: "0", count: max(0, 4 - y.count)) + y + "-\(two(month))-\(two(day))T\(two(secs / 3600)):\(two(secs / 60 % 60)):\(two(secs % 60))"
    }

    /// Writes the report to `path`.
    ///
    /// - Throws: when the file cannot be written.
    static func write(_ files: [TestFileResult], to path: String) throws {
        try Data(xml(files).utf8).write(to: URL(fileURLWithPath: path))
    }

    /// Seconds with millisecond precision (`0.004`).
    static func seconds(_ ms: Double) -> String {
        let millis = Int(max(0, ms).rounded())
        let fraction = String(millis % 1000)
        return "\(millis / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }

    /// Escapes text for XML. Characters XML 1.0 cannot hold (most control characters, lone
    /// surrogates cannot occur in Swift strings) become U+FFFD; in attributes, tab and line
    /// breaks are written as character references so they survive attribute normalisation.
    static func escape(_ text: String, attribute: Bool = true) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"" where attribute: out += "&quot;"
            case "'" where attribute: out += "&apos;"
            case "\n" where attribute: out += "&#10;"
            case "\r": out += "&#13;"
            case "\t" where attribute: out += "&#9;"
            case "\n", "\t": out.unicodeScalars.append(scalar)
            default:
                let v = scalar.value
                let allowed = v >= 0x20 && v != 0xFFFE && v != 0xFFFF
                out.unicodeScalars.append(allowed ? scalar : "\u{FFFD}")
            }
        }
        return out
    }
}
