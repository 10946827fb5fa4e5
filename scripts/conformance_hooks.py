"""schemathesis hooks for scripts/conformance.

An `Idempotency-Key` names one operation: the backend refuses (422) a key sent again with another
method, path or body, as the API document says. Generated requests pick keys from a small space
("0", "00"…), so unrelated requests would share them and be refused for that reason, which is
the documented behaviour but says nothing about the request under test. Just before each schema-valid
request is sent, its key is replaced by a fresh UUID; invalid requests keep theirs, so the refusal of
bad keys is still exercised.
"""

import uuid

import schemathesis


def _well_formed(key):
    return isinstance(key, str) and 1 <= len(key) <= 255 and all(0x21 <= ord(c) <= 0x7E for c in key)


@schemathesis.hook
def before_call(context, case, kwargs):
    # Only schema-valid requests: changing a header of an invalid one would make schemathesis
    # judge it valid again (and, say, send the Authorization header it meant to leave out).
    if case.meta is not None and case.meta.generation.mode.is_negative:
        return
    headers = case.headers or {}
    for name in list(headers):
        if name.lower() == "idempotency-key" and _well_formed(headers[name]):
            headers[name] = str(uuid.uuid4())
