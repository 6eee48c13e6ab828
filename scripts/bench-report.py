#!/usr/bin/env python3
"""Turns the raw measurements of scripts/bench into the results section of docs/performance.md.

Input: a tab-separated results file (round, measurement, server, value) and a meta file (key=value
lines: command, date, machine facts). Prints the Markdown section; scripts/bench puts it between the bench
markers of docs/performance.md (scripts/lib/bench.sh), so hand-written sections such as "Findings" survive a
re-run. Exits 0; the PASS/FAIL verdicts are in the text and in the last line printed to standard error.
"""

import argparse
import statistics
import sys
from collections import defaultdict

SERVERS = ("nginx", "packserve")

def load_results(path):
    values = defaultdict(lambda: defaultdict(list))  # measurement -> server -> [(round, value)]
    with open(path) as f:
        for line in f:
            line = line.rstrip("\n")
            if not line:
                continue
            rnd, measurement, server, value = line.split("\t")
            values[measurement][server].append((int(rnd), float(value)))
    return values


def load_meta(path):
    meta = {}
    with open(path) as f:
        for line in f:
            key, _, value = line.rstrip("\n").partition("=")
            if key:
                meta[key] = value
    return meta


def median(values, measurement, server):
    samples = [v for _, v in values.get(measurement, {}).get(server, [])]
    return statistics.median(samples) if samples else None


def fmt_rate(v):
    return "–" if v is None else f"{v:,.0f} req/s"


def fmt_conn(v):
    return "–" if v is None else f"{v:,.0f} conn/s"


def fmt_mib_s(v):
    return "–" if v is None else f"{v / 2**20:,.0f} MiB/s"


def fmt_mib(kib):
    return "–" if kib is None else f"{kib / 1024:,.1f} MiB"


def ratio(a, b):
    return None if a is None or b is None or b == 0 else a / b


def round_ratios(values, measurement):
    """PackServe / nginx within each round that measured both, in round order. The two servers run
    seconds apart inside a round, so the machine's speed, which drifts by tens of percent between
    rounds on a shared machine, cancels out of each ratio; it does not cancel out of a ratio of two
    medians taken from different rounds."""
    nginx = dict(values.get(measurement, {}).get("nginx", []))
    packserve = dict(values.get(measurement, {}).get("packserve", []))
    return [packserve[r] / nginx[r] for r in sorted(nginx) if r in packserve and nginx[r] != 0]


def fmt_ratio(r):
    return "–" if r is None else f"{r:.2f}×"


def tls_memory_rows(values, count, growth, tls_rows, verdicts):
    """The HTTPS idle-memory rows (bar: PackServe under 128 MiB) appended to tls_rows."""
    n_tls, p_tls = median(values, "tls_rss_idle_kib", "nginx"), median(values, "tls_rss_idle_kib", "packserve")
    tls_idle_verdict = "–" if p_tls is None else ("PASS" if p_tls < 128 * 1024 else "FAIL")
    verdicts.append(("RSS with 1,000 idle TLS connections", tls_idle_verdict))
    tls_rows.append(
        f"| resident memory with {int(count):,} idle TLS connections (full handshake + one GET each) | {fmt_mib(n_tls)} "
        f"| {fmt_mib(p_tls)} | – | {fmt_ratio(ratio(p_tls, n_tls))} | – | PackServe < 128 MiB | **{tls_idle_verdict}** |")
    n_base, p_base = median(values, "tls_rss_baseline_kib", "nginx"), median(values, "tls_rss_baseline_kib", "packserve")
    tls_rows.append(f"| resident memory just before opening them (baseline) | {fmt_mib(n_base)} | {fmt_mib(p_base)} "
                    f"| – | {fmt_ratio(ratio(p_base, n_base))} | – | – | – |")
    tls_rows.append(f"| growth per idle TLS connection (median of idle − baseline) | {growth('nginx', 'tls_')} "
                    f"| {growth('packserve', 'tls_')} | – | – | – | – | – |")


def render(values, meta):
    rows = []
    tls_rows = []  # the HTTPS table
    verdicts = []

    def relative_bar(name, measurement, fmt, minimum, into=rows):
        n, p = median(values, measurement, "nginx"), median(values, measurement, "packserve")
        per_round = round_ratios(values, measurement)
        r = statistics.median(per_round) if per_round else None
        verdict = "–" if r is None else ("PASS" if r >= minimum else "FAIL")
        verdicts.append((name, verdict))
        rounds = " ".join(f"{x:.2f}" for x in per_round) or "–"
        into.append(f"| {name} | {fmt(n)} | {fmt(p)} | {fmt_ratio(r)} | {fmt_ratio(ratio(p, n))} | {rounds} "
                    f"| ≥ {minimum:.1f}× nginx | **{verdict}** |")

    def relative_ceiling(name, measurement, fmt, maximum, into=rows):
        """A lower-is-better row (latency): PASS when PackServe / nginx is at most `maximum`."""
        n, p = median(values, measurement, "nginx"), median(values, measurement, "packserve")
        per_round = round_ratios(values, measurement)
        r = statistics.median(per_round) if per_round else None
        verdict = "–" if r is None else ("PASS" if r <= maximum else "FAIL")
        verdicts.append((name, verdict))
        rounds = " ".join(f"{x:.2f}" for x in per_round) or "–"
        into.append(f"| {name} | {fmt(n)} | {fmt(p)} | {fmt_ratio(r)} | {fmt_ratio(ratio(p, n))} | {rounds} "
                    f"| ≤ {maximum:.1f}× nginx | **{verdict}** |")

    duration = meta.get("duration", "?")
    relative_bar("1 GiB file, one connection (curl)", "throughput_1g", fmt_mib_s, 1.1)
    relative_bar(f"random 4 KiB ranges in a 100 MiB file (wrk -t2 -c64 -d{duration}s)", "range_rps", fmt_rate, 0.8)
    relative_bar(f"4 KiB static file (wrk -t2 -c64 -d{duration}s)", "static_rps", fmt_rate, 0.8)

    n_idle, p_idle = median(values, "rss_idle_kib", "nginx"), median(values, "rss_idle_kib", "packserve")
    idle_verdict = "–" if p_idle is None else ("PASS" if p_idle < 64 * 1024 else "FAIL")
    verdicts.append(("RSS with 1,000 idle connections", idle_verdict))
    count = meta.get("idle_connections", "1000")
    rows.append(
        f"| resident memory with {int(count):,} idle keep-alive connections | {fmt_mib(n_idle)} | {fmt_mib(p_idle)} "
        f"| – | {fmt_ratio(ratio(p_idle, n_idle))} | – | PackServe < 64 MiB | **{idle_verdict}** |")
    n_base, p_base = median(values, "rss_baseline_kib", "nginx"), median(values, "rss_baseline_kib", "packserve")
    rows.append(f"| resident memory just before opening them (baseline) | {fmt_mib(n_base)} | {fmt_mib(p_base)} "
                f"| – | {fmt_ratio(ratio(p_base, n_base))} | – | – | – |")
    def growth(server, prefix=""):  # median over rounds of (idle - baseline), per connection
        idle = dict(values.get(prefix + "rss_idle_kib", {}).get(server, []))
        base = dict(values.get(prefix + "rss_baseline_kib", {}).get(server, []))
        deltas = [idle[r] - base[r] for r in idle if r in base]
        return f"{statistics.median(deltas) / int(count):.2f} KiB/conn" if deltas else "–"
    rows.append(f"| growth per idle connection (median of idle − baseline) | {growth('nginx')} | {growth('packserve')} "
                "| – | – | – | – | – |")

    # HTTPS (issue 9): same servers and files, each with the same P-256 certificate.
    if not values.get("tls_throughput_1g"):
        tls_rows = None  # a results file from before the HTTPS section
    else:
        relative_bar("1 GiB file over HTTPS, one connection (curl --cacert)", "tls_throughput_1g", fmt_mib_s, 1.1,
                     into=tls_rows)
        relative_bar(f"random 4 KiB ranges over HTTPS, keep-alive (wrk -t2 -c64 -d{duration}s)", "tls_range_rps",
                     fmt_rate, 0.9, into=tls_rows)
        relative_bar(f"new TLS connections/s, wrk's own reconnects (`-H 'Connection: close'`, 4 KiB file, "
                     f"-d{duration}s)", "tls_conn_rps", fmt_conn, 0.8, into=tls_rows)
        if values.get("tls_full_rps"):
            relative_bar("new TLS connections/s, full handshakes only (as above, session dropped before each)",
                         "tls_full_rps", fmt_conn, 0.8, into=tls_rows)
        tls_memory_rows(values, count, growth, tls_rows, verdicts)

    # Access log on for both (issue 11): second listeners, nginx's combined format and PackServe's to a file.
    log_rows = []
    if values.get("log_range_rps"):
        relative_bar(f"random 4 KiB ranges, access log on (wrk -t2 -c64 -d{duration}s)", "log_range_rps",
                     fmt_rate, 0.9, into=log_rows)
        relative_bar(f"4 KiB static file, access log on (wrk -t2 -c64 -d{duration}s)", "log_static_rps",
                     fmt_rate, 0.9, into=log_rows)
        if values.get("log_tls_range_rps"):
            relative_bar(f"random 4 KiB ranges over HTTPS, access log on (wrk -t2 -c64 -d{duration}s)",
                         "log_tls_range_rps", fmt_rate, 0.9, into=log_rows)

    # Fairness (issue 24): small requests beside four 1 GiB streams; lower latency is better.
    fair_rows = []
    if values.get("fair_p99_us"):
        def fmt_us(v): return "–" if v is None else f"{v / 1000:,.2f} ms"
        # Issue 24's bar is on the tail (p99, max); the median is shown for what it says, without a bar.
        n50, p50 = median(values, "fair_p50_us", "nginx"), median(values, "fair_p50_us", "packserve")
        per_round = round_ratios(values, "fair_p50_us")
        fair_rows.append(
            f"| 4 KiB request p50 beside four 1 GiB streams (wrk -t1 -c8 -d{duration}s) | {fmt_us(n50)} | {fmt_us(p50)} "
            f"| {fmt_ratio(statistics.median(per_round) if per_round else None)} | {fmt_ratio(ratio(p50, n50))} "
            f"| {' '.join(f'{x:.2f}' for x in per_round) or '–'} | – | – |")
        for name, measurement in (("p99", "fair_p99_us"), ("max", "fair_max_us")):
            relative_ceiling(f"4 KiB request {name} beside four 1 GiB streams (wrk -t1 -c8 -d{duration}s)", measurement,
                             fmt_us, 1.0, into=fair_rows)
        relative_bar("the four streams' bytes in the same time", "fair_stream_bytes",
                     lambda v: "–" if v is None else f"{v / 2**20:,.0f} MiB", 0.9, into=fair_rows)

    out = ["", "## Results", ""]
    if meta.get("quick") == "1":
        out += ["> **Quick smoke run** (`--quick`): one round, short durations. Not a measurement to decide on.", ""]
    out += [
        f"Medians over {meta.get('rounds', '?')} round(s). Ratio = PackServe / nginx, the median of the "
        "per-round ratios (\"Each round\"; the two servers run seconds apart inside a round, so the machine's "
        "drift between rounds cancels out of each); the bars are judged on it. \"Ratio of medians\" divides the "
        "two medians, which may come from different rounds. Higher is better for rates, lower for memory.",
        "",
        "| Measurement | nginx | PackServe | Ratio | Ratio of medians | Each round | Bar (issue 2) | Result |",
        "|---|---:|---:|---:|---:|---|---|---|",
        *rows,
        "",
    ]
    if tls_rows:
        out += [
            "### HTTPS (issue 9)",
            "",
            f"File bodies over TLS in PackServe: **{meta.get('tls_body_path', '?')}** (from its `listening` log line; "
            f"the kernel's TLS modules: `tcp_available_ulp` = `{meta.get('tcp_ulps', '?')}`). "
            f"Negotiated with an OpenSSL client: nginx {meta.get('tls_parameters_nginx', '?')}; "
            f"PackServe {meta.get('tls_parameters_packserve', '?')}.",
            "",
            "| Measurement | nginx | PackServe | Ratio | Ratio of medians | Each round | Bar (issue 9) | Result |",
            "|---|---:|---:|---:|---:|---|---|---|",
            *tls_rows,
            "",
        ]
        out += resumption_lines(values, meta)
    if fair_rows:
        out += [
            "### Fairness (issue 24)",
            "",
            "4 KiB requests on 8 connections while four clients download the 1 GiB file over and over (curl, "
            "plaintext): a loop that spends long on one client's write makes everyone else's requests wait. "
            "Lower is better for the latencies; the streams' bytes say what fairness cost them.",
            "",
            "| Measurement | nginx | PackServe | Ratio | Ratio of medians | Each round | Bar (issue 24) | Result |",
            "|---|---:|---:|---:|---:|---|---|---|",
            *fair_rows,
            "",
        ]
    if log_rows:
        out += [
            "### Access log on (issue 11)",
            "",
            "The same servers' second listeners with the access log on: nginx `access_log FILE combined;`, "
            "PackServe `accessLog` `{\"format\": \"combined\", \"path\": FILE}` (a second process). The rows "
            "above are with both logs off.",
            "",
            "| Measurement | nginx | PackServe | Ratio | Ratio of medians | Each round | Bar (issue 11) | Result |",
            "|---|---:|---:|---:|---:|---|---|---|",
            *log_rows,
            "",
        ]

    # Per-round samples, so the spread (noise) is visible next to the medians.
    out += ["### Every sample", "",
            "| Measurement | Server | " + " | ".join(f"round {i}" for i in range(1, int(meta.get("rounds", "1")) + 1))
            + " | min–max spread |",
            "|---|---|" + "---:|" * (int(meta.get("rounds", "1")) + 1)]
    def mib_s(v): return f"{v / 2**20:,.0f}"
    def whole(v): return f"{v:,.0f}"
    def mib(kib): return f"{kib / 1024:.1f}"
    def load(v): return f"{v:.2f}"
    formats = [("throughput_1g", "1 GiB file, MiB/s", mib_s),
               ("range_rps", "4 KiB ranges, req/s", whole),
               ("static_rps", "4 KiB static, req/s", whole),
               ("rss_idle_kib", "RSS idle conns, MiB", mib),
               ("rss_baseline_kib", "RSS baseline, MiB", mib),
               ("load1", "load average (1 min) at round start", load),
               ("tls_throughput_1g", "HTTPS 1 GiB file, MiB/s", mib_s),
               ("tls_range_rps", "HTTPS 4 KiB ranges, req/s", whole),
               ("tls_conn_rps", "HTTPS new connections (wrk's reconnects), conn/s", whole),
               ("tls_full_rps", "HTTPS new connections (full handshakes), conn/s", whole),
               ("tls_rss_idle_kib", "RSS idle TLS conns, MiB", mib),
               ("tls_rss_baseline_kib", "RSS TLS baseline, MiB", mib),
               ("tls_load1", "load average (1 min) at the HTTPS part's start", load),
               ("log_range_rps", "access log on: 4 KiB ranges, req/s", whole),
               ("log_static_rps", "access log on: 4 KiB static, req/s", whole),
               ("log_tls_range_rps", "access log on: HTTPS 4 KiB ranges, req/s", whole),
               ("log_load1", "load average (1 min) at the access-log part's start", load),
               ("tls_idle_load1", "load average (1 min) at the TLS memory round's start", load)]
    for measurement, label, fmt in formats:
        for server in (("both",) if measurement.endswith("load1") else SERVERS):
            samples = sorted(values.get(measurement, {}).get(server, []))
            if not samples:
                continue
            cells = [fmt(v) for _, v in samples]
            lo, hi = min(v for _, v in samples), max(v for _, v in samples)
            spread = "–" if lo == 0 else f"{(hi - lo) / lo * 100:.0f} %"
            shown = "both" if server == "both" else ("nginx" if server == "nginx" else "PackServe")
            out.append(f"| {label} | {shown} | " + " | ".join(cells) + f" | {spread} |")
    out.append("")

    # Correctness: a fast wrong server must not win.
    def total(measurement, server):
        return int(sum(v for _, v in values.get(measurement, {}).get(server, [])))

    def least(measurement, server):
        samples = [v for _, v in values.get(measurement, {}).get(server, [])]
        return "–" if not samples else f"{int(min(samples)):,}"
    out += ["### Correctness checks", ""]
    for server, name in (("nginx", "nginx"), ("packserve", "PackServe")):
        checked = meta.get(f"verify_{server}", "not run")
        bpr = median(values, "range_bytes_per_response", server)
        out.append(
            f"- {name}: byte-exact checks {checked}; wrk non-2xx/3xx responses: ranges {total('range_non2xx', server)}, "
            f"static {total('static_non2xx', server)}; wrk socket errors: ranges {total('range_socket_errors', server)}, "
            f"static {total('static_socket_errors', server)}; median bytes per range response "
            f"{'–' if bpr is None else f'{bpr:,.0f}'} (a 206 with 4,096 body bytes plus its head; a 200 would be "
            f"104,857,600+); idle probe (worst round): {least('idle_ok', server)} of {least('idle_connections', server)} "
            f"requests answered 200, {least('idle_still_open', server)} connections still open when measured.")
        if values.get("tls_range_rps"):
            tls_bpr = median(values, "tls_range_bytes_per_response", server)
            out.append(
                f"- {name} over HTTPS: byte-exact checks {checked}; wrk non-2xx/3xx responses: ranges "
                f"{total('tls_range_non2xx', server)}, new connections {total('tls_conn_non2xx', server)} + "
                f"{total('tls_full_non2xx', server)}; wrk socket errors: ranges {total('tls_range_socket_errors', server)}, "
                f"new connections {total('tls_conn_socket_errors', server)} + {total('tls_full_socket_errors', server)}; "
                f"median bytes per range response {'–' if tls_bpr is None else f'{tls_bpr:,.0f}'}; idle TLS probe "
                f"(worst round): {least('tls_idle_ok', server)} of {least('tls_idle_connections', server)} requests "
                f"answered 200, {least('tls_idle_still_open', server)} connections still open when measured.")
        if values.get("log_range_rps"):
            log_bpr = median(values, "log_range_bytes_per_response", server)
            out.append(
                f"- {name} with the access log on: wrk non-2xx/3xx responses: ranges {total('log_range_non2xx', server)}, "
                f"static {total('log_static_non2xx', server)}, HTTPS ranges {total('log_tls_range_non2xx', server)}; "
                f"wrk socket errors: {total('log_range_socket_errors', server)} + "
                f"{total('log_static_socket_errors', server)} + {total('log_tls_range_socket_errors', server)}; "
                f"median bytes per range response {'–' if log_bpr is None else f'{log_bpr:,.0f}'}.")
    out.append("")

    out += ["### How this was measured", "",
            f"- Command: `{meta.get('command', '?')}`",
            f"- Date: {meta.get('date', '?')}",
            f"- PackServe: commit `{meta.get('git_commit', '?')}`{meta.get('git_dirty', '')}, "
            f"`swift build -c release --scratch-path .build-bench`, {meta.get('swift_version', '?')}",
            f"- nginx: {meta.get('nginx_version', '?')}, `worker_processes 2; sendfile on; tcp_nopush on; "
            "access_log off; keepalive_requests 100000;` (everything else default); for the access-log rows "
            "a second server block per scheme with `access_log FILE combined;`",
            f"- Client: {meta.get('wrk_version', '?')}; {meta.get('curl_version', '?')}; Python {meta.get('python_version', '?')}",
            f"- Machine: {meta.get('nproc', '?')} CPUs ({meta.get('cpu_model', '?')}), {meta.get('memory', '?')} RAM, "
            f"Linux {meta.get('kernel', '?')}",
            f"- Load average (1, 5, 15 min) before: {meta.get('load_before', '?')}; after: {meta.get('load_after', '?')}",
            "- **The machine is shared and noisy**: other engineers' builds and tests may have been running during "
            "the measurement, and clients (curl, wrk, the Python probe) run on the same 2 CPUs as the servers. "
            "Servers alternate inside every round (the first server swaps each round), ratios are taken inside each "
            "round and their median is reported to dampen this, but treat differences under ~10 % as noise; the "
            "per-round samples above show the spread.",
            "- Files: random bytes in a temporary directory served by both (`publicDirectory` for PackServe, `root` "
            "for nginx): 1 GiB, 100 MiB, 4 KiB; in the page cache (each server fetches the 1 GiB file once "
            "before round 1, and runs a short wrk warm-up).",
            "- Throughput: `curl -s -o /dev/null -w '%{speed_download}'` of the whole 1 GiB file, one connection; "
            "status 200 and the full size are checked on every sample.",
            "- Ranges: wrk with `scripts/bench-wrk-range.lua`, a `Range: bytes=a-(a+4095)` header with a random "
            "`a` per request (pools of 8,192 prebuilt requests per thread).",
            "- Static: wrk with `scripts/bench-wrk-report.lua` (no per-request Lua, only a summary).",
            "- Memory: `scripts/bench-idle.py` sums VmRSS of the server process and its children (nginx: master + "
            "2 workers), opens the connections, makes one GET of the 4 KiB file on each, holds them idle for 2 s, "
            "then reads VmRSS again.",
            f"- Byte-exact checks (once per server, before round 1): {meta.get('verify_description', '?')}",
            *tls_method_lines(meta),
            ""]
    return "\n".join(out) + "\n", verdicts


def resumption_lines(values, meta):
    """What the new-connection rows measured: how many of wrk's handshakes resumed a session."""
    if meta.get("tls_counted") != "1":
        return ["wrk's handshakes were not counted (scripts/bench-tls-count.c could not be built), so whether "
                "they resumed sessions is unknown for this run.", ""]
    lines = []
    for measurement, what in (("tls_conn", "wrk's own reconnects"), ("tls_full", "full handshakes only")):
        parts = []
        for server, name in (("nginx", "nginx"), ("packserve", "PackServe")):
            made = sum(v for _, v in values.get(f"{measurement}_handshakes", {}).get(server, []))
            resumed = sum(v for _, v in values.get(f"{measurement}_resumed", {}).get(server, []))
            if made:
                parts.append(f"{name} {int(resumed):,} of {int(made):,} ({resumed / made * 100:.1f} %)")
        if parts:
            lines.append(f"- {what}: handshakes that resumed a session, all rounds: " + "; ".join(parts) + ".")
    return ["Session resumption, counted inside wrk (scripts/bench-tls-count.c): wrk keeps each connection "
            "slot's last session and offers it on the next connect, so its `Connection: close` rate is mostly "
            "resumed handshakes; the full-handshake row drops the session first.", ""] + lines + [""]


def tls_method_lines(meta):
    if "tls_body_path" not in meta:
        return []
    return [
        f"- HTTPS: one P-256 CA and one P-256 leaf for localhost and 127.0.0.1 made with the openssl CLI "
        f"({meta.get('openssl_version', '?')}) for this run, served by both; clients verify it (curl --cacert, "
        "Python ssl; wrk does not verify). nginx: a second `server` with `listen … ssl` (HTTP/1.1 only), "
        "`ssl_protocols TLSv1.2 TLSv1.3; ssl_session_cache shared:SSL:10m;`, same 2 workers, `sendfile on` "
        "(without kernel TLS nginx reads file bodies into its buffers and SSL_writes them). PackServe: "
        "`tls.enabled`, `minVersion` 1.2, its own session cache and tickets.",
        "- HTTPS throughput: `curl -s --cacert ca.pem -o /dev/null -w '%{speed_download}'` of the 1 GiB file; "
        "ranges: as above over `https://`; new connections: `wrk -t2 -c64 -H 'Connection: close'` on the 4 KiB "
        "file with `scripts/bench-wrk-report.lua`, requests/s = connections/s, once as wrk does it and once "
        "with `BENCH_TLS_FULL_HANDSHAKES=1` for scripts/bench-tls-count.c (full handshakes only); memory: "
        "`scripts/bench-idle.py --tls` (a full handshake with ALPN http/1.1, one GET of the 4 KiB file, then "
        "idle), in rounds of their own after all the others, because the memory 1,000 TLS sessions leave in "
        "the allocators would otherwise inflate the next rounds' plaintext idle measurement.",
    ]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--results", required=True)
    parser.add_argument("--meta", required=True)
    args = parser.parse_args()
    section, verdicts = render(load_results(args.results), load_meta(args.meta))
    print(section, end="")
    print("bench: " + "; ".join(f"{name}: {v}" for name, v in verdicts), file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
