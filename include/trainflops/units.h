// Units and quantities: parsing and printing numbers such as "1.2M",
// "300B", "3.5e12", "2.5 GMAC" or "22 pfs-days", and the FLOP conventions.
//
// Conventions (Sevilla et al. 2022, "Units" box; Amodei & Hernandez 2018, appendix):
//  - FLOP is the default unit of compute.
//  - One multiply-add (MAC, FMA) counts as 2 FLOP, as GPU peak figures do.
//  - One petaflop/s-day = 1e15 FLOP/s x 86,400 s = 8.64e19 FLOP exactly.
//    (Seed 002 says "about 1e20 FLOP"; that is a rounding.)
#ifndef TRAINFLOPS_UNITS_H_
#define TRAINFLOPS_UNITS_H_

#include <string>
#include <string_view>

#include "trainflops/status.h"

namespace trainflops {

inline constexpr double kFlopPerMultiplyAdd = 2.0;
inline constexpr double kSecondsPerDay = 86400.0;
inline constexpr double kFlopPerPetaflopSDay = 1e15 * kSecondsPerDay;  // 8.64e19

enum class ComputeUnit {
  kFlop,          // floating-point operations
  kMultiplyAdd,   // multiply-accumulate; 1 MAC = 2 FLOP
  kPetaflopSDay,  // 8.64e19 FLOP
};

// Canonical printed name: "FLOP", "multiply-adds", "pfs-days".
std::string_view UnitName(ComputeUnit unit);
// How many FLOP one of `unit` is.
double FlopPerUnit(ComputeUnit unit);
// Accepts "flop", "flops", "mac", "macs", "multiply-add(s)", "multadd", "fma",
// "pfs-day(s)", "pf-day(s)", "petaflop/s-day(s)" (case-insensitive). Unknown
// names get an error that lists the accepted ones and a "did you mean".
Result<ComputeUnit> ParseComputeUnit(std::string_view text);

// Parses a plain count with an optional SI suffix: "12", "1.2M", "300B",
// "3.5e12", "2.5k", "1,000,000", "7.5G", "1.5T". Suffixes: k/K=1e3, M=1e6,
// B/G=1e9, T=1e12, P=1e15, E=1e18, Z=1e21, Y=1e24 (lower-case "m" is refused
// as ambiguous with milli). Rejects empty text, NaN, infinities, trailing junk
// and values that overflow a double; the error quotes the text.
Result<double> ParseNumber(std::string_view text);

// Length of the number at the start of `text` (sign, digits with commas,
// fraction, exponent), 0 when there are no digits: what follows is a suffix
// or unit. "2E FLOP" scans 1 ("E" is the exa prefix, not an exponent).
size_t NumberPrefixLength(std::string_view text);

// ParseNumber, then requires value > 0 (used for sizes, epochs, counts).
Result<double> ParsePositive(std::string_view text);

// Parses an amount of compute with an optional unit after the number,
// returning FLOP: "3.1e23", "3.1e23 FLOP", "2.5 GMAC" (= 5e9 FLOP),
// "0.38G multiply-adds", "22 pfs-days". A bare number is FLOP. The amount
// must be greater than zero.
Result<double> ParseCompute(std::string_view text);

// Formats a count with 4 significant digits and an SI suffix when it is
// at least 1e3: 1234 -> "1,234", 1.2e6 -> "1.2M", 3.0e11 -> "300B",
// 7.86432e18 -> "7.864e18" (beyond 1e15 scientific notation is clearer).
std::string FormatCount(double value);

// Scientific notation with `digits` significant digits: 7.86432e18 ->
// "7.864e18" (digits=4). Values below 1e4 in magnitude print plainly
// ("5120", "0.5").
std::string FormatScientific(double value, int digits = 4);

// An amount of FLOP with its unit, e.g. "7.864e18 FLOP". With
// `unit` != kFlop, converts: FormatCompute(5120, kMultiplyAdd) ->
// "2560 multiply-adds".
std::string FormatCompute(double flop, ComputeUnit unit = ComputeUnit::kFlop, int digits = 4);

}  // namespace trainflops

#endif  // TRAINFLOPS_UNITS_H_
