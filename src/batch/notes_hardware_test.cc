// Chips and time read from free-text notes. Each phrase is one an analyst
// wrote in Epoch AI's Notable AI Models (development half), quoting a paper;
// the expected values are the phrase's own arithmetic.
#include "notes_hardware.h"

#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <vector>

#include "trainflops/batch.h"

namespace trainflops::batch {
namespace {

struct Case {
  const char* text;
  int cores_per_chip;
  std::optional<double> chips, hours, chip_hours;
};

TEST(NotesHardware, ReadsCountsDurationsAndChipTime) {
  const Case cases[] = {
      // A count and the duration after it.
      {"trained on 248 V100 GPUs for 24 days.", 0, 248, 24 * 24, {}},
      {"8 16GB V100 GPUs for approximately 90 hours", 0, 8, 90, {}},
      {"on 32 Google Cloud TPU chips for 10 days.", 2, 32, 240, {}},
      // The duration before it.
      {"This took 8 days on 8 NVIDIA A6000 GPUs.", 0, 8, 8 * 24, {}},
      // Words for numbers; a count with no duration.
      {"a single NVIDIA GTX 580 GPU. Training takes four days", 0, 1, {}, {}},
      {"We trained on four 48GB RTX A6000 GPUs for 850 epochs (around 18 days).", 0, 4, {}, {}},
      {"using eight K40 GPUs", 0, 8, {}, {}},
      {"8 Nvidia RTX 8000 GPUs for 6 weeks", 0, 8, 6 * 7 * 24, {}},
      // A ratio or a chip-time is not a count.
      {"TPUs have two cores per chip", 2, {}, {}, {}},
      {"990 TFLOPS per GPU * 6.4 million GPU hours * 3600s", 0, {}, {}, 6.4e6},
      // Nodes are not chips, and "8 GPUs each" is a share of the count (32 here).
      {"4 nodes with 8 A100 GPUs each", 0, {}, {}, {}},
      {"on 4 nodes of 8 GPUs", 0, {}, {}, {}},
      // TPU v2/v3 cores are half as many chips; CPU cores are not chips.
      {"the model uses 128 TPU v3 cores.", 2, 64, {}, {}},
      {"a cluster of 16,000 cores for three days", 0, {}, {}, {}},
      // Chip-time: 1914 x 24 h; 6.4e6 h; 1e7 h; 20,100 x 24 / 2; 27,200 x 24 / 2.
      {"ImageNet 512 variant took 1914 V100-days of training", 0, {}, {}, 1914.0 * 24},
      {"used 6.4M GPU-hours", 0, {}, {}, 6.4e6},
      {"=> 10m H100 hours (c 30m A100 hrs)", 0, {}, {}, 1e7},
      {"20.1K TPU-v3 core-days", 2, {}, {}, 20100.0 * 24 / 2},
      {"used 27,200 TPUv3 core-days.", 2, {}, {}, 27200.0 * 24 / 2},
      {"trained for 2,560 GPU Nvidia A100 80G days.", 0, {}, {}, 2560.0 * 24},
      {"a cumulative of 51968 GPU hours", 0, {}, {}, 51968},
      {"required 2.1 million H100-hours to complete", 0, {}, {}, 2.1e6},
      // Another run's figure, the reference of a comparison.
      {"gpt-oss-120b required 2.1 million H100-hours, with gpt-oss-20b needing almost 10x fewer",
       0,
       {},
       {},
       {}},
      {"the baseline took 512 GPUs; ours used 4 times less. We trained 8 V100 GPUs for 2 days.",
       0,
       8,
       48,
       {}},
      {"a count and its time: 256 Nvidia V100 GPUs for 1 day, 256 V100-days", 0, 256, 24,
       256.0 * 24},
      // Not chips: a rate, memory, bounds and ranges.
      {"123 teraFLOPS / TPU v3 chip", 2, {}, {}, {}},
      {"required less than 512 GB of RAM. No GPUs were used.", 0, {}, {}, {}},
      {"989000000000000 FLOP / GPU / sec", 0, {}, {}, {}},
      {"trained on <0.5k TPUv3 core-days", 2, {}, {}, {}},
      {"roughly 100-200 GPU hours on a NVIDIA V100", 0, {}, {}, {}},
      {"roughly 100 to 200 GPU hours", 0, {}, {}, {}},
      {"", 0, {}, {}, {}},
      // Numbers in words keep their scale: 6e6 chip-hours, 2,000 chips.
      {"six million GPU hours", 0, {}, {}, 6e6},
      {"two thousand GPUs", 0, 2000, {}, {}},
      // Seconds and years of chip-time: 6435 / 3600 chip-hours; 92 x 8766.
      {"6435 GPU seconds for 1M examples", 0, {}, {}, 6435.0 / 3600},
      {"92 GPU years", 0, {}, {}, 92 * 24 * 365.25},
      // A month is a twelfth of 365.25 days (duration.h): 3 x 730.5 h.
      {"16 TPU chips for 3 months", 2, 16, 3 * 24 * 365.25 / 12, {}},
      // A duration before the count, joined by "using": 2 weeks = 336 h.
      {"took 2 weeks using 16 GPUs", 0, 16, 336, {}},
      // Other numbers are not the count: a batch size, seeds, a total
      // spread over chips, the cores inside a count of chips.
      {"batch size of 2048 using a TPU v4-128 pod", 0, {}, {}, {}},
      {"5 seeds using 4 GPUs", 0, 4, {}, {}},
      {"2048 samples fed into the GPUs", 0, {}, {}, {}},
      {"2048 across 64 TPUs", 0, 64, {}, {}},
      {"16 TPU v3 chips (32 cores)", 2, 16, {}, {}},
      // A model's number, a memory size and a year are not counts.
      {"an NVIDIA RTX 3090 GPU for 2 days", 0, {}, {}, {}},
      {"a GTX 285 GPU", 0, {}, {}, {}},
      {"A100 80 GB GPUs", 0, {}, {}, {}},
      {"In 2023 H100 GPUs were scarce", 0, {}, {}, {}},
      {"a single GeForce GTX TITAN X GPU", 0, 1, {}, {}},
      // Groups of chips: "16 A100 GPU nodes" counts nodes.
      {"16 A100 GPU nodes, each node has 8 GPUs", 0, {}, {}, {}},
      // "fewer" alone compares, it does not refer: the count stands.
      {"Trained on 64 V100 GPUs, which is fewer than the 512 GPUs used for GPT-3.", 0, 64, {}, {}},
      {"64 GPUs for 3 days, with fewer parameters than BERT.", 0, 64, 72, {}},
      // Bounds and both ends of a range.
      {"up to 512 GPUs", 0, {}, {}, {}},
      {"less than 100 GPU hours", 0, {}, {}, {}},
      {"100 - 200 GPUs", 0, {}, {}, {}},
      {"between 64 and 128 GPUs", 0, {}, {}, {}},
      // Times per unit of work are not the run's.
      {"Each epoch takes 2 hours on 8 GPUs", 0, 8, {}, {}},
      {"8 V100 GPUs for 24 hours per epoch", 0, 8, {}, {}},
      {"12 GPU hours per epoch", 0, {}, {}, {}},
      // CPU cores on a TPU v3 row are not TPU cores.
      {"preprocessing on 2,048 CPU cores", 2, {}, {}, {}},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.text);
    const NotesHardware n = ReadNotesHardware(c.text, c.cores_per_chip);
    EXPECT_EQ(n.chips, c.chips);
    EXPECT_EQ(n.hours, c.hours);
    ASSERT_EQ(n.chip_hours.has_value(), c.chip_hours.has_value());
    if (c.chip_hours) {
      EXPECT_DOUBLE_EQ(*n.chip_hours, *c.chip_hours);
    }
  }
}

TEST(NotesHardware, QuotesTheWordsRead) {
  const NotesHardware n = ReadNotesHardware("\"This took 8 days on 8 NVIDIA A6000 GPUs.\"", 0);
  EXPECT_EQ(n.chips_quote, "8 NVIDIA A6000 GPUs");
  EXPECT_EQ(n.hours_quote, "8 days on 8 NVIDIA A6000 GPUs");
  EXPECT_EQ(ReadNotesHardware("took 1914 V100-days.", 0).chip_hours_quote, "1914 V100-days");
  EXPECT_EQ(ReadNotesHardware("(1,536 GPUs for 1 thousand hours)", 0).hours_quote,
            "1,536 GPUs for 1 thousand hours");
}

struct FillCase {
  const char* what;
  std::string chip;
  std::optional<double> quantity, hours;  // the cells, empty when absent
  std::string compute_notes, time_notes;
  std::optional<double> chips, time;  // expected after the rule
  std::string quantity_note;          // a part of the quantity's note
};

TEST(NotesHardware, FillsOnlyTheMissingCells) {
  const std::string long_notes(kMaxNotesChars, ' ');
  const FillCase cases[] = {
      {"the time cell is given: chips = 1e7 chip-hours / 2500 h",
       "NVIDIA H100",
       {},
       2500,
       "H100s at 1.9/hour => 10m H100 hours",
       "",
       4000,
       2500,
       "from Training compute notes: '10m H100 hours'"},
      {"both missing: 1914 V100-days = 45,936 chip-hours as chips x 1 h",
       "NVIDIA V100",
       {},
       {},
       "",
       "1914 V100-days",
       45936,
       1,
       "chip-hours 4.594e4 from Training time notes"},
      {"a duration belongs to its count, not to the 32 chips of the cell",
       "NVIDIA V100",
       32,
       {},
       "a baseline on 16 V100 GPUs for 5 days",
       "",
       32,
       {},
       ""},
      {"a month read states its length: 3 V100-months = 3 x 730.5 chip-hours",
       "NVIDIA V100",
       {},
       {},
       "used 3 V100-months",
       "",
       2191.5,
       1,
       "(1 month = 30.4375 days"},
      {"128 cores on a TPU v3 row are 64 chips",
       "Google TPU v3",
       {},
       264,
       "the model uses 128 TPU v3 cores.",
       "",
       64,
       264,
       "'128 TPU v3 cores'"},
      {"nothing is read past the first 64 KiB of a cell",
       "NVIDIA V100",
       {},
       10,
       long_notes + "8 V100 GPUs",
       "",
       {},
       10,
       ""},
      {"within the first 64 KiB",
       "NVIDIA V100",
       {},
       10,
       "8 V100 GPUs" + long_notes,
       "",
       8,
       10,
       "Hardware quantity 8"},
  };
  const std::vector<std::string> names = ColumnNamesOf(BatchColumns{});
  for (const FillCase& c : cases) {
    SCOPED_TRACE(c.what);
    RowCells row;
    for (size_t i = 0; i < kKeyCount; ++i) row.names[i] = names[i];
    row.values[kHardware] = c.chip;
    row.values[kComputeNotes] = c.compute_notes;
    row.values[kTimeNotes] = c.time_notes;
    Quantity q, h;
    q.value = c.quantity;
    h.value = c.hours;
    FillHardwareFromNotes(row, q, h);
    EXPECT_EQ(q.value, c.chips);
    EXPECT_EQ(h.value, c.time);
    if (c.quantity_note.empty()) {
      EXPECT_EQ(q.note, "");
    } else {
      EXPECT_NE(q.note.find(c.quantity_note), std::string::npos) << q.note;
    }
  }
}

// A count read from the notes meets the guards as a cell's would: 2,000,000
// chips is over the 1,000,000 of any published cluster.
TEST(NotesHardware, GuardsSeeACountFromTheNotes) {
  const std::vector<std::string> header = {"Model", "Publication date", "Training hardware",
                                           "Training compute notes"};
  Result<BatchEstimator> e = BatchEstimator::Create(header, BatchOptions());
  ASSERT_TRUE(e.ok());
  const RowEstimate huge =
      e->Estimate({"Huge", "2024-01-01", "NVIDIA H100", "2,000,000 H100 GPUs for 2 days"});
  EXPECT_EQ(huge.confidence, "flagged") << huge.note;
  EXPECT_NE(huge.note.find("2e6 is more than 1e6 chips"), std::string::npos) << huge.note;
  // 1914 V100-days stand as chip-hours x 1 h: no count of 45,936 chips to flag.
  const RowEstimate days = e->Estimate({"Days", "2021-01-01", "NVIDIA V100", "1914 V100-days"});
  EXPECT_NE(days.confidence, "flagged") << days.note;
}

}  // namespace
}  // namespace trainflops::batch
