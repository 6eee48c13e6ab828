import JSONText

/// The `downloadPolicy` of a pack manifest, as `ba-package template` spells it: `{"essential":
/// {"installationEventTypes":[…]}}`, `{"prefetch":{…}}` or `{"onDemand":{}}`.
public enum AssetPackDownloadPolicy: Sendable, Hashable {
    /// Event names as written (`firstInstallation`, `subsequentUpdate`); empty when the manifest gives none.
    case essential(installationEventTypes: [String])
    case prefetch(installationEventTypes: [String])
    case onDemand

    /// The policy's key, as in the manifest.
    public var name: String {
        switch self {
        case .essential: "essential"
        case .prefetch: "prefetch"
        case .onDemand: "onDemand"
        }
    }

    init(json: JSONValue) throws(AssetPackManifestError) {
        guard case .object(let members) = json else {
            throw AssetPackManifestError("downloadPolicy is \(json.kindName), not an object")
        }
        guard members.count == 1, let (name, body) = members.first else {
            throw AssetPackManifestError(
                "downloadPolicy names \(members.count) policies (\(members.keys.sorted().joined(separator: ", "))); "
                    + "a pack has exactly one")
        }
        switch name {
        case "onDemand":
            self = .onDemand
        case "essential", "prefetch":
            let events = try Self.events(body, policy: name)
            self = name == "essential" ? .essential(installationEventTypes: events) : .prefetch(installationEventTypes: events)
        default:
            throw AssetPackManifestError("downloadPolicy \"\(name)\" is not essential, prefetch or onDemand")
        }
    }

    private static func events(_ body: JSONValue, policy: String) throws(AssetPackManifestError) -> [String] {
        guard case .object = body else {
            throw AssetPackManifestError("downloadPolicy.\(policy) is \(body.kindName), not an object")
        }
        return try body["installationEventTypes"]?.strings("downloadPolicy.\(policy).installationEventTypes") ?? []
    }
}
