# mini_torch: chapter 06's dispatcher as a Python package. Its extension
# module (_C, as torch._C) is csrc/ and the bindings gen_python_functions.py
# writes from ops.yaml; the package around it is mini_torch/.
#
# A Python extension is a shared library, so everything it links must be
# position-independent code. The chapter's library is compiled that way in
# every build (-fPIC in place of the default -fPIE): the module then links
# the very objects the demo and the tests link, and the build compiles the
# chapter once, not twice.
get_target_property(ch06_python_parts ch06_backends MINI_PARTS)
set_target_properties(${ch06_python_parts} PROPERTIES POSITION_INDEPENDENT_CODE ON)

# Not in the sanitizer builds: an instrumented module needs the sanitizer's
# runtime loaded before python3 starts (LD_PRELOAD), and python3 itself then
# reports its own leaks and races; the C++ below the module is what those
# builds test, through the chapter's own test programs.
if(CMAKE_CXX_FLAGS MATCHES "sanitize")
  message(STATUS "ch06: no mini_torch module in a sanitizer build (python3 is not instrumented)")
  return()
endif()

find_package(Python3 COMPONENTS Interpreter Development.Module)
if(NOT Python3_Development.Module_FOUND)
  message(STATUS "ch06: no Python development headers (Debian: python3-dev): no mini_torch module")
  return()
endif()
message(STATUS "ch06: mini_torch, the Python module, for Python ${Python3_VERSION}")

set(ch06_python_dir "${CMAKE_CURRENT_SOURCE_DIR}/python")
set(ch06_python_out "${CMAKE_CURRENT_BINARY_DIR}/python")
# The generated bindings (torch/csrc/autograd/generated/'s counterparts).
set(ch06_python_generated
    "${ch06_python_out}/generated/python_torch_functions.cpp"
    "${ch06_python_out}/generated/python_variable_methods.cpp")
add_custom_command(
  OUTPUT ${ch06_python_generated}
  COMMAND ${Python3_EXECUTABLE} "${CMAKE_CURRENT_SOURCE_DIR}/codegen/gen_python_functions.py"
          --yaml "${CMAKE_CURRENT_SOURCE_DIR}/ops.yaml" --out "${ch06_python_out}/generated"
          --root "${CMAKE_SOURCE_DIR}"
  DEPENDS "${CMAKE_CURRENT_SOURCE_DIR}/ops.yaml" ${ch06_codegen_scripts}
  COMMENT "ch06: generating the Python bindings of ops.yaml"
  VERBATIM)

file(GLOB_RECURSE ch06_python_sources CONFIGURE_DEPENDS "${ch06_python_dir}/csrc/*.cpp")
Python3_add_library(ch06_python_C MODULE WITH_SOABI ${ch06_python_sources} ${ch06_python_generated})
target_include_directories(ch06_python_C PRIVATE "${ch06_python_dir}")
target_link_libraries(ch06_python_C PRIVATE "$<LINK_LIBRARY:WHOLE_ARCHIVE,ch06_backends>")
mini_target_defaults(ch06_python_C)
# CPython's headers cast between function pointer types on purpose.
target_compile_options(ch06_python_C PRIVATE -Wno-cast-function-type -Wno-missing-field-initializers)
set_target_properties(ch06_python_C PROPERTIES OUTPUT_NAME _C LIBRARY_OUTPUT_DIRECTORY "${ch06_python_out}/mini_torch")

# The generated bindings call into the chapter's library directly, not
# through the module's PLT: gdb then breaks in a kernel itself, not in its
# PLT stub, and the frames read as the C++ walkthrough's do.
target_link_options(ch06_python_C PRIVATE -Wl,-Bsymbolic-functions)

# The package's Python files beside the module, so that
# PYTHONPATH=<build>/chapters/06_backends/python finds both.
file(GLOB_RECURSE ch06_python_package CONFIGURE_DEPENDS RELATIVE "${ch06_python_dir}" "${ch06_python_dir}/mini_torch/*.py")
set(ch06_python_copies "")
foreach(file IN LISTS ch06_python_package)
  add_custom_command(OUTPUT "${ch06_python_out}/${file}"
    COMMAND ${CMAKE_COMMAND} -E copy "${ch06_python_dir}/${file}" "${ch06_python_out}/${file}"
    DEPENDS "${ch06_python_dir}/${file}" VERBATIM)
  list(APPEND ch06_python_copies "${ch06_python_out}/${file}")
endforeach()
add_custom_target(ch06_python ALL DEPENDS ${ch06_python_copies})
add_dependencies(ch06_python ch06_python_C)

# The tests: plain unittest, with the package on the path.
add_test(NAME ch06.python
  COMMAND ${Python3_EXECUTABLE} -m unittest discover -v -s "${ch06_python_dir}/tests" -t "${ch06_python_dir}/tests"
  WORKING_DIRECTORY "${ch06_python_dir}/tests")
set_tests_properties(ch06.python PROPERTIES ENVIRONMENT "PYTHONPATH=${ch06_python_out}"
  LABELS python)
# The dispatcher's state from Python (part 8's lesson shows what it prints):
# a program of the build tree, with mini_torch on its path, so that the
# lesson's output blocks are made, and checked, as every other program's.
set(ch06_dispatch_state "${ch06_python_out}/demo/dispatch_state")
file(GENERATE OUTPUT "${ch06_dispatch_state}"
  CONTENT "#!/bin/sh\nPYTHONPATH='${ch06_python_out}' exec '${Python3_EXECUTABLE}' '${ch06_python_dir}/demo/dispatch_state.py' \"$@\"\n"
  FILE_PERMISSIONS OWNER_READ OWNER_WRITE OWNER_EXECUTE GROUP_READ GROUP_EXECUTE WORLD_READ WORLD_EXECUTE)
add_test(NAME ch06.python.dispatch_state.add COMMAND "${ch06_dispatch_state}" add)
set_tests_properties(ch06.python.dispatch_state.add PROPERTIES LABELS python
  PASS_REGULAR_EXPRESSION "AutogradCPU: registered at [^\n]*VariableType.cpp:[0-9]+ \\[autograd kernel\\]")
add_test(NAME ch06.python.dispatch_state.python COMMAND "${ch06_dispatch_state}" python)
set_tests_properties(ch06.python.dispatch_state.python PROPERTIES LABELS python
  PASS_REGULAR_EXPRESSION "AutogradOther   ambiguous_autogradother \\[ambiguous autogradother\\]")
add_test(NAME ch06.python.dispatch_state.table COMMAND "${ch06_dispatch_state}" table)
set_tests_properties(ch06.python.dispatch_state.table PROPERTIES LABELS python
  PASS_REGULAR_EXPRESSION "CPU             fn_CPU \\[kernel\\]\nMeta            fn_CompositeImplicitAutograd \\[math kernel\\]")
# The tour's Python stop (demo/tour.py) runs to the end.
add_test(NAME ch06.python.demo COMMAND ${Python3_EXECUTABLE} "${ch06_python_dir}/demo/tour.py")
set_tests_properties(ch06.python.demo PROPERTIES ENVIRONMENT "PYTHONPATH=${ch06_python_out}" LABELS python
  PASS_REGULAR_EXPRESSION "__torch_dispatch__: aten.neg.default")

# The training script against torch 1.13's losses (tests/test_train_digits.py):
# it needs numpy and scikit-learn, which the module's interpreter may lack
# (a pyenv python3 before Debian's on PATH). Another interpreter can load
# the module if it is built for the same ABI (its SOABI), so Debian's
# /usr/bin/python3 is tried next; with neither, the test says what to install.
set(ch06_train_digits_python "")
execute_process(COMMAND ${Python3_EXECUTABLE} -c "import sysconfig; print(sysconfig.get_config_var('SOABI'))"
                OUTPUT_VARIABLE ch06_python_soabi OUTPUT_STRIP_TRAILING_WHITESPACE)
foreach(candidate IN ITEMS "${Python3_EXECUTABLE}" /usr/bin/python3)
  if(EXISTS "${candidate}" AND NOT ch06_train_digits_python)
    execute_process(
      COMMAND "${candidate}" -c "import sysconfig, numpy, sklearn; print(sysconfig.get_config_var('SOABI'))"
      OUTPUT_VARIABLE candidate_soabi OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET RESULT_VARIABLE candidate_failed)
    if(NOT candidate_failed AND candidate_soabi STREQUAL ch06_python_soabi)
      set(ch06_train_digits_python "${candidate}")
    endif()
  endif()
endforeach()
# tools/run-bench times a step of the same script with the same interpreter.
set(MINI_TRAIN_DIGITS_PYTHON "${ch06_train_digits_python}" CACHE INTERNAL
    "a python3 with numpy and scikit-learn that loads mini_torch (empty: none)")
if(ch06_train_digits_python)
  add_test(NAME ch06.python.train_digits
    COMMAND ${ch06_train_digits_python} -m unittest -v test_train_digits
    WORKING_DIRECTORY "${ch06_python_dir}/tests")
  set_tests_properties(ch06.python.train_digits PROPERTIES ENVIRONMENT "PYTHONPATH=${ch06_python_out}"
    LABELS python)
  # The step's forward pass under autocast against 1.13's (tests/test_autocast.py;
  # its other cases run in ch06.python, with no numpy needed).
  add_test(NAME ch06.python.autocast_forward
    COMMAND ${ch06_train_digits_python} -m unittest -v test_autocast.CapstoneForwardUnderAutocast
    WORKING_DIRECTORY "${ch06_python_dir}/tests")
  set_tests_properties(ch06.python.autocast_forward PROPERTIES ENVIRONMENT "PYTHONPATH=${ch06_python_out}"
    LABELS python)
else()
  add_test(NAME ch06.python.train_digits
    COMMAND ${CMAKE_COMMAND} -E echo
            "SKIPPED: no python3 for ${ch06_python_soabi} with numpy and scikit-learn; on Debian: apt-get install "
            "python3-numpy python3-sklearn (tools/install-deps)")
  set_tests_properties(ch06.python.train_digits PROPERTIES SKIP_REGULAR_EXPRESSION "SKIPPED" LABELS python)
  add_test(NAME ch06.python.autocast_forward
    COMMAND ${CMAKE_COMMAND} -E echo
            "SKIPPED: no python3 for ${ch06_python_soabi} with numpy and scikit-learn; on Debian: apt-get install "
            "python3-numpy python3-sklearn (tools/install-deps)")
  set_tests_properties(ch06.python.autocast_forward PROPERTIES SKIP_REGULAR_EXPRESSION "SKIPPED" LABELS python)
endif()

# The walkthrough from python3 (gdb/add_from_python.gdb): gdb runs the
# interpreter itself (not a launcher script such as pyenv's shim) on add.py.
execute_process(COMMAND ${Python3_EXECUTABLE} -c "import sys; print(sys.executable)"
                OUTPUT_VARIABLE ch06_python_binary OUTPUT_STRIP_TRAILING_WHITESPACE)
find_program(GDB_EXECUTABLE gdb)
add_test(NAME ch06.gdb.add_from_python
  COMMAND ${Python3_EXECUTABLE} "${CMAKE_SOURCE_DIR}/gdb/run_script.py" --gdb "${GDB_EXECUTABLE}"
          "${ch06_python_dir}/gdb/add_from_python.gdb" "${ch06_python_binary}"
  WORKING_DIRECTORY "${ch06_python_dir}/gdb")
set_tests_properties(ch06.gdb.add_from_python PROPERTIES ENVIRONMENT "PYTHONPATH=${ch06_python_out}:${ch06_python_dir}/gdb"
  LABELS "gdb;python" SKIP_RETURN_CODE 77)

# Part 10's walkthrough (gdb/log_softmax_in_a_step.gdb): a break in a kernel
# of the training step, on train_step.py (mini_torch alone, no numpy).
add_test(NAME ch06.gdb.log_softmax_in_a_step
  COMMAND ${Python3_EXECUTABLE} "${CMAKE_SOURCE_DIR}/gdb/run_script.py" --gdb "${GDB_EXECUTABLE}"
          "${ch06_python_dir}/gdb/log_softmax_in_a_step.gdb" "${ch06_python_binary}"
  WORKING_DIRECTORY "${ch06_python_dir}/gdb")
set_tests_properties(ch06.gdb.log_softmax_in_a_step PROPERTIES
  ENVIRONMENT "PYTHONPATH=${ch06_python_out}:${ch06_python_dir}/gdb" LABELS "gdb;python" SKIP_RETURN_CODE 77)

# The second walkthrough (gdb/torch_dispatch_from_python.gdb): a break inside
# a Python __torch_dispatch__, with gdb's Python commands (py-bt) from the
# interpreter's own gdb extension, <interpreter>-gdb.py beside it (CPython
# installs it with a build from source, pyenv's included) or under gdb's
# auto-load folder (Debian's python3-dbg). Without one the walkthrough would
# show no Python stack: the test says so and skips.
execute_process(COMMAND ${Python3_EXECUTABLE} -c "import os, sys; print(os.path.realpath(sys.executable))"
                OUTPUT_VARIABLE ch06_python_real_binary OUTPUT_STRIP_TRAILING_WHITESPACE)
if(EXISTS "${ch06_python_real_binary}-gdb.py" OR EXISTS "/usr/share/gdb/auto-load${ch06_python_real_binary}-gdb.py")
  add_test(NAME ch06.gdb.torch_dispatch_from_python
    COMMAND ${Python3_EXECUTABLE} "${CMAKE_SOURCE_DIR}/gdb/run_script.py" --gdb "${GDB_EXECUTABLE}"
            "${ch06_python_dir}/gdb/torch_dispatch_from_python.gdb" "${ch06_python_binary}"
    WORKING_DIRECTORY "${ch06_python_dir}/gdb")
else()
  add_test(NAME ch06.gdb.torch_dispatch_from_python
    COMMAND ${CMAKE_COMMAND} -E echo
            "SKIPPED: no gdb extension for ${ch06_python_real_binary} (py-bt); on Debian: apt-get install python3-dbg")
  set_tests_properties(ch06.gdb.torch_dispatch_from_python PROPERTIES SKIP_REGULAR_EXPRESSION "SKIPPED")
endif()
set_tests_properties(ch06.gdb.torch_dispatch_from_python PROPERTIES
  ENVIRONMENT "PYTHONPATH=${ch06_python_out}:${ch06_python_dir}/gdb" LABELS "gdb;python" SKIP_RETURN_CODE 77)
