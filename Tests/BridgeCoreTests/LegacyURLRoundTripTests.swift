import Testing
import BridgeRuntimeTesting
@testable import BridgeCore

struct LegacyURLRoundTripTests {
    @Test("bridge URLs encode as encodeURIComponent does and read back")
    func legacyURLRoundTrip() throws {
        let proto = LegacyURLProtocol(scheme: "hybrid")
        let url = proto.url(action: "share.open", params: ["text": "a b&c=d/中文 'q'"], callback: "cb_1")
        #expect(url.hasPrefix("hybrid://bridge?parameter=%7B"))
        #expect(!url.contains(" ") && !url.contains("中"))
        let message = try #require(try proto.message(from: url))
        #expect(message.method == "share.open")
        #expect(message.params == ["text": "a b&c=d/中文 'q'"])
        #expect(message.callbackId == "cb_1")
    }
}
