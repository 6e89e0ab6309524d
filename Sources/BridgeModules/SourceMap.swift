import BridgeValues

/// A version 3 source map: where each stretch of a generated script (a bundle) came from.
///
/// `mappings` is decoded lazily, one generated line at a time as far as the highest line asked
/// for (later lines are never decoded unless asked for), and a lookup is a binary search in its
/// line. A map that is malformed from some point on maps nothing from there.
///
/// Lines and columns in this API are 1-based, as JavaScriptCore reports them; the map's own
/// numbers are 0-based.
public struct SourceMap: Sendable {
    /// An original position.
    public struct Location: Sendable, Equatable, CustomStringConvertible {
        /// The original file, as the map (or the bundler) names it.
        public var source: String
        /// 1-based line.
        public var line: Int
        /// 1-based column.
        public var column: Int
        /// The original name at this position, when the map records one.
        public var name: String?

        /// Creates a location.
        public init(source: String, line: Int, column: Int, name: String? = nil) {
            self.source = source
            self.line = line
            self.column = column
            self.name = name
        }

        /// `source:line:column`.
        public var description: String { "\(source):\(line):\(column)" }
    }

    /// A map that cannot be read.
    public struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        /// What is wrong with it.
        public var reason: String
        /// `invalid source map: <reason>`.
        public var description: String { "invalid source map: \(reason)" }
    }

    /// The original files, in the map's order (with `sourceRoot` applied).
    public internal(set) var sources: [String]
    /// The original text of each source, when the map carries it (`nil` entries where not).
    public let sourcesContent: [String?]
    /// The map's `names`.
    public let names: [String]
    /// Lines added to the original lines of each source (an inline module script that starts
    /// on line 20 of its page is shifted by 19), by source index.
    package internal(set) var lineOffsets: [Int]
    private let decoder: SourceMapDecoder

    /// Reads a map from its JSON text.
    ///
    /// - Throws: `Failure` when the text is not JSON, not version 3, an index map (`sections`),
    ///   or lacks `sources` or `mappings`.
    public init(json: String) throws(Failure) {
        let value: JSONValue
        do { value = try JSONParser().parse(json) } catch { throw Failure(reason: "not JSON (\(error.description))") }
        guard case .object = value else { throw Failure(reason: "not a JSON object") }
        guard value["sections"] == nil else { throw Failure(reason: "index maps (\"sections\") are not supported") }
        guard value["version"]?.intValue == 3 else { throw Failure(reason: "\"version\" is not 3") }
        guard let sources = value["sources"]?.arrayValue else { throw Failure(reason: "no \"sources\" array") }
        guard let mappings = value["mappings"]?.stringValue else { throw Failure(reason: "no \"mappings\" string") }
        var root = value["sourceRoot"]?.stringValue ?? ""
        if !root.isEmpty && !root.hasSuffix("/") { root += "/" }
        let contents = value["sourcesContent"]?.arrayValue ?? []
        self.init(
            sources: sources.map { root + ($0.stringValue ?? "") },
            sourcesContent: sources.indices.map { contents.indices.contains($0) ? contents[$0].stringValue : nil },
            names: (value["names"]?.arrayValue ?? []).map { $0.stringValue ?? "" },
            mappings: mappings)
    }

    /// A map from its parts (`mappings` as in the JSON form).
    public init(sources: [String], sourcesContent: [String?] = [], names: [String] = [], mappings: String) {
        self.sources = sources
        self.sourcesContent = sources.indices.map { sourcesContent.indices.contains($0) ? sourcesContent[$0] : nil }
        self.names = names
        lineOffsets = Array(repeating: 0, count: sources.count)
        decoder = SourceMapDecoder(mappings: Array(mappings.utf8))
    }

    /// The original position of a generated one.
    ///
    /// The segment that starts at or before `column` on `line` answers; a column before the
    /// line's first segment takes that first segment (the statement on the line is the same).
    ///
    /// - Parameters:
    ///   - line: 1-based generated line.
    ///   - column: 1-based generated column.
    /// - Returns: the original position, or `nil` when the line maps nothing there (code the
    ///   bundler added) or the map is malformed before it.
    public func original(line: Int, column: Int) -> Location? {
        guard line >= 1, let segment = decoder.segment(line: line - 1, column: max(0, column - 1)) else { return nil }
        let source = Int(segment.source)
        guard source >= 0, source < sources.count else { return nil }
        let name = segment.name >= 0 && Int(segment.name) < names.count ? names[Int(segment.name)] : nil
        return Location(
            source: sources[source], line: Int(segment.line) + 1 + lineOffsets[source],
            column: Int(segment.column) + 1, name: name)
    }

    /// The map with each source renamed (to the names errors should show).
    package func renamingSources(_ rename: (String) -> String) -> SourceMap {
        var copy = self
        copy.sources = sources.map(rename)
        return copy
    }

    /// The map with the original lines of `source` shifted by `offset`.
    package func shiftingLines(ofSource source: Int, by offset: Int) -> SourceMap {
        var copy = self
        if copy.lineOffsets.indices.contains(source) { copy.lineOffsets[source] += offset }
        return copy
    }
}
