/// What the report says about the run's conditions.
struct BenchMeta {
    let commandLine: String
    let date: String
    let commit: String
    let dirty: Bool
    let varnish: String
    let cores: Int
    /// FleetOptions.concurrentReads: how many workers read a body at once.
    let concurrentReads: Int
    let loadAtEnd: String
    let catalog: [CatalogPack]
    let packURLs: String
}
