import hashlib, http.client, json, os, sys, threading

port, path, threads, stop = int(sys.argv[1]), sys.argv[2], int(sys.argv[3]), sys.argv[4]
lock = threading.Lock()
bodies, problems, requests = {}, [], [0]

def record(digest=None, problem=None):
    with lock:
        requests[0] += 1
        if digest: bodies[digest] = bodies.get(digest, 0) + 1
        if problem and len(problems) < 20: problems.append(problem)

def loop():
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    while not os.path.exists(stop):
        try:
            connection.request("GET", path)
            response = connection.getresponse()
            body = response.read()
        except Exception as error:  # a truncated body raises IncompleteRead here
            record(problem=f"{type(error).__name__}: {error}"[:300])
            connection.close()
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
            continue
        digest = hashlib.sha256(body).hexdigest()
        length = response.getheader("Content-Length")
        etag = response.getheader("ETag")
        if response.status != 200:
            record(problem=f"status {response.status}")
        elif length != str(len(body)):
            record(problem=f"Content-Length {length}, {len(body)} bytes")
        elif etag != f'"{digest}"':
            record(problem=f"ETag {etag} on a body hashing to {digest}")
        else:
            record(digest=digest)

workers = [threading.Thread(target=loop) for _ in range(threads)]
for worker in workers: worker.start()
for worker in workers: worker.join()
print(json.dumps({"requests": requests[0], "bodies": bodies, "problems": problems}))
