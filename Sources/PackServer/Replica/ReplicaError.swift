/// Why a replica could not take up a pointer this poll; it tries again on the next one.
struct ReplicaError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
