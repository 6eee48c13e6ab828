/// Why a rollout value cannot be made. Each description is one line a user can act on.
public enum RolloutError: Error, Sendable, Equatable, CustomStringConvertible {
    case invalidPercent(String)

    public var description: String {
        switch self {
        case .invalidPercent(let text):
            "'\(text)' is not a rollout percent: give 0.1 to 100 with at most one decimal, such as 5 or 12.5"
        }
    }
}
