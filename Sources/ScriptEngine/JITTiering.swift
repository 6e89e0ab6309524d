internal import CJSC
#if canImport(Glibc)
import Glibc
#endif

/// Whether JavaScriptCore's optimizing compilers (DFG, and after it FTL) take over hot code: a
/// setting of the whole process, made before its first VM.
///
/// Optimized code belongs to one global object. A test run makes a fresh global for every test
/// file and page, so the same library functions (domino, jQuery, the SDK) got hot and were
/// optimized again and again on JavaScriptCore's compiler threads, then thrown away with each
/// page: in `scripts/bench`'s page suite that was half of the CPU time, and it took the second
/// core that `--workers 2` needs. Ten times higher optimization thresholds saved a third of it;
/// turning the optimizing tiers off saved more, and cost compute-bound code little (a test of
/// `fib(30)` and a 300 000-element sort: 104 → 117 ms).
public enum JITTiering: String, Sendable, CaseIterable, Codable {
    /// JavaScriptCore's defaults: interpreter, baseline JIT, then the DFG and FTL optimizing
    /// compilers for code that stays hot.
    case standard
    /// No optimizing tiers: code runs in the interpreter and the baseline JIT only, and code
    /// goes to the baseline JIT after ten times JavaScriptCore's default warm-up. For many
    /// short-lived globals (a test run); long compute loops run slower.
    case shortLived = "short-lived"

    /// JavaScriptCore's option for the DFG compiler (`JSC_OPTIONS_USE_DFG` in jsc/JSCOptions.h);
    /// FTL needs DFG, so it goes too.
    static let optimizingTierOption = "useDFGJIT"

    /// JavaScriptCore's warm-up counts before the baseline JIT compiles a function (defaults 500
    /// and 100), and the short-lived values. Baseline code is per global too: a page suite
    /// compiled the same domino and jQuery functions again for every page, most of them warm
    /// only within that page. Ten times the defaults made `scripts/bench`'s 50-page suite 5 %
    /// faster (2.54 -> 2.42 s, eight interleaved runs each); a single page, `fib(30)` with a
    /// 300 000-element sort and a 20 000-element page moved within 1.5 %.
    static let baselineWarmUp: [(option: String, value: Int32)] = [
        ("thresholdForJITAfterWarmUp", 5000),
        ("thresholdForJITSoon", 1000),
    ]

    /// A JavaScriptCore option's value.
    enum OptionValue: Equatable {
        case bool(Bool)
        case int(Int32)
    }

    /// The JavaScriptCore options this tiering sets, less those `isInEnvironment` says the user
    /// set (`JSC_<name>`, JavaScriptCore's own way, wins).
    func jscOptions(isInEnvironment: (String) -> Bool) -> [(name: String, value: OptionValue)] {
        guard self == .shortLived else { return [] }
        let all = [(Self.optimizingTierOption, OptionValue.bool(false))] + Self.baselineWarmUp.map { ($0.option, OptionValue.int($0.value)) }
        return all.filter { !isInEnvironment($0.0) }.map { (name: $0.0, value: $0.1) }
    }
}

extension ScriptVM {
    /// Whether a VM was made in this process (JavaScriptCore's options are fixed from then on).
    private(set) static var anyCreated = false

    static func noteCreated() {
        anyCreated = true
    }

    /// Sets whether hot code is optimized, for the whole process.
    ///
    /// JavaScriptCore reads its options once, when the first VM is made, and then makes them read-only;
    /// a later change is refused here (returns `false`) rather than reaching JavaScriptCore. An option set in the
    /// environment (`JSC_useDFGJIT=…`, JavaScriptCore's own way) is left as the
    /// user set it.
    ///
    /// - Returns: `true` when the tiering is in effect for the VMs made from now on.
    @discardableResult
    public static func setJITTiering(_ tiering: JITTiering) -> Bool {
        guard !anyCreated else { return false }
        for (name, value) in tiering.jscOptions(isInEnvironment: { getenv("JSC_" + $0) != nil }) {
            switch value {
            case .bool(let b): _ = jsc_options_set_boolean(name, b ? 1 : 0)
            case .int(let n): _ = jsc_options_set_int(name, n)
            }
        }
        return true
    }

    /// The value of a JavaScriptCore boolean option (`nil` when there is no such option), for tests.
    package static func jscBooleanOption(_ name: String) -> Bool? {
        var value: Int32 = 0
        return jsc_options_get_boolean(name, &value) != 0 ? value != 0 : nil
    }

    /// The value of a JavaScriptCore integer option (`nil` when there is no such option), for tests.
    package static func jscIntOption(_ name: String) -> Int? {
        var value: Int32 = 0
        return jsc_options_get_int(name, &value) != 0 ? Int(value) : nil
    }
}
