# TRAINFLOPS_OPTIMIZE_HOT_ONLY (top-level CMakeLists.txt) compiles the code
# off the hot path without optimization (-O0), and the rest with the build
# type's flags. `pip install .` turns it on (setup.py): the install compiles
# the library once and runs no test, and the code that runs in loops over
# rows, samples or graph nodes (core, uncertainty, estimators, onnx, batch)
# keeps its speed. docs/python.md ("Build time") has the measurements.

# trainflops_off_hot_path(TARGET...): TARGETs parse small inputs, render
# reports, serve a front end or do a few lookups per row, and take no
# measurable share of any workload's run time; -O0 when
# TRAINFLOPS_OPTIMIZE_HOT_ONLY is on.
function(trainflops_off_hot_path)
  if(TRAINFLOPS_OPTIMIZE_HOT_ONLY)
    foreach(target IN LISTS ARGN)
      # After the build type's -O flags on the command line, so it wins.
      target_compile_options(${target} PRIVATE $<$<CXX_COMPILER_ID:GNU,Clang>:-O0>)
    endforeach()
  endif()
endfunction()

# trainflops_link_optimized_code_first(TARGET): in a TRAINFLOPS_OPTIMIZE_HOT_ONLY
# build, TARGET (an executable or module linking the library) loads the
# optimized subsystems before its own objects. An inline function that is not
# inlined everywhere (std::string's and std::vector's members, say) is
# compiled into every object that calls it, and the linker keeps the first copy
# it reads: read first, the -O0 copy of a front end would also serve the loops
# of the optimized code, and `batch` would run about twice as long.
function(trainflops_link_optimized_code_first target)
  if(TRAINFLOPS_OPTIMIZE_HOT_ONLY)
    get_property(optimized GLOBAL PROPERTY TRAINFLOPS_OPTIMIZED_SUBSYSTEMS)
    list(TRANSFORM optimized REPLACE "(.+)" "$<TARGET_FILE:\\1>")
    # Link options come before the target's objects on the command line; the
    # same archives follow later as libraries, where nothing is left to load.
    target_link_options(${target} PRIVATE "LINKER:--whole-archive" ${optimized}
      "LINKER:--no-whole-archive")
  endif()
endfunction()
