/// Why a text is not an app build, or a pair of bounds not a range. Each description is one line a user can act on.
public enum AppBuildError: Error, Sendable, Equatable, CustomStringConvertible {
    case empty
    case malformed(String)
    case partTooLong(String)
    /// `min` admits nothing `max` admits.
    case minAboveMax(min: String, max: String)

    public var description: String {
        switch self {
        case .empty:
            "a build is empty; give one to three period-separated numbers, such as 1.10 or 42"
        case .malformed(let text):
            "'\(text)' is not a build: give one to three period-separated numbers, such as 1.10 or 42 (CFBundleVersion)"
        case .partTooLong(let text):
            "'\(text)' is not a build: each part has at most \(AppBuild.maxDigits) digits"
        case .minAboveMax(let min, let max):
            "the minimum build \(min) is above the maximum \(max): no build would read the release"
        }
    }
}
