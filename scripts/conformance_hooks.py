# scripts/remove-integration deletes this file with the integration it is part of: HTTPBackend
"""schemathesis hooks for scripts/conformance: fresh idempotency keys, and short change-feed reads.

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


def _valid_wait(value):
    try:
        return 0 <= float(value) <= 25
    except (TypeError, ValueError):
        return False


@schemathesis.hook
def before_call(context, case, kwargs):
    # Only schema-valid requests: changing a header of an invalid one would make schemathesis
    # judge it valid again (and, say, send the Authorization header it meant to leave out).
    if case.meta is not None and case.meta.generation.mode.is_negative:
        return
    # A change-feed read is held up to `wait` seconds when nothing changed; hundreds of cases
    # held up to 25 s each would take hours, so a valid wait is made 0 (still valid).
    query = case.query or {}
    if case.operation.label == "GET /v1/users/{user_id}/posts/changes" and _valid_wait(query.get("wait")):
        query["wait"] = 0
    headers = case.headers or {}
    for name in list(headers):
        if name.lower() == "idempotency-key" and _well_formed(headers[name]):
            headers[name] = str(uuid.uuid4())
