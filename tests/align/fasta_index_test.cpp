// The FASTA index: a small file by hand (leading blank lines, CRLF, blank and uneven
// lines, descriptions), the same index however the file is cut into pieces for the
// threads, against the whole read (read_fasta) of a random file, and errors named in file
// order: the first bad record is the one reported whichever piece holds it.
#include "src/align/fasta_index.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <vector>

#include "src/align/fasta.hpp"
#include "src/common/error.hpp"

namespace wg::align {
namespace {

class FastaFileTest : public ::testing::Test {
 protected:
  std::string write(const std::string& name, const std::string& text) {
    const std::string path = (dir_ / name).string();
    std::ofstream(path, std::ios::binary) << text;
    return path;
  }
  void SetUp() override {
    dir_ = std::filesystem::temp_directory_path() /
           ("wg_fasta_index_" + std::to_string(::testing::UnitTest::GetInstance()->random_seed()) +
            "_" + ::testing::UnitTest::GetInstance()->current_test_info()->name());
    std::filesystem::create_directories(dir_);
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }
  std::filesystem::path dir_;
};

std::string error_of(const MappedFile& file, std::size_t piece_bytes) {
  try {
    index_fasta(file, piece_bytes);
  } catch (const Error& e) {
    return e.what();
  }
  return "no error";
}

TEST_F(FastaFileTest, SmallFileByHand) {
  const std::string text =
      "\n\n>one first record\r\nACGT\r\nAC\r\n\r\n>two\nA C G\n\n>three x\nTTTT\nTT";
  const MappedFile file(write("hand.fa", text));
  for (const std::size_t piece : {std::size_t{1}, std::size_t{5}, kIndexPieceBytes}) {
    const auto indexed = index_fasta(file, piece);
    ASSERT_TRUE(indexed);
    const FastaIndex& index = indexed->index;
    EXPECT_EQ(indexed->ids, (std::vector<std::string>{"one", "two", "three"}));
    EXPECT_EQ(index.lengths, (std::vector<std::uint32_t>{6, 3, 6}));
    EXPECT_EQ(index.lines, (std::vector<std::uint64_t>{3, 7, 10}));
    EXPECT_EQ(index.starts, (std::vector<std::uint64_t>{text.find(">one"), text.find(">two"),
                                                        text.find(">three"), text.size()}));
    EXPECT_EQ(residue_text(index, file, 1), "A C G\n\n");
    EXPECT_EQ(record_id(index, file, 2), "three");
  }
  // Not FASTA: nothing, for the whole read to handle.
  EXPECT_FALSE(index_fasta(MappedFile(write("reads.fq", "@r1\nACGT\n+\nIIII\n"))));
}

TEST_F(FastaFileTest, PiecesGiveTheWholeReadsIndex) {
  std::mt19937 rng(5);
  std::string text;
  std::vector<std::string> ids;
  std::vector<std::uint32_t> lengths;
  for (int r = 0; r < 3000; ++r) {
    ids.push_back("r" + std::to_string(r));
    text += ">" + ids.back() + (r % 3 ? " desc >not a header\n" : "\n");
    const auto length = std::uniform_int_distribution<std::uint32_t>(1, 400)(rng);
    lengths.push_back(length);
    for (std::uint32_t at = 0; at < length;) {
      const std::uint32_t width =
          std::min(length - at, std::uniform_int_distribution<std::uint32_t>(1, 90)(rng));
      text += std::string(width, "ACGT"[rng() % 4]) + (rng() % 20 ? "\n" : "\r\n\n");
      at += width;
    }
  }
  const std::string path = write("random.fa", text);
  const MappedFile file(path);
  const FastaFile whole = read_fasta(path);
  ASSERT_EQ(whole.records.size(), ids.size());
  const auto serial = index_fasta(file, text.size());
  ASSERT_TRUE(serial);
  EXPECT_EQ(serial->ids, ids);
  EXPECT_EQ(serial->index.lengths, lengths);
  for (std::size_t r = 0; r < whole.records.size(); ++r) {
    ASSERT_EQ(whole.records[r].residues.size(), lengths[r]) << "record " << r;
    EXPECT_EQ(record_id(serial->index, file, r), whole.records[r].id);
  }
  for (const std::size_t piece : {std::size_t{1}, std::size_t{1000}, std::size_t{65536}}) {
    const auto pieces = index_fasta(file, piece);
    ASSERT_TRUE(pieces);
    EXPECT_EQ(pieces->ids, serial->ids) << "pieces of " << piece;
    EXPECT_EQ(pieces->index.starts, serial->index.starts) << "pieces of " << piece;
    EXPECT_EQ(pieces->index.lengths, serial->index.lengths) << "pieces of " << piece;
    EXPECT_EQ(pieces->index.lines, serial->index.lines) << "pieces of " << piece;
  }
}

TEST_F(FastaFileTest, TheFirstBadRecordIsReportedWhateverThePieces) {
  std::string text;
  for (int r = 0; r < 200; ++r) text += ">r" + std::to_string(r) + "\nACGTACGT\n";
  std::string empty_then_nameless = text;
  empty_then_nameless.replace(empty_then_nameless.find(">r50\nACGTACGT\n"), 14, ">r50\n\n");
  empty_then_nameless.replace(empty_then_nameless.find(">r150\n"), 6, "> \n");
  const MappedFile first(write("empty.fa", empty_then_nameless));
  std::string nameless_then_empty = text;
  nameless_then_empty.replace(nameless_then_empty.find(">r20\n"), 5, ">\n");
  nameless_then_empty.replace(nameless_then_empty.find(">r150\nACGTACGT\n"), 15, ">r150\n");
  const MappedFile second(write("nameless.fa", nameless_then_empty));
  for (const std::size_t piece : {std::size_t{1}, std::size_t{300}, kIndexPieceBytes}) {
    EXPECT_EQ(error_of(first, piece), first.path() + ": record 51 'r50' (line 101) has no residues")
        << "pieces of " << piece;
    EXPECT_EQ(error_of(second, piece), second.path() + ": line 41: header without a name")
        << "pieces of " << piece;
  }
}

}  // namespace
}  // namespace wg::align
