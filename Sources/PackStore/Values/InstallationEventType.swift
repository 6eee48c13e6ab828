/// When the system downloads an essential or prefetch pack of a managed app (Apple's
/// `installationEventTypes`): on the app's first installation, on its updates, or both (the default).
public enum InstallationEventType: String, Sendable, Hashable, Codable, CaseIterable {
    case firstInstallation
    case subsequentUpdate

    /// Both events, in the order the download manifest lists them.
    public static let both: [InstallationEventType] = allCases

    /// The raw values of `events` (in canonical order), shared for every pack that has the same ones: the
    /// download manifest of 100,000 packs then allocates no array per pack for them.
    public static func rawValues(of events: [InstallationEventType]) -> [String] {
        switch events {
        case both: shared.both
        case [.firstInstallation]: shared.first
        case [.subsequentUpdate]: shared.subsequent
        default: events.map(\.rawValue)
        }
    }

    private static let shared = (
        both: both.map(\.rawValue), first: [firstInstallation.rawValue], subsequent: [subsequentUpdate.rawValue])

    /// `firstInstallation`, `subsequentUpdate` or both comma-separated (`set --installation-events`);
    /// returns them in canonical order without duplicates.
    public static func parseList(_ text: String) throws(PackStoreError) -> [InstallationEventType] {
        var events: Set<InstallationEventType> = []
        for item in text.split(separator: ",", omittingEmptySubsequences: false) {
            guard let event = InstallationEventType(rawValue: String(item)) else {
                throw .unknownInstallationEvents(text)
            }
            events.insert(event)
        }
        return allCases.filter(events.contains)
    }
}
