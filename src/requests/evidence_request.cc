// `evidence`: the evidence file, the Monte Carlo options given beside it,
// and the bundled hardware table.
#include "trainflops/evidence_request.h"

#include "fields.h"
#include "trainflops/field_names.h"
#include "trainflops/hardware.h"

namespace trainflops {

Status InFileKeys(const Status& s) {
  switch (s.code()) {
    case StatusCode::kInvalidArgument:
      return Status::InvalidArgument(AsFileKeys(s.message()));
    case StatusCode::kNotFound:
      return Status::NotFound(AsFileKeys(s.message()));
    case StatusCode::kParseError:
      return Status::ParseError(AsFileKeys(s.message()));
    default:
      return s;
  }
}

std::string AsFileKeys(std::string_view text) {
  return RenameFields(text, [](std::string_view field) {
    // Method 2 writes "`chip_`hours": a prefix its front ends complete.
    if (field.ends_with('_')) return std::string(field);
    return "'" + std::string(field) + "'";
  });
}

Result<EvidenceReport> Run(const EvidenceFileRequest& request) {
  if (request.file.empty()) {
    return Status::InvalidArgument(
        "no evidence file was given (accepted: a YAML or JSON file; docs/evidence.md)");
  }
  // The options beside the file keep their own names (`samples`, `seed`).
  TF_ASSIGN_OR_RETURN(const UncertaintyOptions given,
                      requests::UncertaintyOptionsFrom(request.uncertainty));
  TF_ASSIGN_OR_RETURN(const std::string text, request.file.Text());
  Result<EvidenceRequest> evidence = ParseEvidenceFile(text, request.file.name());
  if (!evidence.ok()) return InFileKeys(evidence.status());
  MonteCarloOptions& mc = evidence->uncertainty.monte_carlo;
  if (request.uncertainty.samples) mc.samples = given.monte_carlo.samples;
  if (request.uncertainty.seed) mc.seed = given.monte_carlo.seed;
  if (mc.samples > request.max_samples) {
    return Status::InvalidArgument(
        "'samples' " + std::to_string(mc.samples) + " is over the limit of " +
        std::to_string(request.max_samples) +
        " Monte Carlo samples per line here (each line draws its own; give fewer)");
  }
  Result<EvidenceResult> result = EstimateEvidence(*evidence, DefaultHardwareDb());
  if (!result.ok()) return InFileKeys(result.status());
  return EvidenceReport(std::move(result).value());
}

}  // namespace trainflops
