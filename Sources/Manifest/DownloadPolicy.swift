/// When the system downloads a pack of an app with managed Background Assets, as the download manifest
/// spells it: `{"essential":{"installationEventTypes":[…]}}`, `{"prefetch":{…}}` or `{"onDemand":{}}`.
/// Event names are Apple's (`firstInstallation`, `subsequentUpdate`).
public enum DownloadPolicy: Sendable, Hashable, Codable {
    case essential(installationEventTypes: [String])
    case prefetch(installationEventTypes: [String])
    case onDemand

    private enum CodingKeys: String, CodingKey { case essential, prefetch, onDemand }

    /// The object inside `essential` and `prefetch`.
    private struct Events: Codable { var installationEventTypes: [String] }

    /// The object inside `onDemand`: empty.
    private struct Empty: Codable {}

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if let events = try container.decodeIfPresent(Events.self, forKey: .essential) {
            self = .essential(installationEventTypes: events.installationEventTypes)
        } else if let events = try container.decodeIfPresent(Events.self, forKey: .prefetch) {
            self = .prefetch(installationEventTypes: events.installationEventTypes)
        } else {
            _ = try container.decode(Empty.self, forKey: .onDemand)
            self = .onDemand
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .essential(let events): try container.encode(Events(installationEventTypes: events), forKey: .essential)
        case .prefetch(let events): try container.encode(Events(installationEventTypes: events), forKey: .prefetch)
        case .onDemand: try container.encode(Empty(), forKey: .onDemand)
        }
    }
}
