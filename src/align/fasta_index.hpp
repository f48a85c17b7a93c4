// Where every record of a plain FASTA file lies, so that each rank reads the residues of
// its batches straight from the file (memory-mapped) instead of receiving them from
// rank 0. Rank 0 builds the index (in pieces, on all threads) and broadcasts it; records
// are numbered in file order, as the pair modes need (htslib's faidx keys records by name,
// dropping repeated ids, and refuses lines of uneven length, both of which FASTA allows).
//
// The reading rules are kseq's, as read_fasta applies them: the id is the first word of
// the header line, the residues are every non-blank byte of the lines up to the next
// header. Letters are checked later, by the rank that reads them (sequence_store.hpp).
#pragma once

#include <boost/serialization/string.hpp>
#include <boost/serialization/vector.hpp>
#include <cstdint>
#include <cstring>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "src/align/fasta.hpp"
#include "src/align/mapped_file.hpp"
#include "src/align/sequence_digest.hpp"

namespace wg::align {

struct FastaIndex {
  std::string path;
  std::uint64_t file_size = 0;         // the file must still have this size when read
  std::vector<std::uint64_t> starts;   // per record: offset of its '>'; then the file size
  std::vector<std::uint32_t> lengths;  // per record: residues
  std::vector<std::uint64_t> lines;    // per record: line number of its header

  std::size_t records() const { return lengths.size(); }

  template <class Archive>
  void serialize(Archive& ar, unsigned /*version*/) {
    ar& path& file_size& starts& lengths& lines;
  }
};

struct IndexedFasta {
  FastaIndex index;
  std::vector<Sequence> sequences;  // rank 0 only: the ids, for the output lines (no codes)
  SequenceDigest digest;            // of the ids and letters (--resume's job record)
};

// Indexes a plain FASTA file, reading it once (the digest is taken on the way). Returns
// nothing when the file's first non-blank byte is not '>' (FASTQ, or not sequence data at
// all: read_fasta reads or refuses those). Throws wg::Error as read_fasta does for a
// header without a name or a record without residues. Large files are indexed in pieces
// of about piece_bytes on all threads.
inline constexpr std::size_t kIndexPieceBytes = std::size_t{8} << 20;
std::optional<IndexedFasta> index_fasta(const MappedFile& file,
                                        std::size_t piece_bytes = kIndexPieceBytes);

// Blank bytes between residues: spaces, tabs, line ends (as C's isspace).
inline bool is_blank(unsigned char c) { return c == ' ' || (c >= '\t' && c <= '\r'); }

// Calls visit(run) for each run of bytes between blanks in `text`, in order (none for an
// all-blank text). Eight bytes at a time: a word with no byte at or below ' ' holds no
// blank (sequence lines, all but their line end), and only words with one are looked at
// byte by byte. Indexing and digesting the inputs ran a byte at a time before.
template <class Visit>
void for_each_letter_run(std::string_view text, Visit&& visit) {
  constexpr std::uint64_t kOnes = 0x0101010101010101ull;
  constexpr std::uint64_t kHighs = 0x8080808080808080ull;
  const char* const end = text.data() + text.size();
  const char* run = text.data();  // start of the current run
  const char* at = run;
  const auto blank_at = [&](const char* byte) {
    if (byte > run) visit(std::string_view(run, static_cast<std::size_t>(byte - run)));
    run = byte + 1;
  };
  for (; end - at >= 8; at += 8) {
    std::uint64_t word;
    std::memcpy(&word, at, 8);
    // Nonzero when some byte is below 0x21 (exact as a test, Bit Twiddling Hacks' hasless).
    if (((word - kOnes * 0x21) & ~word & kHighs) == 0) continue;
    for (int k = 0; k < 8; ++k)
      if (is_blank(static_cast<unsigned char>(at[k]))) blank_at(at + k);
  }
  for (; at < end; ++at)
    if (is_blank(static_cast<unsigned char>(*at))) blank_at(at);
  if (end > run) visit(std::string_view(run, static_cast<std::size_t>(end - run)));
}

// The indexed file mapped into memory; throws wg::Error naming it when its size is no
// longer the indexed one (it changed since rank 0 read it).
std::unique_ptr<MappedFile> map_indexed_file(const FastaIndex& index);

// The text of record r after its header line: residues, blanks and line ends.
std::string_view residue_text(const FastaIndex& index, const MappedFile& file, std::size_t r);
// The id of record r (the first word of its header line), read from the file.
std::string_view record_id(const FastaIndex& index, const MappedFile& file, std::size_t r);

}  // namespace wg::align
