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
// any other; a reserved table renders as an unreserved one.
TEST(TextTable, ACellLongerThanAPieceIsWrittenWhole) {
  const std::string wide(100000, 'w');
  TextTable t({"a", "b"}, {false, true});
  t.Reserve(2);
  t.AddRow({wide, "1"});
  t.AddRow({"x", "22"});
  EXPECT_EQ(t.Render(""), "a" + std::string(99999, ' ') + "   b\n" + wide + "   1\n" + "x" +
                              std::string(99999, ' ') + "  22\n");
}

}  // namespace
}  // namespace trainflops::report
