import Testing
@testable import BridgePeers
import BridgeValues

@Suite struct PeerScriptsTests {
    @Test func callbackIdsNameTheRequest() {
        #expect(PeerScripts.request(fromCallbackId: "objc_cb_12") == 12)
        #expect(PeerScripts.request(fromCallbackId: "JAVA_CB_3") == 3)
        #expect(PeerScripts.request(fromCallbackId: "cb_1_1700000000") == nil)
    }

    @Test func pluginHeadersGroupMethodsByPlugin() {
        let headers = PeerScripts.pluginHeaders(["Device.getInfo", "Device.getId", "Toast.show", "plain"])
        #expect(headers.jsonString() == #"[{"methods":[{"name":"getInfo","rtype":"promise"},{"name":"getId","rtype":"promise"}],"name":"Device"},{"methods":[{"name":"show","rtype":"promise"}],"name":"Toast"}]"#)
    }
}
