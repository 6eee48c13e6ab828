# Loops on two channels' documents through a cache, as devices of both would, until a stop file appears:
# each round reads production's /manifest.json and /tags/levels, then beta's under /channels/beta/. A manifest
# whose "channel" is not the one its URL names is counted as wrong.
# Arguments: cache port, stop file. Prints one line
#   OK rounds=N production=1,3 beta=1,2 production-tags=1,3 beta-tags=1,2
# (the releases each channel's manifest and tag document named, each in the order first seen), or one line
# per wrong answer and exits 1.
import http.client, json, os, sys, time

port, stop = int(sys.argv[1]), sys.argv[2]
views = {"production": "", "beta": "/channels/beta"}
seen = {key: [] for name in views for key in (name, name + "-tags")}
wrong = []
rounds = 0
connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)

def get(path):
    connection.request("GET", path)
    response = connection.getresponse()
    body = response.read()
    if response.status != 200:
        raise RuntimeError(f"{path}: {response.status} {body[:200]!r}")
    return json.loads(body)

def note(key, release):
    if release not in seen[key]:
        seen[key].append(release)

while not os.path.exists(stop):
    for name, prefix in views.items():
        manifest = get(prefix + "/manifest.json")
        if manifest.get("channel") != name:
            wrong.append(f"{prefix}/manifest.json is {manifest.get('channel')!r}'s")
        note(name, manifest.get("release"))
        note(name + "-tags", get(prefix + "/tags/levels").get("release"))
    rounds += 1
    time.sleep(0.01)

if wrong:
    print("\n".join(wrong[:20]))
    sys.exit(1)
print(f"OK rounds={rounds} " + " ".join(f"{key}={','.join(map(str, releases))}" for key, releases in seen.items()))
