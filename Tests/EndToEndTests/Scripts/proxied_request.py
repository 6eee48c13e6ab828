import json, socket, ssl, struct, sys
a = json.loads(sys.argv[1])
s = socket.create_connection(("127.0.0.1", a["port"]), timeout=10)
six = ":" in a["client"]
if a["header"] == "1":
    s.sendall(("PROXY %s %s %s %d %d\r\n" % ("TCP6" if six else "TCP4", a["client"], "::1" if six else "127.0.0.1",
                                               a["clientPort"], a["port"])).encode())
elif a["header"] == "2":
    family = socket.AF_INET6 if six else socket.AF_INET
    addresses = socket.inet_pton(family, a["client"]) + socket.inet_pton(family, "::1" if six else "127.0.0.1")
    body = addresses + struct.pack(">HH", a["clientPort"], a["port"])
    s.sendall(b"\r\n\r\n\x00\r\nQUIT\n" + bytes([0x21, 0x21 if six else 0x11]) + struct.pack(">H", len(body)) + body)
try:
    if a.get("caFile"):
        context = ssl.create_default_context(cafile=a["caFile"])
        context.set_alpn_protocols(["http/1.1"])
        s = context.wrap_socket(s, server_hostname="localhost")
    s.sendall(("GET %s HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n" % a["path"]).encode())
    data = b""
    while True:
        chunk = s.recv(65536)
        if not chunk:
            break
        data += chunk
except (ConnectionError, ssl.SSLError, OSError):
    data = b""
print(data.split(b"\r\n", 1)[0].decode() if data else "NO ANSWER")
