#include "comm/align/dispatcher.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <chrono>
#include <climits>
#include <deque>
#include <iterator>
#include <list>
#include <thread>
#include <vector>

#include "comm/align/archive.hpp"
#include "src/common/mpi_check.hpp"

namespace wg::comm::align {
namespace {

constexpr int kTagRequest = 701;
constexpr int kTagBatch = 702;
constexpr int kTagStop = 703;
constexpr int kTagResidues = 704;  // a batch's residues, right after its kTagBatch message

// How long an idle main thread waits for a local batch to finish before polling MPI again.
// Not while one of its sends is in flight: a large message (a batch's slots, a batch's
// results) moves in fragments, each only when both sides call MPI, so a sender that slept
// between calls delivered a rank's results 0.4-3.5 ms late on two GPUs of one node. It now
// yields its core and polls again, and they arrive 0.3-0.8 ms after being sent. So does a
// worker rank while one of its aligners waits for a batch it asked for, and rank 0 while
// its helper threads make a batch for another rank.
constexpr std::chrono::microseconds kIdleWait{100};

template <typename Buffer = Bytes>
Buffer receive_matched(MPI_Message& message, const MPI_Status& status) {
  int count = 0;
  MPI_CHECK(MPI_Get_count(&status, MPI_BYTE, &count));
  Buffer bytes(static_cast<std::size_t>(count));
  MPI_CHECK(MPI_Mrecv(bytes.data(), count, MPI_BYTE, &message, MPI_STATUS_IGNORE));
  return bytes;
}

// Non-blocking sends, each buffer kept until its send completes. Both sides send while
// the other may be sending too (results one way, batches the other), so blocking sends
// of large messages could wait on each other forever.
class Outbox {
 public:
  explicit Outbox(MPI_Comm comm) : comm_(comm) {}
  // Normal runs end with wait_all(). Sends still pending here mean an error is unwinding
  // towards the abort of every rank, and their peers may never receive them: waiting
  // could hang, and freeing the buffers under MPI could crash, so they are left alive.
  ~Outbox() {
    if (!sending_.empty()) new std::list<Sending>(std::move(sending_));
  }

  void send(Bytes bytes, int dest, int tag) {
    sending_.push_back({std::move(bytes), {}, MPI_REQUEST_NULL});
    start(sending_.back().bytes, dest, tag);
  }
  // A batch: its archive (without residues), then the residues themselves.
  void send(Bytes archive, std::vector<std::uint8_t> residues, int dest) {
    send(std::move(archive), dest, kTagBatch);
    sending_.push_back({{}, std::move(residues), MPI_REQUEST_NULL});
    start(sending_.back().residues, dest, kTagResidues);
  }
  void progress() {
    for (auto it = sending_.begin(); it != sending_.end();) {
      int done = 0;
      MPI_CHECK(MPI_Test(&it->request, &done, MPI_STATUS_IGNORE));
      it = done ? sending_.erase(it) : std::next(it);
    }
  }
  // True, after yielding the core once, while a send is in flight: the caller then polls
  // MPI again at once instead of waiting kIdleWait (above).
  bool yield_while_sending() const {
    if (sending_.empty()) return false;
    std::this_thread::yield();
    return true;
  }
  void wait_all() {
    for (auto& message : sending_) MPI_Wait(&message.request, MPI_STATUS_IGNORE);
    sending_.clear();
  }

 private:
  struct Sending {
    Bytes bytes;
    std::vector<std::uint8_t> residues;
    MPI_Request request;
  };
  template <typename Buffer>
  void start(Buffer& buffer, int dest, int tag) {
    WG_REQUIRE(buffer.size() < static_cast<std::size_t>(INT_MAX),
               "alignment message of {} bytes is too large for one MPI message", buffer.size());
    MPI_CHECK(MPI_Isend(buffer.data(), static_cast<int>(buffer.size()), MPI_BYTE, dest, tag, comm_,
                        &sending_.back().request));
  }
  MPI_Comm comm_;
  std::list<Sending> sending_;  // stable addresses for the requests in flight
};

double ms_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
      .count();
}

// Helper threads that cut batches for other ranks: a few, as the copying is bounded by
// memory bandwidth and each large batch is filled on several threads already.
int batch_maker_threads() {
  return static_cast<int>(std::clamp(std::thread::hardware_concurrency() / 16, 1u, 4u));
}

}  // namespace

RootDispatch::RootDispatch(MPI_Comm comm, const RankWorkers& local)
    : comm_(comm), local_(local), started_(start_.get_future().share()) {
  MPI_CHECK(MPI_Comm_size(comm, &size_));
  // The helpers make batches only once run() passes them asks, and the feeder asks for its
  // first once run() has set the callbacks.
  maker_.emplace([this](std::uint64_t capacity,
                        std::uint64_t floor) { return callbacks_->remote_batch(capacity, floor); },
                 halt_, size_ > 1 ? batch_maker_threads() : 0);
  pipeline_.emplace(local.workers, local.workers.size() + 1, [this]() -> std::optional<WorkBatch> {
    started_.wait();
    if (halt_) return std::nullopt;
    return callbacks_->next_batch(local_.capacity_cells, local_.floor_cells);
  });
}

RootDispatch::~RootDispatch() { join(); }

void RootDispatch::release() {
  if (released_) return;
  released_ = true;
  start_.set_value();
}

void RootDispatch::join() {
  halt_ = true;  // every batch is back, or an error ends the job: no more are cut
  release();
  maker_.reset();
  pipeline_.reset();
}

DispatchOutcome RootDispatch::run(const DispatchCallbacks& callbacks,
                                  const std::atomic<bool>& stop) {
  DispatchOutcome outcome;
  const auto start = std::chrono::steady_clock::now();  // for the -v timeline
  callbacks_ = &callbacks;
  // However run() ends, no thread calls the callbacks after it.
  struct Joined {
    RootDispatch& dispatch;
    ~Joined() { dispatch.join(); }
  } joined{*this};
  int workers_finished = 0;
  // Every request that is waiting: results go to the sink, asks to the helper threads.
  const auto take_requests = [&] {
    bool any = false;
    for (;;) {
      int flag = 0;
      MPI_Message message;
      MPI_Status status;
      MPI_CHECK(MPI_Improbe(MPI_ANY_SOURCE, kTagRequest, comm_, &flag, &message, &status));
      if (!flag) return any;
      any = true;
      auto request = from_bytes<WorkRequest>(receive_matched(message, status));
      if (request.has_results) callbacks.accept(std::move(request.results));
      if (request.failed) {
        outcome.any_failed = true;
        halt_ = true;
      }
      if (request.finished) ++workers_finished;
      if (request.wants_batch)
        maker_->ask(status.MPI_SOURCE, request.capacity_cells, request.floor_cells);
    }
  };
  // The other ranks asked for their first batches while rank 0 set up its output: the
  // helper threads make them while rank 0's feeder cuts its own. Open MPI matches a probe
  // against the messages it has taken in, and only then, finding none, reads its transports
  // (ob1): the first probe of the dispatch found nothing of asks sent a millisecond before,
  // and the helpers got them 0.2-0.5 ms late. The second probe finds what the first read.
  take_requests();
  take_requests();
  release();
  std::deque<wg::align::BatchMaker::Answer> answers;
  Outbox outbox(comm_);
  auto last_tick = std::chrono::steady_clock::now();
  std::deque<BatchResults> finished;
  for (;;) {
    if (stop) halt_ = true;
    bool busy = false;
    if (!outcome.error) {
      try {
        busy = pipeline_->take(finished);
      } catch (const std::exception& e) {  // a bad record in a batch of rank 0's own
        outcome.error = e.what();
        outcome.any_failed = true;
        halt_ = true;
      }
    }
    for (; !finished.empty(); finished.pop_front()) callbacks.accept(std::move(finished.front()));
    busy |= take_requests();
    busy |= maker_->take(answers);
    for (; !answers.empty(); answers.pop_front()) {
      wg::align::BatchMaker::Answer& answer = answers.front();
      if (answer.batch) {
        spdlog::debug("dispatch: batch {} sent to rank {} at {:.1f} ms ({} KB)", answer.batch->id,
                      answer.rank, ms_since(start), answer.archive.size() >> 10);
        outbox.send(std::move(answer.archive), std::move(answer.batch->residues), answer.rank);
      } else {
        outbox.send({}, answer.rank, kTagStop);
      }
    }
    outbox.progress();
    // A failed pipeline has stopped its threads: nothing more comes from it.
    const bool local_done = outcome.error || pipeline_->drained();
    if (workers_finished == size_ - 1 && local_done) break;
    const auto now = std::chrono::steady_clock::now();
    if (now - last_tick > std::chrono::milliseconds(250)) {
      callbacks.tick();
      last_tick = now;
    }
    if (busy || outbox.yield_while_sending()) continue;
    // A batch another rank waits for goes out as soon as a helper thread has made it
    // (kIdleWait; the wait below ends early only for rank 0's own results).
    if (maker_->answering()) {
      std::this_thread::yield();
      continue;
    }
    if (outcome.error)
      std::this_thread::sleep_for(kIdleWait);
    else
      pipeline_->wait(kIdleWait);
  }
  spdlog::debug("dispatch: every result in at {:.1f} ms", ms_since(start));
  outbox.wait_all();
  maker_.reset();
  spdlog::debug("dispatch: helper threads joined at {:.1f} ms", ms_since(start));
  pipeline_.reset();
  spdlog::debug("dispatch: align threads joined at {:.1f} ms", ms_since(start));
  callbacks.tick();
  outcome.interrupted = stop;
  return outcome;
}

DispatchOutcome run_worker(MPI_Comm comm, const RankWorkers& local) {
  const auto start = std::chrono::steady_clock::now();  // for the -v timeline
  int rank = 0;
  MPI_CHECK(MPI_Comm_rank(comm, &rank));
  DispatchOutcome outcome;
  wg::align::AlignPipeline pipeline(local.workers, 0);
  const std::size_t depth = local.workers.size() + 1;
  Outbox outbox(comm);
  std::size_t awaiting = 0;  // requests sent and not yet answered
  bool stopped = false;
  const auto request = [&](std::optional<BatchResults> results) {
    WorkRequest message;
    message.wants_batch = !stopped && !outcome.error && pipeline.held() + awaiting < depth;
    message.capacity_cells = local.capacity_cells;
    message.floor_cells = local.floor_cells;
    if (results) {
      message.has_results = true;
      message.results = std::move(*results);
    } else if (!message.wants_batch) {
      return false;
    }
    if (message.wants_batch) ++awaiting;
    outbox.send(to_bytes(message), 0, kTagRequest);
    return true;
  };
  std::deque<BatchResults> finished;
  for (;;) {
    bool busy = false;
    if (!outcome.error) {
      try {
        busy = pipeline.take(finished);
      } catch (const std::exception& e) {  // a bad record in one of this rank's batches
        outcome.error = e.what();
        WorkRequest failed;
        failed.failed = true;
        outbox.send(to_bytes(failed), 0, kTagRequest);
      }
    }
    for (; !finished.empty(); finished.pop_front()) request(std::move(finished.front()));
    while (request(std::nullopt)) {
    }
    for (;;) {  // answers: a batch or stop
      int flag = 0;
      MPI_Message message;
      MPI_Status status;
      MPI_CHECK(MPI_Improbe(0, MPI_ANY_TAG, comm, &flag, &message, &status));
      if (!flag) break;
      busy = true;
      const Bytes bytes = receive_matched(message, status);
      --awaiting;
      if (status.MPI_TAG == kTagStop) {
        stopped = true;
        continue;
      }
      auto batch = from_bytes<WorkBatch>(bytes);
      MPI_CHECK(MPI_Mprobe(0, kTagResidues, comm, &message, &status));
      batch.residues = receive_matched<std::vector<std::uint8_t>>(message, status);
      spdlog::debug("rank {}: batch {} arrived at {:.1f} ms of its dispatch", rank, batch.id,
                    ms_since(start));
      if (!outcome.error) pipeline.push(std::move(batch));  // a failed rank drops it
    }
    outbox.progress();
    if (outcome.error) {
      if (awaiting == 0) break;
    } else if (stopped && awaiting == 0) {
      pipeline.close();
      if (pipeline.drained()) break;
    }
    if (busy || outbox.yield_while_sending()) continue;
    // An aligner waits for a batch asked for (kIdleWait): a rank that slept between calls
    // received its first batch 0.4 ms after rank 0 sent it.
    if (awaiting > 0 && pipeline.held() < local.workers.size()) {
      std::this_thread::yield();
      continue;
    }
    if (outcome.error)
      std::this_thread::sleep_for(kIdleWait);
    else
      pipeline.wait(kIdleWait);
  }
  WorkRequest last;
  last.finished = true;
  outbox.send(to_bytes(last), 0, kTagRequest);
  outbox.wait_all();
  return outcome;
}

}  // namespace wg::comm::align
