# Chapter 06's CUDA backend: on when nvcc is found, off (with a clear error
# for CUDA tensors) when it is not. Included from the chapter's CMakeLists
# after mini_add_chapter(), which made the library ch06_backends.
#
#   MINI_WITH_CUDA=OFF      build without CUDA even where nvcc exists
#   CMAKE_CUDA_COMPILER     the nvcc to use; /usr/local/cuda/bin/nvcc is
#                           tried when nvcc is not on PATH
#   CMAKE_CUDA_ARCHITECTURES  default 75;90 (CUDA 13 supports sm_75 and newer)

option(MINI_WITH_CUDA "Build chapter 06's CUDA kernels when nvcc is found" ON)

if(MINI_WITH_CUDA)
  # The toolkit's default place, for machines whose PATH lacks it. Must be
  # set before check_language(), which otherwise looks on PATH only.
  if(NOT CMAKE_CUDA_COMPILER AND NOT DEFINED ENV{CUDACXX} AND EXISTS /usr/local/cuda/bin/nvcc)
    set(CMAKE_CUDA_COMPILER /usr/local/cuda/bin/nvcc CACHE FILEPATH "nvcc for chapter 06")
  endif()
  include(CheckLanguage)
  check_language(CUDA)
endif()

# What every .cu file of the chapter compiles with.
function(_ch06_cuda_flags target)
  # C++17 is all the .cu files need (if constexpr); CMake 3.25 does not yet
  # know nvcc 13's C++20 dialect.
  set_target_properties(${target} PROPERTIES CUDA_STANDARD 17 CUDA_STANDARD_REQUIRED ON
                                             POSITION_INDEPENDENT_CODE ON)
  target_include_directories(${target} PRIVATE "${CMAKE_CURRENT_SOURCE_DIR}/include"
                                               "${CMAKE_CURRENT_SOURCE_DIR}/src/native/cuda")
  target_compile_options(${target} PRIVATE
    "$<$<COMPILE_LANGUAGE:CUDA>:-Xcompiler=-Wall,-Wextra,-Werror;--Werror=all-warnings>")
  # -G in the Debug build: device code with debug information (and without
  # optimisation), so cuda-gdb shows a kernel's source lines and locals, as
  # the walkthrough gdb/cuda/add_kernel.cuda-gdb does. Release keeps -O3 code.
  target_compile_options(${target} PRIVATE "$<$<AND:$<COMPILE_LANGUAGE:CUDA>,$<CONFIG:Debug>>:-G>")
endfunction()

if(MINI_WITH_CUDA AND CMAKE_CUDA_COMPILER)
  if(NOT DEFINED CMAKE_CUDA_ARCHITECTURES)
    set(CMAKE_CUDA_ARCHITECTURES 75 90)
  endif()
  enable_language(CUDA)
  find_package(CUDAToolkit REQUIRED)
  message(STATUS "ch06: CUDA kernels on (${CMAKE_CUDA_COMPILER}, sm ${CMAKE_CUDA_ARCHITECTURES})")

  # nvcc through ccache too (the root CMakeLists explains why): the learner
  # build of the exercise-integrity check then reuses these objects.
  if(MINI_CCACHE_LAUNCHER AND NOT CMAKE_CUDA_COMPILER_LAUNCHER)
    set(CMAKE_CUDA_COMPILER_LAUNCHER ${MINI_CCACHE_LAUNCHER})
  endif()

  # The .cu files in their own library: nvcc takes host warnings only through
  # -Xcompiler, so the chapter's -Wall -Wextra -Werror reach g++ that way.
  file(GLOB ch06_cuda_sources CONFIGURE_DEPENDS "${CMAKE_CURRENT_SOURCE_DIR}/src/native/cuda/*.cu")
  # Exercise 06.3's kernel: the learner's file or its solution, as
  # mini_add_chapter() picks the .cpp exercises.
  if(MINI_LEARNER_MODE)
    file(GLOB ch06_cuda_exercises CONFIGURE_DEPENDS "${MINI_EXERCISE_ROOT}/06_backends/exercises/*.cu")
  else()
    file(GLOB ch06_cuda_exercises CONFIGURE_DEPENDS "${CMAKE_SOURCE_DIR}/solutions/06_backends/*.cu")
  endif()
  add_library(ch06_cuda_kernels STATIC ${ch06_cuda_sources})
  _ch06_cuda_flags(ch06_cuda_kernels)
  target_link_libraries(ch06_cuda_kernels PUBLIC CUDA::cudart_static)
  # The exercise's kernel is an object library of its own, as every exercise
  # file is (cmake/MiniChapter.cmake), so that its mutants can replace it.
  foreach(exercise IN LISTS ch06_cuda_exercises)
    mini_add_exercise_object(ch06_backends "${exercise}" CONFIGURE _ch06_cuda_flags)
  endforeach()

  # The Tensor-level side is plain C++ and gets the chapter's usual flags.
  target_sources(ch06_core PRIVATE "${CMAKE_CURRENT_SOURCE_DIR}/src/native/cuda/cuda_kernels.cpp")
  target_link_libraries(ch06_core PUBLIC ch06_cuda_kernels)
  set(MINI_CH06_HAS_CUDA ON)
else()
  message(STATUS "ch06: no nvcc found, CUDA kernels off: CUDA tensors report 'built without CUDA'")
  target_sources(ch06_core PRIVATE "${CMAKE_CURRENT_SOURCE_DIR}/src/native/no_cuda/built_without_cuda.cpp")
  set(MINI_CH06_HAS_CUDA OFF)
endif()

# GPU tests: their own program, so that they carry the label `gpu`. Each
# one skips with the reason where no GPU is present (or no CUDA was built).
file(GLOB ch06_gpu_test_sources CONFIGURE_DEPENDS "${CMAKE_CURRENT_SOURCE_DIR}/tests/gpu/*_test.cpp")
add_executable(ch06_gpu_tests ${ch06_gpu_test_sources})
target_include_directories(ch06_gpu_tests PRIVATE "${CMAKE_CURRENT_SOURCE_DIR}/tests")
target_link_libraries(ch06_gpu_tests PRIVATE "$<LINK_LIBRARY:WHOLE_ARCHIVE,ch06_backends>"
                      GTest::gtest GTest::gmock GTest::gtest_main)
mini_target_defaults(ch06_gpu_tests)
gtest_discover_tests(ch06_gpu_tests TEST_PREFIX "ch06." DISCOVERY_MODE PRE_TEST
  PROPERTIES LABELS gpu SKIP_REGULAR_EXPRESSION "\\[  SKIPPED \\]")
