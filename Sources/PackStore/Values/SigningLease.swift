/// Who renews the manifest for every process that shares an index, and until when (docs/reliability.md
/// "One signer"). Kept in the index; taken and extended only inside the signing transaction.
public struct SigningLease: Sendable, Equatable {
    /// Names the process: host, process id and start time, so a log line says which one signs.
    public var holder: String
    /// Seconds since 1970; after this any process may take the lease.
    public var until: Int64

    public init(holder: String, until: Int64) {
        self.holder = holder
        self.until = until
    }
}

/// What `PackStore.renewManifest` did.
public enum ManifestRenewalOutcome: Sendable, Equatable {
    /// Signed under the lease, which is now the caller's: one manifest per release the channel's views answer.
    case signed([StoredManifest])
    /// Another process signed since the caller looked: adopt the newest manifest instead.
    case renewedElsewhere
    /// Another process holds the lease: it renews.
    case leaseHeld(SigningLease)
}
