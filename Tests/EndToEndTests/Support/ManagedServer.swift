import Foundation
import CDNSimulation

extension StoreWorkspace {
    /// `serve` on a port chosen beforehand, with `publicBaseURL` naming it, so the URLs in the download
    /// manifest are the ones a device can fetch.
    func serveAtItsPublicURL() async throws -> RunningPackServe {
        let port = try await FreePorts.pick(1)[0]
        return try await serve(environment: [
            "PACKSERVE_LISTEN_PORT": "\(port)", "PACKSERVE_PUBLICBASEURL": "http://127.0.0.1:\(port)",
        ])
    }
}

extension RunningPackServe {
    /// Waits until release `number` is live (a publish by another process is picked up within a second).
    func awaitRelease(_ number: Int) async throws {
        let (response, _, satisfied) = try await StoreResponse.await(url("/readyz"), within: .seconds(10)) {
            $0.text == "release \(number)\n"
        }
        guard satisfied else { throw EndToEndFailure("release \(number) not live: /readyz says \(response.text)") }
    }

    /// Waits until the view under `prefix` (`/channels/beta/builds/1.10`) answers release `number`.
    func awaitView(_ prefix: String, release number: Int) async throws {
        let (response, _, satisfied) = try await StoreResponse.await(url(prefix + "/manifest.json"), within: .seconds(10)) {
            (try? JSONSerialization.jsonObject(with: Data($0.text.utf8)) as? [String: Any])?["release"] as? Int == number
        }
        guard satisfied else { throw EndToEndFailure("\(prefix) does not answer release \(number): \(response.text)") }
    }
}
