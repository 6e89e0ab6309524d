/// Checked conversions of numbers that came from JavaScript (a page chooses them: `Infinity`,
/// `NaN`, `1e300`, `-0.5`). Swift's `Int(_: Double)` traps on such values; nothing the runtime
/// reads from JS may go through it.
package enum JSNumber {
    /// The largest integer JS represents exactly (2^53 - 1).
    package static let maxSafeInteger = 9_007_199_254_740_991.0

    /// `value` as an `Int` when it is an integer JS represents exactly; `nil` for fractions,
    /// non-finite values and magnitudes beyond 2^53 - 1.
    package static func int(_ value: Double) -> Int? {
        guard value.isFinite, value.rounded(.towardZero) == value, abs(value) <= maxSafeInteger else { return nil }
        return Int(value)
    }

    /// `value` clamped into `range` (NaN becomes `range.lowerBound`): for counts and durations a
    /// page may give any number for.
    package static func clamped(_ value: Double, to range: ClosedRange<Double>) -> Double {
        guard !value.isNaN else { return range.lowerBound }
        return min(max(value, range.lowerBound), range.upperBound)
    }
}

extension Duration {
    /// The duration in seconds, as a `Double`.
    package var seconds: Double {
        let c = components
        return Double(c.seconds) + Double(c.attoseconds) / 1e18
    }

    /// The duration in milliseconds, as a `Double`.
    package var milliseconds: Double {
        let c = components
        return Double(c.seconds) * 1000 + Double(c.attoseconds) / 1e15
    }

    /// A duration of `ms` milliseconds, to the nanosecond (rounded up, so a deadline computed
    /// from it is never earlier than asked); non-finite or negative values become zero and
    /// values past ~292 years are clamped.
    package static func milliseconds(exactly ms: Double) -> Duration {
        guard ms.isFinite, ms > 0 else { return .zero }
        return .nanoseconds(Int64(min((ms * 1e6).rounded(.up), 9.2e18)))
    }
}
