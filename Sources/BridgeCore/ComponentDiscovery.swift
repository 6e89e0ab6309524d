import ScriptEngine

/// The type of a self-registration record placed in the `bridge_components` linker section.
/// The runtime calls it with a slot; the record fills the slot in through
/// `registerBridgeComponent(_:into:)`.
public typealias BridgeComponentRecord = @convention(c) (UnsafeMutableRawPointer) -> Void

/// Stores `type` in the slot the runtime passes to a `BridgeComponentRecord`.
///
/// - Parameters:
///   - type: the component to register in `BridgeRegistry.shared`.
///   - slot: the pointer the record received.
public func registerBridgeComponent<C: InitializableComponent>(_ type: C.Type, into slot: UnsafeMutableRawPointer) {
    slot.assumingMemoryBound(to: ComponentSlot.self).pointee.type = type
}

/// What a record fills in.
struct ComponentSlot {
    var type: (any InitializableComponent.Type)?
}

/// The components that placed a record in the `bridge_components` linker section.
enum ComponentDiscovery {
    static func discoveredComponents() -> [any InitializableComponent.Type] {
        var found: [any InitializableComponent.Type] = []
        for record in LinkerSection.componentRecords() {
            var slot = ComponentSlot()
            withUnsafeMutablePointer(to: &slot) { record(UnsafeMutableRawPointer($0)) }
            if let type = slot.type, !found.contains(where: { $0 == type }) { found.append(type) }
        }
        return found
    }
}
