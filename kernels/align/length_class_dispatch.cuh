// Turns a run-time length class and scoring form into the compile-time group size G and
// kUniform flag that the wavefront kernels are instantiated with. A launcher is a struct
// with `template <int G, bool kUniform> void run() const`; each launcher file instantiates
// only its own kernels, so the instantiation files still compile in parallel. The block
// class has its own launcher (launch_block_wavefront); here it gets the warp shape, which
// handles any length (the packed kernel has no block form).
#pragma once

#include "length_classes.hpp"

namespace wg::align::cuda {

template <bool kUniform, typename Launcher>
void dispatch_group(int length_class, const Launcher& launcher) {
  static_assert(kLengthClasses[0].group == 1 && kLengthClasses[1].group == 8 &&
                    kLengthClasses[2].group == 16 && kLengthClasses[3].group == 32 &&
                    kLengthClassCount == 5 && kLengthClasses[4].group == 32,
                "update the cases below with length_classes.hpp");
  switch (length_class) {
    case 0: return launcher.template run<1, kUniform>();
    case 1: return launcher.template run<8, kUniform>();
    case 2: return launcher.template run<16, kUniform>();
    default: return launcher.template run<32, kUniform>();
  }
}

template <typename Launcher>
void dispatch_length_class(int length_class, bool uniform, const Launcher& launcher) {
  if (uniform)
    dispatch_group<true>(length_class, launcher);
  else
    dispatch_group<false>(length_class, launcher);
}

}  // namespace wg::align::cuda
