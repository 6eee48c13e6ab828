import json, socket, sys, threading
listen_port, upstream_port, mode, limit, count = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3], int(sys.argv[4]), int(sys.argv[5])
remaining = [count]
lock = threading.Lock()

def read_head(sock, buffer):
    while b"\r\n\r\n" not in buffer:
        data = sock.recv(65536)
        if not data:
            return None, buffer
        buffer += data
    head, rest = buffer.split(b"\r\n\r\n", 1)
    return head.decode("latin-1"), rest

def header(head, name):
    for line in head.split("\r\n")[1:]:
        key, _, value = line.partition(":")
        if key.strip().lower() == name:
            return value.strip()
    return None

def serve(client):
    upstream = socket.create_connection(("127.0.0.1", upstream_port))
    from_client, from_upstream = b"", b""
    try:
        while True:
            request, from_client = read_head(client, from_client)
            if request is None:
                return
            upstream.sendall(request.encode("latin-1") + b"\r\n\r\n")
            response, from_upstream = read_head(upstream, from_upstream)
            if response is None:
                return
            path = request.split(" ")[1]
            length = int(header(response, "content-length") or 0)
            if request.startswith("HEAD "):
                length = 0
            interrupt = False
            with lock:
                if path.startswith("/blobs/") and length > limit and remaining[0] > 0:
                    remaining[0] -= 1
                    interrupt = True
            client.sendall(response.encode("latin-1") + b"\r\n\r\n")
            budget = limit if interrupt else length
            sent = 0
            while sent < budget:
                if not from_upstream:
                    from_upstream = upstream.recv(min(1 << 20, length - sent))
                    if not from_upstream:
                        return
                piece, from_upstream = from_upstream[:budget - sent], from_upstream[budget - sent:]
                client.sendall(piece)
                sent += len(piece)
            print(json.dumps({"path": path, "range": header(request, "range"), "ifRange": header(request, "if-range"),
                              "status": int(response.split(" ")[1]), "bodyBytes": sent}), flush=True)
            if interrupt:
                if mode == "stall":
                    # Hold the connection, sending nothing more, until the client gives up and hangs up.
                    while client.recv(65536):
                        pass
                return
    except OSError:
        pass
    finally:
        client.close()
        upstream.close()

server = socket.socket()
server.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
server.bind(("127.0.0.1", listen_port))
server.listen(64)
print("listening", flush=True)
while True:
    connection, _ = server.accept()
    threading.Thread(target=serve, args=(connection,), daemon=True).start()
