# Writes OUT: a C++ source holding the bytes of IN as SYMBOL (see Embed.cmake).
file(READ "${IN}" hex HEX)
string(LENGTH "${hex}" hex_length)
math(EXPR size "${hex_length} / 2")
string(REGEX REPLACE "([0-9a-f][0-9a-f])" "'\\\\x\\1'," bytes "${hex}")
string(REGEX REPLACE "(('\\\\x[0-9a-f][0-9a-f]',){32})" "\\1\n" bytes "${bytes}")
file(WRITE "${OUT}" "// Generated from ${IN}; do not edit.\nnamespace trainflops::embedded {\n"
  "extern const char ${SYMBOL}[] = {\n${bytes}'\\0'};\n"
  "extern const unsigned long ${SYMBOL}_size = ${size};\n}\n")
