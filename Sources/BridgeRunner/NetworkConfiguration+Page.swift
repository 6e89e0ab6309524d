package import BridgeCore
package import BridgePage
package import BridgeNetwork

extension NetworkConfiguration {
    /// The network of a page at `pageURL`: `fixture`, then the offline package (its files, after
    /// their MD5 check), and the capability file's `hosts` — as `run` and a test's `loadPage`
    /// give it.
    package static func forPage(_ pageURL: String, fixture: HTTPMockFixture, offline: OfflinePackage?, capabilities: CapabilitySet?) -> NetworkConfiguration {
        var network = NetworkConfiguration(fixture: fixture)
        if let offline {
            network.offline = { url in
                do throws(OfflineError) {
                    let served = try offline.resolve(url)
                    return .file(path: served.path, body: Array(served.data))
                } catch {
                    return .unavailable(error.reason)
                }
            }
        }
        if let capabilities {
            network.requestCheck = { url in capabilities.checkRequest(url: url, page: pageURL) }
        }
        return network
    }
}
