public import BridgeCore
import BridgeValues
/// The built-in router: `nav.open {url}` for jump URLs like
/// `wbmain://jump/job/list?ABMark=123&params=<JSON>`.
///
/// The main dispatcher applies the component's AB route table (`init(routes:)`),
/// finds the target component by the URL's component segment and hands the jump to that
/// component's sub-dispatcher: the action `jump.<component>` (any component can provide one and
/// registers itself like any other). Without a sub-dispatcher the jump is resolved generically.
/// Headless, the resolved jump is recorded as a `navigate` trace event and returned as the
/// call's result: `{url, resolvedURL, component, path, params, query, abRoute, handledBy, page?}`.
public final class NavComponent: InitializableComponent {
    /// `"nav"`.
    public static let componentName = "nav"

    /// `nav.open`.
    public static let actions: [BridgeAction<NavComponent>] = [
        .callback("nav.open") { component, call, responder in
            guard let url = call.params["url"]?.stringValue, !url.isEmpty else {
                responder.fail(.invalidMessage("params.url is required (a jump URL like wbmain://jump/<component>/<path>)"))
                return
            }
            guard let engine = call.engine else {
                responder.fail(.cancelled(method: call.method))
                return
            }
            let jump: JumpURL
            var abRoute: JSONValue = .null
            do throws(BridgeError) {
                var parsed = try JumpURL(url)
                if let route = component.routes?.route(for: parsed.abMark) {
                    abRoute = ["id": .string(route.id), "url": .string(route.url)]
                    parsed = try JumpURL(route.url)
                }
                jump = parsed
            } catch {
                responder.fail(error)
                return
            }
            var info = jump.jsonValue.objectValue ?? [:]
            info["url"] = .string(url)
            info["resolvedURL"] = .string(jump.url)
            info["abRoute"] = abRoute
            let subDispatcher = "jump.\(jump.component)"
            let finish: @MainActor (JSONValue?) -> Void = { page in
                var result = info
                result["handledBy"] = .string(page == nil ? "default" : subDispatcher)
                if let page { result["page"] = page }
                engine.report(.navigate(.object(result)))
                responder.succeed(.object(result))
            }
            guard engine.hasHandler(for: subDispatcher) else {
                finish(nil)
                return
            }
            engine.invoke(subDispatcher, params: jump.jsonValue) { outcome in
                switch outcome {
                case .success(let page): finish(page)
                case .failure(let error): responder.fail(error)
                }
            }
        }
    ]

    /// The AB route table jumps go through (`nil` = none).
    public let routes: RouteTable?

    /// Creates the router with an AB route table (register the instance in a scoped registry:
    /// it shadows the self-registered router, which has none).
    public init(routes: RouteTable?) {
        self.routes = routes
    }

    /// Creates the router with no route table (what self-registration makes).
    public convenience init() {
        self.init(routes: nil)
    }
}

@section("bridge_components") @used
let navComponentRecord: BridgeComponentRecord = { registerBridgeComponent(NavComponent.self, into: $0) }
