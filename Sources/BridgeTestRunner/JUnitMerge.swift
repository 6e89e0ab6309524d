import FoundationEssentials
package import BridgeRunner
import BridgeSchema
import BridgeSupport

/// `bridge-run junit-merge A.xml B.xml --out all.xml`: the JUnit reports of a CI matrix's
/// shards as one report. Every `testsuite` of every file (a `testsuites` root or a single
/// `testsuite` root) is copied in order under one `testsuites` element whose `tests`,
/// `failures`, `errors`, `skipped` and `time` are the sums of the suites'. Files are read with
/// the schema reader's XML parser (UTF-8, no DOCTYPE); attributes are written sorted by name.
package enum JUnitMerge {
    /// A report that cannot be merged.
    struct Problem: Error, Equatable {
        var message: String
    }

    /// Merges `files` and writes the result to `out` (stdout when `nil`).
    ///
    /// - Returns: 0, or 2 when a file cannot be read or `out` cannot be written.
    @MainActor
    package static func run(files: [String], out: String?, output: any RunOutput, prefix: String) -> Int32 {
        let xml: String
        do {
            xml = try merge(files.map { path throws(Problem) in
                guard let data = FileManager.default.contents(atPath: path) else { throw Problem(message: "\(path): cannot read the JUnit report") }
                return (path, data)
            })
        } catch {
            output.err("\(prefix): \(error.message)")
            return 2
        }
        guard let out else {
            for line in xml.split(separator: "\n", omittingEmptySubsequences: false).dropLast() { output.out(String(line)) }
            return 0
        }
        do {
            try Data(xml.utf8).write(to: URL(fileURLWithPath: out))
        } catch {
            output.err("\(prefix): cannot write \(out): \(FileErrorText.describe(error))")
            return 2
        }
        return 0
    }

    /// The merged document of `reports` (path, contents).
    ///
    /// - Throws: `Problem` naming the file (and line) that is not a JUnit report.
    static func merge(_ reports: [(path: String, data: Data)]) throws(Problem) -> String {
        var suites: [SchemaXMLElement] = []
        for (path, data) in reports {
            let root: SchemaXMLElement
            do {
                root = try SchemaXMLReader.read(data, file: path)
            } catch {
                throw Problem(message: "\(path):\(error.line): not a readable JUnit report: \(error.reason)")
            }
            switch root.name {
            case "testsuites": suites += root.children.filter { $0.name == "testsuite" }
            case "testsuite": suites.append(root)
            default: throw Problem(message: "\(path):\(root.line): not a JUnit report: the root element is <\(root.name)>, not <testsuites> or <testsuite>")
            }
        }
        var tests = 0, failures = 0, errors = 0, skipped = 0
        var time = 0.0
        for suite in suites {
            let cases = suite.children.filter { $0.name == "testcase" }
            tests += suite.attribute("tests").flatMap { Int($0) } ?? cases.count
            failures += suite.attribute("failures").flatMap { Int($0) } ?? cases.filter { $0.children.contains { $0.name == "failure" } }.count
            errors += suite.attribute("errors").flatMap { Int($0) } ?? cases.filter { $0.children.contains { $0.name == "error" } }.count
            skipped += suite.attribute("skipped").flatMap { Int($0) } ?? cases.filter { $0.children.contains { $0.name == "skipped" } }.count
            time += suite.attribute("time").flatMap { Double($0) } ?? 0
        }
        var out = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
        out += "<testsuites name=\"bridge-run\" tests=\"\(tests)\" failures=\"\(failures)\" errors=\"\(errors)\" skipped=\"\(skipped)\" time=\"\(JUnitReport.seconds(time * 1000))\">\n"
        for suite in suites { write(suite, indent: "  ", into: &out) }
        out += "</testsuites>\n"
        return out
    }

    /// Writes `element` and its children, text escaped, whitespace-only text between elements
    /// dropped.
    static func write(_ element: SchemaXMLElement, indent: String, into out: inout String) {
        out += indent + "<" + element.name
        for (name, value) in element.attributes { out += " \(name)=\"\(JUnitReport.escape(value))\"" }
        let text = element.text.allSatisfy(\.isWhitespace) ? "" : element.text
        if element.children.isEmpty {
            out += text.isEmpty ? "/>\n" : ">" + JUnitReport.escape(text, attribute: false) + "</\(element.name)>\n"
            return
        }
        out += ">\n"
        if !text.isEmpty { out += indent + "  " + JUnitReport.escape(text, attribute: false) + "\n" }
        for child in element.children { write(child, indent: indent + "  ", into: &out) }
        out += indent + "</\(element.name)>\n"
    }
}
