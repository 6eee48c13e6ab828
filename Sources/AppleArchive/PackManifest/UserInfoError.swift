/// Why a `userInfo` was refused (`UserInfoLimits`): one line, e.g. `userInfo nests 65 levels deep, more than 64`.
public struct UserInfoError: Error, Sendable, Hashable, CustomStringConvertible {
    public let problem: String

    public init(_ problem: String) {
        self.problem = problem
    }

    public var description: String { "userInfo \(problem)" }
}
