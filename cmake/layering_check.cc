// Linked with one subsystem's whole archive and only the subsystems it
// declares (src/CMakeLists.txt): the link fails if the subsystem calls into
// any other. Never run.
int main() { return 0; }
