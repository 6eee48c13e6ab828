import Foundation
import PackKitWire

/// Where a channel's (and build's) signed manifest is: `[/channels/C][/builds/B]/manifest` under the base
/// URL. Production without a build keeps the plain `/manifest`, which every server version answers.
struct ManifestLocation: Sendable, Hashable {
    var baseURL: URL
    var channel: String
    var build: AppBuild?

    var url: URL {
        var url = baseURL
        if channel != PackManifest.productionChannel {
            url = url.appendingPathComponent("channels").appendingPathComponent(channel)
        }
        if let build { url = url.appendingPathComponent("builds").appendingPathComponent(build.description) }
        return url.appendingPathComponent("manifest")
    }
}
