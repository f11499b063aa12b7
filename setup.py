"""Build the Python package with its library: build_py also configures the project's CMake in a
build folder of its own (build/python, or $HANDSTAT_CMAKE_BUILD_DIR), builds only the shared
library target hslib_shared (cmake --build -j $CMAKE_BUILD_PARALLEL_LEVEL, default 2) and copies
libhandstat.so next to the package's modules, where handstat._lib loads it first. The wheel is a
platform wheel (py3-none-<platform>: ctypes, no Python ABI, but a native library). The metadata
is in pyproject.toml; the version is the CMake project's."""

import glob
import os
import re
import shutil
import subprocess

from setuptools import setup
from setuptools.command.build_py import build_py
from setuptools.dist import Distribution

ROOT = os.path.dirname(os.path.abspath(__file__))


def cmake_version():
    with open(os.path.join(ROOT, "CMakeLists.txt")) as f:
        return re.search(r"project\(handstat VERSION ([0-9.]+)", f.read()).group(1)


def package_version():
    """handstat.__version__, which the package requires of the library it loads: it must be the
    CMake project's, or the wheel would carry a library its own package refuses."""
    with open(os.path.join(ROOT, "python", "handstat", "_version.py")) as f:
        return re.search(r'^__version__ = "([^"]+)"', f.read(), re.M).group(1)


VERSION = cmake_version()
if package_version() != VERSION:
    raise SystemExit(f"python/handstat/_version.py says {package_version()}, CMakeLists.txt "
                     f"{VERSION}: make them the same")


class BuildPyWithLibrary(build_py):
    """build_py, then the shared library by CMake into the built package."""

    def run(self):
        super().run()
        build = os.environ.get("HANDSTAT_CMAKE_BUILD_DIR") or os.path.join(ROOT, "build", "python")
        cmake = os.environ.get("CMAKE", "cmake")
        jobs = os.environ.get("CMAKE_BUILD_PARALLEL_LEVEL", "2")
        if not os.path.exists(os.path.join(build, "CMakeCache.txt")):
            subprocess.run([cmake, "-S", ROOT, "-B", build, "-DCMAKE_BUILD_TYPE=Release",
                            "-DHS_BUILD_TESTS=OFF", "-DHS_BUILD_BENCH=OFF",
                            "-DHS_WITH_SERVE=OFF"], check=True)
        subprocess.run([cmake, "--build", build, "--target", "hslib_shared", "-j", jobs],
                       check=True)
        found = sorted(glob.glob(os.path.join(build, "libhandstat.so.*.*.*")))
        if not found:
            raise RuntimeError(f"no libhandstat.so.X.Y.Z in {build} after the CMake build")
        dest = os.path.join(self.build_lib, "handstat", "libhandstat.so")
        shutil.copyfile(found[-1], dest)  # a file of its own, not the build's symbolic links
        self.announce(f"copying {found[-1]} -> {dest}", level=2)


class PlatformDistribution(Distribution):
    """Holds a native library: a platform wheel, installed to platlib."""

    def has_ext_modules(self):
        return True


cmdclass = {"build_py": BuildPyWithLibrary}
try:
    from wheel.bdist_wheel import bdist_wheel

    class PlatformWheel(bdist_wheel):
        """py3-none-<platform>: any Python 3 (ctypes), this platform (libhandstat.so)."""

        def finalize_options(self):
            super().finalize_options()
            self.root_is_pure = False

        def get_tag(self):
            return ("py3", "none", super().get_tag()[2])

    cmdclass["bdist_wheel"] = PlatformWheel
except ImportError:  # no wheel package: pip install still works through setuptools alone
    pass

# The layout here rather than in pyproject.toml's [tool.setuptools], which Debian's setuptools 66
# still calls beta.
setup(version=VERSION, package_dir={"": "python"}, packages=["handstat"],
      package_data={"handstat": ["py.typed"]}, include_package_data=False, cmdclass=cmdclass,
      distclass=PlatformDistribution)
