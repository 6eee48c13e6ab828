"""Shared pieces of scripts/stress and scripts/soak: the release binary, a throw-away `packserve serve`
on a free 127.0.0.1 port, /proc sampling of its descriptors and memory, a small checked HTTP client,
and writing results between markers in docs/reliability.md. Standard library only.

Both scripts start the server themselves on a fresh data directory with `"sampleCatalog": true`, so
release 1 holds the README's sample packs (level-1 is 512 KiB, forest-hd 1 MiB, ...).
"""

import hashlib
import http.client
import json
import os
import platform
import resource
import signal
import socket
import subprocess
import sys
import threading
import time

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
HOST = "127.0.0.1"  # every byte these scripts send goes to loopback
SCRATCH = ".build-stress"


def log(tool, message):
    print(f"[{tool} {time.strftime('%H:%M:%S')}] {message}", file=sys.stderr, flush=True)


def release_binary(tool, binary, build):
    """The packserve to test: --binary as given, else the release build in .build-stress (built first
    unless --no-build)."""
    if binary:
        if not os.access(binary, os.X_OK):
            sys.exit(f"{tool}: {binary} is not an executable")
        return os.path.abspath(binary)
    if build:
        log(tool, f"building packserve (release, --scratch-path {SCRATCH})")
        command = ["swift", "build", "-c", "release", "--product", "packserve", "--scratch-path", SCRATCH]
        result = subprocess.run(command, cwd=REPO, capture_output=True, text=True, timeout=3600)
        if result.returncode != 0:
            sys.stderr.write(result.stdout[-4000:] + result.stderr[-4000:])
            sys.exit(f"{tool}: release build failed")
    path = os.path.join(REPO, SCRATCH, "release", "packserve")
    if not os.access(path, os.X_OK):
        sys.exit(f"{tool}: no release binary at {path} (run without --no-build, or pass --binary)")
    return path


def raise_descriptor_limit(wanted):
    """Raises RLIMIT_NOFILE's soft limit (children inherit it: the server gets the same). Returns it."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < wanted:
        soft = min(wanted, hard) if hard != resource.RLIM_INFINITY else wanted
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))
    return soft


def free_port():
    with socket.socket() as s:
        s.bind((HOST, 0))
        return s.getsockname()[1]


def write_config(work, port, limits, log_level):
    """A config.json in `work` for a store in work/data and static files in work/public."""
    config = {
        "listen": {"host": HOST, "port": port},
        "publicBaseURL": f"http://{HOST}:{port}",
        "allowedHosts": [HOST, "localhost"],
        "dataDirectory": os.path.join(work, "data"),
        "publicDirectory": os.path.join(work, "public"),
        "signing": {"privateKey": os.path.join(work, "data", "keys", "manifest-signing.key"),
                    "generateIfMissing": True, "manifestLifetimeHours": 168},
        "manifest": {"packURLs": "blobs"},
        "sampleCatalog": True,
        "limits": limits,
        "logLevel": log_level,
    }
    os.makedirs(os.path.join(work, "public"), exist_ok=True)
    path = os.path.join(work, "config.json")
    with open(path, "w") as f:
        json.dump(config, f, indent=1)
    return path


class Server:
    """`packserve serve` as a child process; stopped with SIGTERM (then SIGKILL) by stop()."""

    def __init__(self, tool, binary, config, port, log_path):
        self.tool, self.port = tool, port
        self.log_path = log_path
        self.log_file = open(log_path, "wb")
        self.process = subprocess.Popen([binary, "--config", config, "serve"], stdin=subprocess.DEVNULL,
                                        stdout=self.log_file, stderr=subprocess.STDOUT)
        self.pid = self.process.pid

    def wait_ready(self, seconds=60):
        """Until /readyz answers 200 (the sample catalog is published at first start)."""
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            self.check_alive()
            try:
                status, _, _ = request(self.port, "/readyz", timeout=2)
                if status == 200:
                    return
            except OSError:
                pass
            time.sleep(0.05)
        self.stop()
        sys.exit(f"{self.tool}: the server did not become ready within {seconds} s:\n{self.log_tail()}")

    def check_alive(self):
        if self.process.poll() is not None:
            sys.exit(f"{self.tool}: the server exited with status {self.process.returncode}:\n{self.log_tail()}")

    def log_tail(self, lines=20):
        with open(self.log_path, "rb") as f:
            return b"\n".join(f.read().splitlines()[-lines:]).decode(errors="replace")

    def stop(self):
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=15)
        self.log_file.close()


def proc_status(pid):
    """(descriptors, VmRSS KiB, VmHWM KiB) of a live process."""
    fds = len(os.listdir(f"/proc/{pid}/fd"))
    rss = hwm = 0
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                rss = int(line.split()[1])
            elif line.startswith("VmHWM:"):
                hwm = int(line.split()[1])
    return fds, rss, hwm


def descriptor_kinds(pid):
    """The process's descriptors by what they are: sockets, blob files (data/blobs/), other files, and
    the rest (epoll, eventfd, pipes)."""
    kinds = {"sockets": 0, "blob files": 0, "other files": 0, "other": 0}
    for fd in os.listdir(f"/proc/{pid}/fd"):
        try:
            target = os.readlink(f"/proc/{pid}/fd/{fd}")
        except OSError:
            continue
        kind = ("sockets" if target.startswith("socket:") else "blob files" if "/blobs/" in target
                else "other files" if target.startswith("/") else "other")
        kinds[kind] += 1
    return kinds


def kernel_tcp():
    """(KiB of memory the kernel holds for all TCP sockets, orphaned sockets) from /proc/net/sockstat.
    System-wide: bytes a server has handed to the kernel but no client has read are counted here, not
    in the server's RSS."""
    with open("/proc/net/sockstat") as f:
        fields = next(line for line in f if line.startswith("TCP:")).split()[1:]
    values = dict(zip(fields[::2], map(int, fields[1::2])))
    return values["mem"] * os.sysconf("SC_PAGE_SIZE") // 1024, values["orphan"]


def cpu_seconds(pid):
    """User + system CPU seconds a process has used so far (0 when it is gone)."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


class Sampler(threading.Thread):
    """Reads a process's descriptor count, VmRSS and VmHWM, and the kernel's TCP memory and orphans,
    every `interval` seconds into `samples` as (monotonic time, fds, rss KiB, hwm KiB, tcp KiB,
    orphans). Stops with stop() or when the process is gone."""

    def __init__(self, pid, interval):
        super().__init__(daemon=True)
        self.pid, self.interval = pid, interval
        self.samples = []
        self.stopping = threading.Event()

    def run(self):
        next_at = time.monotonic()
        while not self.stopping.is_set():
            try:
                self.samples.append((time.monotonic(), *proc_status(self.pid), *kernel_tcp()))
            except OSError:
                return
            next_at += self.interval
            self.stopping.wait(max(0.0, next_at - time.monotonic()))

    def stop(self):
        self.stopping.set()
        self.join(timeout=5)

    def between(self, start, end):
        return [s for s in self.samples if start <= s[0] <= end]


def request(port, path, headers=None, connection=None, timeout=10, method="GET"):
    """One request; returns (status, headers as a lower-cased dict, body). With `connection` (an
    http.client.HTTPConnection) the request goes on that keep-alive connection, else on a new one that
    is closed afterwards. http.client checks that the body has exactly Content-Length bytes."""
    own = connection is None
    if own:
        connection = http.client.HTTPConnection(HOST, port, timeout=timeout)
    try:
        connection.request(method, path, headers=dict(headers or {}, **({"Connection": "close"} if own else {})))
        response = connection.getresponse()
        body = response.read()
        return response.status, {k.lower(): v for k, v in response.getheaders()}, body
    finally:
        if own:
            connection.close()


def sha256(data):
    return hashlib.sha256(data).hexdigest()


def percentile(values, q):
    """The value at quantile q of the sorted values (nearest rank, no interpolation)."""
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    return ordered[min(len(ordered) - 1, max(0, int(q * len(ordered) + 0.999999) - 1))]


def median(values):
    return percentile(values, 0.5)


def machine_line():
    load = open("/proc/loadavg").read().split()[:3]
    cpu = next((line.split(":", 1)[1].strip() for line in open("/proc/cpuinfo") if line.startswith("model name")), "?")
    return (f"{os.cpu_count()} CPUs ({cpu}), Linux {platform.release()}, Python {platform.python_version()}; "
            f"load average {' '.join(load)} at the end (the machine is shared with other builds)")


def commit_line():
    def git(*args):
        return subprocess.run(["git", "-C", REPO, *args], capture_output=True, text=True).stdout.strip()
    commit = git("rev-parse", "--short", "HEAD") or "unknown"
    dirty = git("status", "--porcelain", "--untracked-files=no", "--", "Sources", "Package.swift")
    return f"commit `{commit}`" + (" plus uncommitted changes under Sources/" if dirty else "")


def write_between_markers(path, name, report):
    """Replaces the text between `<!-- name:begin -->` and `<!-- name:end -->` in path (appends the
    markers at the end when missing); the rest of the file is written by hand."""
    begin, end = f"<!-- {name}:begin (generated by scripts/{name}; edits inside are overwritten) -->", f"<!-- {name}:end -->"
    text = open(path).read() if os.path.exists(path) else ""
    start = text.find(f"<!-- {name}:begin")
    stop = text.find(end)
    if start >= 0 and stop > start:
        head, tail = text[:start], text[stop + len(end):]
    else:
        head, tail = text.rstrip("\n") + "\n\n", "\n"
    with open(path, "w") as f:
        f.write(f"{head}{begin}\n\n{report.strip()}\n\n{end}{tail}")
