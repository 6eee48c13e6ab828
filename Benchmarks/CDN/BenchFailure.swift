/// Why a benchmark run stopped (a tool missing, a server that did not start, a run past its time limit).
struct BenchFailure: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
