// TextTable: columns padded to the widest cell, numbers right-aligned.
#include "table.h"

#include <gtest/gtest.h>

#include <sstream>
#include <string>

namespace trainflops::report {
namespace {

TEST(TextTable, PadsToTheWidestCellAndTrimsLineEnds) {
  TextTable t({"op", "count"}, {false, true});
  t.AddRow({"MatMul", "12"});
  t.AddRow({"Add", "1,200"});
  EXPECT_EQ(t.Render(),
            "  op      count\n"
            "  MatMul     12\n"
            "  Add     1,200\n");
}

TEST(TextTable, MissingCellsAreBlankAndExtraCellsDropped) {
  TextTable t({"a", "b"}, {false, false});
  t.AddRow({"x"});
  t.AddRow({"1", "2", "ignored"});
  EXPECT_EQ(t.Render(">"), ">a  b\n>x\n>1  2\n");
}

TEST(TextTable, WidthCountsCharactersNotBytes) {
  TextTable t({"formula", "n"}, {false, true});
  t.AddRow({"2·N·K", "1"});  // 5 characters, 6 bytes
  t.AddRow({"N", "22"});
  EXPECT_EQ(t.Render(""), "formula   n\n2·N·K     1\nN        22\n");
}

// Write() sends a large table in pieces; the pieces join into the same lines.
TEST(TextTable, WriteGivesTheSameLinesInPieces) {
  TextTable t({"node", "n"}, {false, true});
  // The first column is as wide as "node9999", 8; the second as "n", 1.
  std::string expected = "  node      n\n";
  for (int i = 0; i < 10000; ++i) {
    const std::string name = "node" + std::to_string(i);
    t.AddRow({name, "7"});
    expected += "  " + name + std::string(8 - name.size(), ' ') + "  7\n";
  }
  std::ostringstream out;
  t.Write(out);
  EXPECT_GT(expected.size(), 64u * 1024);  // more than one piece
  EXPECT_EQ(out.str(), expected);
  EXPECT_EQ(t.Render(), expected);
}

// A cell longer than a piece (100,000 bytes) is written whole, padded like
// any other, in a table without a cap; a reserved table renders as an
// unreserved one.
TEST(TextTable, ACellLongerThanAPieceIsWrittenWhole) {
  const std::string wide(100000, 'w');
  TextTable t({"a", "b"}, {false, true}, TextTable::kUnlimitedWidth);
  t.Reserve(2);
  t.AddRow({wide, "1"});
  t.AddRow({"x", "22"});
  EXPECT_EQ(t.Render(""), "a" + std::string(99999, ' ') + "   b\n" + wide + "   1\n" + "x" +
                              std::string(99999, ' ') + "  22\n");
}

// A cell wider than the cap keeps its first characters and ends with
// "... (N bytes)", 120 columns in all: the other rows are padded to 120, not
// to the cell's 100,000 (the old table wrote 100,000 bytes per row).
TEST(TextTable, ACellWiderThanTheCapIsCutWithItsSize) {
  TextTable t({"a", "b"}, {false, true});
  t.AddRow({std::string(100000, 'w'), "1"});
  t.AddRow({"x", "22"});
  const std::string marker = "... (100000 bytes)";  // 18 columns
  const std::string cut = std::string(120 - 18, 'w') + marker;
  ASSERT_EQ(cut.size(), kMaxCellWidth);
  EXPECT_EQ(t.Render(""), "a" + std::string(119, ' ') + "   b\n" + cut + "   1\n" + "x" +
                              std::string(119, ' ') + "  22\n");
}

// Exactly 120 columns is shown whole; 121 is cut. Widths count characters:
// 121 "·" (242 bytes) are cut after 105 of them, before "... (242 bytes)".
TEST(TextTable, TheCapCountsDisplayColumns) {
  const std::string full(120, 's');
  std::string dots;
  for (int i = 0; i < 121; ++i) dots += "·";
  TextTable t({"a"}, {false});
  t.AddRow({full});
  t.AddRow({dots});
  std::string cut;
  for (int i = 0; i < 120 - 15; ++i) cut += "·";
  EXPECT_EQ(t.Render(""), "a\n" + full + "\n" + cut + "... (242 bytes)\n");
  EXPECT_EQ(DisplayWidth(cut + "... (242 bytes)"), 120u);
}

// A newline or an escape sequence in a name would split the row or reach the
// terminal; the table writes them as escapes, counted in the width.
TEST(TextTable, ControlCharactersAreEscaped) {
  TextTable t({"name", "n"}, {false, true});
  t.AddRow({"a\nb", "1"});
  t.AddRow({"\x1b[31mred", "2"});
  t.AddRow({"c\xC2\x9B", "3"});  // U+009B, the C1 control sequence introducer
  EXPECT_EQ(t.Render(""),
            "name         n\n"
            "a\\nb         1\n"
            "\\x1b[31mred  2\n"
            "c\\u009b      3\n");
}

// A table of the program's own text (the catalogue) shows cells whole.
TEST(TextTable, AnUnlimitedTableKeepsLongCells) {
  const std::string long_text(200, 'l');
  TextTable t({"a"}, {false}, TextTable::kUnlimitedWidth);
  t.AddRow({long_text});
  EXPECT_EQ(t.Render(""), "a\n" + long_text + "\n");
}

// A layer's forward FLOP with --unit pfs-days read "2.987e-14 pfs-days": a
// per-example figure stays in FLOP; other units apply.
TEST(TextTable, PerLayerFiguresAreNotInPetaflopSDays) {
  // 2.58e6 FLOP / 8.64e19 FLOP per pfs-day would be 2.986e-14 pfs-days.
  EXPECT_EQ(FormatPerLayer(2.58e6, ComputeUnit::kPetaflopSDay), "2.58e6 FLOP");
  // 2.58e6 FLOP = 1.29e6 multiply-adds (2 FLOP each).
  EXPECT_EQ(FormatPerLayer(2.58e6, ComputeUnit::kMultiplyAdd), "1.29e6 multiply-adds");
  EXPECT_EQ(FormatPerLayer(2.58e6, ComputeUnit::kFlop), "2.58e6 FLOP");
}

}  // namespace
}  // namespace trainflops::report
