/// The answer to `POST /admin/reports` (docs/api.md): how many of a replica's counts were added, and how many
/// named a channel and release that takes no reports here (left out).
struct ForwardedCountsAnswer: Encodable {
    let counted: Int
    let ignored: Int
}
