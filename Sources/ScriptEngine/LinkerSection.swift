internal import CJSC

/// A record placed in a linker section: a C function the runtime calls with a slot to fill in
/// (BridgeCore's `BridgeComponentRecord` is this type).
package typealias LinkerSectionRecord = @convention(c) (UnsafeMutableRawPointer) -> Void

/// Records placed in named linker sections of the executable, found through the linker's
/// `__start_<section>`/`__stop_<section>` symbols (weak: an image with no record sees none).
package enum LinkerSection {
    /// Every record in the `bridge_components` section, in link order (empty slots skipped).
    package static func componentRecords() -> [LinkerSectionRecord] {
        guard let start = bridge_components_start(), let stop = bridge_components_stop(), stop > start else { return [] }
        let stride = MemoryLayout<LinkerSectionRecord>.stride
        let count = (stop - start) / stride
        let records = start.assumingMemoryBound(to: LinkerSectionRecord?.self)
        return (0..<count).compactMap { records[$0] }
    }
}
