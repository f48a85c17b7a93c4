// The FASTA index: a small file by hand (leading blank lines, CRLF, blank and uneven
// lines, descriptions), the same index however the file is cut into pieces for the
// threads, against the whole read (read_fasta) of a random file, and errors named in file
// order: the first bad record is the one reported whichever piece holds it. And the
// inputs' digest (--resume's job record): the same from the index and from the whole read,
// however the letters are wrapped and spaced, and different when a letter, an id or the
// order of records changes.
#include "src/align/fasta_index.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <vector>

#include "src/align/fasta.hpp"
#include "src/align/sequence_digest.hpp"
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

std::vector<std::string> ids_of(const IndexedFasta& indexed) {
  std::vector<std::string> ids;
  for (const Sequence& sequence : indexed.sequences) ids.push_back(sequence.id);
  return ids;
}

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
    EXPECT_EQ(ids_of(*indexed), (std::vector<std::string>{"one", "two", "three"}));
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
  EXPECT_EQ(ids_of(*serial), ids);
  EXPECT_EQ(serial->digest.content, digest_of(whole).content);
  EXPECT_EQ(serial->index.lengths, lengths);
  for (std::size_t r = 0; r < whole.records.size(); ++r) {
    ASSERT_EQ(whole.records[r].residues.size(), lengths[r]) << "record " << r;
    EXPECT_EQ(record_id(serial->index, file, r), whole.records[r].id);
  }
  for (const std::size_t piece : {std::size_t{1}, std::size_t{1000}, std::size_t{65536}}) {
    const auto pieces = index_fasta(file, piece);
    ASSERT_TRUE(pieces);
    EXPECT_EQ(ids_of(*pieces), ids) << "pieces of " << piece;
    EXPECT_EQ(pieces->digest.content, serial->digest.content) << "pieces of " << piece;
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

// Records' letters written in lines of random widths, with spaces, tabs and CRLF line
// ends between them (or on one line each), in the given order, under the given ids.
std::string fasta_text(const std::vector<std::string>& ids, const std::vector<std::string>& letters,
                       const std::vector<std::size_t>& order, bool wrapped, std::mt19937& rng) {
  std::string text;
  for (const std::size_t r : order) {
    text += ">" + ids[r] + " description\n";
    if (!wrapped) {
      text += letters[r] + "\n";
      continue;
    }
    for (std::size_t at = 0; at < letters[r].size();) {
      const std::size_t width = std::min<std::size_t>(letters[r].size() - at, 1 + rng() % 70);
      text += letters[r].substr(at, width);
      const char* blanks[] = {"\n", "\r\n", " ", "\t", "\n\n", "  \n"};
      text += blanks[rng() % 6];
      at += width;
    }
    text += "\n";
  }
  return text;
}

TEST_F(FastaFileTest, DigestIsTheLettersAndIdsInOrder) {
  std::mt19937 rng(9);
  std::vector<std::string> ids;
  std::vector<std::string> letters;
  for (int r = 0; r < 500; ++r) {
    ids.push_back("seq" + std::to_string(r));
    std::string residues;
    const std::size_t length = 1 + rng() % 300;
    for (std::size_t k = 0; k < length; ++k) residues.push_back("ARNDCQEGHILKMFPSTWYV"[rng() % 20]);
    letters.push_back(residues);
  }
  std::vector<std::size_t> order(ids.size());
  for (std::size_t r = 0; r < order.size(); ++r) order[r] = r;
  const auto digests = [&](const std::string& name, const std::string& text) {
    const std::string path = write(name, text);
    const MappedFile file(path);
    const auto indexed = index_fasta(file);
    EXPECT_TRUE(indexed);
    const SequenceDigest from_index = indexed->digest;
    const SequenceDigest from_read = digest_of(read_fasta(path));
    EXPECT_EQ(from_index.records, from_read.records) << name;
    EXPECT_EQ(from_index.content, from_read.content) << name;
    return from_index;
  };
  const SequenceDigest wrapped = digests("wrapped.fa", fasta_text(ids, letters, order, true, rng));
  const SequenceDigest one_line = digests("lines.fa", fasta_text(ids, letters, order, false, rng));
  EXPECT_EQ(wrapped.records, ids.size());
  EXPECT_EQ(wrapped.content, one_line.content);

  std::vector<std::string> one_letter = letters;
  one_letter[250][letters[250].size() / 2] =
      letters[250][letters[250].size() / 2] == 'A' ? 'R' : 'A';
  EXPECT_NE(digests("letter.fa", fasta_text(ids, one_letter, order, true, rng)).content,
            wrapped.content);
  std::vector<std::string> renamed = ids;
  renamed[499] = "seq499x";
  EXPECT_NE(digests("id.fa", fasta_text(renamed, letters, order, true, rng)).content,
            wrapped.content);
  std::swap(order[10], order[11]);
  EXPECT_NE(digests("order.fa", fasta_text(ids, letters, order, true, rng)).content,
            wrapped.content);
}

}  // namespace
}  // namespace wg::align
