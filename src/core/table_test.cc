// TextTable: columns padded to the widest cell, numbers right-aligned.
#include "table.h"

#include <gtest/gtest.h>

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

}  // namespace
}  // namespace trainflops::report
