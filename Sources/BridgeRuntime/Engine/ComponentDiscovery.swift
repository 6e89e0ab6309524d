internal import CJSC

/// The type of a self-registration record placed in the `bridge_components` linker section.
/// The runtime calls it with a slot; the record stores its component type there through
/// `registerBridgeComponent(_:into:)`.
public typealias BridgeComponentRecord = @convention(c) (UnsafeMutableRawPointer) -> Void

/// Stores `type` in the slot the runtime passes to a `BridgeComponentRecord`.
///
/// - Parameters:
///   - type: the component to register in `BridgeRegistry.shared`.
///   - slot: the pointer the record received.
public func registerBridgeComponent<C: BridgeComponent>(_ type: C.Type, into slot: UnsafeMutableRawPointer) {
    slot.assumingMemoryBound(to: ComponentSlot.self).pointee.type = type
}

/// What a record fills in.
struct ComponentSlot {
    var type: (any BridgeComponent.Type)?
}

/// Walks the `bridge_components` section between the linker's `__start_`/`__stop_` symbols.
enum ComponentDiscovery {
    static func discoveredComponents() -> [any BridgeComponent.Type] {
        guard let start = bridge_components_start(), let stop = bridge_components_stop(), stop > start else { return [] }
        let stride = MemoryLayout<BridgeComponentRecord>.stride
        let count = (stop - start) / stride
        let records = start.assumingMemoryBound(to: BridgeComponentRecord?.self)
        var found: [any BridgeComponent.Type] = []
        for i in 0..<count {
            guard let record = records[i] else { continue }
            var slot = ComponentSlot()
            withUnsafeMutablePointer(to: &slot) { record(UnsafeMutableRawPointer($0)) }
            if let type = slot.type, !found.contains(where: { $0 == type }) { found.append(type) }
        }
        return found
    }
}
