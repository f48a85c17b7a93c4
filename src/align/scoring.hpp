// Scoring schemes: match/mismatch or a substitution matrix (built-in BLOSUM62 and
// EDNAFULL, or an NCBI-format file), affine gap penalties, and the alignment mode: global
// (end gaps charged or all free), semi-global (a chosen set of free end gaps) or local.
// Every value is turned into a fixed-point integer with one common scale (1, 2, 10 ...)
// so that decimal penalties such as 10 and 0.5 score exactly.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "kernels/align/nw_types.hpp"
#include "src/align/alphabet.hpp"

namespace wg::align {

struct ScoringOptions {
  std::string matrix;           // name or file; empty: match/mismatch or the default
  std::optional<double> match;  // with mismatch: score of equal / different letters
  std::optional<double> mismatch;
  double gap_open = 10.0;       // cost of a gap's first residue
  double gap_extend = 0.5;      // cost of each further residue
  bool end_gaps_free = false;   // global: every end gap free (EMBOSS needle's default)
  std::string mode = "global";  // global, semi-global, local
  std::string free_ends;        // semi-global: e.g. "qb,de"; empty: all four
};

// FreeEnd bits of a --free-ends list of qb, qe, db, de (query/database begin/end, as
// parasail's sg_qb/qe/db/de); "all" or "" gives all four.
std::uint8_t parse_free_ends(const std::string& list);
// The list back, in qb,qe,db,de order.
std::string free_ends_name(std::uint8_t free_ends);

struct ScoringScheme {
  kernels::align::KernelScoring kernel;
  std::int32_t scale = 1;     // kernel scores are user scores x scale
  std::vector<bool> allowed;  // per residue code: does the scheme score it
  std::string description;    // for logs and reports
};

ScoringScheme make_scoring(const ScoringOptions& options, Alphabet alphabet);

// Fails unless every score of a pair whose two sequences hold `longest_pair` residues in
// all fits the kernels' 32-bit arithmetic (no wider path exists), naming the bound.
void check_score_range(const ScoringScheme& scheme, std::uint64_t longest_pair);

// A substitution matrix as read from NCBI's text format.
struct SubstitutionMatrix {
  std::string letters;                 // column (and row) letters
  std::vector<std::vector<int>> rows;  // rows[r][c], by position in `letters`
};
SubstitutionMatrix parse_matrix(const std::string& text, const std::string& origin);

// Built-in matrix text by name (BLOSUM62, EDNAFULL), or nullptr.
const char* builtin_matrix(const std::string& name);

// The user's score for a scaled kernel score, written like EMBOSS: 1286, 112.5, -2623.
std::string format_score(std::int32_t scaled, std::int32_t scale);

}  // namespace wg::align
