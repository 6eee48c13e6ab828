import email, socket, ssl, sys
import h11
from h11_response import read_response

port, ca_file, path, file_path = int(sys.argv[1]), sys.argv[2], sys.argv[3], sys.argv[4]
data = open(file_path, "rb").read()
context = ssl.create_default_context(cafile=ca_file)
context.set_alpn_protocols(["http/1.1"])
raw = socket.create_connection(("127.0.0.1", port), timeout=30)
sock = context.wrap_socket(raw, server_hostname="localhost")
problems = []
if sock.selected_alpn_protocol() != "http/1.1":
    problems.append(f"ALPN {sock.selected_alpn_protocol()!r}")

requests = [
    ("GET", [("Range", "bytes=0-99")]),
    ("GET", [("Range", "bytes=100-199,1000-1999")]),
    ("HEAD", []),
    ("GET", [("Connection", "close")]),
]
def encode(method, extra):
    return h11.Request(method=method, target=path, headers=[("Host", "localhost")] + extra)
wire = bytearray()
for method, extra in requests:
    c = h11.Connection(h11.CLIENT)
    wire += c.send(encode(method, extra)) + c.send(h11.EndOfMessage())
sock.sendall(bytes(wire))  # all four at once: pipelined

connection = h11.Connection(h11.CLIENT)
responses = []
for index, (method, extra) in enumerate(requests):
    if index > 0:
        connection.start_next_cycle()
    connection.send(encode(method, extra))  # moves h11's state; the bytes already went out
    connection.send(h11.EndOfMessage())
    responses.append(read_response(connection, sock))

status, fields, body = responses[0]
if status != 206 or body != data[0:100] or fields.get("content-range") != f"bytes 0-99/{len(data)}":
    problems.append(f"single range: {status} {fields.get('content-range')} {len(body)} bytes")
status, fields, body = responses[1]
message = email.message_from_bytes(b"Content-Type: " + fields.get("content-type", "").encode() + b"\r\n\r\n" + body)
parts = [(p["Content-Range"], p.get_payload(decode=True)) for p in (message.get_payload() if message.is_multipart() else [])]
expected = [(f"bytes 100-199/{len(data)}", data[100:200]), (f"bytes 1000-1999/{len(data)}", data[1000:2000])]
if status != 206 or parts != expected:
    problems.append(f"multi-range: {status} {[p[0] for p in parts]}")
status, fields, body = responses[2]
if status != 200 or body or fields.get("content-length") != str(len(data)):
    problems.append(f"HEAD: {status} {fields.get('content-length')} {len(body)} body bytes")
status, fields, body = responses[3]
if status != 200 or body != data:
    problems.append(f"GET: {status} {len(body)} bytes")
if problems:
    print("\n".join(problems))
    sys.exit(1)
print(f"OK 4 pipelined responses over {sock.version()}")
