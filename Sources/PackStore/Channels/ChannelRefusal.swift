/// Why a change to channels or the build map was refused; each description is one line a user can act on.
public enum ChannelRefusal: Error, Sendable, Equatable, CustomStringConvertible {
    case invalidName(String)
    case invalidBuild(String)
    case unknownChannel(String)
    case channelExists(String)
    case productionIsPermanent
    /// `channel rm` of a channel that builds are mapped to: they would fall back to production unchecked.
    case buildsMapped(channel: String, builds: [String])
    /// `promote` to a release that is not newer than the channel's.
    case notNewer(channel: String, current: Int, requested: Int)
    /// A remap that would lower a pack's Apple version for the build's devices.
    case appleVersionWouldFall(build: String, channel: String, pack: String, from: Int, to: Int)
    /// A remap to a channel that has no release for the build.
    case noViewForBuild(build: String, channel: String)
    case alreadyMapped(build: String, channel: String)
    /// `channel create` without `--release` before production has one.
    case noReleaseYet(channel: String)
    /// publish, promote, rollback or a second rollout on a channel whose rollout is running or halted.
    case rolloutLive(channel: String, candidate: Int, state: String)
    /// A rollout command on a channel without a running or halted rollout.
    case noLiveRollout(channel: String)
    /// `rollout start N` with N not newer than the channel's release.
    case candidateNotNewer(channel: String, current: Int, requested: Int)
    /// `rollout set` to a percent not above the current one: a cohort once admitted stays admitted.
    case percentNotRaised(channel: String, current: String, requested: String)
    /// `rollout halt` of a halted rollout, `rollout resume` of a running one.
    case rolloutAlready(channel: String, state: String)

    public var description: String {
        switch self {
        case .invalidName(let name):
            "invalid channel name \"\(name.prefix(40))\": use 1-32 characters a-z, 0-9 or '-', starting with a letter"
        case .invalidBuild(let problem):
            problem
        case .unknownChannel(let name):
            "no channel named \(name) (packserve channels lists them)"
        case .channelExists(let name):
            "a channel named \(name) exists already"
        case .productionIsPermanent:
            "production cannot be removed: every URL without /channels/ reads it"
        case .buildsMapped(let channel, let builds):
            "builds \(builds.joined(separator: ", ")) read \(channel): map them to another channel first (packserve builds set B --channel C)"
        case .notNewer(let channel, let current, let requested):
            "cannot promote \(channel) to release \(requested): it points at release \(current), and a channel only moves to newer releases (rollback --channel \(channel) makes a new one)"
        case .appleVersionWouldFall(let build, let channel, let pack, let from, let to):
            "mapping build \(build) to \(channel) would lower pack \(pack)'s Apple version from \(from) to \(to) on its devices; give --force to do it anyway"
        case .noViewForBuild(let build, let channel):
            "\(channel) has no release for build \(build): its devices would get 404; give --force to map it anyway"
        case .alreadyMapped(let build, let channel):
            "build \(build) already reads \(channel)"
        case .noReleaseYet(let channel):
            "cannot create \(channel): production has no release yet to point it at (publish first, or give a release)"
        case .rolloutLive(let channel, let candidate, let state):
            "\(channel) has a \(state) rollout of release \(candidate): finish or cancel it first (packserve rollout finish --channel \(channel))"
        case .noLiveRollout(let channel):
            "\(channel) has no running or halted rollout (packserve rollout start N --channel \(channel) --percent P)"
        case .candidateNotNewer(let channel, let current, let requested):
            "cannot roll \(channel) out to release \(requested): it points at release \(current), and a rollout only moves to a newer release"
        case .percentNotRaised(let channel, let current, let requested):
            "\(channel)'s rollout is at \(current) %; it only goes up (asked for \(requested) %): halt it to stop it"
        case .rolloutAlready(let channel, let state):
            "\(channel)'s rollout is \(state) already"
        }
    }
}
