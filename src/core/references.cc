// The bibliography (docs/references.md lists the same entries with the
// sections each source is used for).
#include "trainflops/references.h"

#include <algorithm>
#include <array>

namespace trainflops {
namespace {

constexpr std::array kReferences = {
    Reference{"sevilla2022", "Sevilla et al. 2022",
              "Jaime Sevilla and Lennart Heim and Marius Hobbhahn and Tamay Besiroglu and "
              "Anson Ho and Pablo Villalobos",
              "2022", "Estimating Training Compute of Deep Learning Models",
              "Epoch AI, 20 January 2022", "https://epoch.ai/blog/estimating-training-compute",
              "misc"},
    Reference{"amodei2018", "Amodei & Hernandez 2018", "Dario Amodei and Danny Hernandez", "2018",
              "AI and Compute", "OpenAI, 16 May 2018 (addendum 7 November 2019)",
              "https://openai.com/index/ai-and-compute/", "misc"},
    Reference{"hobbhahn2021", "Hobbhahn & Sevilla 2021", "Marius Hobbhahn and Jaime Sevilla",
              "2021", "What's the backward-forward FLOP ratio for neural networks?",
              "Epoch AI, 13 December 2021", "https://epoch.ai/blog/backward-forward-FLOP-ratio",
              "misc"},
    Reference{"kaplan2020", "Kaplan et al. 2020",
              "Jared Kaplan and Sam McCandlish and Tom Henighan and Tom B. Brown and Benjamin "
              "Chess and Rewon Child and Scott Gray and Alec Radford and Jeffrey Wu and Dario "
              "Amodei",
              "2020", "Scaling Laws for Neural Language Models", "arXiv:2001.08361",
              "https://arxiv.org/abs/2001.08361", "misc"},
    Reference{"hoffmann2022", "Hoffmann et al. 2022",
              "Jordan Hoffmann and Sebastian Borgeaud and Arthur Mensch and others", "2022",
              "Training Compute-Optimal Large Language Models", "arXiv:2203.15556",
              "https://arxiv.org/abs/2203.15556", "misc"},
    Reference{"vovk2005", "Vovk et al. 2005", "Vladimir Vovk and Alex Gammerman and Glenn Shafer",
              "2005", "Algorithmic Learning in a Random World", "Springer",
              "https://doi.org/10.1007/b106715", "book"},
    Reference{"lei2018", "Lei et al. 2018",
              "Jing Lei and Max G'Sell and Alessandro Rinaldo and Ryan J. Tibshirani and Larry "
              "Wasserman",
              "2018", "Distribution-Free Predictive Inference for Regression",
              "Journal of the American Statistical Association 113(523); arXiv:1604.04173",
              "https://arxiv.org/abs/1604.04173", "article"},
    Reference{"qwen2025", "Qwen Team 2025", "An Yang and Anfeng Li and Baosong Yang and others",
              "2025", "Qwen3 Technical Report", "arXiv:2505.09388",
              "https://arxiv.org/abs/2505.09388", "misc"},
    Reference{"narayanan2021", "Narayanan et al. 2021",
              "Deepak Narayanan and Mohammad Shoeybi and Jared Casper and others", "2021",
              "Efficient Large-Scale Language Model Training on GPU Clusters Using Megatron-LM",
              "SC21; arXiv:2104.04473", "https://arxiv.org/abs/2104.04473", "misc"},
    Reference{"chowdhery2022", "Chowdhery et al. 2022",
              "Aakanksha Chowdhery and Sharan Narang and Jacob Devlin and others", "2022",
              "PaLM: Scaling Language Modeling with Pathways", "arXiv:2204.02311",
              "https://arxiv.org/abs/2204.02311", "misc"},
    Reference{"korthikanti2022", "Korthikanti et al. 2022",
              "Vijay Korthikanti and Jared Casper and Sangkug Lym and others", "2022",
              "Reducing Activation Recomputation in Large Transformer Models", "arXiv:2205.05198",
              "https://arxiv.org/abs/2205.05198", "misc"},
    Reference{"patterson2021", "Patterson et al. 2021",
              "David Patterson and Joseph Gonzalez and Quoc Le and others", "2021",
              "Carbon Emissions and Large Neural Network Training", "arXiv:2104.10350",
              "https://arxiv.org/abs/2104.10350", "misc"},
    Reference{"cottier2024", "Cottier et al. 2024",
              "Ben Cottier and Robi Rahman and Loredana Fattorini and Nestor Maslej and David "
              "Owen",
              "2024", "The rising costs of training frontier AI models", "arXiv:2405.21015",
              "https://arxiv.org/abs/2405.21015", "misc"},
    Reference{"jouppi2021", "Jouppi et al. 2021",
              "Norman P. Jouppi and Doe Hyun Yoon and Matthew Ashcraft and others", "2021",
              "Ten Lessons From Three Generations Shaped Google's TPUv4i", "ISCA 2021",
              "https://doi.org/10.1109/ISCA52012.2021.00010", "misc"},
    Reference{"micikevicius2018", "Micikevicius et al. 2018",
              "Paulius Micikevicius and Sharan Narang and Jonah Alben and others", "2018",
              "Mixed Precision Training", "ICLR 2018, arXiv:1710.03740",
              "https://arxiv.org/abs/1710.03740", "misc"},
    Reference{"dumoulin2016", "Dumoulin & Visin 2016", "Vincent Dumoulin and Francesco Visin",
              "2016", "A guide to convolution arithmetic for deep learning", "arXiv:1603.07285",
              "https://arxiv.org/abs/1603.07285", "misc"},
    Reference{"gu2023", "Gu & Dao 2023", "Albert Gu and Tri Dao", "2023",
              "Mamba: Linear-Time Sequence Modeling with Selective State Spaces",
              "arXiv:2312.00752", "https://arxiv.org/abs/2312.00752", "misc"},
    Reference{"dao2024", "Dao & Gu 2024", "Tri Dao and Albert Gu", "2024",
              "Transformers are SSMs: Generalized Models and Efficient Algorithms Through "
              "Structured State Space Duality",
              "ICML 2024; arXiv:2405.21060", "https://arxiv.org/abs/2405.21060", "misc"},
    Reference{"yang2025", "Yang et al. 2025", "Songlin Yang and Jan Kautz and Ali Hatamizadeh",
              "2025", "Gated Delta Networks: Improving Mamba2 with Delta Rule",
              "ICLR 2025; arXiv:2412.06464", "https://arxiv.org/abs/2412.06464", "misc"},
    Reference{"beltagy2020", "Beltagy et al. 2020",
              "Iz Beltagy and Matthew E. Peters and Arman Cohan", "2020",
              "Longformer: The Long-Document Transformer", "arXiv:2004.05150",
              "https://arxiv.org/abs/2004.05150", "misc"},
    Reference{"jiang2023", "Jiang et al. 2023",
              "Albert Q. Jiang and Alexandre Sablayrolles and Arthur Mensch and others", "2023",
              "Mistral 7B", "arXiv:2310.06825", "https://arxiv.org/abs/2310.06825", "misc"},
    Reference{"gemma2025", "Gemma Team 2025", "{Gemma Team}", "2025", "Gemma 3 Technical Report",
              "arXiv:2503.19786", "https://arxiv.org/abs/2503.19786", "misc"},
    Reference{"su2021", "Su et al. 2021",
              "Jianlin Su and Yu Lu and Shengfeng Pan and Ahmed Murtadha and Bo Wen and "
              "Yunfeng Liu",
              "2021", "RoFormer: Enhanced Transformer with Rotary Position Embedding",
              "arXiv:2104.09864", "https://arxiv.org/abs/2104.09864", "misc"},
    Reference{"amodei2015", "Amodei et al. 2015",
              "Dario Amodei and Rishita Anubhai and Eric Battenberg and others", "2015",
              "Deep Speech 2: End-to-End Speech Recognition in English and Mandarin",
              "arXiv:1512.02595", "https://arxiv.org/abs/1512.02595", "misc"},
    Reference{"steele2014", "Lea & Flood 2014",
              "Guy L. Steele Jr. and Doug Lea and Christine H. Flood", "2014",
              "Fast Splittable Pseudorandom Number Generators", "OOPSLA 2014",
              "https://doi.org/10.1145/2660193.2660195", "misc"},
    Reference{"pdg2024", "Navas et al. 2024", "S. Navas and others (Particle Data Group)", "2024",
              "Review of Particle Physics", "Physical Review D 110, 030001 (2024)",
              "https://doi.org/10.1103/PhysRevD.110.030001", "misc"},
    Reference{"epoch2024hardware", "Epoch AI, Machine Learning Hardware", "{Epoch AI}", "2024",
              "Data on Machine Learning Hardware", "dataset, CC BY 4.0",
              "https://epoch.ai/data/machine-learning-hardware", "misc"},
    Reference{"epoch2026models", "Epoch AI, Notable AI Models", "{Epoch AI}", "2026",
              "Data on Notable AI Models", "dataset, snapshot of 2 May 2026, CC BY 4.0",
              "https://epoch.ai/data/ai-models", "misc"},
    Reference{"euaiact2024", "EU AI Act", "{European Parliament and Council of the European Union}",
              "2024", "Regulation (EU) 2024/1689 (Artificial Intelligence Act), Article 51",
              "Official Journal of the European Union, 12 July 2024",
              "https://eur-lex.europa.eu/eli/reg/2024/1689/oj", "misc"},
};

// Where `text` first cites `r` ("Kaplan et al. 2020" or "Kaplan et al. (2020)"),
// or npos.
size_t FirstCitation(std::string_view text, const Reference& r) {
  size_t at = text.find(r.short_form);
  std::string parenthesised(r.short_form);
  size_t year_at = parenthesised.rfind(' ');
  if (year_at != std::string::npos && r.short_form.ends_with(r.year)) {
    parenthesised = parenthesised.substr(0, year_at) + " (" + std::string(r.year) + ")";
    at = std::min(at, text.find(parenthesised));
  }
  return at;
}

// "Jaime Sevilla and Lennart Heim" -> "Sevilla, J." for the first author.
std::string FirstAuthor(std::string_view authors) {
  std::string_view first = authors.substr(0, authors.find(" and "));
  if (first.starts_with('{')) return std::string(first.substr(1, first.size() - 2));
  size_t space = first.rfind(' ');
  if (space == std::string_view::npos) return std::string(first);
  return std::string(first.substr(space + 1)) + ", " + std::string(first.substr(0, 1)) + ".";
}

}  // namespace

std::span<const Reference> References() { return kReferences; }

const Reference* FindReference(std::string_view key) {
  for (const Reference& r : kReferences) {
    if (r.key == key) return &r;
  }
  return nullptr;
}

std::vector<std::string> CitedKeys(std::string_view text) {
  std::vector<std::pair<size_t, std::string>> found;
  for (const Reference& r : kReferences) {
    size_t at = FirstCitation(text, r);
    if (at != std::string_view::npos) found.emplace_back(at, std::string(r.key));
  }
  std::sort(found.begin(), found.end());
  std::vector<std::string> keys;
  for (auto& [at, key] : found) keys.push_back(std::move(key));
  return keys;
}

std::string PrimaryKey(std::string_view text) {
  std::vector<std::string> keys = CitedKeys(text);
  return keys.empty() ? std::string() : keys.front();
}

std::string FormatReference(const Reference& r) {
  bool several = r.authors.find(" and ") != std::string_view::npos;
  return FirstAuthor(r.authors) + (several ? " et al." : "") + " (" + std::string(r.year) + "). " +
         std::string(r.title) + ". " + std::string(r.published) + ". " + std::string(r.url);
}

std::string BibTeX(const Reference& r) {
  return "@" + std::string(r.bibtex_type) + "{" + std::string(r.key) + ",\n" + "  author = {" +
         std::string(r.authors) + "},\n" + "  title = {" + std::string(r.title) + "},\n" +
         "  year = {" + std::string(r.year) + "},\n" + "  howpublished = {" +
         std::string(r.published) + "},\n" + "  url = {" + std::string(r.url) + "}\n}\n";
}

}  // namespace trainflops
