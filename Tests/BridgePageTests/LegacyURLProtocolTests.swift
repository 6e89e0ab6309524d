import Testing
import BridgeRuntimeTesting

@testable import BridgePage
@testable import BridgeCore
@testable import BridgeValues
@testable import ScriptEngine
@testable import BridgeSupport

@Suite struct LegacyURLProtocolTests {
    let proto = LegacyURLProtocol()

    @Test func readsActionParamsAndCallback() throws {
        let url = "hybrid://bridge?parameter=" + #"{"action":"user.get","id":8848,"callback":"cb7","tags":["a"]}"#.addingPercentEncodingForTest()
        let m = try #require(try proto.message(from: url))
        #expect(m.method == "user.get")
        #expect(m.callbackId == "cb7")
        #expect(m.params == ["id": 8848, "tags": ["a"]])
    }

    @Test func roundTripsThroughTheBuilder() throws {
        let url = proto.url(action: "share", params: ["text": "a&b=c \u{2028} </script>"], callback: "done")
        let m = try #require(try proto.message(from: url))
        #expect(m == BridgeMessage(method: "share", params: ["text": "a&b=c \u{2028} </script>"], callbackId: "done"))
    }

    @Test(arguments: [
        ("hybrid://bridge", "no '?parameter='"),
        ("hybrid://bridge?x=1", "no 'parameter'"),
        ("hybrid://bridge?parameter=%7Bbad", "not JSON"),
        ("hybrid://bridge?parameter=%5B1%5D", "must be a JSON object"),
        ("hybrid://bridge?parameter=%7B%22id%22%3A1%7D", "no string 'action'"),
        ("hybrid://bridge?parameter=%E0%A4%A", "not valid percent-encoding"),
    ])
    func malformedURLsAreInvalidMessages(url: String, reason: String) {
        do {
            _ = try proto.message(from: url)
            Issue.record("expected INVALID_MESSAGE for \(url)")
        } catch {
            #expect(error.code == .invalidMessage)
            #expect(error.message.contains(reason), "\(error.message)")
        }
    }

    @Test func otherSchemesAreNotBridgeURLs() throws {
        #expect(try proto.message(from: "https://example.com/?parameter=%7B%7D") == nil)
        #expect(LegacyURLProtocol(scheme: "myapp").matches("MYAPP://x?parameter=%7B%7D"))
        #expect(!proto.matches("hybridx://x"))
    }
}

extension String {
    func addingPercentEncodingForTest() -> String {
        var out = ""
        for b in utf8 {
            let c = Character(Unicode.Scalar(b))
            if c.isLetter || c.isNumber || "-_.~".contains(c) { out.append(c) } else { out += String(format: "%%%02X", b) }
        }
        return out
    }
}

import Foundation
