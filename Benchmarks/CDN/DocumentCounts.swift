/// The origin's answers for one document URL: 200s, 304s and anything else.
struct DocumentCounts {
    var ok = 0
    var notModified = 0
    var other = 0

    var total: Int { ok + notModified + other }
}
