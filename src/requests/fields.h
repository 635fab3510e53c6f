// Reading the text fields of a request (library-internal): numbers, counts
// that may be ranges, yes/no, and the Monte Carlo options. Every error is
// prefixed with the field's name as FieldRef writes it ("`epochs`: ...").
#ifndef TRAINFLOPS_SRC_REQUESTS_FIELDS_H_
#define TRAINFLOPS_SRC_REQUESTS_FIELDS_H_

#include <optional>
#include <string>
#include <string_view>

#include "trainflops/request.h"
#include "trainflops/uncertain_estimate.h"
#include "trainflops/uncertainty.h"

namespace trainflops::requests {

// A positive number (SI suffixes accepted), or nullopt when absent.
Result<std::optional<double>> PositiveField(std::string_view field,
                                            const std::optional<std::string>& text);

// A positive whole number (a sequence length: 2048, 8K), or nullopt.
Result<std::optional<double>> PositiveWholeField(std::string_view field,
                                                 const std::optional<std::string>& text);

// The field as a point, range or distribution (nullopt when absent); points
// go through `parse_point`.
Result<std::optional<Uncertain>> UncertainField(
    std::string_view field, const std::optional<std::string>& text, const PointParser& parse_point,
    UncertainOptions options = UncertainOptions::Positive());

// A positive count (SI suffixes: 1.4T, 70B) that may be a range.
Result<std::optional<Uncertain>> UncertainCountField(std::string_view field,
                                                     const std::optional<std::string>& text);

// yes/no (also true/false, on/off).
Result<std::optional<bool>> YesNoField(std::string_view field,
                                       const std::optional<std::string>& text);

// "`field`: '<text>' is not accepted (accepted: <accepted>)".
Status NotAccepted(std::string_view field, std::string_view text, std::string_view accepted);

Result<UncertaintyOptions> UncertaintyOptionsFrom(const UncertaintyRequest& request);

// The name a report gives an input the user wrote (its provenance in the
// JSON and text reports): the request field in backquotes, "`chip_hours`",
// which a front end may rename in its text (the command line: "--chip-hours").
std::string ReportName(std::string_view field);

}  // namespace trainflops::requests

#endif  // TRAINFLOPS_SRC_REQUESTS_FIELDS_H_
