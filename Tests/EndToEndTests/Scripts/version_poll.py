import http.client, json, sys, time, urllib.parse

urls = sys.argv[1].split(",")
deadline = time.monotonic() + float(sys.argv[2])
connections = []
for url in urls:
    parts = urllib.parse.urlsplit(url)
    connections.append(http.client.HTTPConnection(parts.hostname, parts.port, timeout=10))
highest, versions, requests = 0, [], 0
while time.monotonic() < deadline:
    for index, connection in enumerate(connections):
        connection.request("GET", "/manifest.json")
        response = connection.getresponse()
        body = response.read()
        requests += 1
        if response.status != 200:
            print(f"FALL status {response.status} from {urls[index]}: {body[:200]!r}")
            sys.exit(1)
        version = json.loads(body)["version"]
        if version < highest:
            print(f"FALL version {version} from {urls[index]} after {highest} (request {requests})")
            sys.exit(1)
        if version > highest:
            highest = version
            versions.append(str(version))
print(f"OK requests={requests} versions={','.join(versions)}")
