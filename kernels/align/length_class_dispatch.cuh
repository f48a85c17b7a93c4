// Turns a run-time length class and scoring form into the compile-time group size G and
// substitution form kScores that the wavefront kernels are instantiated with. A launcher
// is a struct with `template <int G, Substitution kScores> void run() const`; each launcher
// file instantiates only its own kernels, so the instantiation files still compile in
// parallel. The block class has its own launcher (launch_block_wavefront); here it gets
// the warp shape, which handles any length (the packed kernel has no block form).
#pragma once

#include "kernels/align/length_classes.hpp"

namespace wg::kernels::align::cuda {

// How a kernel finds the substitution score of a cell: equal codes score match, others
// mismatch (uniform); the scoring table in shared memory (table); or the thread's query
// profile (profile, cuda_query_profile.cuh), for length classes with `profile` set and
// matrices whose scores fit a byte.
enum class Substitution { uniform, table, profile };

template <Substitution kScores, typename Launcher>
void dispatch_group(int length_class, const Launcher& launcher) {
  static_assert(kLengthClasses[0].group == 1 && kLengthClasses[1].group == 8 &&
                    kLengthClasses[2].group == 16 && kLengthClasses[3].group == 32 &&
                    kLengthClassCount == 5 && kLengthClasses[4].group == 32,
                "update the cases below with length_classes.hpp");
  static_assert(!kLengthClasses[0].profile, "the thread class has no profile form below");
  switch (length_class) {
    case 0:
      // No profile form for the thread class: one instantiation fewer.
      if constexpr (kScores != Substitution::profile) return launcher.template run<1, kScores>();
      return;
    case 1:
      return launcher.template run<8, kScores>();
    case 2:
      return launcher.template run<16, kScores>();
    default:
      return launcher.template run<32, kScores>();
  }
}

template <typename Launcher>
void dispatch_length_class(int length_class, Substitution scores, const Launcher& launcher) {
  switch (scores) {
    case Substitution::uniform:
      return dispatch_group<Substitution::uniform>(length_class, launcher);
    case Substitution::table:
      return dispatch_group<Substitution::table>(length_class, launcher);
    case Substitution::profile:
      return dispatch_group<Substitution::profile>(length_class, launcher);
  }
}

}  // namespace wg::kernels::align::cuda
