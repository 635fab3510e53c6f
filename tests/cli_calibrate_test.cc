// `trainflops calibrate` end to end: the bundled data/calibration.csv is what
// the command in its header writes today, the report states the
// cross-validation it ran, and bad options exit 2.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "cli_test_util.h"
#include "trainflops/calibration.h"

namespace trainflops::testing {
namespace {

std::string Read(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// The rows after the comment lines.
std::string Rows(const std::string& text) {
  std::string out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    if (!line.starts_with("#")) out += line + "\n";
  }
  return out;
}

TEST(CliCalibrate, BundledFactorsMatchARegeneration) {
  const std::string out = WriteTempFile("calibration.csv", "");
  const CliOutput r =
      RunCli("calibrate " + SourcePath("data/epoch_notable_models_dev.csv") + " --output " + out);
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("5-fold cross-validation, seed 20260101"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("rows off by more than 30x without a flag"), std::string::npos);
  EXPECT_EQ(Rows(Read(out)), Rows(Read(SourcePath("data/calibration.csv"))))
      << "regenerate with the command in data/calibration.csv's header";
  EXPECT_TRUE(ParseCalibrationCsv(Read(out), out).ok());
}

TEST(CliCalibrate, BadOptionsExitTwo) {
  const std::string data = SourcePath("data/epoch_notable_models_dev.csv");
  const CliOutput one = RunCli("calibrate " + data + " --folds 1");
  EXPECT_EQ(one.code, 2);
  EXPECT_NE(one.err.find("--folds '1' is not accepted (accepted: a whole number from 2 to 100)"),
            std::string::npos)
      << one.err;
  EXPECT_EQ(RunCli("calibrate").code, 2);
}

}  // namespace
}  // namespace trainflops::testing
