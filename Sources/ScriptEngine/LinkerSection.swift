internal import CJSC

/// The type of a self-registration record placed in the `bridge_components` linker section.
/// The runtime calls it with a slot; the record fills the slot in (see
/// `registerBridgeComponent(_:into:)` in BridgeCore).
public typealias BridgeComponentRecord = @convention(c) (UnsafeMutableRawPointer) -> Void

/// Records placed in named linker sections of the executable, found through the linker's
/// `__start_<section>`/`__stop_<section>` symbols (weak: an image with no record sees none).
package enum LinkerSection {
    /// Every record in the `bridge_components` section, in link order (empty slots skipped).
    package static func componentRecords() -> [BridgeComponentRecord] {
        guard let start = bridge_components_start(), let stop = bridge_components_stop(), stop > start else { return [] }
        let stride = MemoryLayout<BridgeComponentRecord>.stride
        let count = (stop - start) / stride
        let records = start.assumingMemoryBound(to: BridgeComponentRecord?.self)
        return (0..<count).compactMap { records[$0] }
    }
}
