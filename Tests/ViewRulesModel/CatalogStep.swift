import ReleaseViews

/// One random step of a property test, as a value: the model and the real store and server both run it.
public enum CatalogStep: Sendable, Equatable, CustomStringConvertible {
    case publish(contents: [String: String], builds: BuildRange, channel: ChannelName)
    case promote(channel: ChannelName, release: Int)
    case rollback(channel: ChannelName, release: Int)
    case create(channel: ChannelName)
    case remove(channel: ChannelName)
    case map(build: AppBuild, channel: ChannelName)
    case renew(channel: ChannelName)

    public var description: String {
        switch self {
        case .publish(let contents, let builds, let channel):
            let packs = contents.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
            return "publish [\(packs)] (\(builds)) --channel \(channel)"
        case .promote(let channel, let release): return "promote \(release) --channel \(channel)"
        case .rollback(let channel, let release): return "rollback \(release) --channel \(channel)"
        case .create(let channel): return "channel create \(channel)"
        case .remove(let channel): return "channel rm \(channel)"
        case .map(let build, let channel): return "builds set \(build) --channel \(channel)"
        case .renew(let channel): return "renew \(channel)"
        }
    }

    /// Runs the step on `model`; nil when it was taken, else why it was refused.
    public func apply(to model: inout CatalogModel) -> CatalogModel.Refusal? {
        switch self {
        case .publish(let contents, let builds, let channel): model.publish(contents, builds: builds, to: channel)
        case .promote(let channel, let release): model.promote(channel, to: release)
        case .rollback(let channel, let release): model.rollback(channel, to: release)
        case .create(let channel): model.create(channel)
        case .remove(let channel): model.remove(channel)
        case .map(let build, let channel): model.map(build, to: channel)
        case .renew(let channel): model.renew(channel)
        }
    }
}
