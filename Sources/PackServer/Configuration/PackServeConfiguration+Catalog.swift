import Configuration

extension PackServeConfiguration {
    /// `catalog`: who may read the catalog (docs/api.md "Catalogs that need credentials").
    public struct Catalog: Sendable, Equatable {
        /// Documents, packs and blobs only for requests with a `download` token (`CatalogGate`).
        public var requireCredentials = false
    }

    static var catalogDefaultValues: [String: ConfigContent] {
        ["catalog.requireCredentials": .bool(Catalog().requireCredentials)]
    }

    mutating func readCatalog(_ r: ConfigReader) throws {
        catalog.requireCredentials = try r.requiredBool(forKey: "catalog.requireCredentials")
    }
}
