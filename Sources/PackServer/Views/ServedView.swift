import ReleaseViews

/// The view one request reads (docs/channels.md "Views"), resolved from its path prefix before its route runs:
/// the release as the view serves it, and what the answer's cache keys and credentials depend on.
struct ServedView: Sendable {
    let release: PublishedRelease
    let channel: ChannelName
    /// The channel was made with `--require-credentials`, or the whole catalog requires them.
    let requiresCredentials: Bool
    /// What the request's prefix named (`.plain` without one).
    var selector = ViewSelector.plain

    /// The prefix the request named, normalized (`/channels/beta/builds/1.10`; empty without one): signed URLs
    /// of packs in this view sign it with the pack's path. Made only when asked (a private pack, a channel
    /// that requires credentials), not on every request.
    var prefix: String { selector.pathPrefix }

    /// The cohort the prefix named, if any.
    var cohort: Int? { selector.cohort }
}
