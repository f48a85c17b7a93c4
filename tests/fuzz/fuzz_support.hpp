// What every fuzz target shares: MPI on one rank (the readers are collective over a
// communicator), silent logging, and a scratch file that holds the current input, since
// the readers take paths as the program gives them.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

namespace wg::fuzz {

// Writes the input to this process's scratch folder under `name` (created on first use,
// removed at exit) and returns its path.
std::string scratch_file(const std::string& name, const std::uint8_t* data, std::size_t size);

// The scratch folder itself, for targets that write several files, and a way to empty
// it so that no file of an earlier input is seen by a later one.
const std::string& scratch_folder();
void clear_scratch_folder();

// Stops the fuzzer with a message when a reader returned something it promises never to.
[[noreturn]] void broken_promise(const char* what);

}  // namespace wg::fuzz
