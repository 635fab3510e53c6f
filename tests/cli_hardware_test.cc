// Command-line tests of this subsystem (placeholder until written by its owner).
