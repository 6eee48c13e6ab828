import ReleaseViews

/// What a view prefix names in the catalog being served (`ServedCatalog.resolve`).
enum ViewResolution: Sendable {
    case view(ServedView)
    /// No channel of this name exists (404).
    case unknownChannel(ChannelName)
    /// The channel exists, but no release of its history admits the build (404 naming both).
    case noRelease(channel: ChannelName, build: AppBuild?)
    /// Nothing is loaded yet (503, as every document before the first release).
    case notLoaded
}
