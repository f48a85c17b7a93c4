// Rank 0's writer threads: take finished batches from the dispatcher's main thread (which
// must stay free to answer workers), hand them to the sink (order, --top), and write them
// to the output, flushing the finished prefix about every second so that an interrupted
// run leaves as much as possible in FILE.partial. One thread orders and formats lines,
// another writes the formatted text, so that a long run of lines (SAM carries every query's
// residues) is formatted while the one before it goes to the file.
#pragma once

#include <fmt/format.h>

#include <chrono>
#include <condition_variable>
#include <deque>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

#include "comm/align/messages.hpp"
#include "src/align/result_sink.hpp"
#include "src/align/result_writer.hpp"

namespace wg::align {

class ResultStream {
 public:
  ResultStream(ResultSink& sink, ResultWriter& file);
  ~ResultStream();
  ResultStream(const ResultStream&) = delete;
  ResultStream& operator=(const ResultStream&) = delete;

  // Queues one batch's results; rethrows an error of the writer threads.
  void submit(comm::align::BatchResults&& results);
  // Returns once everything submitted is written and flushed; rethrows an error of the
  // threads (which stop in the destructor).
  void finish();
  // Seconds spent ordering and formatting, plus seconds spent writing (read after finish();
  // the two threads overlap), and each of the two.
  double seconds() const { return format_seconds_ + write_seconds_; }
  double format_seconds() const { return format_seconds_; }
  double file_seconds() const { return write_seconds_; }

 private:
  void format_loop();
  void write_loop();
  // Hands formatted text to the writing thread (waiting while kTextsInFlight are queued)
  // and leaves `text` an empty buffer, reused from those already written.
  void hand_over(fmt::memory_buffer& text);
  void fail(std::exception_ptr error);
  // No more results: the formatting thread writes what it holds, then ends.
  void close();
  void stop_threads();

  std::chrono::steady_clock::time_point created_;  // for the -v timeline
  ResultSink& sink_;
  ResultWriter& file_;
  std::mutex mutex_;
  std::condition_variable ready_;       // results queued, or closing
  std::condition_variable text_ready_;  // text queued, or no more text
  std::condition_variable text_space_;  // a queued text written, or an error
  std::condition_variable written_;     // everything written and flushed, or an error
  std::deque<comm::align::BatchResults> queue_;
  std::deque<fmt::memory_buffer> texts_;         // formatted, to write
  std::vector<fmt::memory_buffer> spare_texts_;  // written, to reuse
  bool closing_ = false;
  bool texts_done_ = false;   // the formatting thread has stopped
  bool written_all_ = false;  // the writing thread wrote and flushed the last text
  std::exception_ptr error_;
  double format_seconds_ = 0;
  double write_seconds_ = 0;
  std::thread writer_;
  std::thread formatter_;
};

}  // namespace wg::align
