internal import CJSC

/// A script's text in JavaScriptCore's string form, made once: for texts that are evaluated again
/// and again in every engine (the preludes, domino's modules), so that each evaluation hands the
/// engine the same prepared string instead of converting the Swift text anew. JavaScriptCore
/// copies the text for each evaluation and finds the compiled code in its per-VM code cache (by
/// the text), so only the conversion is saved here; an all-ASCII text is kept in 8-bit form, which
/// also halves the copy every engine keeps and the hashing of the cache lookup.
///
/// Immutable and safe to share between threads: a `JSStringRef` is immutable and reference
/// counted atomically. It is kept as its address's bits (a plain integer), so the type is
/// `Sendable` without an unchecked promise.
package final class ScriptSource: Sendable {
    private let address: UInt
    /// The text's length in UTF-16 code units.
    package let utf16Count: Int

    package init(_ text: String) {
        let ref = JSStringConversion.create(text)
        address = UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(ref)))
        utf16Count = JSStringGetLength(ref)
    }

    /// The prepared string (owned by this object; valid while it lives).
    var ref: JSStringRef { OpaquePointer(bitPattern: address)! }

    deinit { JSStringRelease(ref) }
}
