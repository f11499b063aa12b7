"""The package's version: the version of libhandstat.so it was written for, which handstat._lib
requires of the library it loads (the structures and constants there mirror the C headers of
this version). It is the CMake project's version (project(handstat VERSION ...) in
CMakeLists.txt); setup.py refuses to build when the two differ, and the tests compare them."""

__version__ = "0.1.0"
