@_spi(Benchmarks) import BridgeRuntime
import Foundation

/// `--profile dom`: where the standards DOM's install time goes, engine by engine in one VM:
/// domino's modules evaluated (parsed) and run one by one with a CommonJS `require` of the
/// bench's own, timed in JavaScript; then the whole install as the page layer does it.
@MainActor
enum DOMProfile {
    static let dir = "/usr/share/nodejs/domino/lib"

    static func run() throws {
        let vm = ScriptVM()
        let names = (try FileManager.default.contentsOfDirectory(atPath: dir)).filter { $0.hasSuffix(".js") }.sorted()
        var texts: [String: String] = [:]
        for n in names { texts[n] = "__m = (function (exports, require, module, __filename, __dirname, global) {" + (try String(contentsOfFile: dir + "/" + n, encoding: .utf8)) + "\n});" }
        for round in 0..<4 {
            var config = EngineConfiguration()
            config.vm = vm
            let e = try BridgeEngine(configuration: config)
            var evalNs: [String: Double] = [:]
            // A require that evaluates each module's text from Swift (timed there) and runs it (timed in JS).
            try e.execute("globalThis.__runNs = {}; globalThis.__mods = {};")
            func load(_ name: String) throws {
                guard let text = texts[name] else { return }
                let t = DispatchTime.now().uptimeNanoseconds
                try e.execute(text, sourceURL: dir + "/" + name)
                evalNs[name] = Double(DispatchTime.now().uptimeNanoseconds - t)
                try e.execute("__mods[\(JSONValue.string(name).jsonString())] = __m;")
            }
            let t0 = DispatchTime.now().uptimeNanoseconds
            for n in names { try load(n) }
            let t1 = DispatchTime.now().uptimeNanoseconds
            try e.execute("""
                const cache = {};
                function req(r) {
                  let f = r.replace(/^\\.\\//, ''); if (!f.endsWith('.js')) f += '.js';
                  if (cache[f]) return cache[f].exports;
                  const m = { exports: {} }; cache[f] = m;
                  const t = performance.now();
                  __mods[f].call(m.exports, m.exports, req, m, f, '', globalThis);
                  __runNs[f] = (__runNs[f] || 0) + (performance.now() - t);
                  return m.exports;
                }
                globalThis.__t = performance.now(); globalThis.__domino = req('index.js'); globalThis.__t = performance.now() - __t;
                const d = __domino.createDocument('<p>x</p>');
                """)
            let t2 = DispatchTime.now().uptimeNanoseconds
            let total = try e.evaluate("__t")
            print(String(format: "round %d: evaluate all %.1f ms, run index.js %.1f ms (wall %.1f)", round, Double(t1 - t0) / 1e6, total.numberValue ?? 0, Double(t2 - t1) / 1e6))
            if round == 0 || round == 3 {
                let top = evalNs.sorted { $0.value > $1.value }.prefix(6).map { String(format: "%@ %.2f", $0.key, $0.value / 1e6) }
                print("  slowest evaluate:", top.joined(separator: ", "))
                print("  run (inclusive ms):", (try e.evaluate("Object.entries(__runNs).sort((a,b)=>b[1]-a[1]).slice(0,10).map(x=>x[0]+' '+x[1].toFixed(2)).join(', ')")).stringValue ?? "")
            }
            e.close()
        }
        var samples: [Double] = []
        let traces = try vm.samplingJavaScript {
            for _ in 0..<30 {
                var config = EngineConfiguration()
                config.vm = vm
                let t = DispatchTime.now().uptimeNanoseconds
                let e = try BridgeEngine(configuration: config)
                try e.installPageSupport()
                samples.append(Double(DispatchTime.now().uptimeNanoseconds - t) / 1e6)
                e.close()
            }
        }
        if let traces { printHottest(traces) }
        let s = samples.sorted()
        print(String(format: "engine + installPageSupport, 30 in one VM: min %.1f median %.1f max %.1f ms", s[0], s[15], s[29]))
    }
}

extension DOMProfile {
    /// The JavaScript functions JavaScriptCore's sampling profiler saw most, on top of the stack
    /// (self) and anywhere in it (inclusive), as shares of the samples.
    static func printHottest(_ json: String) {
        guard let root = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any],
              let traces = root["traces"] as? [[String: Any]], !traces.isEmpty else {
            print("sampling profiler: no samples")
            return
        }
        // Frames carry a source number; `sources` names them.
        var files: [Int: String] = [:]
        for source in (root["sources"] as? [[String: Any]]) ?? [] {
            if let id = source["sourceID"] as? Int, let url = source["url"] as? String { files[id] = url.split(separator: "/").last.map(String.init) ?? url }
        }
        var selfCount: [String: Int] = [:], inclusive: [String: Int] = [:], fileSelf: [String: Int] = [:]
        for trace in traces {
            let frames = (trace["frames"] as? [[String: Any]]) ?? []
            let names = frames.map { f -> String in
                let name = (f["name"] as? String).flatMap { $0.isEmpty ? nil : $0 } ?? "(anonymous)"
                guard let line = f["line"] as? Int, line < Int(UInt32.max), let source = f["sourceID"] as? Int else { return name }
                return "\(name) \(files[source] ?? "@\(source)"):\(line)"
            }
            if let top = names.first { selfCount[top, default: 0] += 1 }
            let file = frames.first.flatMap { ($0["sourceID"] as? Int).flatMap { files[$0] } } ?? "(native)"
            fileSelf[file, default: 0] += 1
            for n in Set(names) { inclusive[n, default: 0] += 1 }
        }
        let total = Double(traces.count)
        func show(_ title: String, _ counts: [String: Int]) {
            let top = counts.sorted { $0.value > $1.value }.prefix(15).map { String(format: "%.1f%% %@", Double($0.value) / total * 100, $0.key) }
            print("  \(title): " + top.joined(separator: "; "))
        }
        print("sampling profiler, \(traces.count) samples:")
        show("self", selfCount)
        show("inclusive", inclusive)
        show("self by file", fileSelf)
        if let focus = ProcessInfo.processInfo.environment["BRIDGE_PROFILE_FILE"] {
            show("self in \(focus)", selfCount.filter { $0.key.contains(focus) })
        }
    }
}
