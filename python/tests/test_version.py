"""The package refuses a libhandstat.so of another version than its own: the check itself (the
library loaded against a version it is not), the message, an import with a stub library of
another version, and the package's version against the CMake project's."""

import os
import re
import subprocess
import sys

import pytest

import handstat
from handstat import _lib

HERE = os.path.dirname(os.path.abspath(__file__))
CMAKELISTS = os.path.join(HERE, "..", "..", "CMakeLists.txt")


def test_loaded_library_is_the_package_version():
    assert handstat.version() == handstat.__version__


def test_package_version_is_the_cmake_project_version():
    if not os.path.exists(CMAKELISTS):
        pytest.skip(f"{CMAKELISTS} is not here")
    with open(CMAKELISTS) as f:
        cmake = re.search(r"project\(handstat VERSION ([0-9.]+)", f.read()).group(1)
    assert handstat.__version__ == cmake


def test_check_version_accepts_its_own_version():
    _lib.check_version(_lib.lib, _lib.lib._name, "given by $HANDSTAT_LIBRARY",
                       expected=handstat.version())


def test_check_version_refuses_another_version():
    path = _lib.lib._name
    with pytest.raises(ImportError) as e:
        _lib.check_version(_lib.lib, path, "given by $HANDSTAT_LIBRARY", expected="9.8.7")
    msg = str(e.value)
    assert msg.startswith(f"handstat 9.8.7 cannot use {path}")
    assert f"it is libhandstat {handstat.version()}," in msg
    assert "given by $HANDSTAT_LIBRARY" in msg
    assert "Set HANDSTAT_LIBRARY to the libhandstat.so" in msg


def test_import_refuses_a_library_of_another_version():
    """A fresh interpreter importing the package with $HANDSTAT_LIBRARY at a library whose
    hs_version() says 0.0.0-stub (and which has no other symbol: the check comes first)."""
    stub = os.environ.get("HANDSTAT_STUB_LIBRARY")
    if not stub:
        pytest.skip("no $HANDSTAT_STUB_LIBRARY (tests/CMakeLists.txt builds py_stub_library)")
    env = dict(os.environ, HANDSTAT_LIBRARY=stub)
    r = subprocess.run([sys.executable, "-c", "import handstat"], env=env, capture_output=True,
                       text=True, cwd=HERE)
    assert r.returncode != 0
    last = r.stderr.strip().splitlines()[-1]
    assert last.startswith(f"ImportError: handstat {handstat.__version__} cannot use {stub}, "
                           "given by $HANDSTAT_LIBRARY: it is libhandstat 0.0.0-stub,"), last
