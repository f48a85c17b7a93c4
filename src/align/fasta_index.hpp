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
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "src/align/mapped_file.hpp"

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
  std::vector<std::string> ids;  // rank 0 only: for the output lines
};

// Indexes a plain FASTA file. Returns nothing when the file's first non-blank byte is not
// '>' (FASTQ, or not sequence data at all: read_fasta reads or refuses those). Throws
// wg::Error as read_fasta does for a header without a name or a record without residues.
// Large files are indexed in pieces of about piece_bytes on all threads.
inline constexpr std::size_t kIndexPieceBytes = std::size_t{8} << 20;
std::optional<IndexedFasta> index_fasta(const MappedFile& file,
                                        std::size_t piece_bytes = kIndexPieceBytes);

// Blank bytes between residues: spaces, tabs, line ends (as C's isspace).
inline bool is_blank(unsigned char c) { return c == ' ' || (c >= '\t' && c <= '\r'); }

// The text of record r after its header line: residues, blanks and line ends.
std::string_view residue_text(const FastaIndex& index, const MappedFile& file, std::size_t r);
// The id of record r (the first word of its header line), read from the file.
std::string_view record_id(const FastaIndex& index, const MappedFile& file, std::size_t r);

}  // namespace wg::align
