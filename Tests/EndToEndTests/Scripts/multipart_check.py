import email, socket, sys
import h11
from h11_response import read_response

port, path, file_path, range_value, expected = int(sys.argv[1]), sys.argv[2], sys.argv[3], sys.argv[4], sys.argv[5]
expected_parts = [tuple(int(n) for n in item.split("-")) for item in expected.split(",")]
data = open(file_path, "rb").read()

connection = h11.Connection(h11.CLIENT)
sock = socket.create_connection(("127.0.0.1", port), timeout=30)
headers = [("Host", f"127.0.0.1:{port}"), ("Range", range_value), ("Connection", "close")]
sock.sendall(connection.send(h11.Request(method="GET", target=path, headers=headers)))
sock.sendall(connection.send(h11.EndOfMessage()))
status, fields, body = read_response(connection, sock)

problems = []
if status != 206:
    problems.append(f"status {status}, expected 206")
if fields.get("content-length") != str(len(body)):
    problems.append(f"Content-Length {fields.get('content-length')} but {len(body)} body bytes")
content_type = fields.get("content-type", "")
if not content_type.startswith("multipart/byteranges; boundary="):
    problems.append(f"Content-Type {content_type!r}")
message = email.message_from_bytes(b"Content-Type: " + content_type.encode() + b"\r\n\r\n" + bytes(body))
parts = message.get_payload() if message.is_multipart() else []
seen = []
for part in parts:
    unit, _, spec = (part["Content-Range"] or "").partition(" ")
    span, _, complete = spec.partition("/")
    first, last = (int(n) for n in span.split("-"))
    seen.append((first, last))
    payload = part.get_payload(decode=True)
    if unit != "bytes" or complete != str(len(data)):
        problems.append(f"Content-Range {part['Content-Range']!r}")
    if payload != data[first:last + 1]:
        problems.append(f"part {first}-{last}: {len(payload)} bytes that differ from the file")
if seen != expected_parts:
    problems.append(f"parts {seen}, expected {expected_parts}")
if problems:
    print("\n".join(problems))
    sys.exit(1)
print(f"OK {len(parts)} parts, {len(body)} bytes")
