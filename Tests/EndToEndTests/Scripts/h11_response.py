"""Reading one HTTP/1.1 response through h11, shared by the scripts that check what the server sends."""
import h11


def read_response(connection, sock):
    """The status, header fields (names lowercased) and body of the next response on `sock`."""
    response, body = None, bytearray()
    while True:
        event = connection.next_event()
        if event is h11.NEED_DATA:
            connection.receive_data(sock.recv(1 << 16))
        elif isinstance(event, h11.Response):
            response = event
        elif isinstance(event, h11.Data):
            body += event.data
        elif isinstance(event, h11.EndOfMessage):
            break
    fields = {name.decode().lower(): value.decode() for name, value in response.headers}
    return response.status_code, fields, bytes(body)
