# trainflops_write_embedded_source(IN OUT SYMBOL): writes OUT, a C++ source
# holding the bytes of IN as SYMBOL (see Embed.cmake). Rewrites OUT only when
# its content changes, so an unchanged file does not trigger a rebuild.
function(trainflops_write_embedded_source in out symbol)
  file(READ "${in}" hex HEX)
  string(LENGTH "${hex}" hex_length)
  math(EXPR size "${hex_length} / 2")
  string(REGEX REPLACE "([0-9a-f][0-9a-f])" "'\\\\x\\1'," bytes "${hex}")
  string(REGEX REPLACE "(('\\\\x[0-9a-f][0-9a-f]',){32})" "\\1\n" bytes "${bytes}")
  # Always quoted: the content holds semicolons, CMake's list separator.
  set(content "// Generated from ${in} by cmake/EmbedScript.cmake. Do not edit.\n")
  string(APPEND content "namespace trainflops::embedded {\n")
  string(APPEND content "extern const char ${symbol}[] = {\n${bytes}'\\0'};\n")
  string(APPEND content "extern const unsigned long ${symbol}_size = ${size};\n}\n")
  file(CONFIGURE OUTPUT "${out}" CONTENT "${content}" @ONLY)
endfunction()
