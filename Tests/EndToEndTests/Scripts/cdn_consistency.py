import hashlib, http.client, json, os, sys, time, urllib.parse

port, pack_id, stop = int(sys.argv[1]), sys.argv[2], sys.argv[3]
# "named": the pack is fetched by the path of the URL the first manifest names, as a device does;
# "by-id": always by /packs/{id}, whatever the manifest says.
fetch = sys.argv[4] if len(sys.argv) > 4 else "by-id"
connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
problems = []

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
    """The SHA-256 the download manifest gives the pack, and the path of the URL it names for it (the URL's
    host is the origin's; the request goes to the cache)."""
    manifest = json.loads(get("/download-manifest.json"))
    pack = next(p for p in manifest["assetPacks"] if p["id"] == pack_id)
    return pack["userInfo"]["sha256"], urllib.parse.urlsplit(pack["url"]).path

# Each round is printed as it ends, so the test can wait for the rounds it needs.
while not os.path.exists(stop):
    start = time.time()
    try:
        first, named = described()
        pack = hashlib.sha256(get(named if fetch == "named" else f"/packs/{pack_id}")).hexdigest()
        second, _ = described()
    except Exception as error:
        problems.append(str(error)[:300])
        if len(problems) == 20:
            break  # any problem fails the test; twenty say enough, and an error cannot spin the loop
        continue
    print(json.dumps({"start": start, "end": time.time(), "first": first, "pack": pack, "second": second}), flush=True)
print(json.dumps({"problems": problems}))
