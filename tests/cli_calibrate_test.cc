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

// The reliability diagram and the reproduced record's plot, each as SVG and
// as PNG from one drawing. A PNG's IHDR chunk holds the width and height as
// big-endian 32-bit numbers at bytes 16 and 20 (PNG specification, 11.2.2):
// the figures are 720 x 520 drawn at twice the scale, 1440 x 1040.
TEST(CliCalibrate, FiguresAsSvgAndPng) {
  const std::string svg = WriteTempFile("reliability.svg", "old");
  const std::string png = WriteTempFile("reliability.png", "old");
  const std::string record_svg = WriteTempFile("record.svg", "old");
  const std::string record_png = WriteTempFile("record.png", "old");
  const CliOutput r =
      RunCli("calibrate " + SourcePath("data/epoch_notable_models_dev.csv") + " --svg " + svg +
             " --png " + png + " --record-svg " + record_svg + " --record-png " + record_png);
  ASSERT_EQ(r.code, 0) << r.err;
  const std::string text = Read(svg);
  EXPECT_TRUE(text.starts_with("<?xml")) << text.substr(0, 80);
  EXPECT_NE(text.find("Reliability of batch intervals"), std::string::npos);
  EXPECT_NE(text.find("6ND ("), std::string::npos) << "each path drawn is named in the legend";
  const std::string record = Read(record_svg);
  EXPECT_NE(record.find("estimate against the recorded compute"), std::string::npos);
  EXPECT_NE(record.find("within 2x ("), std::string::npos);
  for (const std::string& path : {png, record_png}) {
    SCOPED_TRACE(path);
    const std::string bytes = Read(path);
    ASSERT_GT(bytes.size(), 24u);
    EXPECT_EQ(bytes.substr(0, 8), std::string("\x89PNG\r\n\x1a\n", 8));
    const auto be32 = [&](size_t at) {
      return (static_cast<unsigned>(static_cast<unsigned char>(bytes[at])) << 24) |
             (static_cast<unsigned>(static_cast<unsigned char>(bytes[at + 1])) << 16) |
             (static_cast<unsigned>(static_cast<unsigned char>(bytes[at + 2])) << 8) |
             static_cast<unsigned>(static_cast<unsigned char>(bytes[at + 3]));
    };
    EXPECT_EQ(bytes.substr(12, 4), "IHDR");
    EXPECT_EQ(be32(16), 1440u);
    EXPECT_EQ(be32(20), 1040u);
  }
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
