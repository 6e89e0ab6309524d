import BridgeRuntime
import Foundation

/// Reads through the DOM's prototypes against the same reads through a plain prototype chain of
/// the same depth, in one engine with the standards DOM. JavaScriptCore caches a read through a
/// prototype chain only while none of its prototypes is a dictionary flattened before and grown
/// since; when the page layer defined members after its first node was made, every read through
/// the element prototypes took the slow path (an element's method read cost 67 ns against 2.5).
/// This row keeps that from coming back unseen.
@MainActor
enum DOMReadBench {
    static let script = """
        (function () {
          const el = document.createElement('div');
          document.body.appendChild(el);
          let p = { appendChild: function () {} };
          for (let i = 0; i < 5; i++) p = Object.create(p);
          const plain = Object.create(p);
          const hit = 'let s = 0; for (let i = 0; i < n; i++) if (o.appendChild) s++; return s;';
          const miss = 'let s = 0; for (let i = 0; i < n; i++) if (o.__bridgeBenchMissing) s++; return s;';
          function time(body, o) {
            const f = new Function('o', 'n', body);
            f(o, 20000);
            let best = Infinity;
            for (let r = 0; r < 5; r++) {
              const t = performance.now();
              f(o, 200000);
              best = Math.min(best, (performance.now() - t) * 1e6 / 200000);
            }
            return best;
          }
          // A miss searches every prototype: the worst of the DOM's kinds of objects.
          const kinds = { div: el, text: document.createTextNode('x'), comment: document.createComment('x'), document: document,
            fragment: document.createDocumentFragment(), event: new Event('x'), mouseEvent: new MouseEvent('click') };
          let worst = 0, worstKind = '';
          for (const k of Object.keys(kinds)) { const ns = time(miss, kinds[k]); if (ns > worst) { worst = ns; worstKind = k; } }
          return [time(hit, el), time(hit, plain), worst, time(miss, plain), worstKind];
        })()
        """

    /// The engine the `dom-read-miss-late` row measures.
    static let lateEngine = 12

    static func run(into report: BenchReport, reps: Int) throws {
        var lateKind = ""
        var elHit: [Double] = [], plainHit: [Double] = [], elMiss: [Double] = [], plainMiss: [Double] = [], worstKinds: [String] = []
        for _ in 0..<reps {
            let engine = try BridgeEngine()
            defer { engine.close() }
            try engine.installPageSupport()
            guard case let .array(values) = try engine.evaluate(script), values.count == 5 else {
                report.skip("dom-read", reason: "the script gave no five values")
                return
            }
            let ns = values.prefix(4).map { $0.numberValue ?? .nan }
            elHit.append(ns[0]); plainHit.append(ns[1]); elMiss.append(ns[2]); plainMiss.append(ns[3])
            worstKinds.append(values[4].stringValue ?? "?")
        }
        // The same VM's twelfth engine: the parts' code is shared between engines, and so is
        // JavaScriptCore's count of its runs; from about the fifth engine it runs in the baseline
        // JIT from the start, whose caches can flatten a prototype a later part still extends.
        var late: [Double] = []
        for n in (reps + 1)..<max(reps + 1, lateEngine + 1) {
            let engine = try BridgeEngine()
            defer { engine.close() }
            try engine.installPageSupport()
            if n < lateEngine {
                _ = try engine.evaluate("document.body && 0")
            } else if case let .array(values) = try engine.evaluate(script), values.count == 5 {
                late = [values[2].numberValue ?? .nan, values[3].numberValue ?? .nan]
                lateKind = values[4].stringValue ?? "?"
            }
        }
        let eh = stats(elHit), ph = stats(plainHit), em = stats(elMiss), pm = stats(plainMiss)
        report.add(BenchRow(name: "dom-read", what: "`el.appendChild` read on a `<div>` (inherited, six prototypes up)", value: eh.median, unit: "ns", spread: (eh.min, eh.max),
                            baselineName: "plain chain", baseline: ph.median, target: "≤ 3× plain (ratio ≥ 0.33)", met: ph.median / eh.median >= 1.0 / 3))
        report.add(BenchRow(name: "dom-read-miss", what: "a property the object does not have (every prototype searched), the slowest of an element, text, comment, document, fragment, `Event` and `MouseEvent`", value: em.median, unit: "ns", spread: (em.min, em.max),
                            baselineName: "plain chain", baseline: pm.median, target: "≤ 3× plain (ratio ≥ 0.33)", met: pm.median / em.median >= 1.0 / 3,
                            note: "slowest: " + Set(worstKinds).sorted().joined(separator: ", ")))
        if late.count == 2 {
            report.add(BenchRow(name: "dom-read-miss-late", what: "dom-read-miss in the VM's \(lateEngine)th engine (JavaScriptCore's default tiering; a known limit, docs/performance.md)", value: late[0], unit: "ns", spread: nil,
                                baselineName: "plain chain", baseline: late[1], target: nil, met: nil, note: "slowest: " + lateKind))
        }
    }
}
