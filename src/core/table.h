// Internal: a plain-text table with right-aligned numeric columns.
#ifndef TRAINFLOPS_SRC_CORE_TABLE_H_
#define TRAINFLOPS_SRC_CORE_TABLE_H_

#include <string>
#include <vector>

namespace trainflops::report {

class TextTable {
 public:
  explicit TextTable(std::vector<std::string> header, std::vector<bool> right_align)
      : header_(std::move(header)), right_(std::move(right_align)) {}
  void AddRow(std::vector<std::string> row) { rows_.push_back(std::move(row)); }
  std::string Render(const std::string& indent = "  ") const;

 private:
  std::vector<std::string> header_;
  std::vector<bool> right_;
  std::vector<std::vector<std::string>> rows_;
};

// A table cell for part / total as a percentage with one decimal, "12.5%";
// "-" when the total is not positive.
std::string SharePercent(double part, double total);

// Display width of UTF-8 text (counts code points, enough for "≈" and "·").
size_t DisplayWidth(const std::string& text);

}  // namespace trainflops::report

#endif  // TRAINFLOPS_SRC_CORE_TABLE_H_
