#include "align/dispatcher.hpp"

#include <boost/archive/binary_iarchive.hpp>
#include <boost/archive/binary_oarchive.hpp>

#include <chrono>
#include <climits>
#include <deque>
#include <exception>
#include <mutex>
#include <sstream>
#include <string>
#include <thread>

#include "mpi_check.hpp"

namespace wg::align {
namespace {

constexpr int kTagRequest = 701;
constexpr int kTagBatch = 702;
constexpr int kTagStop = 703;

template <typename T>
std::string to_bytes(const T& value) {
  std::ostringstream out(std::ios::binary);
  {
    boost::archive::binary_oarchive archive(out, boost::archive::no_header);
    archive << value;
  }
  return out.str();
}

template <typename T>
T from_bytes(const std::string& bytes) {
  std::istringstream in(bytes, std::ios::binary);
  boost::archive::binary_iarchive archive(in, boost::archive::no_header);
  T value;
  archive >> value;
  return value;
}

void send_bytes(MPI_Comm comm, const std::string& bytes, int dest, int tag) {
  WG_REQUIRE(bytes.size() < static_cast<std::size_t>(INT_MAX),
             "alignment message of {} bytes is too large for one MPI message", bytes.size());
  MPI_CHECK(MPI_Send(bytes.data(), static_cast<int>(bytes.size()), MPI_BYTE, dest, tag, comm));
}

std::string receive_matched(MPI_Message& message, const MPI_Status& status) {
  int count = 0;
  MPI_CHECK(MPI_Get_count(&status, MPI_BYTE, &count));
  std::string bytes(static_cast<std::size_t>(count), '\0');
  MPI_CHECK(MPI_Mrecv(bytes.data(), count, MPI_BYTE, &message, MPI_STATUS_IGNORE));
  return bytes;
}

// Rank 0's own worker thread and the queue of its finished batches.
class LocalWorker {
 public:
  LocalWorker(const DispatchCallbacks& callbacks, std::mutex& source_mutex,
              const BatchWorker& worker, std::uint64_t capacity, const std::atomic<bool>& stop)
      : thread_([&, capacity] { loop(callbacks, source_mutex, worker, capacity, stop); }) {}
  ~LocalWorker() {
    quit_ = true;
    thread_.join();
  }

  // Moves finished results out; rethrows the thread's error, if any.
  bool take(std::deque<BatchResults>& into) {
    std::lock_guard<std::mutex> lock(mutex_);
    if (error_) std::rethrow_exception(error_);
    const bool any = !finished_.empty();
    while (!finished_.empty()) {
      into.push_back(std::move(finished_.front()));
      finished_.pop_front();
    }
    return any;
  }
  bool done() const { return done_; }

 private:
  void loop(const DispatchCallbacks& callbacks, std::mutex& source_mutex,
            const BatchWorker& worker, std::uint64_t capacity, const std::atomic<bool>& stop) {
    try {
      while (!stop && !quit_) {
        std::optional<WorkBatch> batch;
        {
          std::lock_guard<std::mutex> lock(source_mutex);
          batch = callbacks.next_batch(capacity);
        }
        if (!batch) break;
        BatchResults results = worker(std::move(*batch));
        std::lock_guard<std::mutex> lock(mutex_);
        finished_.push_back(std::move(results));
      }
    } catch (...) {
      std::lock_guard<std::mutex> lock(mutex_);
      error_ = std::current_exception();
    }
    done_ = true;
  }

  std::mutex mutex_;
  std::deque<BatchResults> finished_;
  std::exception_ptr error_;
  std::atomic<bool> done_{false};
  std::atomic<bool> quit_{false};
  std::thread thread_;
};

}  // namespace

DispatchOutcome run_dispatcher(MPI_Comm comm, const DispatchCallbacks& callbacks,
                               const BatchWorker& local_worker, std::uint64_t local_capacity,
                               const std::atomic<bool>& stop) {
  int size = 1;
  MPI_CHECK(MPI_Comm_size(comm, &size));
  std::mutex source_mutex;
  int workers_stopped = 0;
  LocalWorker local(callbacks, source_mutex, local_worker, local_capacity, stop);
  auto last_tick = std::chrono::steady_clock::now();
  std::deque<BatchResults> finished;
  for (;;) {
    bool busy = local.take(finished);
    for (; !finished.empty(); finished.pop_front()) callbacks.accept(std::move(finished.front()));

    int flag = 0;
    MPI_Message message;
    MPI_Status status;
    MPI_CHECK(MPI_Improbe(MPI_ANY_SOURCE, kTagRequest, comm, &flag, &message, &status));
    if (flag) {
      busy = true;
      auto request = from_bytes<WorkRequest>(receive_matched(message, status));
      if (request.has_results) callbacks.accept(std::move(request.results));
      std::optional<WorkBatch> batch;
      if (!stop) {
        std::lock_guard<std::mutex> lock(source_mutex);
        batch = callbacks.next_batch(request.capacity_cells);
      }
      if (batch) {
        send_bytes(comm, to_bytes(*batch), status.MPI_SOURCE, kTagBatch);
      } else {
        MPI_CHECK(MPI_Send(nullptr, 0, MPI_BYTE, status.MPI_SOURCE, kTagStop, comm));
        ++workers_stopped;
      }
    }
    if (workers_stopped == size - 1 && local.done()) {
      local.take(finished);
      for (; !finished.empty(); finished.pop_front())
        callbacks.accept(std::move(finished.front()));
      break;
    }
    const auto now = std::chrono::steady_clock::now();
    if (now - last_tick > std::chrono::milliseconds(250)) {
      callbacks.tick();
      last_tick = now;
    }
    if (!busy) std::this_thread::sleep_for(std::chrono::microseconds(500));
  }
  callbacks.tick();
  return stop ? DispatchOutcome::interrupted : DispatchOutcome::completed;
}

void run_worker(MPI_Comm comm, const BatchWorker& worker, std::uint64_t capacity_cells) {
  WorkRequest request;
  request.capacity_cells = capacity_cells;
  for (;;) {
    send_bytes(comm, to_bytes(request), 0, kTagRequest);
    MPI_Message message;
    MPI_Status status;
    MPI_CHECK(MPI_Mprobe(0, MPI_ANY_TAG, comm, &message, &status));
    std::string bytes = receive_matched(message, status);
    if (status.MPI_TAG == kTagStop) return;
    request.results = worker(from_bytes<WorkBatch>(bytes));
    request.has_results = true;
  }
}

JobSetup broadcast_setup(MPI_Comm comm, const JobSetup& setup) {
  int rank = 0;
  MPI_CHECK(MPI_Comm_rank(comm, &rank));
  std::string bytes = rank == 0 ? to_bytes(setup) : std::string();
  unsigned long long size = bytes.size();
  MPI_CHECK(MPI_Bcast(&size, 1, MPI_UNSIGNED_LONG_LONG, 0, comm));
  bytes.resize(size);
  MPI_CHECK(MPI_Bcast(bytes.data(), static_cast<int>(size), MPI_BYTE, 0, comm));
  return rank == 0 ? setup : from_bytes<JobSetup>(bytes);
}

}  // namespace wg::align
