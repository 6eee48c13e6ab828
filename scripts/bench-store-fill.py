#!/usr/bin/env python3
"""Adds COUNT small packs to a PackServe draft quickly, for benchmarks and tests that need a big index.

Usage: bench-store-fill.py DATA_DIRECTORY COUNT [PREFIX [BLOBS]]

Why not `packserve add` in a loop: 100,000 process starts take over an hour. This writes what `add` would
leave behind: one distinct blob file per pack at its content address (blobs/sha256/<2 hex>/<64 hex>) and the
pack, packVersion and packTag rows, in one transaction, against the schema `packserve` itself created (run
any packserve command on the data directory first; this script never creates or migrates tables). Callers
then run `packserve fsck`, which must report the result consistent: that check is what makes the shortcut
honest. Pack ids are PREFIX-<n> (default "fill"); each pack carries the tags "fill" and "group-<n % 100>".
Pack n holds blob n % BLOBS (default: COUNT, every pack its own bytes); fewer blobs make a big index without
as many files, for tests where creating files would dominate (about 1 ms per file on a busy disk).
"""
import datetime, hashlib, os, sqlite3, sys

data, count = sys.argv[1], int(sys.argv[2])
prefix = sys.argv[3] if len(sys.argv) > 3 else "fill"
blob_count = int(sys.argv[4]) if len(sys.argv) > 4 else count
blob_root = os.path.join(data, "blobs", "sha256")
now = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M:%S.000")

packs, versions, tags = [], [], []
for n in range(count):
    pack_id = f"{prefix}-{n}"
    body = f"{prefix}-blob-{n % blob_count}\n".encode() * 8
    digest = hashlib.sha256(body).hexdigest()
    if n < blob_count:
        shard = os.path.join(blob_root, digest[:2])
        os.makedirs(shard, exist_ok=True)
        with open(os.path.join(shard, digest), "wb") as blob:
            blob.write(body)
    packs.append((pack_id, "on-demand", 0, "application/octet-stream", 1, 1))
    versions.append((pack_id, 1, digest, len(body), now, pack_id + ".bin"))
    tags += [(pack_id, "fill"), (pack_id, f"group-{n % 100}")]

index = sqlite3.connect(os.path.join(data, "index.sqlite"), timeout=30)
with index:
    index.executemany("INSERT INTO pack (id, policy, fetchOrder, contentType, currentVersion, latestVersion) "
                      "VALUES (?, ?, ?, ?, ?, ?)", packs)
    index.executemany("INSERT INTO packVersion (packId, version, sha256, size, createdAt, originalFilename) "
                      "VALUES (?, ?, ?, ?, ?, ?)", versions)
    index.executemany("INSERT INTO packTag (packId, tag) VALUES (?, ?)", tags)
index.close()
print(f"added {count} packs to the draft")
