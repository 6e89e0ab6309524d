import BridgeRuntime
import Foundation

/// Schema validation of a typical payload against Python's fastjsonschema on the exported JSON
/// Schema of the same action.
enum ValidateBench {
    static let action = "nav.open"
    static let payload: JSONValue = [
        "page": "list", "userId": 8848, "animated": true,
        "extra": ["source": "home_feed", "position": 3], "ids": ["a1", "b2", "c3"],
    ]

    static let python = """
        import json, sys, time
        import fastjsonschema
        schema = json.load(open(sys.argv[1])); payload = json.load(open(sys.argv[2])); n = int(sys.argv[3])
        validate = fastjsonschema.compile(schema)
        for _ in range(1000): validate(payload)
        best = None
        for _ in range(3):
            t = time.perf_counter()
            for _ in range(n): validate(payload)
            dt = (time.perf_counter() - t) / n * 1e9
            best = dt if best is None else min(best, dt)
        print(best)
        """

    static func run(into report: BenchReport, root: String, batchNs: Double, reps: Int) {
        let set: SchemaSet
        do {
            set = try SchemaSet.load(directory: root + "/Examples/protocol/schemas")
        } catch {
            report.skip("validate", reason: "cannot load Examples/protocol/schemas: \(error)")
            return
        }
        guard let schema = set.action(action) else {
            report.skip("validate", reason: "no \(action) schema")
            return
        }
        guard set.validate(method: action, params: payload) == [] else {
            report.skip("validate", reason: "the bench payload is not valid")
            return
        }
        let n = 1_000_000
        var samples: [Double] = []
        for _ in 0..<reps {
            var ok = 0
            let start = DispatchTime.now().uptimeNanoseconds
            for _ in 0..<n where set.isValid(method: action, params: payload) == true { ok += 1 }
            let ns = Double(DispatchTime.now().uptimeNanoseconds - start) / Double(n)
            precondition(ok == n)
            samples.append(ns)
        }
        let s = stats(samples)
        let perSecond = 1e9 / s.median
        var fastNs: Double?
        if let py = ProcessRunner.which("python3") {
            let dir = FileManager.default.temporaryDirectory
            let schemaFile = dir.appendingPathComponent("bench-\(action).schema.json")
            let payloadFile = dir.appendingPathComponent("bench-payload.json")
            let script = dir.appendingPathComponent("bench-fastjsonschema.py")
            try? SchemaDocs.jsonSchema(schema).jsonString().write(to: schemaFile, atomically: true, encoding: .utf8)
            try? payload.jsonString().write(to: payloadFile, atomically: true, encoding: .utf8)
            try? python.write(to: script, atomically: true, encoding: .utf8)
            fastNs = ProcessRunner.output([py, script.path, schemaFile.path, payloadFile.path, "200000"]).flatMap { Double($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        }
        report.add(BenchRow(name: "validate", what: "validations/s, 6-field `nav.open` payload (nested object, array, enum, pattern)",
                            value: perSecond, unit: "/s", spread: (1e9 / s.max, 1e9 / s.min),
                            baselineName: fastNs == nil ? nil : "fastjsonschema", baseline: fastNs.map { 1e9 / $0 }, higherIsBetter: true,
                            target: "≥ 2 M/s and ≥ 3× fastjsonschema", met: perSecond >= 2e6 && (fastNs.map { $0 / s.median >= 3 } ?? true)))
        if fastNs == nil { report.skip("validate baseline", reason: "python3 with fastjsonschema not available") }
        report.add(BenchRow(name: "validate-share", what: "one validation as a share of one rt-batch call", value: s.median / batchNs * 100, unit: "%",
                            target: "≤ 15 %", met: s.median / batchNs <= 0.15))
    }
}
