@_spi(Benchmarks) import BridgeRuntime
import Foundation

/// How costs grow: round trip per call against calls in flight, validation time against payload
/// size, page load against document size, suite wall against file count. Each row's `note` gives
/// the growth against the smallest size (1.0 = linear).
@MainActor
enum ScalingBench {
    static func run(into report: BenchReport, root: String, bridgeRun: String?, quick: Bool) async throws {
        try await roundTrips(into: report)
        validation(into: report)
        if let bridgeRun {
            pages(into: report, bridgeRun: bridgeRun)
            scriptPages(into: report, bridgeRun: bridgeRun)
            suites(into: report, bridgeRun: bridgeRun, quick: quick)
        }
    }

    /// `inFlight` calls started before any is awaited, `total` calls in all.
    static func inFlightScript(_ inFlight: Int) -> String {
        """
        async function run() {
          for (let i = 0; i < N; i += \(inFlight)) {
            const ps = [];
            for (let j = 0; j < \(inFlight) && i + j < N; j++) ps.push(bridge.call('echo', \(RoundTripBench.payload)));
            const r = await Promise.all(ps); done += r.length;
          }
        }
        """
    }

    static func roundTrips(into report: BenchReport) async throws {
        let echo = ActionHandler.sync { call in call.params }
        var first: Double?
        for k in [1, 100, 10_000, 100_000] {
            let total = max(k, 100_000)
            var xs: [Double] = []
            for _ in 0..<2 { xs.append(try await RoundTripBench.time(inFlightScript(k), calls: total, handler: echo)) }
            let s = stats(xs)
            first = first ?? s.min
            report.add(BenchRow(name: "scale-rt-\(k)", what: "round trip per call, \(k) in flight (\(total) calls)", value: s.min, unit: "ns", spread: (s.min, s.max),
                                note: String(format: "%.2f× the 1-in-flight cost", s.min / first!)))
        }
    }

    static func validation(into report: BenchReport) {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("bridge-bench-scale-schemas")
        try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <protocol name="scale" version="1">
              <action name="list.save">
                <param name="items" type="array" required="true">
                  <items type="object">
                    <param name="id" type="integer" required="true" min="0"/>
                    <param name="name" type="string" required="true" maxLength="64"/>
                    <param name="tags" type="array"><items type="string" pattern="^[a-z]+$"/></param>
                    <param name="price" type="number" min="0"/>
                  </items>
                </param>
              </action>
            </protocol>
            """
        try? xml.write(to: dir.appendingPathComponent("scale.xml"), atomically: true, encoding: .utf8)
        guard let set = try? SchemaSet.load(directory: dir.path) else {
            report.skip("scale-validate", reason: "the scaling schema did not load")
            return
        }
        var perKB: Double?
        for (label, bytes) in [("1 KB", 1_000), ("100 KB", 100_000), ("1 MB", 1_000_000), ("10 MB", 10_000_000)] {
            let item: JSONValue = ["id": 12345, "name": "item name of some length", "tags": ["red", "blue", "green"], "price": 19.5]
            let itemBytes = item.jsonString().utf8.count + 1
            let n = max(1, bytes / itemBytes)
            let payload: JSONValue = ["items": .array(Array(repeating: item, count: n))]
            let size = Double(payload.jsonString().utf8.count)
            guard set.isValid(method: "list.save", params: payload) == true else {
                report.skip("scale-validate", reason: "the scaling payload is not valid")
                return
            }
            let reps = max(3, 2_000_000 / bytes)
            var xs: [Double] = []
            for _ in 0..<3 {
                let t = DispatchTime.now().uptimeNanoseconds
                for _ in 0..<reps { _ = set.isValid(method: "list.save", params: payload) }
                xs.append(Double(DispatchTime.now().uptimeNanoseconds - t) / Double(reps) / 1e3)
            }
            let s = stats(xs)
            let kb = s.min / (size / 1000)
            perKB = perKB ?? kb
            report.add(BenchRow(name: "scale-validate-\(label.replacingOccurrences(of: " ", with: ""))", what: "validate a \(label) payload (\(n) objects of 4 fields)", value: s.min, unit: "µs", spread: (s.min, s.max),
                                note: String(format: "%.3f µs/KB, %.2f× the 1 KB rate", kb, kb / perKB!)))
        }
    }

    /// A page's HTML: `body` then `item(i)` for each of `n`, then `end`, in a body.
    static func generated(_ n: Int, body: String, item: (Int) -> String, end: String) -> String {
        var html = "<!doctype html><html><head><title>scale</title></head><body>" + body + "\n"
        html.reserveCapacity(n * 64)
        for i in 0..<n { html += item(i) }
        return html + end + "</body></html>\n"
    }

    /// A page of `n` elements (list items with a class and text) plus a script that counts them.
    static func page(_ n: Int) -> String {
        generated(n, body: "<ul id=\"list\">", item: { "<li class=\"item c\($0 % 7)\" data-i=\"\($0)\">item \($0)</li>\n" },
                  end: "</ul><script>if (document.querySelectorAll('li.item').length !== \(n)) throw new Error('bad count'); window.benchDone = true;</script>")
    }

    /// Writes a generated page into the bench's scratch folder and runs it `times` times until
    /// `window.benchDone`; the runs that succeeded. (`peak`: through `measurePeak`, since a child
    /// of this process would report this process's peak RSS.)
    static func runGenerated(_ name: String, _ html: String, bridgeRun: String, times: Int, peak: Bool = false) -> [ProcessRunner.Measurement] {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("bridge-bench-scale-pages")
        try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let path = dir.appendingPathComponent(name).path
        try? html.write(toFile: path, atomically: true, encoding: .utf8)
        let argv = [bridgeRun, "run", path, "--wait-for", "window.benchDone === true"]
        return (0..<times).compactMap { _ in peak ? ProcessRunner.measurePeak(argv) : ProcessRunner.measure(argv) }.filter { $0.status == 0 }
    }

    static func pages(into report: BenchReport, bridgeRun: String) {
        var base: Double?
        for n in [0, 1_000, 10_000, 100_000] {
            let xs = runGenerated("page-\(n).html", page(n), bridgeRun: bridgeRun, times: n >= 100_000 ? 1 : 3).map(\.wallMs)
            guard !xs.isEmpty else {
                report.skip("scale-page-\(n)", reason: "bridge-run failed on the page")
                continue
            }
            let s = stats(xs)
            if n == 0 {
                base = s.min
                report.add(BenchRow(name: "scale-page-0", what: "`bridge-run run` of an empty page (the fixed cost)", value: s.min, unit: "ms", spread: (s.min, s.max)))
                continue
            }
            let per = (s.min - (base ?? 0)) / Double(n) * 1000
            report.add(BenchRow(name: "scale-page-\(n)", what: "`bridge-run run` of a page of \(n) elements, parsed and queried", value: s.min, unit: "ms", spread: (s.min, s.max),
                                note: String(format: "%.2f µs per element above the empty page", per)))
        }
    }

    /// A page of `n` small inline scripts, each run where the parser paused for it.
    static func scriptsPage(_ n: Int) -> String {
        generated(n, body: "", item: { "<p>\($0)</p><script>window.n = (window.n || 0) + 1;</script>\n" },
                  end: "<script>if (window.n !== \(n)) throw new Error('bad count'); window.benchDone = true;</script>")
    }

    /// Pages of many inline scripts: the parser stops and resumes at each. Resuming copied the
    /// rest of the page in optimized code (8000 scripts: 1.2 GB, quadratic; docs/performance.md,
    /// nineteenth part), so the rows give peak RSS beside the time.
    static func scriptPages(into report: BenchReport, bridgeRun: String) {
        for n in [1_000, 10_000] {
            let runs = runGenerated("scripts-\(n).html", scriptsPage(n), bridgeRun: bridgeRun, times: 2, peak: true)
            let xs = runs.map(\.wallMs), rss = runs.map { $0.maxRSSKiB / 1024 }
            guard !xs.isEmpty else {
                report.skip("scale-scripts-\(n)", reason: "bridge-run failed on the page")
                continue
            }
            let s = stats(xs)
            report.add(BenchRow(name: "scale-scripts-\(n)", what: "`bridge-run run` of a page of \(n) inline scripts", value: s.min, unit: "ms", spread: (s.min, s.max),
                                note: String(format: "peak RSS %.0f MiB", rss.min() ?? 0)))
        }
    }

    static func suites(into report: BenchReport, bridgeRun: String, quick: Bool) {
        var perFile: Double?
        for files in quick ? [10, 100, 500] : [10, 100, 1000] {
            let (ours, _) = SuiteBench.generate(files: files, tests: 5)
            var xs: [Double] = []
            for _ in 0..<(files >= 500 ? 1 : 2) {
                if let m = ProcessRunner.measure([bridgeRun, "test", ours]), m.status == 0 { xs.append(m.wallMs) }
            }
            guard !xs.isEmpty else {
                report.skip("scale-suite-\(files)", reason: "bridge-run test failed")
                continue
            }
            let s = stats(xs)
            let per = s.min / Double(files)
            perFile = perFile ?? per
            report.add(BenchRow(name: "scale-suite-\(files)", what: "`bridge-run test`, \(files) files × 5 tests, wall", value: s.min, unit: "ms", spread: (s.min, s.max),
                                note: String(format: "%.2f ms per file, %.2f× the 10-file rate", per, per / perFile!)))
        }
    }
}
