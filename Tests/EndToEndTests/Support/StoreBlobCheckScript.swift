import Foundation
import CDNSimulation

/// A Python program that recomputes the SHA-256 of every file in a store's blob tree.
///
/// Argument: the blob root (`<dataDirectory>/blobs/sha256`). Prints one JSON object, file name → `[size,
/// sha256]`, for every file in every shard, whatever its name (names are checked by the caller).
enum StoreBlobCheckScript {
    static let script = PythonScripts.path(of: "store_blob_check.py")

    /// Shard-relative name (`ab/ab12…`) → (size, recomputed sha256) of every file in the blob tree.
    static func run(blobRoot: String) async throws -> [String: (size: Int64, sha256: String)] {
        let run = try await ChildProcess.run(
            try ExternalTool.path(of: "python3"), [script, blobRoot], timeout: .seconds(120))
        let decoded = try JSONSerialization.jsonObject(with: Data(run.stdout.text.utf8)) as? [String: [Any]] ?? [:]
        return decoded.compactMapValues { pair in
            guard let size = pair.first as? Int, let sha256 = pair.last as? String else { return nil }
            return (Int64(size), sha256)
        }
    }
}
