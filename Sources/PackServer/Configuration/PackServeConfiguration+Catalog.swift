import Configuration

extension PackServeConfiguration {
    /// `catalog`: who may read the catalog (docs/api.md "Catalogs that need credentials").
    public struct Catalog: Sendable, Equatable {
        /// Documents, packs and blobs only for requests with a `download` token (`CatalogGate`).
        public var requireCredentials = false
    }
}
