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
    /// No optimizing tiers: code runs in the interpreter and the baseline JIT only. For many
    /// short-lived globals (a test run); long compute loops run slower.
    case shortLived = "short-lived"

    /// JavaScriptCore's option for the DFG compiler (`JSC_OPTIONS_USE_DFG` in jsc/JSCOptions.h);
    /// FTL needs DFG, so it goes too.
    static let optimizingTierOption = "useDFGJIT"
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
        guard tiering == .shortLived, getenv("JSC_" + JITTiering.optimizingTierOption) == nil else { return true }
        _ = jsc_options_set_boolean(JITTiering.optimizingTierOption, 0)
        return true
    }

    /// The value of a JavaScriptCore boolean option (`nil` when there is no such option), for tests.
    package static func jscBooleanOption(_ name: String) -> Bool? {
        var value: Int32 = 0
        return jsc_options_get_boolean(name, &value) != 0 ? value != 0 : nil
    }
}
