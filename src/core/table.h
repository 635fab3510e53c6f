// Internal: a plain-text table with right-aligned numeric columns.
#ifndef TRAINFLOPS_SRC_CORE_TABLE_H_
#define TRAINFLOPS_SRC_CORE_TABLE_H_

#include <initializer_list>
#include <iosfwd>
#include <string>
#include <string_view>
#include <vector>

#include "trainflops/units.h"

namespace trainflops::report {

// A cell's most display columns: room for the longest names of ordinary
// ONNX exports ("/model/layers.31/self_attn/rotary_emb/..."). A longer cell (a name from the input,
// which may be megabytes long) keeps its first characters and ends with
// "... (N bytes)", the whole within this width, so that a table's size is
// linear in its rows whatever the cells: the JSON reports keep full values.
inline constexpr size_t kMaxCellWidth = 120;

class TextTable {
 public:
  // No cap on cells, for tables of the program's own text (the layer
  // catalogue), never of values from the input.
  static constexpr size_t kUnlimitedWidth = static_cast<size_t>(-1);

  // Cells have their control characters escaped (EscapeControlCharacters)
  // and are cut to `max_cell_width` display columns.
  explicit TextTable(std::vector<std::string> header, std::vector<bool> right_align,
                     size_t max_cell_width = kMaxCellWidth);
  // Room for `rows` more rows, so that a table of 100,000 rows is not copied
  // each time it outgrows its storage (cells of about 8 bytes assumed).
  void Reserve(size_t rows);
  // Cells past the header's width are dropped; missing ones are blank.
  void AddRow(std::initializer_list<std::string_view> row);
  std::string Render(const std::string& indent = "  ") const;
  // Render() written to `out` a few kilobytes at a time.
  void Write(std::ostream& out, const std::string& indent = "  ") const;

 private:
  void Append(std::string_view cell);
  void AppendShown(std::string_view cell, size_t width);
  std::string_view Cell(size_t row, size_t column) const;

  std::vector<bool> right_;
  size_t columns_;
  size_t max_width_;
  // All cells, header first, row by row, in one string (a table of 100,000
  // ONNX nodes would otherwise hold 600,000 small strings).
  std::string cells_;
  std::vector<size_t> ends_;  // where each cell ends in cells_
  std::vector<size_t> widths_;
  bool ascii_ = true;  // every cell one byte per character: widths are sizes
};

// A table cell for part / total as a percentage with one decimal, "12.5%";
// "-" when the total is not positive.
std::string SharePercent(double part, double total);

// A per-layer (per-example) figure in `unit`, except petaflop/s-days: a unit
// for whole training runs, in which a layer reads "2.987e-14 pfs-days"; such
// figures stay in FLOP (the totals still follow --unit).
std::string FormatPerLayer(double flop, ComputeUnit unit);

// Display width of UTF-8 text (counts code points, enough for "≈" and "·").
size_t DisplayWidth(std::string_view text);

}  // namespace trainflops::report

#endif  // TRAINFLOPS_SRC_CORE_TABLE_H_
