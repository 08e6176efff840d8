# mini_add_chapter(): the one function every chapter's CMakeLists calls.
#
# A chapter folder chapters/NN_name holds a complete dispatcher snapshot. This
# function turns it into targets named after the chapter number, so gdb frames,
# ctest labels and build outputs all say which chapter they belong to:
#
#   chNN_name            library: chNN_core + every chNN_exercise_<file>
#   chNN_core            objects: src/**/*.cpp (the chapter without its exercises)
#   chNN_exercise_<file> objects: one exercise file each, where the build has
#                        mutant programs (else the exercise files join chNN_core)
#   chNN_demo            the program the tour and the gdb scripts run
#   chNN_tests           GoogleTest, the chapter's own tests        (label chNN)
#   chNN_exercise_tests  GoogleTest, one suite per exercise         (labels chNN, exercise)
#   chNN.gdb.<script>    one ctest test per gdb/*.gdb walkthrough   (labels chNN, gdb)
#   chNN.demo.bad_argument  the demo refuses an unknown argument     (label chNN)
#   chNN.valgrind.demo   the demo under valgrind memcheck           (labels chNN, valgrind)
#   chNN_thread_tests    with MINI_THREAD_TEST_PROGRAMS (the tsan preset): the
#                        chapter's concurrency and exception-safety tests alone,
#                        as chNN.tsan.<Suite>.<Name>               (labels chNN, tsan)
#
#   chNN_mutant_<file>_<name>  with the solutions: exercise <file> with one
#                        committed wrong answer, solutions/NN_name/mutants/
#                        <file>.<name>.cpp.diff applied to its solution, in
#                        place of the solution; built by
#                        the `mutants` target only, for the exercise-integrity
#                        check, which proves each one fails a test
#
# Exercise files come from solutions/NN_name/ by default and from
# chapters/NN_name/exercises/ in the learner build (MINI_LEARNER_MODE).

set(MINI_WARNINGS -Wall -Wextra -Werror)

# Turns "01_vtable" into "01" and "ch01".
function(_mini_chapter_ids folder out_number out_prefix)
  string(SUBSTRING "${folder}" 0 2 number)
  set(${out_number} "${number}" PARENT_SCOPE)
  set(${out_prefix} "ch${number}" PARENT_SCOPE)
endfunction()

# Compile options every chapter target shares.
function(mini_target_defaults target)
  target_compile_options(${target} PRIVATE ${MINI_WARNINGS}
    # Registration sites print as chapters/NN/src/x.cpp:12, not /home/..., so
    # error messages and their tests are the same on every machine. Debug info
    # keeps absolute paths so gdb still finds the sources.
    "-fmacro-prefix-map=${CMAKE_SOURCE_DIR}/=")
  # fmt's headers switch GCC to -Og for their own functions in a -O0 build
  # (FMT_GCC_PRAGMA in fmt/core.h). Those functions get DWARF location lists,
  # and one location list in a file makes gdb trust every location in it
  # from a function's first instruction: `break addCpu` then stops before
  # the prologue has stored the arguments, and `bt` shows `self=<error
  # reading variable ...>`. With the pragma off, every function in the file
  # is plain -O0 and gdb skips the prologue as usual.
  # (An option, not a compile definition: CMake drops function-like ones.)
  target_compile_options(${target} PRIVATE "$<$<COMPILE_LANGUAGE:CXX>:-DFMT_GCC_PRAGMA(arg)=>")
endfunction()

# A test program's files compile as unity files of up to 16 test files each
# (MINI_UNITY_TEST_PROGRAMS, on by default): every test file parses GoogleTest,
# gmock, fmt and the dispatcher, which is most of its compile time, so a
# chapter's tests cost a few compiles instead of twenty. The libraries, the
# demos and the exercises stay one file per compile: they are what a learner
# edits, steps through in gdb and rebuilds. A unity file includes each test
# file by its path, so gdb and compiler messages still name the test file.
function(_mini_unity_test_program target)
  if(MINI_UNITY_TEST_PROGRAMS)
    set_target_properties(${target} PROPERTIES UNITY_BUILD ON UNITY_BUILD_BATCH_SIZE 16)
    if(MINI_CCACHE_TEST_LAUNCHER)
      set_target_properties(${target} PROPERTIES CXX_COMPILER_LAUNCHER "${MINI_CCACHE_TEST_LAUNCHER}")
    endif()
  endif()
endfunction()

# A GoogleTest program linked against the chapter library; each TEST becomes
# a ctest test named chNN.Suite.Name (or <test_prefix>Suite.Name, given as a
# fifth argument), and a GTEST_SKIP (an unfinished exercise) shows as
# "Skipped", not "Passed".
function(_mini_add_test_program target sources lib labels)
  if(labels)
    set(labels LABELS ${labels})
  endif()
  string(SUBSTRING "${target}" 0 4 prefix)
  set(prefix "${prefix}.")
  if(ARGC GREATER 4)
    set(prefix "${ARGV4}")
  endif()
  add_executable(${target} ${sources})
  target_include_directories(${target} PRIVATE "${CMAKE_CURRENT_SOURCE_DIR}/tests")
  target_link_libraries(${target} PRIVATE "$<LINK_LIBRARY:WHOLE_ARCHIVE,${lib}>"
                        GTest::gtest GTest::gmock GTest::gtest_main)
  mini_target_defaults(${target})
  _mini_unity_test_program(${target})
  gtest_discover_tests(${target}
    TEST_PREFIX "${prefix}" DISCOVERY_MODE PRE_TEST
    PROPERTIES ${labels} SKIP_REGULAR_EXPRESSION "\\[  SKIPPED \\]")
endfunction()

# An exercise file as an object library of its own, chNN_exercise_<file>,
# part of the chapter library `lib`. CONFIGURE names a function that sets
# the object library's flags in place of mini_target_defaults() (chapter
# 06's .cu exercise, which nvcc compiles); its mutants get the same.
function(mini_add_exercise_object lib source)
  cmake_parse_arguments(EX "" "CONFIGURE" "" ${ARGN})
  get_target_property(prefix ${lib} MINI_CHAPTER_PREFIX)
  get_filename_component(stem "${source}" NAME_WE)
  set_property(TARGET ${lib} APPEND PROPERTY MINI_EXERCISES ${stem})
  set_property(TARGET ${lib} PROPERTY MINI_EXERCISE_SOURCE_${stem} "${source}")
  set_property(TARGET ${lib} PROPERTY MINI_EXERCISE_CONFIGURE_${stem} "${EX_CONFIGURE}")
  if(MINI_LEARNER_MODE AND source MATCHES "\\.cpp$")
    # A learner's half-written file (an unused variable, a parameter not
    # used yet) warns and still builds: -Werror stays on for the chapter's
    # own code, whose command lines (and ccache entries) are the default
    # build's, and for the solutions in the default and CI builds.
    set_source_files_properties("${source}" PROPERTIES COMPILE_OPTIONS "-Wno-error")
  endif()
  if(NOT TARGET mutants AND NOT EX_CONFIGURE)
    # A build without mutant programs (the learner's, a unity build) needs
    # no file apart: it compiles with the core, in a unity build in one
    # batch with the core's files rather than alone.
    target_sources(${prefix}_core PRIVATE "${source}")
    return()
  endif()
  set(object ${prefix}_exercise_${stem})
  _mini_exercise_object(${object} "${source}" ${prefix} "${EX_CONFIGURE}")
  target_link_libraries(${lib} PUBLIC ${object})
  set_property(TARGET ${lib} APPEND PROPERTY MINI_PARTS ${object})
endfunction()

# One file as an object library with the chapter's headers and flags. The
# core's objects are not linked through it: whoever links the chapter does.
function(_mini_exercise_object object source prefix configure)
  add_library(${object} OBJECT "${source}")
  target_link_libraries(${object} PUBLIC ${prefix}_core)
  if(configure)
    cmake_language(CALL ${configure} ${object})
  else()
    mini_target_defaults(${object})
  endif()
endfunction()

# A source file naming the exercise files a program is built from, one per
# line, as mini_test::kExerciseFiles: tests/support/exercise_source.h reads
# the one it needs, to check that an exercise does its work itself rather
# than call the chapter's own function for it. Sets `out_var` to its path.
function(_mini_exercise_files_source program files out_var)
  set(path "${CMAKE_CURRENT_BINARY_DIR}/${program}_exercise_files.cpp")
  list(JOIN files "\n" joined)
  file(CONFIGURE OUTPUT "${path}" CONTENT "\
// Generated by cmake/MiniChapter.cmake: the exercise files ${program} is
// built from (tests/support/exercise_source.h).
#include <string_view>

namespace mini_test {
extern const std::string_view kExerciseFiles;
const std::string_view kExerciseFiles = R\"files(${joined})files\";
}  // namespace mini_test
" @ONLY)
  set(${out_var} "${path}" PARENT_SCOPE)
endfunction()

# The mutant programs of a chapter (called at the end of its CMakeLists):
# for each solutions/NN_name/mutants/<file>.<name>.<ext>.diff, a wrong
# answer written as a diff against solutions/NN_name/<file>.<ext>
# (maint/mutants.py), the build applies the diff to the solution as it is
# now (maint/wrong-answer apply, again whenever either changes) into
# mutants/<file>.<name>.<ext> of the chapter's build folder, and
# chNN_mutant_<file>_<name> is the exercise tests linked with the core,
# every other exercise's solution and that mutant in place of <file>'s
# solution. A diff that no longer applies fails its own build step, with a
# message naming the diff and the solution; `-k 0` builds the others. Only
# the mutant compiles; the rest are objects the chapter already has. A .yaml mutant
# (chapter 06's exercise yaml) is compiled by the function the chapter
# names in the library's MINI_YAML_MUTANT_FUNCTION: it generates code from
# the mutant and compiles it, in place of the library's
# MINI_YAML_EXERCISE_OBJECTS and of the exercise files it names. A mutant replaces
# its solution's object, never joins it: both would register the same
# kernels. The programs are outside `all`, in the target `mutants`; the
# list of them, with the mutants of exercise files this build does not
# compile (the .cu without nvcc), is written to mutants.tsv for
# maint/checks/check_exercises.py.
function(_mini_add_mutant_programs lib)
  if(NOT DEFINED MINI_MUTANT_CLANG AND CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
    find_program(MINI_MUTANT_CLANG NAMES clang++-14 clang++
                 DOC "the compiler of the wrong answers in a g++ build (empty: g++ compiles them)")
  endif()
  if(NOT DEFINED MINI_MUTANTS_LINK_WITH_LLD)
    include(CheckLinkerFlag)
    check_linker_flag(CXX "-fuse-ld=lld" MINI_MUTANTS_LINK_WITH_LLD)
  endif()
  get_target_property(prefix ${lib} MINI_CHAPTER_PREFIX)
  get_target_property(folder ${lib} MINI_CHAPTER_FOLDER)
  get_target_property(stems ${lib} MINI_EXERCISES)
  get_target_property(exports ${prefix}_exercise_tests ENABLE_EXPORTS)
  get_target_property(dependencies ${prefix}_exercise_tests MANUALLY_ADDED_DEPENDENCIES)
  get_target_property(yaml_objects ${lib} MINI_YAML_EXERCISE_OBJECTS)
  get_target_property(yaml_function ${lib} MINI_YAML_MUTANT_FUNCTION)
  set(solutions "${CMAKE_SOURCE_DIR}/solutions/${folder}")
  file(GLOB diffs CONFIGURE_DEPENDS "${solutions}/mutants/*")
  set(manifest "")
  foreach(diff IN LISTS diffs)
    get_filename_component(name "${diff}" NAME)
    if(NOT name MATCHES "^([a-z0-9_]+)\\.([a-z0-9_]+)\\.(cpp|cu|yaml)\\.diff$")
      message(FATAL_ERROR "${diff}: a mutant is named <exercise file>.<short_name>.cpp.diff (or .cu.diff, .yaml.diff)")
    endif()
    set(stem ${CMAKE_MATCH_1})
    set(extension ${CMAKE_MATCH_3})
    set(program ${prefix}_mutant_${stem}_${CMAKE_MATCH_2})
    set(solution "${solutions}/${stem}.${extension}")
    if(NOT EXISTS "${solution}")
      message(FATAL_ERROR "${diff}: no solution ${solution} to be a mutant of")
    endif()
    # The mutant's file: its diff applied to the solution as it is now.
    set(mutant "${CMAKE_CURRENT_BINARY_DIR}/mutants/${stem}.${CMAKE_MATCH_2}.${extension}")
    add_custom_command(OUTPUT "${mutant}"
      COMMAND "${Python3_EXECUTABLE}" "${CMAKE_SOURCE_DIR}/maint/wrong-answer" apply "${diff}" "${mutant}"
      DEPENDS "${diff}" "${solution}" "${CMAKE_SOURCE_DIR}/maint/wrong-answer" "${CMAKE_SOURCE_DIR}/maint/mutants.py"
      COMMENT "Applying ${name} to ${stem}.${extension}" VERBATIM)
    # The objects the mutant brings, and the exercise files (stems) and
    # yaml objects they stand in for.
    set(replaced_stems "")
    set(replaced_objects "")
    if(extension STREQUAL "yaml")
      # A yaml answer (chapter 06's exercise yaml) is code only once its
      # chapter's generator has run: the chapter's function generates the
      # mutant's files and compiles them, with the exercise files that
      # include what it generates.
      if(NOT yaml_function)
        string(APPEND manifest "${stem}\t${diff}\t-\n")
        continue()
      endif()
      cmake_language(CALL ${yaml_function} ${program} "${mutant}" ${stem} mutant_objects replaced_stems)
      set(replaced_objects ${yaml_objects})
    else()
      if(NOT stem IN_LIST stems)
        string(APPEND manifest "${stem}\t${diff}\t-\n")
        continue()
      endif()
      get_target_property(configure ${lib} MINI_EXERCISE_CONFIGURE_${stem})
      _mini_exercise_object(${program}_object "${mutant}" ${prefix} "${configure}")
      set_target_properties(${program}_object PROPERTIES EXCLUDE_FROM_ALL ON)
      if(NOT configure AND MINI_MUTANT_CLANG)
        # A g++ build compiles each wrong answer with clang instead: the
        # order in which a call's arguments are evaluated is unspecified,
        # g++ goes right to left and clang left to right, so an answer that
        # is right only under g++ (make_pair(pop<Tensor>(s), pop<double>(s)))
        # fails here. The rest of the program, and the solutions, stay g++'s;
        # the clang stage of CI runs the solutions' tests under clang.
        set_target_properties(${program}_object PROPERTIES CXX_COMPILER_LAUNCHER
          "${CMAKE_SOURCE_DIR}/cmake/compile-with-clang;${MINI_MUTANT_CLANG};${MINI_CCACHE_LAUNCHER};--")
      endif()
      set(mutant_objects ${program}_object)
      set(replaced_stems ${stem})
    endif()
    set(objects "")
    set(files "")
    foreach(other IN LISTS stems)
      if(NOT other IN_LIST replaced_stems)
        list(APPEND objects ${prefix}_exercise_${other})
      endif()
      # A yaml mutant's program compiles the solutions of the files it
      # stands in for again: their text is still the solutions'.
      if(extension STREQUAL "yaml" OR NOT other STREQUAL stem)
        get_target_property(source ${lib} MINI_EXERCISE_SOURCE_${other})
        list(APPEND files "${source}")
      endif()
    endforeach()
    if(yaml_objects)
      foreach(object IN LISTS yaml_objects)
        if(NOT object IN_LIST replaced_objects)
          list(APPEND objects ${object})
        endif()
      endforeach()
    endif()
    list(APPEND files "${mutant}")
    _mini_exercise_files_source(${program} "${files}" exercise_files)
    add_executable(${program} EXCLUDE_FROM_ALL "${exercise_files}")
    target_link_libraries(${program} PRIVATE ${prefix}_core ${objects} ${mutant_objects}
                          ${prefix}_exercise_test_objects GTest::gtest GTest::gmock GTest::gtest_main)
    mini_target_defaults(${program})
    # Linking is most of a mutant program's build: one new object, and the
    # whole chapter with its debug information to link around it, for each
    # of some 280 programs. lld links them three to five times as fast as
    # ld.bfd: a chapter 06 program in 1.6 to 2.3 s where ld.bfd took 9.6 to
    # 10.6 s, chapter 01's 21 programs in 7 to 9 s where it took 21 s (two
    # cores shared with other builds). Only the mutants: the programs the
    # lessons' gdb transcripts quote keep the default linker and their
    # addresses. -DMINI_MUTANTS_LINK_WITH_LLD=OFF keeps ld.bfd for them too.
    if(MINI_MUTANTS_LINK_WITH_LLD)
      target_link_options(${program} PRIVATE "$<$<LINK_LANGUAGE:CXX>:-fuse-ld=lld>")
    endif()
    # A mutant program is only run, to see its tests fail, and never debugged,
    # so its link leaves out the debug information: a chapter 06 program is
    # some 66 MB with it, and the 200 of them filled the disk of a CI machine
    # (11 GB for a fresh clone's three presets). The exercise objects keep
    # theirs; only the programs' copies go.
    target_link_options(${program} PRIVATE "$<$<LINK_LANGUAGE:CXX>:-Wl,--strip-debug>")
    # What the chapter's exercise tests need of their program (chapter 06:
    # exported symbols and the counted device beside it) a mutant's needs too.
    set_target_properties(${program} PROPERTIES ENABLE_EXPORTS "${exports}")
    if(dependencies)
      add_dependencies(${program} ${dependencies})
    endif()
    add_dependencies(mutants ${program})
    string(APPEND manifest "${stem}\t${diff}\t$<TARGET_FILE:${program}>\n")
  endforeach()
  file(GENERATE OUTPUT "${CMAKE_CURRENT_BINARY_DIR}/mutants.tsv" CONTENT "${manifest}")
endfunction()

# "06.1=chapters/06_backends/part2_factories_and_meta.md,06.2=..." : the
# lesson page that declares each of the chapter's exercises (its front page
# or a part, maint/course.py), so that a stub's skip message links the page
# to read (tests/support/exercise_support.h). The pages are configure
# dependencies: an exercise moved to another part reconfigures.
function(_mini_exercise_pages out)
  file(GLOB pages CONFIGURE_DEPENDS "${CMAKE_CURRENT_SOURCE_DIR}/README.md" "${CMAKE_CURRENT_SOURCE_DIR}/part*_*.md")
  set(found "")
  foreach(page IN LISTS pages)
    set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS "${page}")
    file(RELATIVE_PATH relative "${CMAKE_SOURCE_DIR}" "${page}")
    file(STRINGS "${page}" headings REGEX "^### Exercise [0-9][0-9]\\.[0-9]+:")
    foreach(heading IN LISTS headings)
      string(REGEX REPLACE "^### Exercise ([0-9][0-9]\\.[0-9]+):.*$" "\\1" id "${heading}")
      list(APPEND found "${id}=${relative}")
    endforeach()
  endforeach()
  list(JOIN found "," found)
  set(${out} "${found}" PARENT_SCOPE)
endfunction()

function(mini_add_chapter)
  cmake_parse_arguments(CH "" "" "EXTRA_LIBS" ${ARGN})
  get_filename_component(folder "${CMAKE_CURRENT_SOURCE_DIR}" NAME)
  _mini_chapter_ids("${folder}" number prefix)
  # Every test of this folder carries the chapter's label: ctest -L ch01.
  set_property(DIRECTORY PROPERTY LABELS ${prefix})

  # From chapter 03 on, src/ is split by layer as PyTorch's tree is (core/,
  # dispatch/, boxing/, ...): every .cpp below it is the chapter's, except
  # the two that chapter 06's cmake/cuda.cmake chooses between.
  file(GLOB_RECURSE core_sources CONFIGURE_DEPENDS "${CMAKE_CURRENT_SOURCE_DIR}/src/*.cpp")
  list(FILTER core_sources EXCLUDE REGEX "/src/native/(cuda/cuda_kernels|no_cuda/built_without_cuda)\\.cpp$")
  if(MINI_LEARNER_MODE)
    set(exercise_dir "${MINI_EXERCISE_ROOT}/${folder}/exercises")
  else()
    set(exercise_dir "${CMAKE_SOURCE_DIR}/solutions/${folder}")
  endif()
  file(GLOB exercise_sources CONFIGURE_DEPENDS "${exercise_dir}/*.cpp")

  string(SUBSTRING "${folder}" 3 -1 topic)
  set(lib ${prefix}_${topic})
  # The library is the chapter's core and its exercise files, each file an
  # object library of its own, so that a mutant program (below) can link the
  # core and every exercise but one and compile only the mutant in that
  # one's place. Chapter 06 adds its generated and CUDA sources to the core.
  add_library(${prefix}_core OBJECT ${core_sources})
  target_include_directories(${prefix}_core PUBLIC "${CMAKE_CURRENT_SOURCE_DIR}/include")
  target_link_libraries(${prefix}_core PUBLIC fmt::fmt ${CH_EXTRA_LIBS})
  mini_target_defaults(${prefix}_core)
  add_library(${lib} STATIC)
  target_link_libraries(${lib} PUBLIC ${prefix}_core)
  set_target_properties(${lib} PROPERTIES MINI_CHAPTER_PREFIX ${prefix} MINI_CHAPTER_FOLDER ${folder}
                                          MINI_PARTS ${prefix}_core MINI_EXERCISES "")
  foreach(source IN LISTS exercise_sources)
    mini_add_exercise_object(${lib} "${source}")
  endforeach()
  # Registrars live in object files nothing else refers to; without
  # WHOLE_ARCHIVE the linker would drop them and their kernels would vanish.
  set(whole "$<LINK_LIBRARY:WHOLE_ARCHIVE,${lib}>")

  add_executable(${prefix}_demo demo/main.cpp)
  target_link_libraries(${prefix}_demo PRIVATE ${whole})
  mini_target_defaults(${prefix}_demo)

  file(GLOB test_sources CONFIGURE_DEPENDS "${CMAKE_CURRENT_SOURCE_DIR}/tests/*_test.cpp")
  _mini_add_test_program(${prefix}_tests "${test_sources}" ${lib} "")
  file(GLOB exercise_test_sources CONFIGURE_DEPENDS
       "${CMAKE_CURRENT_SOURCE_DIR}/tests/exercises/*_test.cpp")
  # The exercise tests compile once, as objects that this program and every
  # mutant program link.
  add_library(${prefix}_exercise_test_objects OBJECT ${exercise_test_sources})
  target_include_directories(${prefix}_exercise_test_objects PRIVATE "${CMAKE_CURRENT_SOURCE_DIR}/tests")
  _mini_exercise_pages(exercise_pages)
  target_compile_definitions(${prefix}_exercise_test_objects PRIVATE MINI_EXERCISE_PAGES="${exercise_pages}")
  target_link_libraries(${prefix}_exercise_test_objects PUBLIC ${prefix}_core GTest::gtest GTest::gmock)
  mini_target_defaults(${prefix}_exercise_test_objects)
  _mini_unity_test_program(${prefix}_exercise_test_objects)
  _mini_exercise_files_source(${prefix}_exercise_tests "${exercise_sources}" exercise_files)
  add_executable(${prefix}_exercise_tests "${exercise_files}")
  target_link_libraries(${prefix}_exercise_tests PRIVATE ${prefix}_exercise_test_objects
                        "$<LINK_LIBRARY:WHOLE_ARCHIVE,${lib}>" GTest::gtest GTest::gmock GTest::gtest_main)
  mini_target_defaults(${prefix}_exercise_tests)
  set(exercise_build_fixture "")
  if(MINI_LEARNER_MODE)
    # ctest never runs a stale program: chNN.exercise_build builds the
    # chapter's exercise program first (a fixture every exercise test of the
    # chapter requires, so `ctest -R 'Exercise02_5\\.'` runs it too), and a
    # file that does not compile is reported as that, with the compiler's
    # first error; the tests then do not run. Learner build only: the
    # default build tests what it built.
    add_test(NAME ${prefix}.exercise_build
      COMMAND ${Python3_EXECUTABLE} "${CMAKE_SOURCE_DIR}/maint/exercise_status.py" --build
              "${CMAKE_BINARY_DIR}" ${folder})
    set_tests_properties(${prefix}.exercise_build PROPERTIES LABELS exercise FIXTURES_SETUP ${prefix}_exercise_build
                         RESOURCE_LOCK mini_learner_build)
    set(exercise_build_fixture FIXTURES_REQUIRED ${prefix}_exercise_build)
  endif()
  gtest_discover_tests(${prefix}_exercise_tests
    TEST_PREFIX "${prefix}." DISCOVERY_MODE PRE_TEST
    PROPERTIES LABELS exercise SKIP_REGULAR_EXPRESSION "\\[  SKIPPED \\]" ${exercise_build_fixture})
  # The mutant programs, once the chapter's CMakeLists has added all its
  # exercise files (chapter 06's .cu among them) and test settings.
  if(TARGET mutants)
    cmake_language(EVAL CODE "cmake_language(DEFER CALL _mini_add_mutant_programs [[${lib}]])")
  endif()

  # ThreadSanitizer's program (the tsan preset): the tests that run threads
  # against the dispatcher, or throw through it, without the rest of the
  # chapter's tests, so that every chapter that has them runs them under
  # TSan and the stage stays short. Their own names (chNN.tsan.*) keep them
  # apart from the same tests in chNN_tests.
  if(MINI_THREAD_TEST_PROGRAMS)
    file(GLOB thread_test_sources CONFIGURE_DEPENDS
         "${CMAKE_CURRENT_SOURCE_DIR}/tests/concurrency_test.cpp"
         "${CMAKE_CURRENT_SOURCE_DIR}/tests/exception_safety_test.cpp")
    if(thread_test_sources)
      _mini_add_test_program(${prefix}_thread_tests "${thread_test_sources}" ${lib} tsan "${prefix}.tsan.")
      add_dependencies(thread_tests ${prefix}_thread_tests)
    endif()
  endif()

  # Each walkthrough script runs under real gdb against the real demo.
  file(GLOB gdb_scripts CONFIGURE_DEPENDS "${CMAKE_CURRENT_SOURCE_DIR}/gdb/*.gdb")
  find_program(GDB_EXECUTABLE gdb)
  foreach(script IN LISTS gdb_scripts)
    get_filename_component(script_name "${script}" NAME_WE)
    add_test(NAME ${prefix}.gdb.${script_name}
      COMMAND ${Python3_EXECUTABLE} "${CMAKE_SOURCE_DIR}/gdb/run_script.py"
              --gdb "${GDB_EXECUTABLE}" "${script}" $<TARGET_FILE:${prefix}_demo>)
    set_tests_properties(${prefix}.gdb.${script_name} PROPERTIES
      LABELS gdb SKIP_RETURN_CODE 77)
  endforeach()

  # A wrong command line is refused in one line on stderr, status 2, and
  # --help answers on stdout (maint/checks/check_bad_arguments.py).
  add_test(NAME ${prefix}.demo.bad_argument
    COMMAND ${Python3_EXECUTABLE} "${CMAKE_SOURCE_DIR}/maint/checks/check_bad_arguments.py" $<TARGET_FILE:${prefix}_demo>)

  # The demo under memcheck: any error or definitely-lost byte fails. Skipped
  # in sanitizer builds, whose runtime valgrind cannot host.
  find_program(VALGRIND_EXECUTABLE valgrind)
  if(VALGRIND_EXECUTABLE AND NOT CMAKE_CXX_FLAGS MATCHES "sanitize")
    add_test(NAME ${prefix}.valgrind.demo
      COMMAND ${VALGRIND_EXECUTABLE} --quiet --error-exitcode=1 --leak-check=full
              --errors-for-leak-kinds=definite $<TARGET_FILE:${prefix}_demo>)
    set_tests_properties(${prefix}.valgrind.demo PROPERTIES LABELS valgrind)
  endif()
endfunction()
