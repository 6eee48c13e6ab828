/// Chooses each pack's Apple version in every view of a channel (docs/channels.md "Apple versions").
///
/// Managed devices update a pack only when its `version` in the download manifest rises, and never look at its
/// bytes; a version that fell would leave them on stale content, and a version that named two contents would
/// let two devices hold different bytes under one number. So, for each view in build order:
///
/// 1. the view must serve at least what any view of the channel ever served to its builds or lower ones
///    (`ServedFloor`: later in time, or up the axis by an app update), and at least what the lower views
///    serve in this same planning (a device updating its app right now);
/// 2. when every view that served these builds just before served this same content, the highest of their
///    versions is kept if it is high enough (a view whose content did not change keeps its version, so its
///    devices download nothing);
/// 3. when one of them had withdrawn the pack, a new version is issued: a pack that comes back rises, as
///    it always did in one channel;
/// 4. otherwise the lowest version already issued for this content (in any channel) that is high enough is
///    reused, so that a build moving between channels with the same content sees the same version;
/// 5. otherwise a new version is issued: one more than the highest the id ever had in any channel, so one
///    version names one content everywhere.
///
/// A release for old builds published after one for newer builds (a hotfix) therefore raises the newer
/// builds' versions of the packs it changed above the hotfix's; those views are `raised`.
public enum AppleVersionPlanner {
    /// - Parameters:
    ///   - contents: by segment, the content key of the pack in the segment's release (nil: not in it).
    ///   - segments: the channel's views, ascending (`ChannelViews.segments`).
    ///   - previous: the channel's views just before this change and what each served of the pack.
    public static func plan(
        _ pack: PackVersionHistory, contents: [String?], segments: [ViewSegment], previous: [PreviousServing] = []
    ) -> PackViewPlan {
        precondition(contents.count == segments.count, "one content per segment")
        var history = pack
        var versions: [Int?] = []
        var raised: [Bool] = []
        var newlyIssued: [(version: Int, content: String)] = []
        var served: [(lower: BuildPoint, version: Int)] = []
        var lowerViews = 0
        versions.reserveCapacity(segments.count)
        for (segment, content) in zip(segments, contents) {
            guard let content else {
                versions.append(nil)
                raised.append(false)
                continue
            }
            let timeFloor = pack.floor.highest(below: segment.upper)
            let before = previous.filter { $0.overlaps(segment) }
            func choose(atLeast floor: Int) -> Int? {
                if !before.isEmpty, before.allSatisfy({ $0.served?.content == content }) {
                    let kept = before.compactMap(\.served?.version).max()!
                    if kept >= floor { return kept }
                }
                if before.contains(where: { $0.served == nil }) { return nil }
                return history.issuedVersion(of: content, atLeast: floor)
            }
            let version: Int
            if let chosen = choose(atLeast: max(timeFloor, lowerViews)) {
                version = chosen
            } else {
                history.latest += 1
                version = history.latest
                history.issued[content, default: []].append(version)
                newlyIssued.append((version, content))
            }
            // Raised when time alone would have kept a lower version that names the same content.
            raised.append(choose(atLeast: timeFloor).map { $0 < version } ?? false)
            versions.append(version)
            served.append((segment.lower, version))
            lowerViews = max(lowerViews, version)
        }
        history.floor = pack.floor.raised(by: served)
        return PackViewPlan(versions: versions, raised: raised, history: history, newlyIssued: newlyIssued)
    }
}
