// Rank 0's helper threads that cut, fill and archive batches asked for by other ranks, so
// that its main thread, the only one calling MPI, spends its time receiving and sending
// rather than copying residues into batches and archiving them (0.1 ms for a batch of
// 8,192 pairs, while the rank that asked for it waited).
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <exception>
#include <functional>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

#include "comm/align/archive.hpp"
#include "comm/align/messages.hpp"

namespace wg::align {

class BatchMaker {
 public:
  // make(capacity, floor): the next batch, or nothing when there are no more (it may be
  // called from several threads at once). No batch is made once `stop` is true.
  using Make = std::function<std::optional<comm::align::WorkBatch>(std::uint64_t, std::uint64_t)>;
  struct Answer {
    int rank = 0;
    std::optional<comm::align::WorkBatch> batch;  // nothing: tell the rank to stop
    comm::align::Bytes archive;                   // the batch without its residues
  };

  BatchMaker(Make make, const std::atomic<bool>& stop, int threads);
  ~BatchMaker();
  BatchMaker(const BatchMaker&) = delete;
  BatchMaker& operator=(const BatchMaker&) = delete;

  void ask(int rank, std::uint64_t capacity_cells, std::uint64_t floor_cells);
  // Moves the answers made so far out (in any order); rethrows a thread's error.
  bool take(std::deque<Answer>& into);
  // Whether an ask is still waiting or being answered.
  bool answering() const;

 private:
  struct Ask {
    int rank;
    std::uint64_t capacity_cells;
    std::uint64_t floor_cells;
  };
  void loop();

  Make make_;
  const std::atomic<bool>& stop_;
  mutable std::mutex mutex_;
  std::condition_variable asked_;
  std::deque<Ask> asks_;
  int making_ = 0;  // asks taken by a thread and not yet answered
  std::deque<Answer> answers_;
  std::exception_ptr error_;
  bool quit_ = false;
  std::vector<std::thread> threads_;
};

}  // namespace wg::align
