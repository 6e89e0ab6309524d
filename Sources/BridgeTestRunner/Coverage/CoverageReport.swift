import BridgeValues

/// The action coverage of a run set against the schemas' actions: the text `--coverage` prints,
/// the JSON of `--coverage-json FILE` (docs/testing.md, "Action coverage") and the
/// `--coverage-min N` check.
struct CoverageReport: Equatable {
    /// The schemas' action names (`nil`: the run had no schemas, so only called methods are known).
    var actions: [String]?
    /// What the run called.
    var counts: ActionCoverage

    /// The JSON format's `format` and `version` members.
    static let formatName = "bridge-run action coverage"
    static let version = 1

    init(actions: [String]?, counts: ActionCoverage) {
        // Sorted and without repeats, so reports of shards merge and compare as text.
        self.actions = actions.map { names in
            var seen = Set<ScalarKey>()
            return names.filter { seen.insert(ScalarKey($0)).inserted }.sorted { ScalarKey($0) < ScalarKey($1) }
        }
        self.counts = counts
    }

    /// One row per schema action (`calls` 0 for one never called).
    var actionRows: [ActionCoverage.Entry] {
        (actions ?? []).map { counts.entry($0) ?? ActionCoverage.Entry(name: $0) }
    }

    /// Called methods no schema declares (every called method without schemas).
    var otherMethods: [ActionCoverage.Entry] {
        let declared = Set((actions ?? []).map(ScalarKey.init))
        return counts.called.filter { !declared.contains(ScalarKey($0.name)) }
    }

    /// Schema actions called at least once.
    var calledCount: Int { actionRows.filter { $0.calls > 0 }.count }

    /// Called actions in tenths of a percent, rounded half up (`nil` without schemas; 1000 for
    /// schemas that declare no action).
    var percentTenths: Int? {
        guard let actions else { return nil }
        guard !actions.isEmpty else { return 1000 }
        return (calledCount * 2000 + actions.count) / (actions.count * 2)
    }

    /// `66.7%`.
    static func percentText(_ tenths: Int) -> String { "\(tenths / 10).\(tenths % 10)%" }

    /// The text report (what `--coverage` prints after the summary).
    func lines() -> [String] {
        var out: [String] = []
        let rows = actionRows.filter { $0.calls > 0 }
        let others = otherMethods
        if let actions, let tenths = percentTenths {
            out.append("Action coverage: \(calledCount) of \(actions.count) action\(actions.count == 1 ? "" : "s") called (\(Self.percentText(tenths)))")
            out += Self.table(rows, heading: "action")
            let never = actionRows.filter { $0.calls == 0 }.map(\.name)
            if !never.isEmpty { out.append("  never called (\(never.count)): \(never.joined(separator: ", "))") }
            if !others.isEmpty {
                out.append("Called but not in the schemas (\(others.count)):")
                out += Self.table(others, heading: "method")
            }
        } else {
            out.append("Methods called: \(others.count) (no schemas: give --schemas DIR or \"schemas\" in bridge.config.json to see the actions never called)")
            out += Self.table(others, heading: "method")
        }
        return out
    }

    /// `  calls  action  outcomes` and a row per entry, columns aligned.
    private static func table(_ rows: [ActionCoverage.Entry], heading: String) -> [String] {
        guard !rows.isEmpty else { return [] }
        let callsWidth = max(5, rows.map { String($0.calls).count }.max() ?? 0)
        let nameWidth = max(heading.count, rows.map(\.name.count).max() ?? 0)
        func pad(_ s: String, _ width: Int, left: Bool) -> String {
            let fill = String(repeating: " ", count: max(0, width - s.count))
            return left ? fill + s : s + fill
        }
        var out = ["  \(pad("calls", callsWidth, left: true))  \(pad(heading, nameWidth, left: false))  outcomes"]
        for row in rows {
            let outcomes = row.orderedOutcomes.map { "\($0.outcome) \($0.count)" }.joined(separator: ", ")
            out.append("  \(pad(String(row.calls), callsWidth, left: true))  \(pad(row.name, nameWidth, left: false))  \(outcomes)")
        }
        return out
    }

    /// The one line of a run below `--coverage-min` (`nil` when it is met).
    func shortfall(min: Double) -> String? {
        guard let actions, let tenths = percentTenths else { return nil }
        // Exact: called / total < min / 100.
        guard Double(calledCount) * 100 < min * Double(actions.count) else { return nil }
        return "action coverage \(Self.percentText(tenths)) (\(calledCount) of \(actions.count) actions called) is below --coverage-min \(Self.number(min))"
    }

    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

    // MARK: JSON

    /// The `--coverage-json` document.
    func json() -> JSONValue {
        func entry(_ e: ActionCoverage.Entry) -> JSONValue {
            var outcomes = JSONObject()
            for (outcome, count) in e.orderedOutcomes { outcomes[outcome] = .number(Double(count)) }
            return ["name": .string(e.name), "calls": .number(Double(e.calls)), "outcomes": .object(outcomes)]
        }
        var summary: JSONValue = .null
        if let actions, let tenths = percentTenths {
            summary = [
                "actions": .number(Double(actions.count)), "called": .number(Double(calledCount)),
                "percent": .number(Double(tenths) / 10),
            ]
        }
        return [
            "format": .string(Self.formatName), "version": .number(Double(Self.version)),
            "schemas": .bool(actions != nil), "summary": summary,
            "actions": .array(actionRows.map(entry)), "methods": .array(otherMethods.map(entry)),
        ]
    }

    /// Why a document is not a coverage report (`$.path: reason`).
    struct Problem: Error, Equatable {
        var message: String
    }

    /// Reads a `--coverage-json` document back (for `coverage-merge`).
    init(json: JSONValue) throws(Problem) {
        func fail(_ at: String, _ reason: String) -> Problem { Problem(message: "\(at): \(reason)") }
        guard case .object(let top) = json else { throw fail("$", "expected an object, got \(json.typeName)") }
        guard top["format"]?.stringValue == Self.formatName else { throw fail("$.format", "expected \"\(Self.formatName)\" (not a --coverage-json report)") }
        guard top["version"]?.intValue == Self.version else { throw fail("$.version", "expected \(Self.version), got \(top["version"]?.jsonString() ?? "nothing")") }
        guard case .bool(let hasSchemas)? = top["schemas"] else { throw fail("$.schemas", "expected true or false") }
        var counts = ActionCoverage()
        var names: [String] = []
        for key in ["actions", "methods"] {
            guard case .array(let items)? = top[key] else { throw fail("$.\(key)", "expected an array") }
            for (i, item) in items.enumerated() {
                let at = "$.\(key)[\(i)]"
                guard case .string(let name)? = item["name"], !name.isEmpty else { throw fail("\(at).name", "expected a non-empty string") }
                guard let calls = item["calls"]?.intValue, calls >= 0 else { throw fail("\(at).calls", "expected an integer >= 0") }
                var entry = ActionCoverage.Entry(name: name, calls: calls)
                guard case .object(let outcomes)? = item["outcomes"] else { throw fail("\(at).outcomes", "expected an object") }
                for (outcome, value) in outcomes.sortedMembers {
                    guard let n = value.intValue, n >= 0 else { throw fail("\(at).outcomes.\(outcome)", "expected an integer >= 0") }
                    entry.outcomes[outcome] = n
                }
                guard entry.settled <= calls else { throw fail("\(at).outcomes", "more outcomes than calls (\(entry.settled) > \(calls))") }
                if key == "actions" { names.append(name) }
                counts.add(entry)
            }
        }
        if !hasSchemas, !names.isEmpty { throw fail("$.actions", "a report without schemas lists no actions") }
        self.init(actions: hasSchemas ? names : nil, counts: counts)
    }

    /// Several reports as one (shards of a CI matrix): the actions of any, the counts of all.
    static func merged(_ reports: [CoverageReport]) -> CoverageReport {
        let withSchemas = reports.compactMap(\.actions)
        return CoverageReport(
            actions: withSchemas.isEmpty ? nil : withSchemas.flatMap { $0 },
            counts: reports.map(\.counts).reduce(ActionCoverage(), +))
    }
}
