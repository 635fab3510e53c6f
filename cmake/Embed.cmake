# trainflops_embed_file(TARGET SYMBOL FILE): compiles FILE's bytes into TARGET
# as `extern const char SYMBOL[]` (NUL-terminated) and
# `extern const unsigned long SYMBOL_size` in namespace trainflops::embedded,
# so that the bundled data (hardware table, thresholds) needs no install path.
#
# The source is generated at configure time, and FILE is a configure
# dependency (editing it re-runs CMake), so the rule works from any directory
# whatever target the file is added to.
include(${CMAKE_CURRENT_LIST_DIR}/EmbedScript.cmake)
function(trainflops_embed_file target symbol file)
  set(out "${CMAKE_BINARY_DIR}/embedded/${symbol}.cc")
  trainflops_write_embedded_source("${file}" "${out}" "${symbol}")
  set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS "${file}")
  target_sources(${target} PRIVATE "${out}")
endfunction()
