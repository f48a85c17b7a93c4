// The job's sequences kept on a rank's GPU for the whole job (kernels/align/
// resident_sequences.hpp), when they fit: each rank uploads the plain FASTA inputs, read
// through their index, once at set-up (rank 0 alone the sequences of inputs it read whole),
// and its batches then name their sequences by their place in the GPU's memory. Nothing
// is packed on the host for them.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "comm/align/messages.hpp"
#include "kernels/align/nw_types.hpp"
#include "kernels/align/resident_sequences.hpp"
#include "src/align/fasta.hpp"
#include "src/align/job_setup.hpp"

namespace wg::align {

class SequencesOnGpu {
 public:
  // Nothing when the job's inputs are not indexed (rank 0 ships the residues then) or
  // would not fit the GPU. Throws wg::Error for a record with a letter the scoring cannot
  // score, naming its file, record, line and position as the host's packing does.
  static std::unique_ptr<SequencesOnGpu> upload(int device, const JobSetup& setup);
  // Rank 0's sequences of an input it read whole (compressed, standard input, FASTQ),
  // already encoded; keys as EncodedSequences numbers them. Nothing when they would not
  // fit. The other ranks still receive residues with their batches.
  static std::unique_ptr<SequencesOnGpu> upload(int device, const std::vector<Sequence>& queries,
                                                const std::vector<Sequence>& targets);

  // Points the batch's slots at the sequences on the GPU (pairs takes the batch's lengths
  // and pairs as they are).
  void place(const comm::align::WorkBatch& batch, kernels::align::PairBatch& pairs) const;

  std::uint64_t residues() const { return offsets_.back(); }
  std::uint64_t text_bytes() const { return text_bytes_; }

 private:
  SequencesOnGpu(std::unique_ptr<kernels::align::ResidentSequences> sequences,
                 std::vector<std::uint64_t> offsets, std::uint64_t text_bytes)
      : sequences_(std::move(sequences)), offsets_(std::move(offsets)), text_bytes_(text_bytes) {}

  std::unique_ptr<kernels::align::ResidentSequences> sequences_;
  std::vector<std::uint64_t> offsets_;  // per sequence key: its first residue; then the total
  std::uint64_t text_bytes_ = 0;
};

}  // namespace wg::align
