// CIGAR strings of a batch built from traceback operations emitted back to front, as the
// GPU aligner hands them over: every pair's string in one table, written by several
// threads, in the order of the pairs' chunk rather than the batch's, after the strings of
// an earlier chunk. Against each pair's string built run by run here; and the table
// through the results message's archive.
#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>
#include <random>
#include <string>
#include <vector>

#include "comm/align/archive.hpp"
#include "comm/align/messages.hpp"
#include "kernels/align/aligner.hpp"
#include "src/common/string_table.hpp"

namespace wg::kernels::align {
namespace {

// The CIGAR of operations given back to front: runs read from the last operation.
std::string expected_cigar(const std::string& reversed_ops) {
  std::string forward(reversed_ops.rbegin(), reversed_ops.rend());
  std::string cigar;
  for (std::size_t at = 0; at < forward.size();) {
    std::size_t end = at;
    while (end < forward.size() && forward[end] == forward[at]) ++end;
    cigar += std::to_string(end - at) + forward[at];
    at = end;
  }
  return cigar;
}

TEST(AlignCigarText, BatchTableHoldsEveryPairsCigar) {
  std::mt19937 rng(11);
  constexpr std::size_t kPairs = 700;
  // Runs of 1 to 1,200 operations, so that run lengths take one to four digits.
  std::vector<std::string> ops(kPairs);
  for (std::string& pair_ops : ops) {
    const std::size_t runs = rng() % 40;
    for (std::size_t r = 0; r < runs; ++r) {
      const std::size_t length = rng() % 4 == 0 ? 1 + rng() % 1200 : 1 + rng() % 12;
      pair_ops += std::string(length, "=XID"[rng() % 4]);
    }
  }
  std::vector<std::uint32_t> pairs(kPairs);
  std::iota(pairs.begin(), pairs.end(), 0u);
  std::shuffle(pairs.begin(), pairs.end(), rng);

  StringTable table;
  table.reset(kPairs + 1);
  table.set(kPairs, "text of an earlier chunk");
  // Two chunks, each with its operations in one buffer, in its own pair order, and an empty
  // one between them (a GPU stream with nothing in flight).
  for (const auto& [from, to] :
       {std::pair<std::size_t, std::size_t>{0, 300}, {300, 300}, {300, kPairs}}) {
    std::string buffer;
    std::vector<std::uint64_t> offsets;
    std::vector<std::uint32_t> counts;
    for (std::size_t k = from; k < to; ++k) {
      offsets.push_back(buffer.size());
      counts.push_back(static_cast<std::uint32_t>(ops[pairs[k]].size()));
      buffer += ops[pairs[k]];
    }
    const std::uint32_t blocks = table.add_blocks(0);  // the table's block count
    cigars_from_reversed_ops(buffer.data(), offsets.data(), counts.data(), &pairs[from], to - from,
                             table);
    if (from == to) {
      EXPECT_EQ(table.add_blocks(0), blocks) << "an empty chunk adds no block";
    }
  }
  for (std::size_t p = 0; p < kPairs; ++p) {
    const std::string expected = expected_cigar(ops[p]);
    ASSERT_EQ(table[p], expected) << "pair " << p;
    ASSERT_EQ(cigar_from_reversed_ops(ops[p].data(), ops[p].size()), expected) << "pair " << p;
  }
  EXPECT_EQ(table[kPairs], "text of an earlier chunk");

  comm::align::BatchResults results;
  results.cigars = table;
  const auto back =
      comm::align::from_bytes<comm::align::BatchResults>(comm::align::to_bytes(results));
  EXPECT_EQ(back.cigars, table);
  StringTable other = table;
  other.set(3, "1=");
  EXPECT_NE(other, table);
}

}  // namespace
}  // namespace wg::kernels::align
