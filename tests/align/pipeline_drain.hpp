// Waits for every batch of a closed AlignPipeline and returns their results in the order
// they finished (tests of the pipeline).
#pragma once

#include <chrono>
#include <deque>

#include "src/align/align_pipeline.hpp"

namespace wg::align {

inline std::deque<comm::align::BatchResults> drain(AlignPipeline& pipeline) {
  std::deque<comm::align::BatchResults> finished;
  while (!pipeline.drained()) {
    pipeline.wait(std::chrono::milliseconds(1));
    pipeline.take(finished);
  }
  return finished;
}

}  // namespace wg::align
