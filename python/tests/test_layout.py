"""The ctypes declarations of handstat._lib against the C headers: every ctypes.Structure there
has the size, alignment, field names, field offsets and field sizes of the C struct it mirrors
(its _c_struct_), and every HS_* constant the value of the C one, as py_struct_layout (compiled
from the public headers by tests/CMakeLists.txt, $HANDSTAT_LAYOUT) prints them."""

import ctypes
import inspect
import json
import os
import subprocess

import pytest

from handstat import _lib

# the Python names of constants whose C names differ
C_NAMES = {"HS_SHORTDECK_RULES": {"trips": "HS_SHORTDECK_TRIPS_BEAT_STRAIGHT",
                                  "straight": "HS_SHORTDECK_STRAIGHT_BEATS_TRIPS"}}


@pytest.fixture(scope="module")
def layout():
    helper = os.environ.get("HANDSTAT_LAYOUT")
    if not helper:
        pytest.skip("no $HANDSTAT_LAYOUT (tests/CMakeLists.txt builds py_struct_layout)")
    return json.loads(subprocess.run([helper], capture_output=True, text=True,
                                     check=True).stdout)


def structures():
    return [c for _, c in inspect.getmembers(_lib, inspect.isclass)
            if issubclass(c, ctypes.Structure) and c.__module__ == _lib.__name__]


def test_every_structure_names_its_c_struct(layout):
    assert structures(), "no ctypes.Structure found in handstat._lib"
    for cls in structures():
        assert cls.__dict__.get("_c_struct_") in layout["structs"], \
            f"{cls.__name__}: no _c_struct_, or py_struct_layout.c does not print it"


@pytest.mark.parametrize("cls", structures(), ids=lambda c: c.__name__)
def test_structure_matches_c(layout, cls):
    c = layout["structs"][cls._c_struct_]
    assert [f[0] for f in cls._fields_] == [f["name"] for f in c["fields"]], cls.__name__
    for f in c["fields"]:
        mine = getattr(cls, f["name"])
        assert (mine.offset, mine.size) == (f["offset"], f["size"]), \
            f"{cls.__name__}.{f['name']}: offset, size {mine.offset}, {mine.size} in Python, " \
            f"{f['offset']}, {f['size']} in C"
    assert (ctypes.sizeof(cls), ctypes.alignment(cls)) == (c["size"], c["align"]), cls.__name__


def test_constants_match_c(layout):
    c = layout["constants"]
    mine = {k: v for k, v in vars(_lib).items() if k.startswith("HS_")}
    assert mine, "no HS_ constant found in handstat._lib"
    for name, value in mine.items():
        if name in C_NAMES:
            assert {k: c[v] for k, v in C_NAMES[name].items()} == value, name
        else:
            assert name in c, f"{name}: py_struct_layout.c does not print it"
            assert value == c[name], f"{name} is {value} in Python, {c[name]} in C"
