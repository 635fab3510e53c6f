// Active parameters of mixture-of-experts models, from the name and notes.
#include "active_parameters.h"

#include <cctype>
#include <cstdlib>
#include <regex>

#include "core/text.h"

namespace trainflops::batch {
namespace {

double Scale(std::string_view unit) { return unit[0] == 'b' ? 1e9 : 1e6; }

// Digits with an optional decimal point; never throws (too many digits give
// infinity, which no count or share accepts).
double ReadNumber(const std::string& digits) { return std::strtod(digits.c_str(), nullptr); }

// std::regex matches recursively in libstdc++: notes are searched up to this
// many characters (Epoch's run to a few thousand), so a hostile cell cannot
// exhaust the stack.
constexpr size_t kMaxNotesSearched = 4096;

bool IsAlnum(char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0; }

// "A22B" after '-', '_', ' ' or at the start, and followed by no letter or
// digit: the active count in Qwen-style names ("235B-A22B").
std::optional<double> FromName(std::string_view name, std::string& evidence) {
  for (size_t i = 0; i + 2 < name.size(); ++i) {
    if (name[i] != 'A' || !std::isdigit(static_cast<unsigned char>(name[i + 1])) ||
        (i > 0 && name[i - 1] != '-' && name[i - 1] != '_' && name[i - 1] != ' '))
      continue;
    size_t end = i + 1;
    while (end < name.size() &&
           (std::isdigit(static_cast<unsigned char>(name[end])) || name[end] == '.'))
      ++end;
    if (end == i + 1 || end >= name.size() || (name[end] != 'B' && name[end] != 'M')) continue;
    if (end + 1 < name.size() && IsAlnum(name[end + 1])) continue;
    const std::string number(name.substr(i + 1, end - i - 1));
    evidence = "name '" + std::string(name.substr(i, end + 1 - i)) + "'";
    return ReadNumber(number) * (name[end] == 'B' ? 1e9 : 1e6);
  }
  return std::nullopt;
}

struct Pattern {
  std::regex re;
  bool share;  // the first group is a percentage of the total
};

const std::vector<Pattern>& NotePatterns() {
  constexpr auto kFlags = std::regex::icase | std::regex::ECMAScript | std::regex::optimize;
  static const std::vector<Pattern> patterns = {
      // "37B activated", "17 billion active parameters", "36B parameters active"
      {std::regex(R"((\d+(?:\.\d+)?)\s*(b|billion|m|million)\b[\s-]*(?:parameters?[\s-]+)?)"
                  R"((?:are\s+)?activ\w*)",
                  kFlags),
       false},
      // "Active parameters: 10B", "active parameters - 47B"
      {std::regex(R"(activ\w*\s+param\w*\s*[:=\-]?\s*(\d+(?:\.\d+)?)\s*(b|billion|m|million)\b)",
                  kFlags),
       false},
      // "25% of the weights active"
      {std::regex(
           R"((\d+(?:\.\d+)?)\s*%\s+of\s+(?:the\s+)?(?:weights|parameters)\s+(?:are\s+)?activ\w*)",
           kFlags),
       true},
      // "equivalent to a 32B dense model", "similar to that of a 3.3B dense model"
      {std::regex(
           R"((\d+(?:\.\d+)?)\s*(b|billion|m|million)[\s-]*(?:parameters?[\s-]+)?dense\s+model)",
           kFlags),
       false},
  };
  return patterns;
}

const std::regex& MoeWords() {
  static const std::regex re(R"(\bmoe\b|mixture[\s-]+of[\s-]+experts|\bexperts\b)",
                             std::regex::icase | std::regex::ECMAScript | std::regex::optimize);
  return re;
}

bool Contains(const std::string& lower, std::string_view word) {
  return lower.find(word) != std::string::npos;
}

}  // namespace

ActiveParameters FindActiveParameters(std::string_view name, std::string_view notes) {
  ActiveParameters out;
  const std::string lower_name = ToLower(name), lower_notes = ToLower(notes);
  // Cheap tests first: a million rows pass through here.
  const bool maybe_moe = Contains(lower_name, "moe") || Contains(lower_name, "expert") ||
                         Contains(lower_notes, "moe") || Contains(lower_notes, "expert");
  if (maybe_moe) {
    out.moe = std::regex_search(lower_name.substr(0, kMaxNotesSearched), MoeWords()) ||
              std::regex_search(lower_notes.substr(0, kMaxNotesSearched), MoeWords());
  }
  if (std::optional<double> n = FromName(name, out.evidence)) {
    out.count = n;
    out.moe = true;
    return out;
  }
  if (!Contains(lower_notes, "activ") && !Contains(lower_notes, "dense")) return out;
  const std::string text(notes.substr(0, kMaxNotesSearched));
  // Every match of every pattern: notes that give both counts ("total
  // parameters - 424B active parameters - 47B") can match the total too, and
  // the active count is the smaller.
  std::string share_evidence;
  for (const Pattern& p : NotePatterns()) {
    for (auto it = std::sregex_iterator(text.begin(), text.end(), p.re);
         it != std::sregex_iterator(); ++it) {
      const std::smatch& m = *it;
      const std::string evidence = "Parameters notes '" + m.str(0) + "'";
      if (p.share) {
        if (!out.share) out.share = ReadNumber(m.str(1)) / 100;
        if (share_evidence.empty()) share_evidence = evidence;
        continue;
      }
      const double count = ReadNumber(m.str(1)) * Scale(ToLower(m.str(2)));
      if (out.count && *out.count <= count) continue;
      out.count = count;
      out.evidence = evidence;
    }
  }
  if (out.count) {
    out.share.reset();  // a count says more than a share
  } else if (out.share) {
    out.evidence = share_evidence;
  }
  out.moe = out.moe || out.count || out.share;
  return out;
}

}  // namespace trainflops::batch
