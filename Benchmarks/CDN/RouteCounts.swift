/// The origin's requests of one route: how many, their body bytes, and how many of each status.
struct RouteCounts {
    var requests = 0
    var bytes = 0
    var statuses: [Int: Int] = [:]
}
