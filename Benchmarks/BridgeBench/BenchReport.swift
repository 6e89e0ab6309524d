import BridgeRuntime
import Foundation

/// One table row: a measurement, its same-run baseline, and the target it is held to.
struct BenchRow {
    var name: String
    var what: String
    var value: Double
    var unit: String
    var spread: (Double, Double)?
    var baselineName: String?
    var baseline: Double?
    /// How the ratio reads: `baseline / value` when smaller values are better (times), or
    /// `value / baseline` when larger is better (rates).
    var higherIsBetter = false
    var target: String?
    var met: Bool?
    var note: String?

    var ratio: Double? {
        guard let baseline, baseline > 0, value > 0 else { return nil }
        return higherIsBetter ? value / baseline : baseline / value
    }
}

/// Collects rows and prints them as a markdown table and JSON.
final class BenchReport {
    private(set) var rows: [BenchRow] = []
    private(set) var skipped: [(String, String)] = []

    func add(_ row: BenchRow) {
        rows.append(row)
        FileHandle.standardError.write(Data("  \(row.name): \(Self.format(row.value)) \(row.unit)\n".utf8))
    }

    func skip(_ name: String, reason: String) {
        skipped.append((name, reason))
        FileHandle.standardError.write(Data("  \(name): skipped (\(reason))\n".utf8))
    }

    static func format(_ v: Double) -> String {
        if v >= 100 { return String(format: "%.0f", v) }
        if v >= 10 { return String(format: "%.1f", v) }
        return String(format: "%.2f", v)
    }

    var markdown: String {
        var lines = [
            "| row | what | median (min–max) | baseline (same run) | ratio | target | met |",
            "| --- | --- | --- | --- | --- | --- | --- |",
        ]
        for r in rows {
            let spread = r.spread.map { " (\(Self.format($0.0))–\(Self.format($0.1)))" } ?? ""
            let base = r.baseline.map { "\(r.baselineName ?? "") \(Self.format($0)) \(r.unit)" } ?? "—"
            let ratio = r.ratio.map { String(format: "%.2f×", $0) } ?? "—"
            let met = r.met.map { $0 ? "yes" : "**no**" } ?? "—"
            let what = r.note.map { "\(r.what) — \($0)" } ?? r.what
            lines.append("| \(r.name) | \(what) | \(Self.format(r.value)) \(r.unit)\(spread) | \(base) | \(ratio) | \(r.target ?? "—") | \(met) |")
        }
        for (name, reason) in skipped { lines.append("| \(name) | skipped: \(reason) | | | | | |") }
        lines.append("")
        lines.append("ratio = how many times better than the baseline (≥ 1 is better); times are per operation.")
        return lines.joined(separator: "\n")
    }

    var json: JSONValue {
        .object([
            "rows": .array(rows.map { r in
                var o: JSONObject = ["row": .string(r.name), "what": .string(r.what), "median": .number(r.value), "unit": .string(r.unit)]
                if let s = r.spread { o["min"] = .number(s.0); o["max"] = .number(s.1) }
                if let b = r.baseline { o["baseline"] = .number(b); o["baselineName"] = .string(r.baselineName ?? "") }
                if let ratio = r.ratio { o["ratio"] = .number(ratio) }
                if let t = r.target { o["target"] = .string(t) }
                if let m = r.met { o["met"] = .bool(m) }
                if let n = r.note { o["note"] = .string(n) }
                return .object(o)
            }),
            "skipped": .array(skipped.map { ["row": .string($0.0), "reason": .string($0.1)] }),
        ])
    }
}

/// Median, min and max of samples.
func stats(_ xs: [Double]) -> (median: Double, min: Double, max: Double) {
    let s = xs.sorted()
    // An even count's median is the mean of its two middle values (`page-suite` has two runs:
    // it took the slower of them, on both sides of the ratio, so one slow run decided the row).
    let median = s.count % 2 == 0 ? (s[s.count / 2 - 1] + s[s.count / 2]) / 2 : s[s.count / 2]
    return (median, s.first!, s.last!)
}
