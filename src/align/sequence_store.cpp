#include "src/align/sequence_store.hpp"

#include <omp.h>

#include <algorithm>
#include <cstring>

#include "src/common/error.hpp"

namespace wg::align {
namespace {

// Batches with more residues than this are packed on several threads: the align thread's
// team (aligner_teams.hpp). Capping each aligner's team at a third of the rank's threads
// was slower, since most of the time one packs while another's batch is on the GPU.
constexpr std::uint64_t kParallelPackResidues = std::uint64_t{1} << 20;
// How much of a record prefetch_residues() loads, kResiduesAhead records ahead: all of a
// protein's, the start of a 1 kb read's (the hardware prefetcher follows longer records
// once they are being read). 4 KB, as when one record was fetched ahead, took DNA packing
// from 340-420 to 540-590 ns per sequence on one thread (too many lines in flight); 256
// bytes left proteins at 120-160 (jobs/bench/align_pack.cpp, two cores).
constexpr std::uint64_t kPrefetchBytes = 1024;
constexpr std::uint64_t kCacheLine = 64;

void prefetch_bytes(const void* from, std::uint64_t bytes) {
  const char* p = static_cast<const char*>(from);
  for (std::uint64_t at = 0; at < bytes; at += kCacheLine) __builtin_prefetch(p + at);
}

}  // namespace

EncodedSequences::EncodedSequences(const std::vector<Sequence>& queries,
                                   const std::vector<Sequence>& targets)
    : queries_(queries),
      targets_(targets),
      target_base_(&queries == &targets ? 0 : static_cast<std::uint32_t>(queries.size())) {}

const Sequence& EncodedSequences::at(std::uint32_t key) const {
  const bool query = target_base_ == 0 || key < target_base_;
  return query ? queries_[key] : targets_[key - target_base_];
}

void EncodedSequences::copy(std::uint32_t key, std::uint8_t* dest) const {
  const auto& codes = at(key).codes;
  std::memcpy(dest, codes.data(), codes.size());
}

void EncodedSequences::prefetch_entry(std::uint32_t key) const { __builtin_prefetch(&at(key)); }

void EncodedSequences::prefetch_residues(std::uint32_t key) const {
  const auto& codes = at(key).codes;
  prefetch_bytes(codes.data(), std::min<std::uint64_t>(codes.size(), kPrefetchBytes));
}

IndexedSequences::IndexedSequences(const std::vector<FastaIndex>& files,
                                   const std::vector<std::int8_t>& codes, std::string alphabet)
    : files_(files), encoder_(codes), alphabet_(std::move(alphabet)) {
  for (const FastaIndex& index : files_) maps_.push_back(map_indexed_file(index));
}

std::pair<std::size_t, std::size_t> IndexedSequences::locate(std::uint32_t key) const {
  if (files_.size() > 1 && key >= files_[0].records()) return {1, key - files_[0].records()};
  return {0, key};
}

void IndexedSequences::prefetch_entry(std::uint32_t key) const {
  const auto [f, r] = locate(key);
  const FastaIndex& index = files_[f];
  __builtin_prefetch(&index.starts[r]);
  __builtin_prefetch(&index.starts[r + 1]);
  __builtin_prefetch(&index.lengths[r]);
}

void IndexedSequences::prefetch_residues(std::uint32_t key) const {
  const auto [f, r] = locate(key);
  const FastaIndex& index = files_[f];
  const std::uint64_t start = index.starts[r];
  prefetch_bytes(maps_[f]->data() + start, std::min(index.starts[r + 1] - start, kPrefetchBytes));
}

void IndexedSequences::copy(std::uint32_t key, std::uint8_t* dest) const {
  const auto [f, r] = locate(key);
  const FastaIndex& index = files_[f];
  const MappedFile& file = *maps_[f];
  const std::string_view text = residue_text(index, file, r);
  const ResidueEncoder::Encoded encoded = encoder_.encode(text, dest, index.lengths[r]);
  if (encoded.bad_letter != nullptr)
    bad_letter(index, file, r, *encoded.bad_letter, encoded.residues + 1);
  WG_REQUIRE(!encoded.overflow && encoded.residues == index.lengths[r],
             "{}: record {} (line {}) changed while it was being aligned", index.path, r + 1,
             index.lines[r]);
}

void IndexedSequences::bad_letter(const FastaIndex& index, const MappedFile& file, std::size_t r,
                                  char letter, std::uint64_t position) const {
  fail("{}: record {} '{}' (line {}): invalid {} letter {} at position {}", index.path, r + 1,
       record_id(index, file, r), index.lines[r], alphabet_, quoted_letter(letter), position);
}

void pack_residues(const comm::align::WorkBatch& batch, const SequenceStore& store,
                   std::uint8_t* dest) {
  const int threads = batch.pool_size() > kParallelPackResidues ? omp_get_max_threads() : 1;
  copy_sequences(
      store, static_cast<std::int64_t>(batch.sequences.size()), threads,
      [&](std::int64_t s) { return batch.sequences[static_cast<std::size_t>(s)]; },
      [&](std::int64_t s) { return dest + batch.offsets[static_cast<std::size_t>(s)]; });
}

}  // namespace wg::align
