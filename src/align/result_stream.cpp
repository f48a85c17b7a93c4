#include "src/align/result_stream.hpp"

#include <spdlog/spdlog.h>

#include <chrono>

#include "src/common/openmp_thread.hpp"

namespace wg::align {
namespace {
// Formatted text goes to the writing thread in pieces of about this size (a window's lines
// when larger), at most kTextsInFlight at once: the memory of text waiting to be written.
// Small enough that the writer writes the windows that a late batch completes while the
// formatter does the next ones: when the pieces were 4 MB, the lines of up to 8 windows
// were formatted, then copied into one growing buffer, then written, after the last batch
// (2.3 ms for 67,000 protein lines on a 32-core host, most of it the buffer's growth).
constexpr std::size_t kWriteChunk = std::size_t{256} << 10;
constexpr std::size_t kTextsInFlight = 8;
// Texts start with room for a piece and a window's lines past it, so that they rarely grow.
constexpr std::size_t kTextCapacity = 4 * kWriteChunk;
constexpr auto kFlushInterval = std::chrono::seconds(1);

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}
}  // namespace

ResultStream::ResultStream(ResultSink& sink, ResultWriter& file)
    : created_(std::chrono::steady_clock::now()),
      sink_(sink),
      file_(file),
      writer_([this] { write_loop(); }),
      formatter_(openmp_thread([this] { format_loop(); })) {}

ResultStream::~ResultStream() { stop_threads(); }

void ResultStream::close() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    closing_ = true;
  }
  ready_.notify_one();
}

void ResultStream::stop_threads() {
  close();
  if (formatter_.joinable()) formatter_.join();
  if (writer_.joinable()) writer_.join();
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
  close();
  std::unique_lock<std::mutex> lock(mutex_);
  // The threads end in the destructor: their end (libgomp stops the formatting team) took
  // 0.1-1 ms after the last line was written.
  written_.wait(lock, [&] { return written_all_ || error_; });
  if (error_) std::rethrow_exception(error_);
}

void ResultStream::fail(std::exception_ptr error) {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (!error_) error_ = error;
  }
  text_space_.notify_all();
  text_ready_.notify_all();
  written_.notify_all();
}

void ResultStream::hand_over(fmt::memory_buffer& text) {
  std::unique_lock<std::mutex> lock(mutex_);
  text_space_.wait(lock, [&] { return error_ || texts_.size() < kTextsInFlight; });
  if (error_) std::rethrow_exception(error_);
  texts_.push_back(std::move(text));
  text = fmt::memory_buffer();
  if (!spare_texts_.empty()) {
    text = std::move(spare_texts_.back());
    spare_texts_.pop_back();
  }
  lock.unlock();
  if (text.capacity() < kTextCapacity) text.reserve(kTextCapacity);
  text_ready_.notify_one();
}

void ResultStream::format_loop() {
  fmt::memory_buffer lines;
  try {
    sink_.prepare();
    lines.reserve(kTextCapacity);
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
        const std::uint64_t id = results.id;
        const std::uint64_t written = sink_.written();
        std::size_t bytes = 0;  // of the lines that became writable
        const auto put_start = std::chrono::steady_clock::now();
        sink_.store(results);
        for (std::size_t before = lines.size(); sink_.append_next(lines); before = lines.size()) {
          bytes += lines.size() - before;
          if (lines.size() >= kWriteChunk) hand_over(lines);
        }
        spdlog::debug("output: batch {} put at {:.1f} ms, {} more lines ({} KB) in {:.2f} ms", id,
                      std::chrono::duration<double, std::milli>(put_start - created_).count(),
                      sink_.written() - written, bytes >> 10, seconds_since(put_start) * 1e3);
      }
      if (lines.size() > 0) hand_over(lines);
      format_seconds_ += seconds_since(start);
      if (closing) break;
    }
  } catch (...) {
    fail(std::current_exception());
  }
  {
    std::lock_guard<std::mutex> lock(mutex_);
    texts_done_ = true;
  }
  text_ready_.notify_one();
}

void ResultStream::write_loop() {
  auto last_flush = std::chrono::steady_clock::now();
  bool unflushed = false;
  try {
    for (;;) {
      fmt::memory_buffer text;
      bool have_text = false;
      {
        std::unique_lock<std::mutex> lock(mutex_);
        text_ready_.wait_for(lock, kFlushInterval,
                             [&] { return error_ || texts_done_ || !texts_.empty(); });
        if (error_) return;
        if (!texts_.empty()) {
          text = std::move(texts_.front());
          texts_.pop_front();
          have_text = true;
        } else if (texts_done_) {
          break;  // everything is written
        }
      }
      const auto start = std::chrono::steady_clock::now();
      if (have_text) {
        file_.write(text.data(), text.size());
        unflushed = true;
        spdlog::debug("output: {} KB written at {:.1f} ms in {:.2f} ms", text.size() >> 10,
                      std::chrono::duration<double, std::milli>(start - created_).count(),
                      seconds_since(start) * 1e3);
      }
      // Also when no text came for a while: what was written last reaches the file.
      if (unflushed && start - last_flush >= kFlushInterval) {
        file_.flush();
        last_flush = start;
        unflushed = false;
      }
      write_seconds_ += seconds_since(start);
      if (!have_text) continue;
      text.clear();
      {
        std::lock_guard<std::mutex> lock(mutex_);
        spare_texts_.push_back(std::move(text));
      }
      text_space_.notify_one();
    }
    const auto start = std::chrono::steady_clock::now();
    file_.flush();
    write_seconds_ += seconds_since(start);
  } catch (...) {
    fail(std::current_exception());
    return;
  }
  {
    std::lock_guard<std::mutex> lock(mutex_);
    written_all_ = true;
  }
  written_.notify_all();
}

}  // namespace wg::align
