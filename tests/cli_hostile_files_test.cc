// Hostile files on the command line: named pipes given as inputs (which a
// blocking open would wait on forever), standard output that cannot be
// written, and output paths with something planted at or behind them. Each
// run has a time limit (timeout 10), so a hang fails the test instead of
// stalling the suite.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>

#include "cli_test_util.h"

namespace {

using namespace trainflops::testing;  // RunShell, CliOutput, SourcePath, WriteTempFile

// `trainflops ARGS`, killed after 10 seconds (exit 124).
std::string Within10s(const std::string& args) {
  return "timeout 10 " + std::string(TRAINFLOPS_CLI) + " " + args;
}

// A fresh directory for the test's files.
std::string FreshDirectory(const std::string& name) {
  const std::string dir = WriteTempFile(name, "") + ".d";
  std::filesystem::create_directory(dir);
  return dir;
}

std::string Fifo(const std::string& dir, const std::string& name) {
  const std::string path = dir + "/" + name;
  EXPECT_EQ(mkfifo(path.c_str(), 0600), 0) << path;
  return path;
}

bool IsFifo(const std::string& path) {
  struct stat st {};
  return lstat(path.c_str(), &st) == 0 && S_ISFIFO(st.st_mode);
}

const std::string kLlamaConfig =
    R"({"model_type": "llama", "hidden_size": 64, "intermediate_size": 128,
        "num_hidden_layers": 2, "num_attention_heads": 4, "vocab_size": 100,
        "torch_dtype": "float32"})";

struct FifoCase {
  const char* name;
  const char* file;      // the pipe's name
  const char* command;   // FILE: the pipe's path; DIR: its directory, with a config.json
  const char* accepted;  // what the message says to give instead
};

void PrintTo(const FifoCase& c, std::ostream* os) { *os << c.name; }

class FifoInput : public ::testing::TestWithParam<FifoCase> {};

// The old reader of ONNX graphs and checkpoints opened them blocking: with no
// writer on the pipe, the run never ended (exit 124 here).
TEST_P(FifoInput, IsRefusedAtOnceNamingThePipe) {
  const std::string dir = FreshDirectory("fifo");
  std::ofstream(dir + "/config.json") << kLlamaConfig;
  const std::string fifo = Fifo(dir, GetParam().file);
  std::string command = GetParam().command;
  command.replace(command.find("FILE"), 4, fifo);
  if (const size_t at = command.find("DIR"); at != std::string::npos) command.replace(at, 3, dir);
  const CliOutput o = RunShell(Within10s(command));
  EXPECT_EQ(o.code, 2) << o.err;
  EXPECT_NE(
      o.err.find("'" + fifo + "' is a pipe, not a file; give the path of " + GetParam().accepted),
      std::string::npos)
      << o.err;
}

INSTANTIATE_TEST_SUITE_P(
    All, FifoInput,
    ::testing::Values(
        FifoCase{"onnx", "m.onnx", "estimate FILE --examples 1", "an ONNX file"},
        FifoCase{"safetensors", "m.safetensors", "tokens --params FILE --tokens 1e9",
                 "a checkpoint"},
        FifoCase{"gguf", "m.gguf", "tokens --params FILE --tokens 1e9", "a checkpoint"},
        FifoCase{"index", "model.safetensors.index.json", "tokens --params FILE --tokens 1e9",
                 "a checkpoint"},
        FifoCase{"checkpoint_option", "m.safetensors",
                 "estimate DIR/config.json --checkpoint FILE --tokens 1e9", "a checkpoint"}));

// The index beside a config is opened without being asked for: a pipe there
// is passed over like an absent index, and the estimate goes on. The old
// reader waited on it forever. The config: 2 layers x (4 x 64 x 64 attention
// + 3 x 64 x 128 gated MLP + 2 x 64 norms) + 2 x 100 x 64 embeddings + 64 =
// 95,040 parameters; 6ND with 1e12 tokens = 5.7024e17 FLOP.
TEST(FifoBeside, AnIndexPipeBesideTheConfigIsRefusedNamingIt) {
  const std::string dir = FreshDirectory("fifo_beside");
  std::ofstream(dir + "/config.json") << kLlamaConfig;
  Fifo(dir, "model.safetensors.index.json");
  const CliOutput o = RunShell(Within10s("estimate --json " + dir + "/config.json --tokens 1T"));
  ASSERT_EQ(o.code, 2) << o.out;
  EXPECT_NE(o.err.find("the index beside the config: '" + dir +
                       "/model.safetensors.index.json' is a pipe"),
            std::string::npos)
      << o.err;
}

// No index beside the config is the common case: the config alone is
// counted, 6 x 95,040 parameters x 1e12 tokens. By hand (Llama, untied head,
// key-value heads = heads): embedding and head 2 x 100 x 64 = 12,800; per
// layer, attention 4 x 64 x 64 = 16,384, MLP 3 x 64 x 128 = 24,576, two norms
// 128, so 2 x 41,088 = 82,176; final norm 64. 12,800 + 82,176 + 64 = 95,040.
TEST(FifoBeside, NoIndexBesideTheConfigIsNoError) {
  const std::string dir = FreshDirectory("no_index_beside");
  std::ofstream(dir + "/config.json") << kLlamaConfig;
  const CliOutput o = RunShell(Within10s("estimate --json " + dir + "/config.json --tokens 1T"));
  ASSERT_EQ(o.code, 0) << o.out;
  EXPECT_DOUBLE_EQ(nlohmann::json::parse(o.out)["training_flop"].get<double>(), 6 * 95040 * 1e12);
}

struct StdoutCase {
  const char* name;
  const char* args;
};

void PrintTo(const StdoutCase& c, std::ostream* os) { *os << c.name; }

class FullStdout : public ::testing::TestWithParam<StdoutCase> {};

// Output to a full disk (/dev/full) is lost: exit 1 and the cause on standard
// error. The old program exited 0 for every command.
TEST_P(FullStdout, ExitsOneNamingTheCause) {
  const CliOutput o = RunShell(Within10s(GetParam().args) + " >/dev/full");
  EXPECT_EQ(o.code, 1) << o.err;
  // Standard error (merged here) may hold a summary before the message.
  EXPECT_TRUE(o.err.ends_with(
                  "\ntrainflops: error writing to standard output: No space left on device\n") ||
              o.err == "trainflops: error writing to standard output: No space left on device\n")
      << o.err;
}

INSTANTIATE_TEST_SUITE_P(
    All, FullStdout,
    ::testing::Values(StdoutCase{"units", "units 1"}, StdoutCase{"help", "--help"},
                      StdoutCase{"command_help", "chips --help"},
                      StdoutCase{"large_report", "chips"}, StdoutCase{"json", "units 1 --json"},
                      StdoutCase{"stream", "batch " TRAINFLOPS_SOURCE_DIR
                                           "/tests/fixtures/batch/small.csv"}));

// A closed standard output is no better than a full one.
TEST(ClosedStdout, ExitsOneNamingTheCause) {
  const CliOutput o = RunShell(Within10s("units 1") + " >&-");
  EXPECT_EQ(o.code, 1) << o.err;
  EXPECT_EQ(o.err, "trainflops: error writing to standard output: Bad file descriptor\n");
}

// A failed command keeps its own exit code and message when nothing was
// written.
TEST(FullStdout, AFailedCommandKeepsItsCode) {
  const CliOutput o = RunShell(Within10s("units x") + " >/dev/full");
  EXPECT_EQ(o.code, 2) << o.err;
  EXPECT_EQ(o.err.find("standard output"), std::string::npos) << o.err;
}

const std::string kData = SourcePath("tests/fixtures/batch/small.csv");

// The old writer went through OUTPUT.tmp.PID, a name anyone can predict (the
// shell's $$ is the PID it execs): a symlink planted there had its target
// overwritten. The target must be left as it was.
TEST(OutputFile, ASymlinkAtTheOldTemporaryNameIsNotFollowed) {
  const std::string dir = FreshDirectory("planted");
  std::ofstream(dir + "/victim") << "precious";
  const CliOutput o =
      RunShell("ln -s " + dir + "/victim " + dir + "/out.csv.tmp.$$ && exec " + TRAINFLOPS_CLI +
               " batch " + kData + " --output " + dir + "/out.csv");
  EXPECT_EQ(o.code, 0) << o.err;
  EXPECT_EQ(ReadFile(dir + "/victim"), "precious");
  EXPECT_NE(ReadFile(dir + "/out.csv").find("estimated_training_flop"), std::string::npos);
}

struct OutputCase {
  const char* name;
  const char* args;  // OUT is replaced by the output path
};

void PrintTo(const OutputCase& c, std::ostream* os) { *os << c.name; }

class NotARegularFile : public ::testing::TestWithParam<OutputCase> {};

// The old final rename replaced whatever was at the path: a pipe there (or
// behind a symlink) was replaced with exit 0. Now it is refused, exit 2, and
// left as it was, with no temporary file left behind.
TEST_P(NotARegularFile, IsNotReplaced) {
  for (const bool through_symlink : {false, true}) {
    const std::string dir = FreshDirectory("target");
    const std::string fifo = Fifo(dir, "pipe.svg");
    std::string out = fifo;
    if (through_symlink) {
      out = dir + "/link.svg";
      std::filesystem::create_symlink(fifo, out);
    }
    std::string args = GetParam().args;
    args.replace(args.find("OUT"), 3, out);
    const CliOutput o = RunShell(Within10s(args));
    EXPECT_EQ(o.code, 2) << o.err;
    EXPECT_NE(o.err.find("'" + out +
                         "' is a pipe: an output file replaces only a regular file; give a new "
                         "name or a regular file's path"),
              std::string::npos)
        << o.err;
    EXPECT_TRUE(IsFifo(fifo));
    const size_t files = static_cast<size_t>(std::distance(std::filesystem::directory_iterator(dir),
                                                           std::filesystem::directory_iterator()));
    EXPECT_EQ(files, through_symlink ? 2u : 1u);
  }
}

INSTANTIATE_TEST_SUITE_P(
    All, NotARegularFile,
    ::testing::Values(OutputCase{"batch_output", "batch " TRAINFLOPS_SOURCE_DIR
                                                 "/tests/fixtures/batch/small.csv --output OUT"},
                      OutputCase{"batch_summary",
                                 "batch " TRAINFLOPS_SOURCE_DIR
                                 "/tests/fixtures/batch/small.csv --summary-json OUT"},
                      OutputCase{"trend_plot", "trend --plot OUT"}));

// Replacing a regular file, or a symlink to one, still works: the link itself
// is replaced and its old target kept; a new file gets the usual permissions
// (0666 less the umask), not mkstemp's 0600.
TEST(OutputFile, ReplacesARegularFileOrASymlinkToOne) {
  const std::string dir = FreshDirectory("replace");
  std::ofstream(dir + "/old.csv") << "old";
  std::filesystem::create_symlink(dir + "/old.csv", dir + "/link.csv");
  const CliOutput a =
      RunShell("umask 022 && " + Within10s("batch " + kData + " --output " + dir + "/old.csv"));
  EXPECT_EQ(a.code, 0) << a.err;
  EXPECT_NE(ReadFile(dir + "/old.csv").find("estimated_training_flop"), std::string::npos);
  struct stat st {};
  ASSERT_EQ(stat((dir + "/old.csv").c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 0777, 0644u);
  std::ofstream(dir + "/old.csv") << "old";
  const CliOutput b = RunShell(Within10s("batch " + kData + " --output " + dir + "/link.csv"));
  EXPECT_EQ(b.code, 0) << b.err;
  EXPECT_FALSE(std::filesystem::is_symlink(dir + "/link.csv"));
  EXPECT_EQ(ReadFile(dir + "/old.csv"), "old");
}

}  // namespace
