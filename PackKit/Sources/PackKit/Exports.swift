// The wire types (PinnedKey, PackManifest, VerifiedManifest, DownloadPlan, …) are part of PackKit's API:
// an app imports PackKit alone.
@_exported import PackKitWire
