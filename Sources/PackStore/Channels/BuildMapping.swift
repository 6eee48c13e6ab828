import ReleaseViews

/// One entry of the build map (`builds set B --channel C`): devices of build `build` that name no channel
/// read `channel`.
public struct BuildMapping: Sendable, Hashable {
    public var build: AppBuild
    public var channel: String

    public init(build: AppBuild, channel: String) {
        self.build = build
        self.channel = channel
    }
}
