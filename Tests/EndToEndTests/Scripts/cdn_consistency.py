import hashlib, http.client, json, os, sys, time

port, pack_id, stop = int(sys.argv[1]), sys.argv[2], sys.argv[3]
connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
iterations, problems = [], []

def get(path):
    global connection
    try:
        connection.request("GET", path)
        response = connection.getresponse()
        body = response.read()
    except Exception as error:
        connection.close()
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        raise RuntimeError(f"{path}: {type(error).__name__}: {error}")
    if response.status != 200:
        raise RuntimeError(f"{path}: status {response.status}")
    return body

def described():
    manifest = json.loads(get("/download-manifest.json"))
    return next(p["userInfo"]["sha256"] for p in manifest["assetPacks"] if p["id"] == pack_id)

while not os.path.exists(stop):
    start = time.time()
    try:
        first = described()
        pack = hashlib.sha256(get(f"/packs/{pack_id}")).hexdigest()
        second = described()
    except Exception as error:
        if len(problems) < 20: problems.append(str(error)[:300])
        time.sleep(0.01)  # back off a moment after a failed round, so an error cannot spin the loop
        continue
    iterations.append({"start": start, "end": time.time(), "first": first, "pack": pack, "second": second})
print(json.dumps({"iterations": iterations, "problems": problems}))
