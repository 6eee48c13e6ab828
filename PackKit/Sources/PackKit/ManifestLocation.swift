import Foundation
import PackKitWire

/// Where a channel's (and build's, and cohort's) signed manifest is: `[/channels/C][/builds/B][/cohorts/K]/manifest`
/// under the base URL. Production without a build keeps the plain `/manifest`, which every server version answers.
struct ManifestLocation: Sendable, Hashable {
    var baseURL: URL
    var channel: String
    var build: AppBuild?
    /// The install's rollout cohort, when it takes part in rollouts.
    var cohort: Int?

    var url: URL {
        var url = baseURL
        if channel != PackManifest.productionChannel {
            url = url.appendingPathComponent("channels").appendingPathComponent(channel)
        }
        if let build { url = url.appendingPathComponent("builds").appendingPathComponent(build.description) }
        if let cohort { url = url.appendingPathComponent("cohorts").appendingPathComponent(String(cohort)) }
        return url.appendingPathComponent("manifest")
    }
}
