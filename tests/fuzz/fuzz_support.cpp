// MPI initialisation for the fuzz targets (libFuzzer calls LLVMFuzzerInitialize once),
// the scratch folder, and the end of the process.
#include "tests/fuzz/fuzz_support.hpp"

#include <mpi.h>
#include <spdlog/spdlog.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "src/graph/hdf5_util.hpp"

namespace wg::fuzz {

namespace {

std::string make_scratch_folder() {
  const char* tmp = std::getenv("TMPDIR");
  std::string pattern = std::string(tmp && *tmp ? tmp : "/tmp") + "/warpgraph-fuzz-XXXXXX";
  if (mkdtemp(pattern.data()) == nullptr) {
    std::perror("mkdtemp");
    std::abort();
  }
  return pattern;
}

void finish() {
  std::error_code ignored;
  std::filesystem::remove_all(scratch_folder(), ignored);
  int finalized = 0;
  MPI_Finalized(&finalized);
  if (!finalized) MPI_Finalize();
}

}  // namespace

const std::string& scratch_folder() {
  static const std::string folder = make_scratch_folder();
  return folder;
}

void clear_scratch_folder() {
  for (const auto& entry : std::filesystem::directory_iterator(scratch_folder()))
    std::filesystem::remove_all(entry.path());
}

std::string scratch_file(const std::string& name, const std::uint8_t* data, std::size_t size) {
  const std::string path = scratch_folder() + "/" + name;
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(size));
  out.close();
  if (!out) {
    std::perror(path.c_str());
    std::abort();
  }
  return path;
}

void broken_promise(const char* what) {
  std::fprintf(stderr, "reader broke its promise: %s\n", what);
  std::abort();
}

}  // namespace wg::fuzz

extern "C" int LLVMFuzzerInitialize(int* argc, char*** argv) {
  int provided = 0;
  MPI_Init_thread(argc, argv, MPI_THREAD_FUNNELED, &provided);
  spdlog::set_level(spdlog::level::off);
  wg::h5::quiet_errors();
  wg::fuzz::scratch_folder();
  std::atexit(wg::fuzz::finish);
  return 0;
}
