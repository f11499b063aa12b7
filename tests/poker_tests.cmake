# The poker ranker's tests; included from tests/CMakeLists.txt. Self-contained: it finds cmocka
# and names the shared data folder itself when the including file has not.
if(NOT TARGET PkgConfig::CMOCKA)
  pkg_check_modules(CMOCKA REQUIRED IMPORTED_TARGET cmocka)
endif()
if(NOT DEFINED HS_SHARED_DATA)
  set(HS_SHARED_DATA "${PROJECT_SOURCE_DIR}/../shared/data" CACHE PATH
      "Folder of outside reference data (Project Euler 54, ICPC judge cases)")
endif()

# The independent reference ranker the tests compare against.
add_library(hs_test_poker_ref STATIC ${CMAKE_CURRENT_LIST_DIR}/poker_ref.c)
target_link_libraries(hs_test_poker_ref PRIVATE hs_warnings)

add_executable(test_poker ${CMAKE_CURRENT_LIST_DIR}/test_poker.c)
target_link_libraries(test_poker PRIVATE hslib hs_test_poker_ref PkgConfig::CMOCKA hs_warnings)
target_compile_definitions(test_poker PRIVATE HS_SHARED_DATA="${HS_SHARED_DATA}")
add_test(NAME test_poker COMMAND test_poker)
set_tests_properties(test_poker PROPERTIES LABELS unit SKIP_RETURN_CODE 77)

# One executable, one CTest entry per hand size so that each stays well under a minute.
add_executable(test_poker_exhaustive ${CMAKE_CURRENT_LIST_DIR}/test_poker_exhaustive.c)
target_link_libraries(test_poker_exhaustive
  PRIVATE hslib hs_test_poker_ref PkgConfig::CMOCKA hs_warnings)
foreach(k 5 6 7)
  add_test(NAME test_poker_exhaustive_${k} COMMAND test_poker_exhaustive ${k})
  set_tests_properties(test_poker_exhaustive_${k} PROPERTIES LABELS exhaustive)
endforeach()

# The batch rankers (scalar, AVX2, card ids) against hs_poker_rank() and the reference: quick
# checks under `unit` (also run under ASan), every 5- and 6-card hand and 10 M random 7-card
# hands under `exhaustive`.
add_executable(test_poker_batch ${CMAKE_CURRENT_LIST_DIR}/test_poker_batch.c)
target_link_libraries(test_poker_batch
  PRIVATE hslib hs_test_poker_ref PkgConfig::CMOCKA hs_warnings)
add_test(NAME test_poker_batch COMMAND test_poker_batch unit)
set_tests_properties(test_poker_batch PROPERTIES LABELS unit)
# The unit checks once more on a CPU with AVX2, and with AVX-512: Skipped (exit 77) without.
foreach(isa avx2 avx512)
  add_test(NAME test_poker_batch_${isa} COMMAND test_poker_batch ${isa})
  set_tests_properties(test_poker_batch_${isa} PROPERTIES LABELS unit SKIP_RETURN_CODE 77)
endforeach()
foreach(k 5 6 7)
  add_test(NAME test_poker_batch_exhaustive_${k} COMMAND test_poker_batch ${k})
  set_tests_properties(test_poker_batch_exhaustive_${k} PROPERTIES LABELS exhaustive)
endforeach()

# The incremental hand state against hs_poker_rank() and the reference: random hands and edge
# cases under `unit`; every 5-, 6- and 7-card hand, built card by card and through the pairs,
# triples, quads and card-id paths, under `exhaustive`; ref: every 6- and 7-card hand against the
# reference.
add_executable(test_poker_state ${CMAKE_CURRENT_LIST_DIR}/test_poker_state.c)
target_link_libraries(test_poker_state
  PRIVATE hslib hs_test_poker_ref PkgConfig::CMOCKA hs_warnings)
add_test(NAME test_poker_state COMMAND test_poker_state unit)
set_tests_properties(test_poker_state PROPERTIES LABELS unit)
foreach(k 5 6 7 ref)
  add_test(NAME test_poker_state_exhaustive_${k} COMMAND test_poker_state ${k})
  set_tests_properties(test_poker_state_exhaustive_${k} PROPERTIES LABELS exhaustive)
endforeach()

# The one-hand-per-call rankers (hs_poker_rank7 and hs_poker_rank7_ids, inline and the library's
# functions) against the reference: random and suited hands under `unit`; every seven-card hand
# against the state (and every 9973rd against the reference) under `exhaustive`, a few seconds;
# every seven-card hand against the reference under `reproduce` (about 25 s, outside the default
# run: `ctest --test-dir build/release -R test_poker_onecall_reference_7`).
add_executable(test_poker_onecall ${CMAKE_CURRENT_LIST_DIR}/test_poker_onecall.c)
target_link_libraries(test_poker_onecall
  PRIVATE hslib hs_test_poker_ref PkgConfig::CMOCKA hs_warnings)
add_test(NAME test_poker_onecall COMMAND test_poker_onecall unit)
set_tests_properties(test_poker_onecall PROPERTIES LABELS unit)
add_test(NAME test_poker_onecall_exhaustive_7 COMMAND test_poker_onecall 7)
set_tests_properties(test_poker_onecall_exhaustive_7 PROPERTIES LABELS exhaustive)
add_test(NAME test_poker_onecall_reference_7 COMMAND test_poker_onecall ref)
set_tests_properties(test_poker_onecall_reference_7 PROPERTIES LABELS "exhaustive;reproduce")
