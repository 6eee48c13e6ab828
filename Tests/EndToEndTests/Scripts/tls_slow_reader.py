import socket, ssl, sys, time
import h11

port, ca_file, path, file_path = int(sys.argv[1]), sys.argv[2], sys.argv[3], sys.argv[4]
data = open(file_path, "rb").read()
context = ssl.create_default_context(cafile=ca_file)
raw = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
raw.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
raw.setsockopt(socket.IPPROTO_TCP, socket.TCP_MAXSEG, 536)
raw.settimeout(60)
raw.connect(("127.0.0.1", port))
sock = context.wrap_socket(raw, server_hostname="localhost")
connection = h11.Connection(h11.CLIENT)
pauses = 0

def fetch(extra, slow):
    global pauses
    if connection.our_state is h11.DONE:
        connection.start_next_cycle()
    request = h11.Request(method="GET", target=path, headers=[("Host", "localhost")] + extra)
    sock.sendall(connection.send(request) + connection.send(h11.EndOfMessage()))
    status, body, next_pause = None, bytearray(), 512 * 1024
    while True:
        event = connection.next_event()
        if event is h11.NEED_DATA:
            if slow and len(body) >= next_pause:
                # The slowness is the test: a reader that stops reading while the window is full, so the
                # server's writes block on a zero window. The server's side of that shows nothing this
                # client could wait on, and the server runs on its own clock: only a pause keeps the window full.
                time.sleep(0.15)
                pauses += 1
                next_pause += 512 * 1024
            connection.receive_data(sock.recv(3000 if slow else 1 << 16))
        elif isinstance(event, h11.Response):
            status = event.status_code
        elif isinstance(event, h11.Data):
            body += event.data
        elif isinstance(event, h11.EndOfMessage):
            return status, bytes(body)
        elif isinstance(event, h11.ConnectionClosed):
            return status, None

problems = []
status, body = fetch([], slow=True)
if status != 200 or body != data:
    problems.append(f"slow whole GET: {status}, {None if body is None else len(body)} of {len(data)} bytes, equal={body == data}")
status, body = fetch([("Range", "bytes=100-199")], slow=False)
if status != 206 or body != data[100:200]:
    problems.append(f"range after it on the same connection: {status} {body!r:.80}")
if problems:
    print("\n".join(problems))
    sys.exit(1)
print(f"OK {len(data)} bytes read slowly with {pauses} pauses, then a range on the same connection, over {sock.version()}")
