# Installation: the library (static, or shared with BUILD_SHARED_LIBS=ON), its headers, the CLI,
# a pkg-config file, a CMake package (find_package(handstat CONFIG) -> handstat::handstat), the
# man page (from the CLI's --help by help2man, when it is there), bash completion, the Python
# package, and a .deb through CPack.
include(CMakePackageConfigHelpers)

install(TARGETS ${HS_INSTALLED_LIB} EXPORT handstatTargets
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
  RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR}
  INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(TARGETS ${HS_OTHER_LIB}
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR})
install(TARGETS ${HS_CLI_TARGETS} RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
# handstat-serve beside handstat, where `handstat serve` looks for it
if(HS_WITH_SERVE)
  install(TARGETS handstat-serve RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
endif()
install(DIRECTORY ${PROJECT_SOURCE_DIR}/include/handstat
  DESTINATION ${CMAKE_INSTALL_INCLUDEDIR} FILES_MATCHING PATTERN "*.h")
install(FILES ${HS_GEN_DIR}/include/handstat/version.h
  DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/handstat)

set(HS_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/handstat)
install(EXPORT handstatTargets NAMESPACE handstat:: DESTINATION ${HS_CMAKE_DIR})
configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/handstatConfig.cmake.in
  ${PROJECT_BINARY_DIR}/handstatConfig.cmake INSTALL_DESTINATION ${HS_CMAKE_DIR})
write_basic_package_version_file(${PROJECT_BINARY_DIR}/handstatConfigVersion.cmake
  VERSION ${PROJECT_VERSION} COMPATIBILITY SameMajorVersion)
install(FILES ${PROJECT_BINARY_DIR}/handstatConfig.cmake
              ${PROJECT_BINARY_DIR}/handstatConfigVersion.cmake DESTINATION ${HS_CMAKE_DIR})

# pkg-config: -lhandstat links the shared library; pkg-config --static adds what the static one
# needs.
# (relocatable: the prefix is found from the file's own folder, so cmake --install --prefix works)
file(RELATIVE_PATH HS_PC_UP /root/${CMAKE_INSTALL_LIBDIR}/pkgconfig /root)
configure_file(${PROJECT_SOURCE_DIR}/cmake/handstat.pc.in ${PROJECT_BINARY_DIR}/handstat.pc @ONLY)
install(FILES ${PROJECT_BINARY_DIR}/handstat.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)

# The man page, generated from --help and --version at build time (so never out of step).
find_program(HELP2MAN help2man)
if(HELP2MAN)
  add_custom_command(OUTPUT ${PROJECT_BINARY_DIR}/handstat.1
    COMMAND ${HELP2MAN} --no-info --section=1
            "--name=exact, exhaustive card-hand statistics"
            --include=${PROJECT_SOURCE_DIR}/packaging/handstat.h2m
            --output=${PROJECT_BINARY_DIR}/handstat.1 $<TARGET_FILE:handstat>
    DEPENDS handstat ${PROJECT_SOURCE_DIR}/packaging/handstat.h2m
    COMMENT "Generating the man page handstat(1)"
    VERBATIM)
  add_custom_target(man ALL DEPENDS ${PROJECT_BINARY_DIR}/handstat.1)
  install(FILES ${PROJECT_BINARY_DIR}/handstat.1 DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
else()
  message(STATUS "help2man not found: no man page (apt-get install help2man)")
endif()

install(FILES ${PROJECT_SOURCE_DIR}/packaging/handstat.bash-completion
  DESTINATION ${CMAKE_INSTALL_DATADIR}/bash-completion/completions RENAME handstat)
install(FILES ${PROJECT_SOURCE_DIR}/LICENSE DESTINATION ${CMAKE_INSTALL_DOCDIR})

# The Python package (ctypes over libhandstat.so), where Debian's python3 looks, with the path of
# the installed library written in at install time (the prefix given to cmake --install).
set(HS_PYTHON_DIR lib/python3/dist-packages)
install(DIRECTORY ${PROJECT_SOURCE_DIR}/python/handstat DESTINATION ${HS_PYTHON_DIR}
  PATTERN __pycache__ EXCLUDE PATTERN "libhandstat.so*" EXCLUDE) # a wheel's, never installed here
set(HS_SONAME libhandstat.so.${PROJECT_VERSION_MAJOR})
install(CODE "
  set(dir \"\$ENV{DESTDIR}\${CMAKE_INSTALL_PREFIX}/${HS_PYTHON_DIR}/handstat\")
  file(WRITE \"\${dir}/_paths.py\"
    \"# Written by cmake --install: the library this package loads.\\n\"
    \"LIBRARY = '\${CMAKE_INSTALL_PREFIX}/${CMAKE_INSTALL_LIBDIR}/${HS_SONAME}'\\n\")
  message(STATUS \"Installing: \${dir}/_paths.py\")")

# A .deb of whatever was installed: cpack -G DEB in the build folder.
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME handstat)
set(CPACK_PACKAGE_VENDOR "handstat")
set(CPACK_PACKAGE_CONTACT "handstat developers")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "exact, exhaustive card-hand statistics (cribbage, poker)")
set(CPACK_PACKAGE_FILE_NAME "handstat_${PROJECT_VERSION}_amd64")
set(CPACK_RESOURCE_FILE_LICENSE ${PROJECT_SOURCE_DIR}/LICENSE)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_SECTION science)
include(CPack)
