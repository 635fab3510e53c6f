# Shared warning and sanitizer flags, applied through an interface target so
# that only our own targets get them (never the Debian packages we link).
add_library(trainflops_warnings INTERFACE)
target_compile_options(trainflops_warnings INTERFACE
  $<$<CXX_COMPILER_ID:GNU,Clang>:-Wall -Wextra -Wpedantic -Wshadow -Wconversion
    -Wno-sign-conversion -Wnon-virtual-dtor -Wold-style-cast -Wnull-dereference>
  $<$<BOOL:${TRAINFLOPS_WERROR}>:-Werror>)
if(TRAINFLOPS_SANITIZE)
  target_compile_options(trainflops_warnings INTERFACE
    -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all)
  target_link_options(trainflops_warnings INTERFACE -fsanitize=address,undefined)
endif()
