"""A TCP relay between HTTP clients and a server that counts every byte the server sends and interrupts
the transfer on cue. It knows nothing of HTTP: what it counts is what left the server, headers included.

Arguments: listen port, upstream port, then actions in the order they fire, each `KIND@BYTES`:
  pause@N  once the server has sent N bytes in all, stop forwarding, print `paused <total>` and wait
           for SIGUSR1 (the test acts meanwhile: kills the server, cancels the client)
  reset@N  once the server has sent N bytes in all, reset that client connection (RST, SO_LINGER 0)
Prints `listening` when ready, `reset <total>` after a reset, and on SIGUSR2 `bytes <total> <open>`, open
being the connections still relayed (0: every byte a closed client's server sent has been counted).
A connection whose server cannot be reached is closed at once (the client sees a refused transfer).
"""
import selectors, signal, socket, struct, sys, threading

listen_port, upstream_port = int(sys.argv[1]), int(sys.argv[2])
actions = [(kind, int(at)) for kind, at in (arg.split("@") for arg in sys.argv[3:])]
lock = threading.Lock()
total = [0]
open_connections = [0]
resume = threading.Event()


def say(line):
    with lock:
        print(line, flush=True)


def due(count):
    """Adds `count` server bytes; the actions whose threshold the total has now reached."""
    with lock:
        total[0] += count
        fired = []
        while actions and actions[0][1] <= total[0]:
            fired.append(actions.pop(0)[0])
        return fired, total[0]


def relay(client):
    try:
        upstream = socket.create_connection(("127.0.0.1", upstream_port))
    except OSError:
        client.close()
        return
    with lock:
        open_connections[0] += 1
    selector = selectors.DefaultSelector()
    selector.register(client, selectors.EVENT_READ, upstream)
    selector.register(upstream, selectors.EVENT_READ, client)
    try:
        while True:
            for key, _ in selector.select():
                source, destination = key.fileobj, key.data
                data = source.recv(1 << 16)
                if not data:
                    return
                if source is upstream:
                    fired, now = due(len(data))
                    for kind in fired:
                        if kind == "pause":
                            say(f"paused {now}")
                            resume.wait()
                            resume.clear()
                        elif kind == "reset":
                            client.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
                            say(f"reset {now}")
                            return
                destination.sendall(data)
    except OSError:
        pass
    finally:
        with lock:
            open_connections[0] -= 1
        selector.close()
        client.close()
        upstream.close()


def accept(server):
    while True:
        connection, _ = server.accept()
        threading.Thread(target=relay, args=(connection,), daemon=True).start()


# The signals are blocked in every thread (threads inherit the mask) and taken by the main thread with
# sigwait, so each is acted on at once whichever thread the kernel would have chosen.
signals = {signal.SIGUSR1, signal.SIGUSR2}
signal.pthread_sigmask(signal.SIG_BLOCK, signals)
server = socket.socket()
server.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
server.bind(("127.0.0.1", listen_port))
server.listen(64)
threading.Thread(target=accept, args=(server,), daemon=True).start()
say("listening")
while True:
    if signal.sigwait(signals) == signal.SIGUSR1:
        resume.set()
    else:
        with lock:
            count, connections = total[0], open_connections[0]
        say(f"bytes {count} {connections}")
