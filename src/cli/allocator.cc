// jemalloc's settings for the `trainflops` executable (linked only when
// TRAINFLOPS_JEMALLOC is on; see CMakeLists.txt). jemalloc reads this symbol
// at start-up (jemalloc(3), "malloc_conf"); MALLOC_CONF in the environment
// still overrides it.
//
// thp:always asks for transparent huge pages on the heap (madvise, which
// Debian's default "madvise" mode honours): the analysis of a large ONNX graph
// touches 100 MB of small objects, and with 2 MiB pages it takes 50 page
// faults instead of 25,000, and far fewer TLB misses.
extern "C" {
// NOLINTNEXTLINE(cppcoreguidelines-avoid-non-const-global-variables): jemalloc's interface
const char* malloc_conf = "thp:always,metadata_thp:auto";
}
