import Crypto
import Foundation
import Synchronization

/// A model of a device that downloads packs the way the system does for managed Background Assets (and a
/// PackServe client with the signed manifest does): it reads its document, downloads each pack it wants in
/// `Range` pieces on a keep-alive connection, resumes a download the network broke with `Range` + `If-Range`
/// (the ETag), checks each pack's SHA-256 and size against the document, polls the document with
/// `If-None-Match`, downloads a pack again only when the document's `version` for it is higher than the
/// installed one (the only thing the real system looks at, so a rollback that did not raise it leaves the
/// device on the newer bytes), and deletes packs the document no longer lists.
///
/// The end-to-end tests drive one (against the origin or a cache) and check what it holds after each
/// publish; scripts/bench-cdn runs thousands of them through Varnish across a publish (`FleetSimulation`).
/// Every request goes on the `DeviceConnection` it is given, so a thread of the simulation keeps one
/// connection for the devices it runs one after another, as Python's bench did; the device's own state is
/// behind a lock, because a poll of one thread may overlap the update another thread runs for it.
package final class SimulatedDevice: Sendable {
    package static let userAgent = "packserve-simulated-device/1"

    package let kind: DocumentKind
    package let selection: PackSelection
    /// The size of one `Range` request (the last piece of a pack may be shorter).
    package let pieceBytes: Int

    private struct State {
        var entityTag: String?
        var release: Int?
        var installed: [String: InstalledPack] = [:]
        var rangeRequests = 0
    }

    private let state = Mutex(State())

    package init(kind: DocumentKind, selection: PackSelection = .all, pieceBytes: Int = 4 << 20) {
        precondition(pieceBytes > 0)
        self.kind = kind
        self.selection = selection
        self.pieceBytes = pieceBytes
    }

    /// Installed packs by id.
    package var installed: [String: InstalledPack] { state.withLock { $0.installed } }

    /// The release of the last document the device acted on (nil before its install).
    package var release: Int? { state.withLock { $0.release } }

    /// Range requests made, to show the downloads really went in pieces.
    package var rangeRequests: Int { state.withLock { $0.rangeRequests } }

    // MARK: What a device does

    /// Reads the document and downloads every pack it wants; `interruption` breaks one download once.
    @discardableResult
    package func install(on connection: DeviceConnection, interruption: Interruption? = nil) throws(DeviceFailure) -> DeviceDocument {
        let read = try readDocument(on: connection, conditional: false)
        guard let document = read.document else { throw DeviceFailure("\(kind): a 304 to a request without If-None-Match") }
        try update(to: document, on: connection, interruption: interruption)
        return document
    }

    /// One poll: the document with `If-None-Match`; when it changed, the update to it. Returns the new
    /// document, or nil when the device's copy was current.
    @discardableResult
    package func synchronize(on connection: DeviceConnection) throws(DeviceFailure) -> DeviceDocument? {
        guard let document = try readDocument(on: connection, conditional: true).document else { return nil }
        try update(to: document, on: connection)
        return document
    }

    /// Downloads what `document` has that the device wants and does not hold at that version, then deletes
    /// what it no longer lists. Returns the packs downloaded.
    @discardableResult
    package func update(to document: DeviceDocument, on connection: DeviceConnection, interruption: Interruption? = nil)
        throws(DeviceFailure) -> [DocumentPack]
    {
        let wanted = packsToDownload(in: document)
        let cut = interruption.map { $0.pack(among: wanted.count) }
        for (position, pack) in wanted.enumerated() {
            try download(pack, on: connection, interruption: position == cut ? interruption : nil)
        }
        let listed = Set(document.packs.map(\.id))
        state.withLock {
            $0.installed = $0.installed.filter { listed.contains($0.key) }
            $0.release = document.release
        }
        return wanted
    }

    // MARK: The steps

    /// GET the document (gzip accepted, as clients do); `conditional` sends `If-None-Match` with the ETag of
    /// the last one read. A 200 is decoded and its ETag kept.
    package func readDocument(on connection: DeviceConnection, conditional: Bool) throws(DeviceFailure) -> DocumentRead {
        let tally = connection.tally
        var headers = [("User-Agent", Self.userAgent), ("Accept-Encoding", "gzip")]
        if conditional, let tag = state.withLock({ $0.entityTag }) { headers.append(("If-None-Match", tag)) }
        let clock = ContinuousClock()
        let started = clock.now
        let head = try connection.get(kind.path, headers: headers)
        var body: [UInt8] = []
        try connection.readBody(of: head) { body.append(contentsOf: $0) }
        let ended = clock.now
        tally.add(.documentRequests)
        tally.add(.documentBytes, body.count)
        if head.status == 304 {
            tally.add(.documentsNotModified)
            return DocumentRead(document: nil, started: started, ended: ended)
        }
        guard head.status == 200 else { throw DeviceFailure("GET \(kind.path): status \(head.status)") }
        tally.add(.documentsRead)
        if head.headers["content-encoding"]?.lowercased() == "gzip" { body = try Gunzip.decompress(body) }
        let document = try DeviceDocument(kind, body: body)
        let tag = head.headers["etag"]
        state.withLock { $0.entityTag = tag }
        return DocumentRead(document: document, started: started, ended: ended)
    }

    /// The packs of `document` the device wants and does not hold at that version or higher, in the order it
    /// downloads them: essential, prefetch, on-demand; then the document's order, then id.
    package func packsToDownload(in document: DeviceDocument) -> [DocumentPack] {
        let installed = installed
        let rank = ["essential": 0, "prefetch": 1, "on-demand": 2]
        return document.packs
            .filter { selection.wants($0) && $0.version > (installed[$0.id]?.version ?? 0) }
            .sorted { (rank[$0.policy] ?? 3, $0.order, $0.id) < (rank[$1.policy] ?? 3, $1.order, $1.id) }
    }

    /// Downloads `pack` as `Range` pieces of `pieceBytes` (each piece aligned to a multiple of it), hashing
    /// as the bytes arrive; `interruption` drops the connection inside one piece and resumes from the byte
    /// reached with `If-Range`. Installs the pack once its SHA-256 and size match the document.
    package func download(_ pack: DocumentPack, on connection: DeviceConnection, interruption: Interruption? = nil)
        throws(DeviceFailure)
    {
        let tally = connection.tally
        var hasher = SHA256()
        var offset = 0
        var entityTag: String?
        var resuming = false
        let pieces = max(1, (pack.size + pieceBytes - 1) / pieceBytes)
        var cutPiece = interruption.map { $0.piece(among: pieces) }
        while offset < pack.size {
            let piece = offset / pieceBytes
            let last = min((piece + 1) * pieceBytes, pack.size) - 1
            var headers = [("User-Agent", Self.userAgent), ("Range", "bytes=\(offset)-\(last)")]
            if resuming, let entityTag { headers.append(("If-Range", entityTag)) }
            let head = try connection.get(pack.path, headers: headers)
            tally.add(.packRequests)
            state.withLock { $0.rangeRequests += 1 }
            if head.status == 200 && resuming {
                // The validator changed (it must not: a pack's bytes at one URL never do): start again.
                try connection.discardBody(of: head)
                tally.add(.resumesAnswered200)
                tally.problem("\(pack.path): If-Range \(entityTag ?? "") answered 200")
                hasher = SHA256()
                (offset, entityTag, resuming) = (0, nil, false)
                continue
            }
            guard head.status == 206 else {
                connection.close()
                throw DeviceFailure("GET \(pack.path) bytes=\(offset)-\(last): status \(head.status)")
            }
            let expected = "bytes \(offset)-\(last)/\(pack.size)"
            guard head.headers["content-range"] == expected else {
                connection.close()
                throw DeviceFailure("GET \(pack.path): Content-Range \(head.headers["content-range"] ?? "none"), not \(expected)")
            }
            entityTag = head.headers["etag"] ?? entityTag
            if resuming { tally.add(.resumesAnswered206) }
            resuming = false
            let length = last - offset + 1
            var limit = length
            if cutPiece == piece, let interruption {
                limit = interruption.bytes(of: length)
                cutPiece = nil
            }
            let got = try connection.readBody(of: head, limit: limit) { hasher.update(bufferPointer: $0) }
            offset += got
            tally.add(.packBytes, got)
            if got < length {
                // The network went away mid-piece (readBody dropped the connection): resume on a new one.
                tally.add(.interruptedDownloads)
                guard entityTag != nil else { throw DeviceFailure("\(pack.path): no ETag to resume with") }
                resuming = true
            }
        }
        let digest = hasher.finalize().map { String(format: "%02x", $0) }.joined()
        guard digest == pack.sha256, offset == pack.size else {
            tally.add(.packsWithWrongBytes)
            throw DeviceFailure("\(pack.path): \(offset) bytes with SHA-256 \(digest), the document says \(pack.size) and \(pack.sha256)")
        }
        tally.add(.packsVerified)
        let installed = InstalledPack(version: pack.version, sha256: digest, size: offset)
        let updated = state.withLock { state in
            defer { state.installed[pack.id] = installed }
            return state.installed[pack.id] != nil
        }
        if updated { tally.add(.packsUpdated) }
    }
}
