"""The protocol's pieces: framing, checks of client messages, view patches and hashes."""

from __future__ import annotations

import copy
import json
import re
import socket
from pathlib import Path
from typing import Any

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as hs

from game.core.rng import Rng
from game.hero_realms.scripted import choose
from game.hero_realms.setup import new_game
from game.net import protocol
from game.net.protocol import (
    PROTOCOL_VERSION,
    PatchError,
    ProtocolError,
    apply_patch,
    check_client_message,
    decode,
    diff,
    encode,
    view_hash,
)
from game.net.wire import LineConn

DOC = Path(__file__).resolve().parents[2] / "game" / "net" / "PROTOCOL.md"


def test_encode_is_one_compact_line_and_decodes_back() -> None:
    msg = {"type": "act", "line": "play gold", "text": "é\nnewline inside"}
    line = encode(msg)
    assert line.endswith(b"\n") and line.count(b"\n") == 1
    assert decode(line[:-1]) == msg


@pytest.mark.parametrize("line", [b"", b"nope", b"[1]", b"3", b'"s"', b"\xff\xfe", b"[" * 5000, b"{'a': 1}"])
def test_decode_refuses_what_is_not_an_object(line: bytes) -> None:
    with pytest.raises(ProtocolError) as info:
        decode(line)
    assert info.value.code == "bad_json"


def _hello(**kw: Any) -> dict[str, Any]:
    return {"type": "hello", "seq": 1, "version": PROTOCOL_VERSION, "game": "hero_realms", "name": "Ana", **kw}


@pytest.mark.parametrize("msg, code", [
    ({"seq": 1}, "bad_message"),
    ({"type": 3, "seq": 1}, "bad_message"),
    ({"type": "warp", "seq": 1}, "unknown_type"),
    ({"type": "ping", "seq": 0, "t": 1}, "bad_seq"),
    ({"type": "ping", "seq": True, "t": 1}, "bad_seq"),
    ({"type": "ping", "seq": "2", "t": 1}, "bad_seq"),
    ({"type": "ping", "seq": 1, "t": float("nan")}, "bad_message"),
    ({"type": "ping", "seq": 1}, "bad_message"),
    (_hello(version="1"), "bad_message"),
    (_hello(name=""), "bad_message"),
    (_hello(name="\x00\x01"), "bad_message"),
    (_hello(name="x" * 500), "bad_message"),
    (_hello(token=5), "bad_message"),
    (_hello(token="t" * 500), "bad_message"),
    (_hello(seat=-1), "bad_message"),
    (_hello(last=-3), "bad_message"),
    ({"type": "ready", "seq": 1, "ready": 1}, "bad_message"),
    ({"type": "act", "seq": 1, "line": ""}, "bad_message"),
    ({"type": "act", "seq": 1, "line": "x" * 201}, "bad_message"),
    ({"type": "act", "seq": 1, "line": ["end"]}, "bad_message"),
    ({"type": "act", "seq": 1, "line": "end", "at": -1}, "bad_message"),
    ({"type": "act", "seq": 1, "line": "end", "seat": "0"}, "bad_message"),
])
def test_bad_client_messages_are_named(msg: dict[str, Any], code: str) -> None:
    with pytest.raises(ProtocolError) as info:
        check_client_message(msg)
    assert info.value.code == code and code in protocol.ERRORS


def test_good_client_messages_pass_and_unknown_fields_are_ignored() -> None:
    for msg in (_hello(), _hello(token="ab" * 16, last=10), _hello(seat=2, future_field=[1, 2]),
                {"type": "act", "seq": 9, "line": "end", "at": 3, "seat": 1}, {"type": "resync", "seq": 2},
                {"type": "ready", "seq": 3, "ready": False}, {"type": "pong", "seq": 4, "t": 1.5},
                {"type": "bye", "seq": 5}):
        assert check_client_message(msg) is msg
    assert protocol.clean_name("  A\x07na\t ") == "Ana"


def _views_of_a_game(seed: int) -> list[dict[str, Any]]:
    st = new_game(2, seed=seed)
    rng = Rng(seed)
    views = [st.view(0)]
    while st.phase != "over" and len(views) < 400:
        st.apply(choose(st, rng))
        views.append(st.view(len(views) % 2))
    return views


def test_patches_between_real_views_rebuild_them_exactly() -> None:
    views = _views_of_a_game(3)
    # across seats (a patch from one seat's view to the other's) they rebuild exactly too
    for old, new in zip(views, views[1:]):
        assert apply_patch(old, diff(old, new)) == new
    # the host patches each seat's view from that seat's last one
    sizes = []
    for seat in (0, 1):
        mine = views[seat::2]
        held = mine[0]
        for new in mine[1:]:
            ops = diff(held, new)
            before = copy.deepcopy(held)
            patched = apply_patch(held, ops)
            assert patched == new and view_hash(patched) == view_hash(new)
            assert held == before  # the old view was not changed under the caller
            sizes.append(len(encode({"patch": ops})))
            held = patched
    full = len(encode({"view": views[-1]}))
    assert sum(sizes) / len(sizes) < full / 4  # patches are much smaller than views


json_leaf = hs.one_of(hs.none(), hs.booleans(), hs.integers(-5, 5), hs.text(max_size=3))
json_doc = hs.recursive(json_leaf, lambda inner: hs.one_of(hs.lists(inner, max_size=4),
                                                           hs.dictionaries(hs.text(max_size=2), inner, max_size=4)),
                        max_leaves=20)


@settings(max_examples=300, deadline=None)
@given(hs.dictionaries(hs.text(max_size=2), json_doc, max_size=5),
       hs.dictionaries(hs.text(max_size=2), json_doc, max_size=5))
@example(old={"": [False, False, False, ""]}, new={"": [False, False, 0, ""]})  # False == 0 in Python, not in JSON
@example(old={"a": {"b": 1}}, new={"a": {"b": 1.0}})
def test_diff_then_patch_gives_the_new_document(old: dict[str, Any], new: dict[str, Any]) -> None:
    ops = json.loads(json.dumps(diff(old, new)))  # as it travels
    assert view_hash(apply_patch(json.loads(json.dumps(old)), ops)) == view_hash(new)


@pytest.mark.parametrize("ops", [
    "nope", [["players"]], [[[]]], [[["missing", "deeper"], 1]], [[["players", 99, "gold"], 1]],
    [[["players", "x"], 1]], [[["turn", "x"], 1]], [[[0], 1]], [[["players", -1], 1]],
])
def test_patches_that_do_not_fit_are_refused(ops: Any) -> None:
    view = new_game(2, seed=1).view(0)
    with pytest.raises(PatchError):
        apply_patch(view, ops)


def test_a_line_over_the_limit_is_refused() -> None:
    a, b = socket.socketpair()
    try:
        conn = LineConn(b, max_line=100)
        a.sendall(b'{"type":"ping"}\n' + b"x" * 150)
        lines = []
        with pytest.raises(ProtocolError) as info:
            for _ in range(50):
                lines += conn.read_lines()
        assert info.value.code == "too_large"
    finally:
        a.close()
        b.close()


def test_protocol_md_documents_every_message_field_and_error_code() -> None:
    text = DOC.read_text(encoding="utf-8")
    for code in protocol.ERRORS:
        assert f"`{code}`" in text, code
    for fields in (protocol.CLIENT_FIELDS, protocol.HOST_FIELDS):
        for kind, names in fields.items():
            section = re.search(rf"^### `{kind}`.*?(?=^### |\Z)", text, re.M | re.S)
            assert section, f"no section for {kind}"
            for name in names:
                assert f"`{name}`" in section.group(0), (kind, name)
    assert f"version {protocol.PROTOCOL_VERSION}" in text.lower() or f"`{protocol.PROTOCOL_VERSION}`" in text
