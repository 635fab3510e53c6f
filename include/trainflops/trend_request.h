// `trend`: the growth of training compute over time, fitted to a CSV of
// models or to the bundled points of "AI and Compute" (Amodei & Hernandez
// 2018).
#ifndef TRAINFLOPS_TREND_REQUEST_H_
#define TRAINFLOPS_TREND_REQUEST_H_

#include <optional>
#include <string>
#include <vector>

#include "trainflops/request.h"
#include "trainflops/trend.h"

namespace trainflops {

struct TrendRequest {
  std::optional<InputFile> data;  // a CSV; default the bundled points
  std::optional<std::string> date_column, compute_column, name_column;
  std::optional<std::string> compute_unit;  // of bare numbers: flop, mac, pfs-day
  std::optional<std::string> from, to;      // YYYY-MM-DD
  std::vector<std::string> where;           // "COLUMN=VALUE"
  std::vector<std::string> exclude;         // model names
  bool include_modest = false;              // bundled data: keep "modest compute" results
  std::vector<std::string> breaks;          // YYYY-MM-DD dates starting new eras
  std::optional<std::string> bootstrap, level, seed;
  // A figure named plot (.svg or .png): its bytes are in the result, for the
  // front end to write, and the report names it.
  std::optional<std::string> plot;
};

class TrendAnalysis final : public Report {
 public:
  TrendAnalysis(TrendReport report, std::string plot_bytes)
      : report_(std::move(report)), plot_bytes_(std::move(plot_bytes)) {}
  const TrendReport& report() const { return report_; }
  const std::string& plot_bytes() const { return plot_bytes_; }
  std::string Json() const override;
  std::string Text() const override;

 private:
  TrendReport report_;
  std::string plot_bytes_;
};

Result<TrendAnalysis> Run(const TrendRequest& request);

}  // namespace trainflops

#endif  // TRAINFLOPS_TREND_REQUEST_H_
