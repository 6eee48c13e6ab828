vcl 4.1;

# Varnish 7.1 (Debian's `varnish`) in front of one PackServe origin, with the xkey vmod from Debian's
# `varnish-modules`. docs/deploying.md says how to run it; Tests/EndToEndTests/CDNTests.swift runs this file.
#
# The origin states every lifetime (docs/http.md "Caching"): blobs a year as immutable, documents and
# /packs/{id} `s-maxage=N`, errors `no-store`. Nothing here sets a TTL: Varnish reads s-maxage and no-store
# itself, so changing `cache.sharedMaxAgeSeconds` on the origin is the only knob.

import std;
import xkey;

backend packserve {
    .host = "127.0.0.1";
    .port = "8080";
    # Blobs can be gigabytes: between two bytes of a slow origin read, not for the whole body.
    .between_bytes_timeout = 60s;
    # The probe is what lets `stale-if-error` work (vcl_recv): Varnish serves stale objects only while it
    # knows the origin is down. /readyz is 200 once a release is loaded, whatever the Host.
    .probe = {
        .url = "/readyz";
        .interval = 2s;
        .timeout = 1s;
        .window = 3;
        .threshold = 2;
        # Healthy from the start: otherwise every request in the first probe interval would be a 503.
        .initial = 2;
    }
}

# Who may purge: `serve` on this machine (config `cache.purge`: [{"url": "http://127.0.0.1:6081/"}]).
# Add the origins' addresses when they run elsewhere.
acl purgers {
    "127.0.0.1";
    "::1";
}

sub vcl_recv {
    if (req.method == "PURGE") {
        if (client.ip !~ purgers) {
            return (synth(403, "Forbidden"));
        }
        if (!req.http.xkey) {
            return (synth(400, "PURGE needs an xkey header"));
        }
        # The origin names the keys a release changed, space-separated (packserve-documents, pack-{id},
        # blob-{hex}); a hard purge, so the next request is a miss that fetches the new answer.
        set req.http.n-gone = xkey.purge(req.http.xkey);
        return (synth(200, "Invalidated " + req.http.n-gone + " objects"));
    }
    # While the origin answers, an expired document or pack is refetched (conditionally: the expired object
    # stays for that, see vcl_backend_response) before it is served, so no answer is older than s-maxage.
    # Only when the probe says the origin is down may grace serve what is stored (stale-if-error).
    if (std.healthy(req.backend_hint)) {
        set req.grace = 0s;
    }
    # Ranges: nothing to do. On a miss Varnish fetches the whole object without the Range header, streams
    # it into the cache and serves the range from it; every later range is a hit. Blobs are immutable and
    # named by digest, so a whole object is fetched from the origin once per cache (8 simultaneous cold
    # ranges wait on one fetch), which `pass`ing cold ranges would not give: each would go to the origin and
    # none would fill the cache. A range far into a cold multi-GiB object waits for the bytes before it;
    # that is the price of one origin read per blob.
    # Authorization and Cookie (private packs' tokens) fall through to the built-in vcl_recv, which passes.
}

sub vcl_backend_response {
    # Misses reach the client as they arrive, not after the whole blob is stored.
    set beresp.do_stream = true;
    # `no-store` (errors, private bytes): the built-in VCL makes these hit-for-miss objects, which keep no
    # body and never answer a request, so a blob asked for just before its release went live is fetched
    # again the moment it is asked for again.
    if (beresp.http.Cache-Control ~ "(?i)stale-if-error=[0-9]+") {
        # Varnish does not read stale-if-error; grace is its name for it. vcl_recv only uses it while the
        # origin is down. It also keeps the expired object for the conditional refetch (If-None-Match),
        # so a document unchanged since its last fetch costs the origin a 304 without a body.
        set beresp.grace = std.duration(
            regsub(beresp.http.Cache-Control, "(?i)^.*stale-if-error=([0-9]+).*$", "\1s"), 0s);
    }
    # xkey indexes the object by its `xkey` header (the origin's default `cache.surrogateKeyHeader`); the
    # header is passed on, so a cache in front of this one can use the same keys.
}

sub vcl_deliver {
    # Debugging aid for operators and the tests: was this answer served from the cache?
    if (obj.hits > 0) {
        set resp.http.X-Cache = "HIT";
    } else {
        set resp.http.X-Cache = "MISS";
    }
}

sub vcl_synth {
    # PURGE answers are read by `serve`'s log and by people with curl, not browsers: one plain line.
    if (req.method == "PURGE") {
        set resp.http.Content-Type = "text/plain; charset=utf-8";
        set resp.body = resp.reason + {"
"};
        return (deliver);
    }
}
