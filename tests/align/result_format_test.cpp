// SAM lines' SEQ column, decoded 32 codes at a time where the CPU can: every letter of
// both alphabets, at every length from empty to past several vector widths (the tail
// after the last full vector included), against the alphabet's letters looked up one by
// one.
#include "src/align/result_format.hpp"

#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "src/align/alphabet.hpp"

namespace wg::align {
namespace {

// The SEQ column (tenth) of a line.
std::string seq_column(const fmt::memory_buffer& line) {
  const std::string text(line.data(), line.size());
  std::size_t at = 0;
  for (int column = 0; column < 9; ++column) at = text.find('\t', at) + 1;
  return text.substr(at, text.find('\t', at) - at);
}

TEST(AlignResultFormat, SamSequenceColumnHasTheQueryLetters) {
  std::mt19937 rng(11);
  for (const Alphabet alphabet : {Alphabet::dna, Alphabet::protein}) {
    const std::string_view letters = alphabet_letters(alphabet);
    const ResultFormat format(OutputFormat::sam, alphabet, 1);
    std::uniform_int_distribution<int> code(0, static_cast<int>(letters.size()) - 1);
    Sequence target{"t", std::vector<std::uint8_t>(4, 0)};
    const std::string cigar = "4=";
    for (std::size_t length = 4; length <= 140; ++length) {
      Sequence query{"q", {}};
      std::string expected;
      for (std::size_t k = 0; k < length; ++k) {
        // Every letter appears once in the first sequences long enough, then at random.
        const auto c = static_cast<std::uint8_t>(k < letters.size() ? k : code(rng));
        query.codes.push_back(c);
        expected.push_back(letters[c]);
      }
      const std::uint32_t region[4] = {0, 4, 0, 4};
      ResultRecord record;
      record.query = &query;
      record.target = &target;
      record.score = 4;
      record.cigar = cigar;
      record.region = region;
      fmt::memory_buffer line;
      format.append(line, record);
      ASSERT_EQ(seq_column(line), expected) << alphabet_name(alphabet) << " length " << length;
    }
  }
}

}  // namespace
}  // namespace wg::align
