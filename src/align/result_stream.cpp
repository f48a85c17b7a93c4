#include "src/align/result_stream.hpp"

#include <chrono>

#include "src/common/openmp_thread.hpp"

namespace wg::align {
namespace {
// Lines are written once this much is formatted (and at the end of every wake-up).
constexpr std::size_t kWriteChunk = std::size_t{4} << 20;
constexpr auto kFlushInterval = std::chrono::seconds(1);
}  // namespace

ResultStream::ResultStream(ResultSink& sink, ResultWriter& file)
    : sink_(sink), file_(file), thread_(openmp_thread([this] { loop(); })) {}

ResultStream::~ResultStream() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    closing_ = true;
  }
  ready_.notify_one();
  if (thread_.joinable()) thread_.join();
}

void ResultStream::submit(comm::align::BatchResults&& results) {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (error_) std::rethrow_exception(error_);
    queue_.push_back(std::move(results));
  }
  ready_.notify_one();
}

void ResultStream::finish() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    closing_ = true;
  }
  ready_.notify_one();
  if (thread_.joinable()) thread_.join();
  if (error_) std::rethrow_exception(error_);
}

void ResultStream::loop() {
  fmt::memory_buffer lines;
  auto last_flush = std::chrono::steady_clock::now();
  try {
    for (;;) {
      std::deque<comm::align::BatchResults> taken;
      bool closing = false;
      {
        std::unique_lock<std::mutex> lock(mutex_);
        ready_.wait_for(lock, kFlushInterval, [&] { return closing_ || !queue_.empty(); });
        taken.swap(queue_);
        closing = closing_;
      }
      const auto start = std::chrono::steady_clock::now();
      for (comm::align::BatchResults& results : taken) {
        sink_.put(results, lines);
        if (lines.size() >= kWriteChunk) {
          file_.write(lines.data(), lines.size());
          lines.clear();
        }
      }
      file_.write(lines.data(), lines.size());
      lines.clear();
      const auto now = std::chrono::steady_clock::now();
      if (closing || now - last_flush >= kFlushInterval) {
        file_.flush();
        last_flush = now;
      }
      seconds_ += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      if (closing) return;
    }
  } catch (...) {
    std::lock_guard<std::mutex> lock(mutex_);
    error_ = std::current_exception();
  }
}

}  // namespace wg::align
