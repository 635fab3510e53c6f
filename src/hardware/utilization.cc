// Utilization: the fraction of the peak a training run achieved.
#include <vector>

#include "core/text.h"
#include "trainflops/defaults.h"
#include "trainflops/method2.h"
#include "trainflops/units.h"

namespace trainflops {
namespace {

struct Preset {
  std::string name;
  double value;
  std::string source;
};

const std::vector<Preset>& Presets() {
  static const std::vector<Preset> presets = {
      {"openai-gpu", kOpenAiGpuUtilization,
       "OpenAI's usual GPU utilization when counting from GPU time (Amodei & Hernandez 2018, "
       "appendix)"},
      {"openai-cpu", kOpenAiCpuUtilization,
       "OpenAI's CPU utilization (Amodei & Hernandez 2018, appendix)"},
      {"epoch-llm", kDefaultUtilizationLlm,
       "Epoch's recommendation for large language models (Sevilla et al. 2022, step 3)"},
      {"epoch-other", kDefaultUtilizationOther,
       "Epoch's recommendation for other models (Sevilla et al. 2022, step 3)"},
  };
  return presets;
}

std::string Accepted() {
  std::string out =
      "accepted: a number in (0, 1] such as 0.4, a percentage such as 40%, or a preset: ";
  for (size_t i = 0; i < Presets().size(); ++i) {
    const Preset& p = Presets()[i];
    out += (i ? ", " : "") + p.name + " (" + FormatScientific(p.value) + ")";
  }
  return out;
}

}  // namespace

Result<Utilization> ParseUtilization(std::string_view text) {
  const std::string word = ToLower(Trim(text));
  std::vector<std::string> names;
  for (const Preset& p : Presets()) {
    names.push_back(p.name);
    if (p.name == word)
      return Utilization{p.value, FormatScientific(p.value) + " (" + p.name + ")", p.source};
  }
  const bool percent = !word.empty() && word.back() == '%';
  Result<double> v = ParseNumber(percent ? word.substr(0, word.size() - 1) : word);
  if (!v.ok()) {
    return Status::InvalidArgument("'" + std::string(Trim(text)) + "' is not a utilization" +
                                   DidYouMean(word, names) + " (" + Accepted() + ")");
  }
  const double u = percent ? *v / 100 : *v;
  if (!(u > 0 && u <= 1)) {
    return Status::InvalidArgument("utilization '" + std::string(Trim(text)) +
                                   "' is outside (0, 1]: it is the fraction of the peak "
                                   "achieved (" +
                                   Accepted() + ")");
  }
  return Utilization{u, FormatScientific(u), "given (`utilization`)"};
}

Utilization DefaultUtilization(bool llm, bool tensor_caveat) {
  if (llm) {
    return {
        kDefaultUtilizationLlm, FormatScientific(kDefaultUtilizationLlm),
        "Epoch's default for large language models (Sevilla et al. 2022, step 3: 0.3 for LLMs)"};
  }
  if (tensor_caveat) {
    return {kDefaultUtilizationLlm, FormatScientific(kDefaultUtilizationLlm),
            "the lower end of the 0.3-0.4 of Sevilla et al. 2022: NVIDIA tensor-core peaks need "
            "special "
            "conditions (Sevilla et al. 2022, 'NVIDIA tensor cores' and the Image GPT example); "
            "`tensor_cores` yes keeps 0.4, `tensor_cores` no uses the plain FP16 rate"};
  }
  return {kDefaultUtilizationOther, FormatScientific(kDefaultUtilizationOther),
          "Epoch's default for non-language models (Sevilla et al. 2022, step 3: 0.4 for other "
          "networks)"};
}

}  // namespace trainflops
