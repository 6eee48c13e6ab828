/// Why the fixture could not be set up: the benchmarks would measure something else.
public enum HotPathFixtureError: Error {
    /// The sparse file the requests ask for could not be made.
    case fileNotMade(path: String)
    /// The first request was not answered with its range (a 404, a refusal, a closed connection).
    case notAnswered(fileBytes: Int)
}
