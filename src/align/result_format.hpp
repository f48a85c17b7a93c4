// The output formats of `warpgraph align`, one line per reported pair:
//   tsv     query id, target id, score; with an alignment also identity, alignment length,
//           CIGAR and the 1-based inclusive query start, end, target start, end;
//   sam     SAM (header: @HD, one @SQ per target, @PG), the query as the read, =/X CIGAR
//           with soft clips for unaligned query ends, 1-based POS on the target;
//   paf     PAF's 12 columns (0-based, end excluded) plus AS and cg:Z (the CIGAR);
//   blast6  BLAST tabular (outfmt 6); evalue is NA and bitscore the raw score, since no
//           statistics are computed.
// An empty alignment (local, no cell above 0) is a SAM unmapped record and zero-length
// coordinates elsewhere. README.md gives every column.
#pragma once

#include <fmt/format.h>

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "src/align/alphabet.hpp"
#include "src/align/fasta.hpp"

namespace wg::align {

enum class OutputFormat { tsv, sam, paf, blast6 };

OutputFormat parse_output_format(const std::string& name);  // tsv, sam, paf, blast6
// sam, paf and blast6 describe an alignment: they imply --traceback.
bool needs_alignment(OutputFormat format);

// One pair's result as the formats see it.
struct ResultRecord {
  const Sequence* query = nullptr;
  const Sequence* target = nullptr;
  std::int32_t score = 0;                 // scaled (ScoringScheme::scale)
  std::optional<std::string_view> cigar;  // none: score only
  const std::uint32_t* region = nullptr;  // with the CIGAR: query begin, end, target begin,
                                          // end (0-based, end excluded)
  bool secondary = false;                 // --top: not the query's best (SAM flag 256)
};

class ResultFormat {
 public:
  ResultFormat(OutputFormat format, Alphabet alphabet, std::int32_t scale);

  OutputFormat format() const { return format_; }
  // Lines before the results: SAM's header (targets named once each; two targets of one
  // name with different lengths are refused), nothing for the others.
  std::string header(const std::vector<Sequence>& targets) const;
  // Appends the record's line, with its newline.
  void append(fmt::memory_buffer& out, const ResultRecord& record) const;
  // Whether a line written by append() belongs to the given pair (--resume's check).
  bool line_is_pair(std::string_view line, const std::string& query_id,
                    const std::string& target_id) const;

 private:
  // The longest score text: a sign, ten digits, a point and two decimals.
  static constexpr std::size_t kScoreChars = 16;
  // Writes the score (EMBOSS style) at `to`, at most kScoreChars, and returns its end.
  char* write_score(char* to, std::int32_t scaled) const;
  void append_score(fmt::memory_buffer& out, std::int32_t scaled) const;
  void append_tsv_score_line(fmt::memory_buffer& out, std::string_view query_id,
                             std::string_view target_id, std::int32_t scaled) const;

  OutputFormat format_;
  // Residue code -> letter, for SAM's SEQ: the alphabet's letters, then '?' (codes are
  // below 32: two 16-entry halves that byte shuffles look up).
  std::array<char, 32> letters_;
  std::int32_t scale_;
};

}  // namespace wg::align
