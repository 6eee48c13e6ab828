#!/usr/bin/env python3
"""Idle keep-alive memory probe for scripts/bench.

Measures the resident memory (VmRSS) of a server process and all its descendants (nginx: master and
workers), then opens N keep-alive connections to 127.0.0.1, makes one GET on each (reading the whole
response), keeps them all open and idle, waits a moment, and measures again. With --tls every connection
first makes a full TLS handshake (certificate checked against --cafile, ALPN http/1.1, no session reuse),
so the server holds N established TLS sessions. Prints one JSON object:

    {"baseline_rss_kib": ..., "idle_rss_kib": ..., "processes": ..., "connections": N,
     "ok_responses": ..., "still_open": ..., "elapsed_s": ...}

Everything is bounded: socket timeouts, and an overall deadline after which it gives up with an error.
Standard library only.
"""

import argparse
import json
import os
import resource
import socket
import ssl
import sys
import time


def descendants_and_self(root_pid):
    """The root pid plus every process whose ancestry leads to it (from /proc/*/stat)."""
    parents = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as f:
                stat = f.read()
        except OSError:
            continue
        # The command name is in parentheses and may contain spaces: split after the last ')'.
        fields = stat.rsplit(")", 1)[1].split()
        parents[int(entry)] = int(fields[1])
    result = {root_pid}
    changed = True
    while changed:
        changed = False
        for pid, ppid in parents.items():
            if ppid in result and pid not in result:
                result.add(pid)
                changed = True
    return sorted(result)


def vm_rss_kib(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0  # a zombie has no VmRSS line


def tree_rss_kib(root_pid):
    pids = descendants_and_self(root_pid)
    total = 0
    for pid in pids:
        try:
            total += vm_rss_kib(pid)
        except OSError:
            pass
    return total, len(pids)


def read_response(sock, deadline):
    """Reads one HTTP/1.1 response framed by Content-Length; returns the status code."""
    data = b""
    while b"\r\n\r\n" not in data:
        if time.monotonic() > deadline:
            raise TimeoutError("response head did not arrive in time")
        chunk = sock.recv(65536)
        if not chunk:
            raise ConnectionError("connection closed before the response head")
        data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    lines = head.split(b"\r\n")
    status = int(lines[0].split()[1])
    length = 0
    for line in lines[1:]:
        name, _, value = line.partition(b":")
        if name.strip().lower() == b"content-length":
            length = int(value.strip())
    while len(body) < length:
        if time.monotonic() > deadline:
            raise TimeoutError("response body did not arrive in time")
        chunk = sock.recv(min(65536, length - len(body)))
        if not chunk:
            raise ConnectionError("connection closed inside the body")
        body += chunk
    if len(body) != length:
        raise ValueError("more bytes than Content-Length: the server sent extra data")
    return status


def is_open(sock):
    """True if the peer has not closed the connection (no EOF, no error, nothing unexpected pending)."""
    # A socket with a timeout polls for up to that timeout before recv, whatever the flags: make it
    # non-blocking first so this check returns at once.
    sock.setblocking(False)
    if isinstance(sock, ssl.SSLSocket):
        # MSG_PEEK is not allowed through TLS, and the raw bytes would not tell a close_notify alert from
        # data: read through TLS instead. Nothing to read means open; close_notify or EOF means closed.
        try:
            return sock.recv(1) != b""
        except (ssl.SSLWantReadError, ssl.SSLWantWriteError):
            return True
        except OSError:
            return False
    try:
        data = sock.recv(1, socket.MSG_PEEK | socket.MSG_DONTWAIT)
    except BlockingIOError:
        return True
    except OSError:
        return False
    return False if data == b"" else True


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--path", default="/")
    parser.add_argument("--pid", type=int, required=True, help="server process (descendants are included)")
    parser.add_argument("--count", type=int, default=1000)
    parser.add_argument("--batch", type=int, default=100, help="connections opened before reading their responses")
    parser.add_argument("--settle", type=float, default=2.0, help="seconds to wait before measuring")
    parser.add_argument("--deadline", type=float, default=90.0, help="overall limit in seconds")
    parser.add_argument("--tls", action="store_true", help="HTTPS: a TLS handshake on every connection")
    parser.add_argument("--cafile", help="with --tls: the CA certificate that signed the server's")
    args = parser.parse_args()
    tls = None
    if args.tls:
        if not args.cafile:
            parser.error("--tls needs --cafile")
        # Verifies the chain and the 127.0.0.1 IP SAN like curl --cacert would. Each wrap_socket starts a
        # fresh session (no session= argument), so every connection is a full handshake.
        tls = ssl.create_default_context(cafile=args.cafile)
        tls.set_alpn_protocols(["http/1.1"])

    host = "127.0.0.1"
    started = time.monotonic()
    deadline = started + args.deadline
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = args.count + 64
    if soft < wanted:
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(wanted, hard), hard))

    time.sleep(args.settle)
    baseline, _ = tree_rss_kib(args.pid)
    request = (f"GET {args.path} HTTP/1.1\r\nHost: {host}:{args.port}\r\nUser-Agent: bench-idle\r\n\r\n").encode()

    sockets = []
    ok = 0
    try:
        while len(sockets) < args.count:
            batch = []
            for _ in range(min(args.batch, args.count - len(sockets))):
                s = socket.create_connection((host, args.port), timeout=10)
                s.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
                if tls is not None:
                    s = tls.wrap_socket(s, server_hostname=host)  # handshakes here (blocking, 10 s timeout)
                s.sendall(request)
                batch.append(s)
            for s in batch:
                if read_response(s, deadline) == 200:
                    ok += 1
            sockets.extend(batch)
        time.sleep(args.settle)
        idle, processes = tree_rss_kib(args.pid)
        still_open = sum(1 for s in sockets if is_open(s))
        result = {
            "baseline_rss_kib": baseline,
            "idle_rss_kib": idle,
            "processes": processes,
            "connections": len(sockets),
            "ok_responses": ok,
            "still_open": still_open,
            "elapsed_s": round(time.monotonic() - started, 2),
        }
        print(json.dumps(result))
    except Exception as error:  # report one line, non-zero exit; the caller records the failure
        print(f"bench-idle: {type(error).__name__}: {error} (after {len(sockets)} connections)", file=sys.stderr)
        return 1
    finally:
        for s in sockets:
            s.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
