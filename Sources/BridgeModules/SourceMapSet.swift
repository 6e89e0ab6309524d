/// The source maps of the scripts an engine ran, by the name each script was evaluated under:
/// turns generated positions and JavaScriptCore stack traces back into original files and lines.
///
/// A value type with no engine in it: the layer that runs bundles keeps one per engine and
/// applies it to every error the engine records (see docs/modules.md).
public struct SourceMapSet: Sendable {
    private var maps: [String: SourceMap] = [:]

    /// An empty set.
    public init() {}

    /// `true` when no map was added.
    public var isEmpty: Bool { maps.isEmpty }

    /// Maps positions in the script evaluated as `sourceURL` through `map` (replacing an
    /// earlier map for that name).
    public mutating func add(_ map: SourceMap, for sourceURL: String) {
        maps[sourceURL] = map
    }

    /// The map of the script evaluated as `sourceURL`, if any.
    public func map(for sourceURL: String) -> SourceMap? {
        maps[sourceURL]
    }

    /// The original position of a position in one of the scripts, or `nil` when the script has
    /// no map or the map has nothing there.
    ///
    /// - Parameters:
    ///   - sourceURL: the name the script was evaluated under.
    ///   - line: 1-based.
    ///   - column: 1-based (`nil` = the start of the line).
    public func original(sourceURL: String, line: Int, column: Int?) -> SourceMap.Location? {
        maps[sourceURL]?.original(line: line, column: column ?? 1)
    }

    /// A position as an error should name it: the original one when a map knows it, else the
    /// position unchanged.
    public func mapped(sourceURL: String?, line: Int?, column: Int?) -> (sourceURL: String?, line: Int?, column: Int?) {
        guard let sourceURL, let line, let found = original(sourceURL: sourceURL, line: line, column: column) else {
            return (sourceURL, line, column)
        }
        return (found.source, found.line, found.column)
    }

    /// A JavaScriptCore stack (`name@url:line:column` per line, or `url:line:column`) with the
    /// frames in mapped scripts rewritten to their original file, line and column. Other frames
    /// and lines stay as they are.
    public func mappedStack(_ stack: String) -> String {
        guard !maps.isEmpty else { return stack }
        return stack.split(separator: "\n", omittingEmptySubsequences: false).map { mappedFrame($0) }.joined(separator: "\n")
    }

    private func mappedFrame(_ frame: Substring) -> String {
        let at = frame.firstIndex(of: "@").map { frame.index(after: $0) } ?? frame.startIndex
        let location = frame[at...]
        // `url:line:column`, read from the right: the url may hold colons itself.
        guard let lastColon = location.lastIndex(of: ":"), let last = Int(location[location.index(after: lastColon)...]) else {
            return String(frame)
        }
        var url = location[..<lastColon]
        var line = last
        var column: Int?
        if let colon = url.lastIndex(of: ":"), let number = Int(url[url.index(after: colon)...]) {
            column = last
            line = number
            url = url[..<colon]
        }
        guard let found = original(sourceURL: String(url), line: line, column: column) else { return String(frame) }
        return String(frame[..<at]) + "\(found.source):\(found.line):\(found.column)"
    }
}
