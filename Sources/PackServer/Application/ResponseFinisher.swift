import HTTPServer

/// The last step of every final response the application gives, at once or later (a replica's read-through
/// answers once the blob is copied): the one place where an answer gets its cache lifetime and surrogate key
/// (`CachePolicy`, by the `Kind` its route declared), `no-store` when it is an error, CORS for an allowed
/// Origin, and the label of the route that answered (for the traffic counters). Routes build the answer;
/// nothing after this changes it. Browser-safety fields belong to the representation (`PackRoute`), so a
/// deferred answer, built by the same code, has them too.
struct ResponseFinisher: Sendable {
    let cache: CachePolicy
    let crossOrigin: CrossOriginPolicy

    /// - Parameter crossOrigin: whether the answer may carry CORS headers (content routes' answers; not the
    ///   admin API's, nor a refusal given before any route ran).
    func finish(
        _ response: HTTPResponse, for request: HTTPRequest, as kind: CachePolicy.Kind, crossOrigin: Bool = true
    ) -> HTTPResponse {
        guard response.isDeferred else { return finished(response, for: request, as: kind, crossOrigin: crossOrigin) }
        // The final response comes from work off the loop, without the placeholder's route: keep it.
        let route = response.route
        return response.finishingDeferred { [self] final in
            var final = final
            final.route = route
            return finished(final, for: request, as: kind, crossOrigin: crossOrigin)
        }
    }

    private func finished(
        _ response: HTTPResponse, for request: HTTPRequest, as kind: CachePolicy.Kind, crossOrigin: Bool
    ) -> HTTPResponse {
        var response = response
        cache.apply(to: &response, as: kind)
        if crossOrigin { self.crossOrigin.decorate(&response, for: request) }
        return response
    }
}
