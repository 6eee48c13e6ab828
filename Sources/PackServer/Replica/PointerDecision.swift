/// What a replica does with the newest pointer it has read (pure, so the ordering rules are tested alone).
enum PointerDecision: Equatable {
    /// It serves (or has scheduled) this version already.
    case nothing
    /// Lower than what it serves: a stale or rolled-back pointer never makes a replica go back.
    case ignoreLower(served: Int)
    /// Another release already waits for its go-live instant: that one goes live first, so every replica
    /// passes through the same versions in the same order.
    case waitForUpcoming
    /// Its release was refused (too large for the cache): not tried again until the pointer changes.
    case refused
    case prepare

    /// - Parameters:
    ///   - served: the manifest version live now (nil: none).
    ///   - upcoming: the version waiting for its instant (nil: none).
    ///   - refused: the version last refused as too large (nil: none).
    static func decide(pointer: Int, served: Int?, upcoming: Int?, refused: Int?) -> PointerDecision {
        if let served, pointer < served { return .ignoreLower(served: served) }
        if pointer == served || pointer == upcoming { return .nothing }
        if upcoming != nil { return .waitForUpcoming }
        if pointer == refused { return .refused }
        return .prepare
    }
}
