internal import CJSC

/// The texts a VM evaluates again and again (the preludes, domino's modules), each prepared once
/// as a script of the VM (`JSScriptRef`, JSScriptRefPrivate.h) that every later evaluation in
/// any context of the VM shares.
///
/// `JSEvaluateScript` copies its text on every call, and JavaScriptCore's code cache then hashes
/// that copy to find the compiled code (by text): for a page's 0.9 MB of domino that was a copy
/// and a hash per page, and the copy lived as long as the page (its functions point into it). A
/// prepared script is one text, hashed once, that every evaluation points into.
///
/// Preparing parses the text once more (JavaScriptCore checks its syntax), so a text is prepared
/// on its second evaluation in a VM, not its first: a VM that evaluates a text once (a
/// command-line run of one page) pays nothing, and a shared VM pays one parse for all the engines
/// after the first. A text whose preparation fails (a syntax error) is evaluated the plain way,
/// which reports the error as before. So is an evaluation whose first line is not 1 (a prepared
/// script would count its lines from 1).
///
/// - Note: Main actor only, like its VM; released with the VM (a prepared script refers to its
///   VM without keeping it alive).
@MainActor
final class PreparedScripts {
    private struct Key: Hashable {
        let source: ObjectIdentifier
        let sourceURL: String?
    }

    private enum Entry {
        /// Evaluated once the plain way.
        case seen(ScriptSource)
        case prepared(ScriptSource, JSScriptRef)
        /// Preparing failed: always the plain way.
        case refused(ScriptSource)
    }

    /// By source object and name (the same text under another name is another script: its
    /// errors and stack frames name it). Entries keep their source alive, so an
    /// identifier is never reused for another text while it is a key here.
    private var entries: [Key: Entry] = [:]

    /// How many texts a VM keeps track of (the runtime's own are a few dozen).
    static let capacity = 512

    /// How many texts are known (seen, prepared or refused), for tests.
    var count: Int { entries.count }

    /// How many texts are prepared (for tests).
    var preparedCount: Int {
        entries.values.reduce(0) { n, e in if case .prepared = e { return n + 1 }; return n }
    }

    /// The prepared script for `source` evaluated under `sourceURL` from `line` in `group`, or
    /// `nil` when this evaluation should go the plain way (the first one, a refused text, or a
    /// first line other than 1).
    func script(for source: ScriptSource, sourceURL: String?, line: Int, in group: JSContextGroupRef) -> JSScriptRef? {
        // `JSScriptEvaluate` drops a first line other than 1 (its frames and errors count from 1
        // whatever the script was made with): such an evaluation always goes the plain way.
        guard line == 1 else { return nil }
        let key = Key(source: ObjectIdentifier(source), sourceURL: sourceURL)
        switch entries[key] {
        case .prepared(_, let script): return script
        case .refused: return nil
        case .none:
            // A VM that meets more texts than the runtime's own (a runner evaluating texts it made
            // as ScriptSources) keeps its table bounded; past it, new texts go the plain way.
            if entries.count < Self.capacity { entries[key] = .seen(source) }
            return nil
        case .seen:
            var message: JSStringRef?
            var errorLine: Int32 = 0
            let script = JSStringConversion.with(sourceURL ?? "") { url in
                JSScriptCreateFromString(group, sourceURL == nil ? nil : url, Int32(clamping: line), source.ref, &message, &errorLine)
            }
            if let message { JSStringRelease(message) }
            guard let script else {
                entries[key] = .refused(source)
                return nil
            }
            entries[key] = .prepared(source, script)
            return script
        }
    }

    /// Releases every prepared script (before the VM goes).
    func releaseAll() {
        for entry in entries.values {
            if case .prepared(_, let script) = entry { JSScriptRelease(script) }
        }
        entries = [:]
    }
}
