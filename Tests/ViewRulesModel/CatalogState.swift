import ReleaseViews

/// What the step generator asks of a catalog to choose sensible steps: the model answers it, and so does the
/// real store in the tests that run the same steps through it.
public protocol CatalogState {
    /// The channels that exist now.
    var channelNames: [ChannelName] { get }
    var latestRelease: Int? { get }
    func currentRelease(of channel: ChannelName) -> Int?
}

extension CatalogModel: CatalogState {}
