// `chips`: the hardware table, listed, filtered, or one row shown.
#ifndef TRAINFLOPS_CHIPS_REQUEST_H_
#define TRAINFLOPS_CHIPS_REQUEST_H_

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "trainflops/hardware.h"
#include "trainflops/request.h"

namespace trainflops {

struct ChipsRequest {
  std::string filter;               // rows whose name, alias, vendor or type contains it
  std::optional<std::string> show;  // one row with every precision
  std::optional<InputFile> hardware_db;
};

class ChipsResult final : public Report {
 public:
  ChipsResult(std::shared_ptr<const HardwareDb> db, std::vector<const Chip*> rows,
              std::optional<ChipMatch> match)
      : db_(std::move(db)), rows_(std::move(rows)), match_(std::move(match)) {}
  const std::vector<const Chip*>& rows() const { return rows_; }
  std::string Json() const override;
  std::string Text() const override;

 private:
  std::shared_ptr<const HardwareDb> db_;  // owns what rows_ point to
  std::vector<const Chip*> rows_;
  std::optional<ChipMatch> match_;
};

Result<ChipsResult> Run(const ChipsRequest& request);

}  // namespace trainflops

#endif  // TRAINFLOPS_CHIPS_REQUEST_H_
