/// Which of its document's packs a device downloads: all of them, or the essential and prefetch packs plus
/// the on-demand packs its user happened to want.
package enum PackSelection: Sendable, Hashable {
    case all
    case essentialPrefetchAnd(onDemand: Set<String>)

    package func wants(_ pack: DocumentPack) -> Bool { wants(id: pack.id, policy: pack.policy) }

    package func wants(id: String, policy: String) -> Bool {
        switch self {
        case .all: true
        case .essentialPrefetchAnd(let onDemand): policy == "essential" || policy == "prefetch" || onDemand.contains(id)
        }
    }
}
