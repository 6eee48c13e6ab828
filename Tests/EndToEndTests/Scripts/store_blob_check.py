import hashlib, json, os, sys

root = sys.argv[1]
found = {}
for shard in sorted(os.listdir(root)):
    for name in sorted(os.listdir(os.path.join(root, shard))):
        digest, size = hashlib.sha256(), 0
        with open(os.path.join(root, shard, name), "rb") as blob:
            while chunk := blob.read(1 << 20):
                digest.update(chunk)
                size += len(chunk)
        found[f"{shard}/{name}"] = [size, digest.hexdigest()]
print(json.dumps(found))
