/// A loop's connections, indexed by descriptor: descriptors are small integers, so this beats hashing
/// on every event.
struct ConnectionTable {
    private var slots: [Connection?] = []

    subscript(socket: Int32) -> Connection? {
        let index = Int(socket)
        return index >= 0 && index < slots.count ? slots[index] : nil
    }

    mutating func insert(_ connection: Connection) {
        let index = Int(connection.socket)
        if index >= slots.count {
            slots.append(contentsOf: repeatElement(nil, count: max(index + 1 - slots.count, slots.count)))
        }
        slots[index] = connection
    }

    mutating func remove(socket: Int32) {
        let index = Int(socket)
        if index >= 0 && index < slots.count { slots[index] = nil }
    }

    /// The open connections, copied: acting on one may close (and remove) others.
    var all: [Connection] { slots.compactMap { $0 } }
}
