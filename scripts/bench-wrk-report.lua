-- wrk script for scripts/bench: no request() function, so wrk keeps its fast static request; done()
-- prints one machine-readable line that scripts/bench parses.

function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    "BENCH-WRK requests=%d bytes=%d duration_us=%d status_errors=%d connect_errors=%d read_errors=%d write_errors=%d timeouts=%d p50_us=%d p99_us=%d max_us=%d\n",
    summary.requests, summary.bytes, summary.duration, e.status, e.connect, e.read, e.write, e.timeout,
    latency:percentile(50), latency:percentile(99), latency.max))
end
