import HTTPServer
import ReleaseViews

/// The last step of every final response the application gives, at once or later (a replica's read-through
/// answers once the blob is copied): the one place where an answer gets its cache lifetime and surrogate key
/// (`CachePolicy`, by the `Kind` its route declared), `no-store` when it is an error, CORS for an allowed
/// Origin, and the label of the route that answered (for the traffic counters). Routes build the answer;
/// nothing after this changes it. Browser-safety fields belong to the representation (`PackRoute`), so a
/// deferred answer, built by the same code, has them too.
struct ResponseFinisher: Sendable {
    let cache: CachePolicy
    let crossOrigin: CrossOriginPolicy

    /// - Parameters:
    ///   - crossOrigin: whether the answer may carry CORS headers (content routes' answers; not the admin API's,
    ///     nor a refusal given before any route ran).
    ///   - scope: the channel of the view the request named, and whether it requires credentials.
    func finish(
        _ response: HTTPResponse, for request: HTTPRequest, as kind: CachePolicy.Kind, crossOrigin: Bool = true,
        scope: (channel: ChannelName, credentialed: Bool) = (.production, false)
    ) -> HTTPResponse {
        guard response.isDeferred else {
            return finished(response, for: request, as: kind, crossOrigin: crossOrigin, scope: scope)
        }
        // The final response comes from work off the loop, without the placeholder's route: keep it.
        let route = response.route
        return response.finishingDeferred { [self] final in
            var final = final
            final.route = route
            return finished(final, for: request, as: kind, crossOrigin: crossOrigin, scope: scope)
        }
    }

    private func finished(
        _ response: HTTPResponse, for request: HTTPRequest, as kind: CachePolicy.Kind, crossOrigin: Bool,
        scope: (channel: ChannelName, credentialed: Bool)
    ) -> HTTPResponse {
        var response = response
        cache.apply(to: &response, as: kind, channel: scope.channel, credentialed: scope.credentialed)
        if crossOrigin { self.crossOrigin.decorate(&response, for: request) }
        return response
    }
}
