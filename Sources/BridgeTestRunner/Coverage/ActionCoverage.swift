import BridgeCore
import BridgeValues

/// How often a test run called each bridge method and how the calls ended (`--coverage`).
///
/// Counted from the engine events of a test file's engine and of every page its tests load
/// (`loadPage`): a `call` event counts a call; the `result` that settles it counts the outcome
/// `ok`, an `error` counts its code (`VALIDATION_FAILED`, `METHOD_NOT_FOUND`, ...). Calls still
/// unanswered when the report is made count as `pending`. Worker processes send each file's
/// counts with its result (`TestFileResult.coverage`); the parent adds them up (`+`).
///
/// Method names are compared by their Unicode scalars, as the engine's lookup does.
struct ActionCoverage: Sendable, Equatable, Codable {
    /// One method's counts.
    struct Entry: Sendable, Equatable, Codable {
        /// The method (action) name.
        var name: String
        /// Calls that arrived.
        var calls = 0
        /// `ok` or an error code → how many calls ended so.
        var outcomes: [String: Int] = [:]

        /// Calls with an outcome.
        var settled: Int { outcomes.values.reduce(0, +) }

        /// The outcomes in report order: `ok`, error codes in order, `pending` last; with the
        /// calls that never settled as `pending`.
        var orderedOutcomes: [(outcome: String, count: Int)] {
            var all = outcomes
            let unsettled = calls - settled
            if unsettled > 0 { all[Self.pending, default: 0] += unsettled }
            func rank(_ key: String) -> Int { key == Self.ok ? 0 : key == Self.pending ? 2 : 1 }
            return all.filter { $0.value > 0 }
                .sorted { rank($0.key) != rank($1.key) ? rank($0.key) < rank($1.key) : ScalarKey($0.key) < ScalarKey($1.key) }
                .map { ($0.key, $0.value) }
        }

        static let ok = "ok"
        static let pending = "pending"
    }

    private var entries: [ScalarKey: Entry] = [:]

    init() {}

    /// Counts `event` (calls and their outcomes; other events are ignored).
    mutating func observe(_ event: EngineEvent) {
        switch event {
        case .call(let method, _, _, _):
            entries[ScalarKey(method), default: Entry(name: method)].calls += 1
        case .result(let method, _, _):
            settle(method, Entry.ok)
        case .error(let method?, _, let error):
            settle(method, error.code.rawValue)
        default:
            break
        }
    }

    /// An outcome for a call of `method` that is still open (a message refused before it became
    /// a call has no `call` event and is not counted).
    private mutating func settle(_ method: String, _ outcome: String) {
        let key = ScalarKey(method)
        guard var entry = entries[key], entry.calls > entry.settled else { return }
        entry.outcomes[outcome, default: 0] += 1
        entries[key] = entry
    }

    /// Adds counts read back from a report (`coverage-merge`).
    mutating func add(_ entry: Entry) {
        let key = ScalarKey(entry.name)
        var mine = entries[key] ?? Entry(name: entry.name)
        mine.calls += entry.calls
        for (outcome, count) in entry.outcomes { mine.outcomes[outcome, default: 0] += count }
        entries[key] = mine
    }

    /// The counts of `method` (`nil` when it was never called).
    func entry(_ method: String) -> Entry? { entries[ScalarKey(method)] }

    /// Every called method, sorted by name (Unicode scalar order).
    var called: [Entry] {
        entries.sorted { $0.key < $1.key }.map(\.value).filter { $0.calls > 0 }
    }

    var isEmpty: Bool { called.isEmpty }

    static func + (a: Self, b: Self) -> Self {
        var sum = a
        for entry in b.entries.values { sum.add(entry) }
        return sum
    }

    // Sent between processes as a sorted list of entries.
    init(from decoder: any Decoder) throws {
        let list = try [Entry](from: decoder)
        for entry in list { add(entry) }
    }

    func encode(to encoder: any Encoder) throws {
        try called.encode(to: encoder)
    }
}
