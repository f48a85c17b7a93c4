# Sanitizer and fuzzing builds of the host code (docs/RELIABILITY.md, "Standing guards").
#   -DWARPGRAPH_SANITIZE=ON  AddressSanitizer + UndefinedBehaviorSanitizer on every target;
#                            any undefined behaviour aborts (no recovery).
#   -DWARPGRAPH_FUZZ=ON      also the libFuzzer targets of tests/fuzz; needs clang, and adds
#                            libFuzzer's coverage instrumentation to every target.
option(WARPGRAPH_SANITIZE "Build with AddressSanitizer and UndefinedBehaviorSanitizer" OFF)
option(WARPGRAPH_FUZZ "Build the libFuzzer targets (clang; implies WARPGRAPH_SANITIZE)" OFF)

if(WARPGRAPH_FUZZ)
  if(NOT CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
    message(FATAL_ERROR "WARPGRAPH_FUZZ needs clang: configure with -DCMAKE_CXX_COMPILER=clang++ "
                        "-DCMAKE_C_COMPILER=clang")
  endif()
  set(WARPGRAPH_SANITIZE ON)
endif()

if(WARPGRAPH_SANITIZE)
  if(WARPGRAPH_CUDA)
    message(FATAL_ERROR "WARPGRAPH_SANITIZE and WARPGRAPH_FUZZ build the host code: add -DWARPGRAPH_CUDA=OFF")
  endif()
  set(_wg_sanitizers -fsanitize=address,undefined -fno-sanitize-recover=all)
  if(WARPGRAPH_FUZZ)
    list(APPEND _wg_sanitizers -fsanitize=fuzzer-no-link)
  endif()
  add_compile_options(${_wg_sanitizers} -fno-omit-frame-pointer)
  add_link_options(${_wg_sanitizers})
endif()
