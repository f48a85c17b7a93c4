// What identifies an input's content in the job record of --resume: its record count
// and a hash of every record's id and residue letters (blanks removed, as written, so
// both an index and a whole read of the same file give the same digest). Each record is
// hashed alone (xxHash's XXH3) and the record hashes are hashed in order, so records are
// hashed in parallel and reordered records still differ.
#pragma once

#include <cstdint>

#include "src/align/fasta.hpp"
#include "src/align/fasta_index.hpp"

namespace wg::align {

struct SequenceDigest {
  std::uint64_t records = 0;
  std::uint64_t content = 0;
};

SequenceDigest digest_of(const FastaFile& file);
SequenceDigest digest_of(const IndexedFasta& indexed, const MappedFile& file);

}  // namespace wg::align
