import json, sys, urllib.request
from prometheus_client.parser import text_string_to_metric_families

with urllib.request.urlopen(sys.argv[1], timeout=10) as response:
    assert response.headers["Content-Type"].startswith("text/plain; version=0.0.4"), response.headers
    text = response.read().decode("utf-8")
out = {}
for family in text_string_to_metric_families(text):
    out["#type:" + family.name] = family.type
    for sample in family.samples:
        labels = ",".join('%s="%s"' % (k, v) for k, v in sorted(sample.labels.items()))
        out[sample.name + ("{" + labels + "}" if labels else "")] = sample.value
print(json.dumps(out))
