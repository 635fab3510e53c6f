# trainflops_embed_file(TARGET SYMBOL FILE): compiles FILE's bytes into TARGET
# as `extern const char SYMBOL[]` (NUL-terminated) and
# `extern const unsigned long SYMBOL_size` in namespace trainflops::embedded,
# so that the bundled data (hardware table, thresholds) needs no install path.
function(trainflops_embed_file target symbol file)
  set(out "${CMAKE_CURRENT_BINARY_DIR}/embedded_${symbol}.cc")
  add_custom_command(
    OUTPUT "${out}"
    COMMAND ${CMAKE_COMMAND} -DIN=${file} -DOUT=${out} -DSYMBOL=${symbol}
            -P "${PROJECT_SOURCE_DIR}/cmake/EmbedScript.cmake"
    DEPENDS "${file}" "${PROJECT_SOURCE_DIR}/cmake/EmbedScript.cmake"
    COMMENT "Embedding ${file}")
  target_sources(${target} PRIVATE "${out}")
endfunction()
