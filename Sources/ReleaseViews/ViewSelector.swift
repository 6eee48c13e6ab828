/// Which view of the catalog a request names with its path prefix (docs/channels.md "Views"): a channel (none:
/// production, or the build map's channel when a build is named), a build (none: the lowest) and a cohort
/// (parsed and checked; every cohort reads its channel's release until rollouts exist).
public struct ViewSelector: Sendable, Hashable {
    public var channel: ChannelName?
    public var build: AppBuild?
    public var cohort: Int?

    public init(channel: ChannelName? = nil, build: AppBuild? = nil, cohort: Int? = nil) {
        self.channel = channel
        self.build = build
        self.cohort = cohort
    }

    /// No prefix: the URLs of earlier versions, production's view for a client that names no build.
    public static let plain = ViewSelector()

    /// `/channels/beta/builds/1.10`: the prefix that names this view, as documents inside it link to.
    public var pathPrefix: String {
        var prefix = ""
        if let channel { prefix += "/channels/\(channel)" }
        if let build { prefix += "/builds/\(build)" }
        if let cohort { prefix += "/cohorts/\(cohort)" }
        return prefix
    }
}

extension ViewSelector {
    /// The view that names `segment` of `channel` in the URLs inside its documents (docs/channels.md "Views"):
    /// production's lowest run of builds is the plain view; any other run names its channel (explicitly, so
    /// that the build map does not move it) and its lowest build.
    public init(channel: ChannelName, segment: ViewSegment) {
        if segment.lower == .zero {
            self.init(channel: channel.isProduction ? nil : channel)
        } else {
            self.init(channel: channel, build: AppBuild(point: segment.lower))
        }
    }
}
