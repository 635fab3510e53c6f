// Chips and training time stated in a row's free-text notes (internal to
// src/batch). Analysts write what a paper says about its hardware into the
// notes ("trained on 248 V100 GPUs for 24 days", "1914 V100-days") when the
// quantity or time cells stay empty; the notes-hardware rule reads it back
// for Method 2 (Sevilla et al. 2022, Method 2: chips x training time).
#ifndef TRAINFLOPS_SRC_BATCH_NOTES_HARDWARE_H_
#define TRAINFLOPS_SRC_BATCH_NOTES_HARDWARE_H_

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

#include "cell_reading.h"
#include "row_methods.h"

namespace trainflops::batch {

// Google Cloud TPU v2 and v3 chips each hold two TensorCores, so papers count
// "cores" (Google Cloud, "TPU architecture": system architecture of v2 and v3).
inline constexpr int kTpuCoresPerChip = 2;

struct NotesHardware {
  // A count of chips: "8 NVIDIA A6000 GPUs", "a single GTX 580 GPU",
  // "32 Google Cloud TPU chips", "128 TPU v3 cores" (64 chips).
  std::optional<double> chips;
  // A duration next to that count: "... GPUs for about 24 days", "8 days on ...".
  std::optional<double> hours;
  // Chip-time stated whole: "1914 V100-days", "6.4M GPU-hours",
  // "20.1K TPU-v3 core-days" (in chip-hours).
  std::optional<double> chip_hours;
  std::string chips_quote, hours_quote, chip_hours_quote;  // the words read
};

// Reads the first chip-time, the first count of chips and a duration next to
// that count. `cores_per_chip`: how many "cores" make a chip of the row
// (kTpuCoresPerChip for TPU v2 and v3); 0 when a count of cores says nothing
// about the row's chips (CPU cores), which are then not read. Numbers written
// as bounds or ranges ("<0.5k", "100-200") are not read: they are not values.
NotesHardware ReadNotesHardware(std::string_view text, int cores_per_chip);

// The notes-hardware rule on a row that names its chip: fills the quantity
// `q` and time `h` left empty from the training compute notes, then the
// training time notes. A count's duration is used only with that count; a
// chip-time fills the one cell missing (chips = chip-hours / hours), or both
// as chip-hours x 1 h, and then returns true: `q` is no count of chips. Each
// value read says where in its Quantity's note.
// Only the first kMaxNotesChars of each cell are read: analysts' notes run to
// a few thousand characters, and a longer cell is not prose to search.
inline constexpr size_t kMaxNotesChars = 64 * 1024;
bool FillHardwareFromNotes(const RowCells& row, Quantity& q, Quantity& h);

}  // namespace trainflops::batch

#endif  // TRAINFLOPS_SRC_BATCH_NOTES_HARDWARE_H_
