// What identifies an input's content in the job record of --resume: its record count
// and a hash of every record's id and residue letters (blanks removed, as written, so
// both an index and a whole read of the same file give the same digest). Each record is
// hashed alone (xxHash's XXH3) and the record hashes are hashed in order, so records are
// hashed in parallel and reordered records still differ.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "src/align/fasta.hpp"

namespace wg::align {

struct SequenceDigest {
  std::uint64_t records = 0;
  std::uint64_t content = 0;
};

SequenceDigest digest_of(const FastaFile& file);

// The hash of one record: its id, and the letters of its residue text (blanks skipped).
// The FASTA index takes it as it reads each record.
std::uint64_t record_hash(std::string_view id, std::string_view text);
// The digest of records' hashes, in file order.
SequenceDigest digest_of_hashes(const std::vector<std::uint64_t>& hashes);

}  // namespace wg::align
