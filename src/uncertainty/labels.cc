// Confidence labels for intervals, and the default ranges of assumptions.
#include <cmath>
#include <limits>

#include "core/text.h"
#include "trainflops/uncertainty.h"

namespace trainflops {

// Epoch AI's Notable AI Models documentation ("Estimation": the metadata on
// estimate confidence, epoch.ai/data/ai-models-documentation/estimation)
// labels compute estimates Confident, Likely or Speculative by how far the
// true value may be from the estimate: within about 3x, about 10x, or more.
// We read "within Nx" as: the 90% interval lies inside [median/N, median*N].
double IntervalSpread(double median, double low, double high) {
  if (!(median > 0) || !(low > 0)) return std::numeric_limits<double>::infinity();
  return std::max(high / median, median / low);
}

ConfidenceLabel LabelForInterval(double median, double low, double high) {
  const double spread = IntervalSpread(median, low, high);
  if (spread <= kConfidentSpread) return ConfidenceLabel::kConfident;
  if (spread <= kLikelySpread) return ConfidenceLabel::kLikely;
  return ConfidenceLabel::kSpeculative;
}

namespace {

struct LabelText {
  std::string_view name;
  std::string_view rule;
};

// Indexed by ConfidenceLabel.
constexpr LabelText kLabels[] = {
    {"Confident", "Confident: the 90% interval is within 3x of the median on both sides"},
    {"Likely", "Likely: the 90% interval is within 10x of the median (but not 3x)"},
    {"Speculative", "Speculative: the 90% interval reaches beyond 10x of the median"},
};

}  // namespace

std::string_view ConfidenceLabelName(ConfidenceLabel label) {
  return kLabels[static_cast<int>(label)].name;
}

std::string ConfidenceRuleText(ConfidenceLabel label) {
  return std::string(kLabels[static_cast<int>(label)].rule);
}

const std::vector<DefaultRange>& DefaultRanges() {
  static const std::vector<DefaultRange> ranges = {
      {"utilization_llm", "hardware utilization (MFU), large language models", 0.3,
       *Distribution::Triangular(0.2, 0.3, 0.5),
       "Sevilla et al. 2022 (Method 2, 'GPU utilization' box): 0.3 recommended for large language "
       "models, "
       "the mode here; reported: 0.25 (GPT-3) to 0.39 (GShard) (Patterson et al. 2021, Fig. 5), "
       "0.43-0.52 (Megatron, actively maximised), ~0.4 on A100 (EleutherAI); 0.2..0.5 covers "
       "them (Sevilla et al. 2022: above 0.5 was hard before 2021; GSPMD's 0.62 needs an explicit "
       "range)"},
      {"utilization_other", "hardware utilization, models other than large language models", 0.4,
       *Distribution::Triangular(0.25, 0.4, 0.6),
       "Sevilla et al. 2022 (Method 2, 'GPU utilization' box): 0.4 recommended for other models, "
       "the mode "
       "here; single-GPU CNN experiments 0.30-0.75 (rarely above 0.75 even on one GPU), OpenAI "
       "assumed 0.33 for multi-GPU runs, 0.25 for large optimised projects (Cotra's draft)"},
      {"backward_forward_ratio", "backward/forward FLOP ratio r", 2.0,
       *Distribution::Triangular(1, 2, 3),
       "Sevilla et al. 2022 (table from Hobbhahn & Sevilla 2021): 1:1, 2:1 (two of the four cases) "
       "or 3:1 "
       "by the most expensive layer and the batch size; mode 2, the default of Sevilla et al. "
       "2022"},
      {"training_factor", "forward + backward multiplier 1 + r", 3.0,
       *Distribution::Triangular(2, 3, 4),
       "1 + backward_forward_ratio: the Sevilla et al. 2022 factor 3 (= 1 + 2), from 2 to 4 as r "
       "goes 1 to 3"},
      {"hardware_peak_imputed", "factor on a peak FLOP/s imputed from the year's average", 1.0,
       *Distribution::LogUniform(0.5, 2),
       "x/÷ 2: the Sevilla et al. 2022 average FP32 peak for 2016 is 6.83e12 FLOP/s, while chips "
       "in use that "
       "year run from 4.37e12 (Tesla K80 die, 0.64x) to 1.10e13 (Titan X Pascal, 1.6x) "
       "(data/hardware.csv)"},
      {"precision_guessed", "factor on the peak FLOP/s when the number format is guessed", 1.0,
       *Distribution::LogUniform(1.0 / 3, 3),
       "x/÷ 3: in the Sevilla et al. 2022 average-performance table FP16 is 1.9x FP32 (2015) and "
       "3.2x (2017); "
       "tensor-core formats can differ by ~12x (2018 row): give the format, or a wider range, "
       "when tensor cores may be in play"},
  };
  return ranges;
}

Result<const DefaultRange*> FindDefaultRange(std::string_view name) {
  std::vector<std::string> names;
  for (const DefaultRange& r : DefaultRanges()) {
    if (r.name == ToLower(Trim(name))) return &r;
    names.push_back(r.name);
  }
  return Status::NotFound("unknown default range '" + std::string(name) + "'" +
                          DidYouMean(name, names) + " (accepted: " + JoinNames(names) + ")");
}

}  // namespace trainflops
