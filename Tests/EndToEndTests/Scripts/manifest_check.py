import json, sys, warnings
warnings.simplefilter("ignore")
from joserfc import jws
from joserfc.jwk import KeySet
token = open(sys.argv[1], "rb").read().strip()
keys = KeySet.import_key_set(json.load(open(sys.argv[2])))
try:
    verified = jws.deserialize_compact(token, keys, algorithms=["EdDSA"])
except Exception as error:
    print("REFUSED", type(error).__name__)
    sys.exit(1)
assert verified.headers()["typ"] == "JWT", verified.headers()
assert verified.payload == open(sys.argv[3], "rb").read(), "the JWS payload differs from /manifest.json"
print("OK", json.loads(verified.payload)["version"])
