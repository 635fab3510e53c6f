// The words of free-text notes as notes_hardware.cc reads them (internal to
// src/batch): tokens, numbers written in digits or words, and the classes of
// words a phrase about chips and time is made of.
#ifndef TRAINFLOPS_SRC_BATCH_NOTES_WORDS_H_
#define TRAINFLOPS_SRC_BATCH_NOTES_WORDS_H_

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace trainflops::batch::notes {

struct Token {
  std::string_view raw;
  std::string word;          // lower case, without surrounding punctuation
  bool ends_clause = false;  // followed by , ; : . ! ? or a closing bracket
};

// Split at white space; `word` loses leading ( " ' [ and trailing punctuation.
std::vector<Token> Tokenize(std::string_view text);

// The number starting at token i: digits ("2,560", "20.1k", "6.4m", "~300")
// or a word ("single", "eight", "thirty-two"), times a "thousand", "million"
// or "billion" after it. `last` is the last token it used. Bounds ("<0.5k"),
// ranges ("100-200") and other text are not numbers.
std::optional<double> NumberAt(const std::vector<Token>& t, size_t i, size_t& last);
bool IsPlainNumber(std::string_view word);

// Hours in one unit of time, as ParseDuration reads it (duration.h: "hours",
// "days", "weeks", "months" and "years" by its calendar convention,
// "minutes", "seconds", "hrs", "wk", ...); of single letters only "h".
std::optional<double> HoursPerUnit(std::string_view word);
// Some word of `quote` is a month or a year, whose length is a convention.
bool UsesCalendarUnit(std::string_view quote);

// "node", "servers", "pods": what holds several chips.
bool IsGroupOfChips(std::string_view word);
// "gpus", "tpu", "chips", "accelerators".
bool IsAcceleratorWord(std::string_view word);
bool IsCoreWord(std::string_view word);
// A chip word, a core word or a chip model ("v100", "tpu-v3", "a6000").
bool NamesChips(std::string_view word);
// A word of a chip's description: a chip word or model, a maker ("nvidia",
// "google", "cloud"), a product line, a memory size ("16gb", "80g").
bool DescribesChips(std::string_view word);
// A product line whose models are numbers: "gtx" 580, "rtx" 8000, "quadro".
bool IsModelFamily(std::string_view word);
// A word that ends a phrase about chips: it joins another quantity or clause
// ("of", "per", "using", "FLOP", "/", "nodes", "CPU").
bool IsStop(std::string_view word);
// "10x", "3 times": a multiple.
bool IsMultiple(std::string_view word);
// A unit of work a time can be counted per: "epoch", "step", "iteration".
bool IsUnitOfWork(std::string_view word);

bool EndsSentence(const Token& t);

// The raw text of tokens first..last, without the punctuation around it.
std::string Quote(const std::vector<Token>& t, size_t first, size_t last);

}  // namespace trainflops::batch::notes

#endif  // TRAINFLOPS_SRC_BATCH_NOTES_WORDS_H_
