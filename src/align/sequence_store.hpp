// Where the residues of a batch come from when a rank packs it for its aligner: the
// input files themselves, read through their index on every rank (plain FASTA), or the
// sequences rank 0 read whole (compressed files, standard input, FASTQ). Sequences are
// named by key: query records first, then target records (none when the targets are the
// queries), as BatchSource numbers them.
#pragma once

#include <cstdint>
#include <exception>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "comm/align/messages.hpp"
#include "src/align/alphabet.hpp"
#include "src/align/fasta.hpp"
#include "src/align/fasta_index.hpp"
#include "src/align/mapped_file.hpp"
#include "src/align/residue_encoder.hpp"

namespace wg::align {

class SequenceStore {
 public:
  virtual ~SequenceStore() = default;
  // Writes the codes of sequence `key` to dest, which has room for its length. Throws
  // wg::Error naming the file, record, line and position of a letter it cannot score.
  virtual void copy(std::uint32_t key, std::uint8_t* dest) const = 0;
  // Packing a batch visits records all over the input, so copy() would wait on memory at
  // every sequence: first for where the record is (its index entries), then for its
  // residues. copy_sequences starts both loads ahead, the entries kEntryAhead sequences
  // before the copy and the residues (whose place is then in cache) kResiduesAhead before.
  virtual void prefetch_entry(std::uint32_t /*key*/) const {}
  virtual void prefetch_residues(std::uint32_t /*key*/) const {}
  static constexpr std::int64_t kEntryAhead = 16;
  static constexpr std::int64_t kResiduesAhead = 4;
};

// Sequences held in memory, already encoded (rank 0, inputs that cannot be indexed).
class EncodedSequences final : public SequenceStore {
 public:
  // targets may be the same vector as queries (all-vs-all).
  EncodedSequences(const std::vector<Sequence>& queries, const std::vector<Sequence>& targets);
  void copy(std::uint32_t key, std::uint8_t* dest) const override;
  void prefetch_entry(std::uint32_t key) const override;
  void prefetch_residues(std::uint32_t key) const override;

 private:
  const Sequence& at(std::uint32_t key) const;

  const std::vector<Sequence>& queries_;
  const std::vector<Sequence>& targets_;
  std::uint32_t target_base_;
};

// The indexed input files, mapped into memory; letters are encoded and checked as they
// are read, so a bad letter is found by whichever rank packs its record.
class IndexedSequences final : public SequenceStore {
 public:
  // One index per input file: the queries' file, then the targets' unless they are the
  // queries. codes: letter_codes() of the job; alphabet names it in messages.
  IndexedSequences(const std::vector<FastaIndex>& files, const std::vector<std::int8_t>& codes,
                   std::string alphabet);
  void copy(std::uint32_t key, std::uint8_t* dest) const override;
  void prefetch_entry(std::uint32_t key) const override;
  void prefetch_residues(std::uint32_t key) const override;

 private:
  // The file (0: queries, 1: targets) and record of a key.
  std::pair<std::size_t, std::size_t> locate(std::uint32_t key) const;
  [[noreturn]] void bad_letter(const FastaIndex& index, const MappedFile& file, std::size_t r,
                               char letter, std::uint64_t position) const;

  const std::vector<FastaIndex>& files_;
  std::vector<std::unique_ptr<MappedFile>> maps_;
  ResidueEncoder encoder_;
  std::string alphabet_;
};

// Copies sequences key(k) to dest(k) for k < count on `threads` OpenMP threads (dest(k)
// may size the room it returns). An error is the one of the smallest failing k: exceptions
// must not leave an OpenMP region, so each is caught and the first in order kept.
template <class Key, class Dest>
void copy_sequences(const SequenceStore& store, std::int64_t count, int threads, Key key,
                    Dest dest) {
  std::int64_t failed = count;
  std::exception_ptr error;
#pragma omp parallel for schedule(dynamic, 64) num_threads(threads) if (threads > 1)
  for (std::int64_t k = 0; k < count; ++k) {
    if (k + SequenceStore::kEntryAhead < count)
      store.prefetch_entry(key(k + SequenceStore::kEntryAhead));
    if (k + SequenceStore::kResiduesAhead < count)
      store.prefetch_residues(key(k + SequenceStore::kResiduesAhead));
    try {
      store.copy(key(k), dest(k));
    } catch (...) {
#pragma omp critical(wg_copy_sequences_error)
      if (k < failed) {
        failed = k;
        error = std::current_exception();
      }
    }
  }
  if (error) std::rethrow_exception(error);
}

// Packs every slot of the batch at its offset in dest (on several threads for large
// batches). An error is the one of the first failing slot.
void pack_residues(const comm::align::WorkBatch& batch, const SequenceStore& store,
                   std::uint8_t* dest);

}  // namespace wg::align
