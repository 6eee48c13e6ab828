import resource, socket, ssl, sys, time
port, ca_file, count, pid = int(sys.argv[1]), sys.argv[2], int(sys.argv[3]), sys.argv[4]
soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, max(soft, count + 100)), hard))
context = ssl.create_default_context(cafile=ca_file)
request = b"GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n"

def exchange(sock):
    sock.sendall(request)
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = sock.recv(4096)
        if not chunk:
            raise RuntimeError("closed by the server")
        data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    length = int([l for l in head.split(b"\r\n") if l.lower().startswith(b"content-length:")][0].split(b":")[1])
    while len(body) < length:
        body += sock.recv(4096)
    return head.split(b" ")[1]

connections = []
for _ in range(count):
    sock = context.wrap_socket(socket.create_connection(("127.0.0.1", port), timeout=30), server_hostname="localhost")
    if exchange(sock) != b"200":
        print("FAIL a first request did not get 200"); sys.exit(1)
    connections.append(sock)
# The server's memory is read once its buffers for these connections have settled; it runs in another
# process, on its own clock, and signals no event for that.
time.sleep(2)
rss = [l for l in open(f"/proc/{pid}/status") if l.startswith("VmRSS:")][0].split()[1]
failed = 0
for sock in connections:
    try:
        if exchange(sock) != b"200":
            failed += 1
    except Exception:
        failed += 1
if failed:
    print(f"FAIL {failed} of {count} idle connections were not kept rss_kib={rss}"); sys.exit(1)
print(f"OK rss_kib={rss} connections={count}")
