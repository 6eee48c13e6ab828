import Foundation
import CDNSimulation

/// Puts many small packs into a store's draft at once with `scripts/bench-store-fill.py` (the benchmark's
/// filler, shared so both build big indexes the same way; its header says why that is honest).
enum StoreIndexFill {
    static var script: String {
        // This file is Tests/EndToEndTests/Support/StoreIndexFill.swift; the script is under scripts/.
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("scripts/bench-store-fill.py").path
    }

    static func add(packs count: Int, sharing blobs: Int, to store: StoreWorkspace) async throws {
        try await store.run(["ls"])  // packserve creates the index; the filler only inserts rows
        try await ChildProcess.run(
            try ExternalTool.path(of: "python3"),
            [script, store.dataDirectory, String(count), "fill", String(blobs)])
    }
}
