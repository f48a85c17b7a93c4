#include "src/align/sequence_digest.hpp"

#include <string_view>
#include <vector>

namespace wg::align {
namespace {

constexpr std::uint64_t kFnvBasis = 14695981039346656037ull;
constexpr std::uint64_t kFnvPrime = 1099511628211ull;

std::uint64_t add_byte(std::uint64_t hash, unsigned char byte) { return (hash ^ byte) * kFnvPrime; }

// The id with a NUL separator, then the letters that are not blank.
std::uint64_t record_hash(std::string_view id, std::string_view text) {
  std::uint64_t hash = kFnvBasis;
  for (const char c : id) hash = add_byte(hash, static_cast<unsigned char>(c));
  hash = add_byte(hash, 0);
  for (const char c : text)
    if (!is_blank(static_cast<unsigned char>(c)))
      hash = add_byte(hash, static_cast<unsigned char>(c));
  return hash;
}

SequenceDigest combine(const std::vector<std::uint64_t>& hashes) {
  std::uint64_t content = kFnvBasis;
  for (const std::uint64_t h : hashes)
    for (int byte = 0; byte < 8; ++byte)
      content = add_byte(content, static_cast<unsigned char>(h >> (8 * byte)));
  return {hashes.size(), content};
}

}  // namespace

SequenceDigest digest_of(const FastaFile& file) {
  std::vector<std::uint64_t> hashes(file.records.size());
  const auto count = static_cast<std::int64_t>(hashes.size());
#pragma omp parallel for schedule(dynamic, 256)
  for (std::int64_t r = 0; r < count; ++r) {
    const FastaRecord& record = file.records[static_cast<std::size_t>(r)];
    hashes[static_cast<std::size_t>(r)] = record_hash(record.id, record.residues);
  }
  return combine(hashes);
}

SequenceDigest digest_of(const IndexedFasta& indexed, const MappedFile& file) {
  std::vector<std::uint64_t> hashes(indexed.index.records());
  const auto count = static_cast<std::int64_t>(hashes.size());
#pragma omp parallel for schedule(dynamic, 256)
  for (std::int64_t r = 0; r < count; ++r) {
    const auto k = static_cast<std::size_t>(r);
    hashes[k] = record_hash(indexed.ids[k], residue_text(indexed.index, file, k));
  }
  return combine(hashes);
}

}  // namespace wg::align
