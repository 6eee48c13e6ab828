# scripts/lib/bench.sh — what the bench scripts share, sourced by them (not run): the release build in
# .build-bench, small measuring helpers, and the one place that writes results into the repository:
#   - the current table into docs/performance.md between a script's markers (appended at the end of the file
#     when the markers are missing; everything outside them belongs to the doc's authors and other scripts);
#   - each run's full output, dated, as a new file docs/performance/<YYYY-MM-DD>-<name>[-N].md, so earlier
#     runs stay readable after the table moves on.
#
# A script sets BENCH_NAME (its name, for log lines and the dated file) before sourcing this file.

BENCH_REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
BENCH_NAME="${BENCH_NAME:-bench}"

bench_log() { printf '[%s %s] %s\n' "$BENCH_NAME" "$(date +%H:%M:%S)" "$*" >&2; }
bench_die() { bench_log "error: $*"; exit 1; }

# bench_build_release PRODUCT… — `swift build -c release --scratch-path .build-bench` of the products, and
# BENCH_BIN set to the directory holding them. Other people edit the working tree while this builds; swiftc
# then refuses ("was modified during the build"): that case only is built again, up to three times.
bench_build_release() {
    local log attempt product failed
    log="$(mktemp /tmp/packserve-bench-build.XXXXXX)"
    bench_log "building $* (release, --scratch-path .build-bench)"
    for attempt in 1 2 3; do
        failed=""
        : >"$log"
        for product in "$@"; do
            if ! (cd "$BENCH_REPO" && timeout 3600 swift build -c release --scratch-path .build-bench --product "$product") \
                >>"$log" 2>&1; then
                failed="$product"
                break
            fi
        done
        [ -z "$failed" ] && break
        if [ "$attempt" -lt 3 ] && grep -q 'was modified during the build' "$log"; then
            bench_log "sources changed during the build (attempt $attempt); building again"
            continue
        fi
        tail -40 "$log" >&2
        rm -f "$log"
        bench_die "release build of $failed failed"
    done
    rm -f "$log"
    bench_bin_path
}

# Sets BENCH_BIN to the release products' directory (after bench_build_release, or for --no-build).
bench_bin_path() {
    BENCH_BIN="$(cd "$BENCH_REPO" && swift build -c release --scratch-path .build-bench --show-bin-path)"
}

# The commit the binaries are built from, and whether Sources/ or Package.swift had uncommitted changes.
bench_commit() {
    local commit
    commit="$(git -C "$BENCH_REPO" rev-parse --short HEAD 2>/dev/null || echo unknown)"
    if git -C "$BENCH_REPO" diff --quiet HEAD -- Sources Package.swift 2>/dev/null; then
        printf '%s\n' "$commit"
    else
        printf '%s plus uncommitted changes under Sources/ or Package.swift\n' "$commit"
    fi
}

bench_free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
bench_now_ns() { date +%s%N; }
bench_seconds_since() { python3 -c "print(f'{($(bench_now_ns) - $1) / 1e9:.3f}')"; }
# bench_median VALUE… — the median (the mean of the middle two for an even count).
bench_median() { printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

# bench_store_config DIRECTORY [LOG_LEVEL] — DIRECTORY/config.json for a store in DIRECTORY/data (loopback,
# port 0, a generated signing key; log level info by default, so the access log is on) and DIRECTORY/public.
bench_store_config() {
    mkdir -p "$1/public"
    cat >"$1/config.json" <<JSON
{"listen": {"host": "127.0.0.1", "port": 0}, "publicBaseURL": "http://127.0.0.1", "allowedHosts": ["127.0.0.1"],
 "dataDirectory": "$1/data", "publicDirectory": "$1/public", "logLevel": "${2:-info}",
 "signing": {"privateKey": "$1/data/keys/manifest-signing.key", "generateIfMissing": true}}
JSON
}

# bench_serve_startup BINARY CONFIG PORT — seconds from exec of `serve --port PORT` to its first 200 on
# /readyz. Python starts the server itself, so the clock starts at exec; it polls every 2 ms.
bench_serve_startup() {
    python3 - "$1" "$2" "$3" <<'PY'
import http.client, signal, subprocess, sys, time
binary, config, port = sys.argv[1], sys.argv[2], int(sys.argv[3])
started = time.monotonic()
server = subprocess.Popen([binary, "--config", config, "serve", "--port", str(port)],
                          stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
ready = None
while ready is None and time.monotonic() - started < 60 and server.poll() is None:
    try:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
        connection.request("GET", "/readyz")
        if connection.getresponse().status == 200:
            ready = time.monotonic() - started
        connection.close()
    except OSError:
        pass
    if ready is None:
        time.sleep(0.002)
server.send_signal(signal.SIGTERM)
server.wait(timeout=30)
if ready is None:
    sys.exit("serve never answered 200 on /readyz")
print(f"{ready:.3f}")
PY
}

# bench_write_table FILE BEGIN END REPORT — FILE with REPORT's text between the lines BEGIN and END.
bench_write_table() {
    python3 - "$1" "$2" "$3" "$4" <<'PY'
import os, sys
path, begin, end, report = sys.argv[1], sys.argv[2], sys.argv[3], open(sys.argv[4]).read()
text = open(path).read() if os.path.exists(path) else ""
if begin in text and end in text and text.index(begin) < text.index(end):
    head, rest = text.split(begin, 1)
    tail = rest.split(end, 1)[1]
else:  # append the markers; the rest of the file belongs to its authors and the other scripts
    head, tail = text + ("" if text.endswith("\n") or not text else "\n") + ("\n" if text else ""), "\n"
with open(path, "w") as f:
    f.write(f"{head}{begin}\n{report}{end}{tail}")
PY
}

# bench_write_dated REPORT — REPORT as a new file docs/performance/<today>-$BENCH_NAME.md (-2, -3… when the
# day already has one); prints its path.
bench_write_dated() {
    local directory="$BENCH_REPO/docs/performance" day path number=1
    day="$(date -u +%Y-%m-%d)"
    mkdir -p "$directory"
    path="$directory/$day-$BENCH_NAME.md"
    while [ -e "$path" ]; do
        number=$((number + 1))
        path="$directory/$day-$BENCH_NAME-$number.md"
    done
    { printf '# scripts/%s, %s\n\n' "$BENCH_NAME" "$(date -u '+%Y-%m-%d %H:%M UTC')"; cat "$1"; } >"$path"
    printf '%s\n' "$path"
}

# bench_publish BEGIN END REPORT — both: the table in docs/performance.md and the dated run.
bench_publish() {
    local dated
    bench_write_table "$BENCH_REPO/docs/performance.md" "$1" "$2" "$3"
    dated="$(bench_write_dated "$3")"
    bench_log "wrote docs/performance.md (between $1 and $2) and ${dated#"$BENCH_REPO"/}"
}
