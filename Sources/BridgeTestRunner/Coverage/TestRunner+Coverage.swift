import FoundationEssentials
package import BridgeRunner
import BridgeValues
import BridgeSchema
import BridgeSupport

extension TestRunner {
    /// What the coverage options did at the end of a run.
    struct CoverageEnd {
        /// Why `--coverage-min` was not met (the run exits 1), as printed.
        var shortfall: String?
        /// Files that could not be written (the run exits 2).
        var problems: [String] = []
    }

    /// `--coverage-min` without schemas: the usage error (`nil` when the options are usable).
    static func coverageProblem(_ options: TestOptions, schemas: SchemaSet?) -> String? {
        guard options.coverageMin != nil, schemas == nil else { return nil }
        return "--coverage-min needs schemas (--schemas DIR or \"schemas\" in bridge.config.json): without them there is no list of actions to measure"
    }

    /// Prints the coverage report (`--coverage`: on standard output after the summary when a
    /// spec or dot reporter writes there, else on standard error), writes `--coverage-json`
    /// and checks `--coverage-min`.
    static func finishCoverage(_ summary: TestRunSummary, options: TestOptions, schemas: SchemaSet?, humanOnStdout: Bool, output: any RunOutput, prefix: String) -> CoverageEnd {
        var end = CoverageEnd()
        guard options.collectsCoverage else { return end }
        let counts = summary.files.compactMap(\.coverage).reduce(ActionCoverage(), +)
        let report = CoverageReport(actions: schemas.map { $0.actions.map(\.name) }, counts: counts)
        if options.coverage {
            let lines = report.lines()
            if humanOnStdout {
                output.out("")
                for line in lines { output.out(line) }
            } else {
                for line in lines { output.err(line) }
            }
        }
        if let path = options.coverageJSONPath, let problem = CoverageMerge.write(report, to: path) {
            end.problems.append(problem)
        }
        if let min = options.coverageMin, let line = report.shortfall(min: min) {
            output.err("\(prefix): \(line)")
            end.shortfall = line
        }
        return end
    }
}

/// `bridge-run coverage-merge A.json B.json [--out FILE] [--coverage-min N]`: the
/// `--coverage-json` reports of a CI matrix's shards as one (the actions of any, the counts of
/// all), printed as `--coverage` prints it, and written to `--out` in the same JSON format.
package enum CoverageMerge {
    /// Merges `files`.
    ///
    /// - Returns: 0; 1 when `min` is not met; 2 when a file cannot be read or is not a
    ///   coverage report, or `out` cannot be written.
    @MainActor
    package static func run(files: [String], out: String?, min: Double?, output: any RunOutput, prefix: String) -> Int32 {
        var reports: [CoverageReport] = []
        for path in files {
            guard let data = FileManager.default.contents(atPath: path) else {
                output.err("\(prefix): \(path): cannot read the coverage report")
                return 2
            }
            do {
                let json = try JSONParser().parse(bytes: Array(data))
                reports.append(try CoverageReport(json: json))
            } catch let problem as CoverageReport.Problem {
                output.err("\(prefix): \(path): \(problem.message)")
                return 2
            } catch {
                output.err("\(prefix): \(path): invalid JSON: \(error)")
                return 2
            }
        }
        let merged = CoverageReport.merged(reports)
        if min != nil, merged.actions == nil {
            output.err("\(prefix): --coverage-min needs reports made with schemas: none of these has a list of actions")
            return 2
        }
        for line in merged.lines() { output.out(line) }
        if let out, let problem = write(merged, to: out) {
            output.err("\(prefix): \(problem)")
            return 2
        }
        if let min, let line = merged.shortfall(min: min) {
            output.err("\(prefix): \(line)")
            return 1
        }
        return 0
    }

    /// Writes `report` as JSON (two-space indents, keys sorted) to `path`.
    ///
    /// - Returns: the problem when the file cannot be written.
    static func write(_ report: CoverageReport, to path: String) -> String? {
        do {
            try Data((report.json().prettyString() + "\n").utf8).write(to: URL(fileURLWithPath: path))
            return nil
        } catch {
            return "cannot write the coverage report \(path): \(FileErrorText.describe(error))"
        }
    }
}
