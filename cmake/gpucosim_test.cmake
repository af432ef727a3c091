# gpucosim_add_test(NAME name SOURCES a.cpp ... LIBS lib ...)
# One GoogleTest executable; every test case runs in its own process under CTest
# (SystemC allows one elaboration per process, so this is the rule for all suites).
function(gpucosim_add_test)
  cmake_parse_arguments(T "" "NAME" "SOURCES;LIBS" ${ARGN})
  add_executable(${T_NAME} ${T_SOURCES})
  target_link_libraries(${T_NAME} PRIVATE ${T_LIBS} gpucosim_test_support GTest::gtest GTest::gmock gpucosim_warnings)
  gtest_discover_tests(${T_NAME}
    WORKING_DIRECTORY ${PROJECT_SOURCE_DIR}
    DISCOVERY_TIMEOUT 60
    # One variable only: gtest_discover_tests splits a list value at ';'. The source and build
    # folders are compiled into gpucosim_test_support instead.
    PROPERTIES ENVIRONMENT "SYSTEMC_DISABLE_COPYRIGHT_MESSAGE=1")
endfunction()
