import FoundationEssentials

/// Writes test results as JUnit XML: `testsuites` > one `testsuite` per file > one `testcase`
/// per test, with `failure` (message attribute and the printed failure as text), `skipped`, or
/// `error` for a file that failed to load.
enum JUnitReport {
    /// The XML document for `files`.
    static func xml(_ files: [TestFileResult], name: String = "bridge-run") -> String {
        var out = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
        let total = files.reduce(0) { $0 + $1.cases.count }
        let failures = files.reduce(0) { $0 + $1.cases.filter { $0.status == .failed && !$0.isFileLevel }.count }
        let errors = files.reduce(0) { $0 + $1.cases.filter(\.isFileLevel).count }
        let skipped = files.reduce(0) { $0 + $1.count(.skipped) }
        let time = files.reduce(0) { $0 + $1.durationMs }
        out +=
            "<testsuites name=\"\(escape(name))\" tests=\"\(total)\" failures=\"\(failures)\" errors=\"\(errors)\" skipped=\"\(skipped)\" time=\"\(seconds(time))\">\n"
        for file in files {
            let fileFailures = file.cases.filter { $0.status == .failed && !$0.isFileLevel }.count
            let fileErrors = file.cases.filter(\.isFileLevel).count
            out +=
                "  <testsuite name=\"\(escape(file.path))\" tests=\"\(file.cases.count)\" failures=\"\(fileFailures)\" errors=\"\(fileErrors)\" skipped=\"\(file.count(.skipped))\" time=\"\(seconds(file.durationMs))\">\n"
            for test in file.cases {
                let testName = test.isFileLevel ? "(load \(file.path))" : test.name
                let open = "    <testcase classname=\"\(escape(file.path))\" name=\"\(escape(testName))\" time=\"\(seconds(test.durationMs))\""
                switch (test.status, test.failure) {
                case (.skipped, _):
                    out += open + ">\n      <skipped/>\n    </testcase>\n"
                case (.failed, let failure):
                    let element = test.isFileLevel ? "error" : "failure"
                    let summary = failure?.summary ?? "failed"
                    let body = failure?.lines.joined(separator: "\n") ?? ""
                    out += open + ">\n      <\(element) message=\"\(escape(summary))\">\(escape(body, attribute: false))</\(element)>\n    </testcase>\n"
                case (.passed, _):
                    out += open + "/>\n"
                }
            }
            out += "  </testsuite>\n"
        }
        out += "</testsuites>\n"
        return out
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
