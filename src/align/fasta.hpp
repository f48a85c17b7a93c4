// Sequence input: FASTA (multi-line records) or FASTQ (qualities are ignored), any case,
// plain, gzip or xz, or standard input ("-"), parsed by htslib's kseq. Records are read
// as text first (so the alphabet can be detected over all inputs), then encoded with a
// check that names the file, record and position of any letter outside the alphabet.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "src/align/alphabet.hpp"

namespace wg::align {

struct FastaRecord {
  std::string id;        // first word of the header
  std::string residues;  // letters as written, line breaks and blanks removed
  std::size_t line = 0;  // line of the header, for messages
};

struct FastaFile {
  std::string path;
  std::vector<FastaRecord> records;
};

// Reads every record; throws wg::Error for a missing or empty file, a file that is
// neither FASTA nor FASTQ, a record without residues, a FASTQ record whose qualities do
// not match its sequence, or compressed data that is damaged, cut short or followed by
// other bytes.
FastaFile read_fasta(const std::string& path);

// A sequence as the kernels see it.
struct Sequence {
  std::string id;
  std::vector<std::uint8_t> codes;
};

// Encodes every record; `allowed` says which codes the scoring scheme can score.
std::vector<Sequence> encode_fasta(const FastaFile& file, Alphabet alphabet,
                                   const std::vector<bool>& allowed);

}  // namespace wg::align
