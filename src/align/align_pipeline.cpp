#include "src/align/align_pipeline.hpp"

#include "src/common/openmp_thread.hpp"

namespace wg::align {

AlignPipeline::AlignPipeline(const std::vector<BatchWorker>& workers, std::size_t depth,
                             Source source)
    : depth_(depth), aligners_(static_cast<int>(workers.size())) {
  // The feeder first: it cuts the first batch while the align threads start (a thread's
  // start took 50-130 us, and the first batch was cut only after all of them).
  if (source) feeder_ = std::thread([this, source = std::move(source)] { feed_loop(source); });
  for (const BatchWorker& worker : workers)
    threads_.push_back(openmp_thread([this, &worker] { align_loop(worker); }));
}

AlignPipeline::~AlignPipeline() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    quit_ = true;
  }
  work_ready_.notify_all();
  space_ready_.notify_all();
  if (feeder_.joinable()) feeder_.join();
  for (auto& thread : threads_) thread.join();
}

void AlignPipeline::push(comm::align::WorkBatch&& batch) {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    queued_.push_back(std::move(batch));
  }
  work_ready_.notify_one();
}

void AlignPipeline::close() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    closed_ = true;
  }
  work_ready_.notify_all();
}

bool AlignPipeline::take(std::deque<comm::align::BatchResults>& into) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (error_) std::rethrow_exception(error_);
  const bool any = !finished_.empty();
  for (; !finished_.empty(); finished_.pop_front()) into.push_back(std::move(finished_.front()));
  return any;
}

std::size_t AlignPipeline::held() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return queued_.size() + aligning_;
}

bool AlignPipeline::drained() const {
  std::lock_guard<std::mutex> lock(mutex_);
  // A failed batch leaves nothing aligning either: not drained until take() rethrows it.
  return !error_ && closed_ && queued_.empty() && aligning_ == 0 && finished_.empty();
}

void AlignPipeline::wait(std::chrono::microseconds timeout) {
  std::unique_lock<std::mutex> lock(mutex_);
  finished_ready_.wait_for(lock, timeout, [&] { return !finished_.empty() || error_; });
}

double AlignPipeline::busy_seconds_locked(std::chrono::steady_clock::time_point now) const {
  const double open = aligning_ > 0 ? std::chrono::duration<double>(now - busy_since_).count() : 0;
  return busy_seconds_ + open;
}

void AlignPipeline::align_loop(const BatchWorker& worker) {
  for (;;) {
    comm::align::WorkBatch batch;
    {
      std::unique_lock<std::mutex> lock(mutex_);
      work_ready_.wait(lock, [&] { return quit_ || closed_ || !queued_.empty(); });
      if (quit_ || queued_.empty()) return;
      batch = std::move(queued_.front());
      queued_.pop_front();
      if (aligning_++ == 0) busy_since_ = std::chrono::steady_clock::now();
    }
    std::optional<comm::align::BatchResults> results;
    std::exception_ptr error;
    try {
      results = worker(std::move(batch));
    } catch (...) {
      error = std::current_exception();
    }
    {
      std::lock_guard<std::mutex> lock(mutex_);
      const auto now = std::chrono::steady_clock::now();
      if (--aligning_ == 0)
        busy_seconds_ += std::chrono::duration<double>(now - busy_since_).count();
      if (error) {
        if (!error_) error_ = error;
        quit_ = true;
      } else {
        results->busy_seconds = busy_seconds_locked(now);
        results->aligners = aligners_;
        finished_.push_back(std::move(*results));
      }
    }
    finished_ready_.notify_all();
    space_ready_.notify_one();
    if (error) {
      work_ready_.notify_all();
      return;
    }
  }
}

void AlignPipeline::feed_loop(const Source& source) {
  try {
    for (;;) {
      {
        std::unique_lock<std::mutex> lock(mutex_);
        space_ready_.wait(lock, [&] { return quit_ || queued_.size() + aligning_ < depth_; });
        if (quit_) return;
      }
      std::optional<comm::align::WorkBatch> batch = source();
      if (!batch) break;
      push(std::move(*batch));
    }
  } catch (...) {
    std::lock_guard<std::mutex> lock(mutex_);
    if (!error_) error_ = std::current_exception();
    quit_ = true;
  }
  close();
  finished_ready_.notify_all();
}

}  // namespace wg::align
