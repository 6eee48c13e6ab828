/// Chooses each pack's Apple version in every view of a channel (docs/channels.md "Apple versions").
///
/// Managed devices update a pack only when its `version` in the download manifest rises, and never look at its
/// bytes; a version that fell would leave them on stale content, and a version that named two contents would
/// let two devices hold different bytes under one number. So, for each view in build order:
///
/// 1. the view must serve at least what any view of the channel ever served to its builds or lower ones
///    (`ServedFloor`: later in time, or up the axis by an app update), and at least what the lower views
///    serve in this same planning (a device updating its app right now);
/// 2. among the versions already issued for the pack's content in the view, the lowest that is high enough
///    is kept (a view whose content did not change keeps its version, so its devices download nothing);
/// 3. otherwise a new version is issued: one more than the highest ever issued for the id in any channel, so
///    one version names one content everywhere.
///
/// A release for old builds published after one for newer builds (a hotfix) therefore raises the newer
/// builds' versions of the packs it changed above the hotfix's; those views are `raised`.
public enum AppleVersionPlanner {
    /// - Parameters:
    ///   - contents: by segment, the content key of the pack in the segment's release (nil: not in it).
    ///   - segments: the channel's views, ascending (`ChannelViews.segments`).
    public static func plan(
        _ pack: PackVersionHistory, contents: [String?], segments: [ViewSegment]
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
            let version: Int
            if let kept = history.issuedVersion(of: content, atLeast: max(timeFloor, lowerViews)) {
                version = kept
            } else {
                history.latest += 1
                version = history.latest
                history.issued[content, default: []].append(version)
                newlyIssued.append((version, content))
            }
            // Raised when time alone would have kept a lower version that names the same content.
            let byTimeAlone = history.issuedVersion(of: content, atLeast: timeFloor)
            raised.append(byTimeAlone.map { $0 < version } ?? false)
            versions.append(version)
            served.append((segment.lower, version))
            lowerViews = max(lowerViews, version)
        }
        history.floor = pack.floor.raised(by: served)
        return PackViewPlan(versions: versions, raised: raised, history: history, newlyIssued: newlyIssued)
    }
}
