#include "src/align/batch_maker.hpp"

#include "src/common/openmp_thread.hpp"

namespace wg::align {

BatchMaker::BatchMaker(Make make, const std::atomic<bool>& stop, int threads)
    : make_(std::move(make)), stop_(stop) {
  for (int k = 0; k < threads; ++k) threads_.push_back(openmp_thread([this] { loop(); }));
}

BatchMaker::~BatchMaker() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    quit_ = true;
  }
  asked_.notify_all();
  for (auto& thread : threads_) thread.join();
}

void BatchMaker::ask(int rank, std::uint64_t capacity_cells, std::uint64_t floor_cells) {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    asks_.push_back({rank, capacity_cells, floor_cells});
  }
  asked_.notify_one();
}

bool BatchMaker::answering() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return !asks_.empty() || making_ > 0;
}

bool BatchMaker::take(std::deque<Answer>& into) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (error_) std::rethrow_exception(error_);
  const bool any = !answers_.empty();
  for (; !answers_.empty(); answers_.pop_front()) into.push_back(std::move(answers_.front()));
  return any;
}

void BatchMaker::loop() {
  for (;;) {
    Ask ask{};
    {
      std::unique_lock<std::mutex> lock(mutex_);
      asked_.wait(lock, [&] { return quit_ || !asks_.empty(); });
      if (quit_) return;
      ask = asks_.front();
      asks_.pop_front();
      ++making_;
    }
    Answer answer;
    answer.rank = ask.rank;
    try {
      if (!stop_) answer.batch = make_(ask.capacity_cells, ask.floor_cells);
      if (answer.batch) answer.archive = comm::align::to_bytes(*answer.batch);
    } catch (...) {
      std::lock_guard<std::mutex> lock(mutex_);
      if (!error_) error_ = std::current_exception();
      --making_;
      return;
    }
    std::lock_guard<std::mutex> lock(mutex_);
    answers_.push_back(std::move(answer));
    --making_;
  }
}

}  // namespace wg::align
