# Installs the build into a scratch prefix and builds a consumer project that
# uses find_package(trainflops) and links trainflops::trainflops.
set(prefix "${BINARY_DIR}/install-check/prefix")
set(consumer "${BINARY_DIR}/install-check/consumer")
file(REMOVE_RECURSE "${BINARY_DIR}/install-check")
execute_process(COMMAND ${CMAKE_COMMAND} --install "${BINARY_DIR}" --prefix "${prefix}"
                RESULT_VARIABLE rc OUTPUT_QUIET)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "install failed")
endif()
file(MAKE_DIRECTORY "${consumer}")
# Includes every installed header, so that one which includes a private
# header (under src/, never installed) or misses an include of its own
# fails here; uses the lowest subsystem (units) and one near the top (the
# citation, in report, over estimators and core), so every exported link
# must resolve.
file(GLOB installed_headers RELATIVE "${prefix}/include" "${prefix}/include/trainflops/*.h")
list(LENGTH installed_headers header_count)
if(header_count LESS 10)
  message(FATAL_ERROR "the install holds ${header_count} headers under include/trainflops")
endif()
# Each header alone in a file of its own: it must compile by itself.
set(header_sources "")
foreach(header IN LISTS installed_headers)
  get_filename_component(stem "${header}" NAME_WE)
  file(WRITE "${consumer}/header_${stem}.cc" "#include <${header}>\n")
  string(APPEND header_sources " header_${stem}.cc")
endforeach()
file(WRITE "${consumer}/CMakeLists.txt" "cmake_minimum_required(VERSION 3.25)
project(consumer CXX)
find_package(trainflops REQUIRED)
add_executable(consumer main.cc${header_sources})
target_link_libraries(consumer PRIVATE trainflops::trainflops)
")
file(WRITE "${consumer}/main.cc" "#include <trainflops/citation.h>
#include <trainflops/units.h>
int main() {
  auto r = trainflops::ParseCompute(\"1 pfs-day\");
  trainflops::Estimate e;
  e.method = \"method2_hardware\";
  e.training_flop = 8.64e19;
  auto c = trainflops::CiteEstimate(e);
  return r.ok() && *r == 8.64e19 && c.references.front() == \"sevilla2022\" ? 0 : 1;
}
")
execute_process(COMMAND ${CMAKE_COMMAND} -S "${consumer}" -B "${consumer}/build"
                        -DCMAKE_PREFIX_PATH=${prefix} "-DCMAKE_EXE_LINKER_FLAGS=${LINK_FLAGS}"
                        RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "find_package(trainflops) failed")
endif()
execute_process(COMMAND ${CMAKE_COMMAND} --build "${consumer}/build" RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "consumer build failed")
endif()
execute_process(COMMAND "${consumer}/build/consumer" RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "consumer run failed")
endif()
# The installed command finds its HTTP server module (loaded when `serve`
# starts): with an address that is not this machine's (TEST-NET-1), the
# server itself must answer that it cannot listen there.
execute_process(COMMAND "${prefix}/bin/trainflops" serve --host 192.0.2.1 --port 0
                RESULT_VARIABLE rc ERROR_VARIABLE serve_error)
if(NOT serve_error MATCHES "cannot listen on 192.0.2.1")
  message(FATAL_ERROR "the installed trainflops serve did not load its server: ${serve_error}")
endif()
