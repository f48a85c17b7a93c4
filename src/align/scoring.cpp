#include "src/align/scoring.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <sstream>

#include "src/common/error.hpp"

namespace wg::align {
namespace {

std::string read_text_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in)
    fail("--matrix: '{}' is neither a built-in matrix (BLOSUM62, EDNAFULL) nor a readable file",
         path);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// Smallest scale (dividing 100) that makes every value an integer.
std::int32_t common_scale(const std::vector<std::pair<std::string, double>>& values) {
  for (const std::int32_t scale : {1, 2, 4, 5, 10, 20, 25, 50, 100}) {
    bool whole = true;
    for (const auto& [name, v] : values) {
      const double scaled = v * scale;
      if (std::fabs(scaled - std::round(scaled)) > 1e-6) whole = false;
    }
    if (whole) return scale;
  }
  for (const auto& [name, v] : values) {
    const double scaled = v * 100;
    if (std::fabs(scaled - std::round(scaled)) > 1e-6)
      fail("{} {}: at most two decimals are supported", name, v);
  }
  return 100;
}

// Scores are 32-bit integers in every kernel, with kMinusInfinity (-2^29) standing for
// "unreachable"; a real score must stay well inside it.
constexpr double kScoreLimit = double{1 << 28};

std::int32_t to_fixed(const std::string& name, double value, std::int32_t scale) {
  const double scaled = value * scale;
  if (!(std::fabs(scaled) < kScoreLimit))
    fail(
        "{} {}: too large: scores are 32-bit integers, so a value may not exceed {} in "
        "magnitude",
        name, value, kScoreLimit / scale);
  return static_cast<std::int32_t>(std::lround(scaled));
}

// --free-ends names, in the order free_ends_name writes them.
constexpr std::pair<const char*, std::uint8_t> kFreeEndNames[] = {
    {"qb", kernels::align::kFreeQueryBegin},
    {"qe", kernels::align::kFreeQueryEnd},
    {"db", kernels::align::kFreeTargetBegin},
    {"de", kernels::align::kFreeTargetEnd}};
}  // namespace

std::uint8_t parse_free_ends(const std::string& list) {
  if (list.empty() || list == "all") return kernels::align::kFreeAllEnds;
  std::uint8_t bits = 0;
  std::size_t at = 0;
  while (at <= list.size()) {
    const std::size_t comma = std::min(list.find(',', at), list.size());
    const std::string word = list.substr(at, comma - at);
    bool known = false;
    for (const auto& [name, bit] : kFreeEndNames)
      if (word == name) {
        bits |= bit;
        known = true;
      }
    if (!known)
      fail("--free-ends {}: '{}' is not one of qb, qe, db, de (query/database begin/end)", list,
           word);
    at = comma + 1;
  }
  return bits;
}

std::string free_ends_name(std::uint8_t free_ends) {
  std::string names;
  for (const auto& [name, bit] : kFreeEndNames)
    if (free_ends & bit) names += (names.empty() ? "" : ",") + std::string(name);
  return names.empty() ? "none" : names;
}

SubstitutionMatrix parse_matrix(const std::string& text, const std::string& origin) {
  SubstitutionMatrix matrix;
  std::istringstream in(text);
  std::string line;
  std::size_t line_number = 0;
  while (std::getline(in, line)) {
    ++line_number;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    const auto first = line.find_first_not_of(" \t");
    if (first == std::string::npos || line[first] == '#') continue;
    std::istringstream words(line);
    if (matrix.letters.empty()) {
      std::string word;
      while (words >> word) {
        if (word.size() != 1 || !std::isgraph(static_cast<unsigned char>(word[0])))
          fail("{}: line {}: malformed matrix header: expected single letters, found '{}'", origin,
               line_number, word);
        matrix.letters += static_cast<char>(std::toupper(static_cast<unsigned char>(word[0])));
      }
      continue;
    }
    std::string row_letter;
    words >> row_letter;
    const char letter = static_cast<char>(std::toupper(static_cast<unsigned char>(row_letter[0])));
    if (row_letter.size() != 1 || matrix.rows.size() >= matrix.letters.size() ||
        matrix.letters[matrix.rows.size()] != letter)
      fail("{}: line {}: malformed matrix: expected row '{}', found '{}'", origin, line_number,
           matrix.rows.size() < matrix.letters.size() ? matrix.letters[matrix.rows.size()] : '?',
           row_letter);
    std::vector<int> row;
    std::string word;
    while (words >> word) {
      std::size_t used = 0;
      int value = 0;
      try {
        value = std::stoi(word, &used);
      } catch (const std::exception&) {
        used = 0;
      }
      if (used != word.size())
        fail("{}: line {}: malformed matrix: '{}' is not an integer score", origin, line_number,
             word);
      row.push_back(value);
    }
    if (row.size() != matrix.letters.size())
      fail("{}: line {}: malformed matrix: row '{}' has {} scores, the header has {} letters",
           origin, line_number, letter, row.size(), matrix.letters.size());
    matrix.rows.push_back(std::move(row));
  }
  if (matrix.letters.empty()) fail("{}: malformed matrix: no header line of letters", origin);
  if (matrix.rows.size() != matrix.letters.size())
    fail("{}: malformed matrix: {} rows for {} letters", origin, matrix.rows.size(),
         matrix.letters.size());
  return matrix;
}

ScoringScheme make_scoring(const ScoringOptions& options, Alphabet alphabet) {
  WG_REQUIRE(options.match.has_value() == options.mismatch.has_value(),
             "--match and --mismatch go together");
  WG_REQUIRE(!(options.match && !options.matrix.empty()),
             "--matrix cannot be combined with --match/--mismatch");
  WG_REQUIRE(options.gap_open >= 0 && options.gap_extend >= 0,
             "--gap-open and --gap-extend are penalties: give them as positive numbers");
  std::vector<std::pair<std::string, double>> values{{"--gap-open", options.gap_open},
                                                     {"--gap-extend", options.gap_extend}};
  if (options.match) {
    values.emplace_back("--match", *options.match);
    values.emplace_back("--mismatch", *options.mismatch);
  }
  for (const auto& [name, value] : values)
    WG_REQUIRE(std::isfinite(value), "{} {}: not a finite number", name, value);
  ScoringScheme scheme;
  scheme.scale = common_scale(values);
  kernels::align::KernelScoring& k = scheme.kernel;
  k.gap_open = to_fixed("--gap-open", options.gap_open, scheme.scale);
  k.gap_extend = to_fixed("--gap-extend", options.gap_extend, scheme.scale);
  if (options.mode == "local") {
    WG_REQUIRE(!options.end_gaps_free,
               "--end-gaps free is for --mode global; local alignments "
               "have no end gaps");
    WG_REQUIRE(options.free_ends.empty(), "--free-ends is for --mode semi-global");
    k.local = true;
    k.free_ends = kernels::align::kFreeAllEnds;
  } else if (options.mode == "semi-global") {
    WG_REQUIRE(!options.end_gaps_free,
               "--end-gaps free is for --mode global; semi-global takes --free-ends");
    k.free_ends = parse_free_ends(options.free_ends);
  } else {
    WG_REQUIRE(options.mode == "global", "--mode {}: expected global, semi-global or local",
               options.mode);
    WG_REQUIRE(options.free_ends.empty(), "--free-ends is for --mode semi-global");
    k.free_ends = options.end_gaps_free ? kernels::align::kFreeAllEnds : 0;
  }
  const auto letters = alphabet_letters(alphabet);
  scheme.allowed.assign(kernels::align::kAlphabetSlots, false);
  k.letters = static_cast<std::uint8_t>(letters.size());

  if (options.match) {
    k.uniform = true;
    k.match = to_fixed("--match", *options.match, scheme.scale);
    k.mismatch = to_fixed("--mismatch", *options.mismatch, scheme.scale);
    for (int a = 0; a < kernels::align::kAlphabetSlots; ++a)
      for (int b = 0; b < kernels::align::kAlphabetSlots; ++b)
        k.table[a * kernels::align::kAlphabetSlots + b] = a == b ? k.match : k.mismatch;
    for (std::size_t c = 0; c < letters.size(); ++c) scheme.allowed[c] = true;
    scheme.description = fmt::format("match {} mismatch {}", *options.match, *options.mismatch);
  } else {
    std::string name = options.matrix;
    if (name.empty()) name = alphabet == Alphabet::dna ? "EDNAFULL" : "BLOSUM62";
    const char* text = builtin_matrix(name);
    const SubstitutionMatrix matrix =
        text ? parse_matrix(text, name) : parse_matrix(read_text_file(name), name);
    for (std::size_t r = 0; r < matrix.letters.size(); ++r) {
      const std::int8_t a = residue_code(alphabet, matrix.letters[r]);
      if (a == kNoCode) continue;
      for (std::size_t c = 0; c < matrix.letters.size(); ++c) {
        const std::int8_t b = residue_code(alphabet, matrix.letters[c]);
        if (b == kNoCode) continue;
        k.table[a * kernels::align::kAlphabetSlots + b] =
            to_fixed(fmt::format("{}: score of {}/{}", name, matrix.letters[r], matrix.letters[c]),
                     matrix.rows[r][c], scheme.scale);
        scheme.allowed[static_cast<std::size_t>(a)] = true;
      }
    }
    scheme.description = "matrix " + name;
  }
  scheme.description +=
      fmt::format(", gap open {} extend {}, ", options.gap_open, options.gap_extend);
  if (k.local)
    scheme.description += "local";
  else if (options.mode == "semi-global")
    scheme.description += "semi-global, free ends " + free_ends_name(k.free_ends);
  else
    scheme.description += fmt::format("global, end gaps {}", k.free_ends ? "free" : "penalised");
  return scheme;
}

void check_score_range(const ScoringScheme& scheme, std::uint64_t longest_pair) {
  const kernels::align::KernelScoring& k = scheme.kernel;
  // Every column of an alignment adds one substitution score or one gap cost, and an
  // alignment has at most longest_pair columns.
  std::int64_t column = std::max<std::int64_t>(k.gap_open, k.gap_extend);
  for (int a = 0; a < kernels::align::kAlphabetSlots; ++a)
    for (int b = 0; b < kernels::align::kAlphabetSlots; ++b)
      if (scheme.allowed[static_cast<std::size_t>(a)] &&
          scheme.allowed[static_cast<std::size_t>(b)])
        column = std::max<std::int64_t>(
            column, std::llabs(k.table[a * kernels::align::kAlphabetSlots + b]));
  const double bound = static_cast<double>(column) * static_cast<double>(longest_pair);
  if (bound >= kScoreLimit)
    fail(
        "scores may reach {:.0f} (a pair of {} residues in all at up to {} per column) but "
        "the aligners compute in 32 bits with a limit of {:.0f}: use smaller scores or "
        "shorter sequences",
        bound / scheme.scale, longest_pair, static_cast<double>(column) / scheme.scale,
        kScoreLimit / scheme.scale);
}

std::string format_score(std::int32_t scaled, std::int32_t scale) {
  if (scaled % scale == 0) return std::to_string(scaled / scale);
  const std::int64_t hundredths = std::int64_t{scaled} * (100 / scale);
  const std::int64_t magnitude = hundredths < 0 ? -hundredths : hundredths;
  std::string text =
      fmt::format("{}{}.{:02d}", hundredths < 0 ? "-" : "", magnitude / 100, magnitude % 100);
  if (text.back() == '0') text.pop_back();
  return text;
}

}  // namespace wg::align
