#include "src/graph/output_file.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <random>
#include <utility>

#include "src/common/error.hpp"
#include "src/graph/format.hpp"

namespace wg::io {

namespace {

std::string reason() { return std::strerror(errno); }

std::string absolute_resolved(const std::string& path) {
  std::error_code ignored;
  const auto absolute = std::filesystem::absolute(path, ignored);
  const auto resolved = std::filesystem::weakly_canonical(absolute, ignored);
  return (resolved.empty() ? absolute : resolved).lexically_normal().string();
}

// Closes a descriptor when the scope ends (also releasing a flock on it).
class Descriptor {
 public:
  explicit Descriptor(int fd) : fd_(fd) {}
  ~Descriptor() {
    if (fd_ >= 0) ::close(fd_);
  }
  Descriptor(const Descriptor&) = delete;
  Descriptor& operator=(const Descriptor&) = delete;
  int get() const { return fd_; }
  // Closes now and reports the result (a delayed write error shows up here).
  int close() { return ::close(std::exchange(fd_, -1)); }

 private:
  int fd_;
};

}  // namespace

void require_replaceable(const std::string& path, const std::string& what) {
  struct stat info {};
  if (::stat(path.c_str(), &info) != 0) return;  // absent (or unreachable: the write will say)
  if (!S_ISREG(info.st_mode))
    fail("{} {}: exists and is not a regular file; refusing to replace it", what, path);
}

void require_writable(const std::string& path, const std::string& what) {
  require_replaceable(path, what);
  const std::string folder = graph::format::parent_folder(path);
  struct stat info {};
  if (::stat(folder.c_str(), &info) != 0 || !S_ISDIR(info.st_mode))
    fail("{} {}: folder {} does not exist", what, path, folder);
  // Creating a file is the only sure test: access() answers yes to root for folders
  // that refuse new files, such as /proc.
  const std::string probe = temporary_name(path, unique_token());
  const int fd = ::open(probe.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
  if (fd < 0) fail("{} {}: folder {} is not writable: {}", what, path, folder, reason());
  ::close(fd);
  ::unlink(probe.c_str());
}

bool same_file(const std::string& a, const std::string& b) {
  struct stat sa {
  }, sb{};
  if (::stat(a.c_str(), &sa) == 0 && ::stat(b.c_str(), &sb) == 0)
    return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
  return absolute_resolved(a) == absolute_resolved(b);
}

void refuse_overlaps(const std::vector<NamedPath>& inputs, const std::vector<NamedPath>& outputs) {
  for (size_t o = 0; o < outputs.size(); ++o) {
    const NamedPath& out = outputs[o];
    if (out.path.empty() || out.path == "-") continue;
    for (const NamedPath& in : inputs)
      if (!in.path.empty() && in.path != "-" && same_file(out.path, in.path))
        fail("{} {} is the same file as {} {}; refusing to overwrite it", out.role, out.path,
             in.role, in.path);
    for (size_t p = 0; p < o; ++p)
      if (!outputs[p].path.empty() && outputs[p].path != "-" &&
          same_file(out.path, outputs[p].path))
        fail("{} {} is the same file as {} {}; give them different names", out.role, out.path,
             outputs[p].role, outputs[p].path);
  }
}

std::string unique_token() {
  char host[64] = {};
  ::gethostname(host, sizeof host - 1);
  std::random_device random;
  return fmt::format("{}-{}-{:08x}", host, ::getpid(), random());
}

std::string temporary_name(const std::string& path, const std::string& token) {
  return path + ".tmp-" + token;
}

bool write_all(int fd, const void* data, std::size_t size) {
  const char* bytes = static_cast<const char*>(data);
  std::size_t done = 0;
  while (done < size) {
    const ssize_t n = ::write(fd, bytes + done, size - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      if (n == 0) errno = EIO;
      return false;
    }
    done += static_cast<std::size_t>(n);
  }
  return true;
}

void write_whole_file(const std::string& path, const void* data, std::size_t size) {
  Descriptor fd(::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666));
  if (fd.get() < 0) fail("{}: cannot create: {}", path, reason());
  const auto failed = [&](const char* step) {
    const std::string why = reason();
    fd.close();
    std::remove(path.c_str());
    fail("{}: {} failed: {}", path, step, why);
  };
  if (!write_all(fd.get(), data, size)) failed("write");
  if (::fsync(fd.get()) != 0) failed("flush to disk");
  if (fd.close() != 0) {
    const std::string why = reason();
    std::remove(path.c_str());
    fail("{}: close failed: {}", path, why);
  }
}

void sync_file(const std::string& path) {
  Descriptor fd(::open(path.c_str(), O_RDONLY | O_CLOEXEC));
  if (fd.get() < 0 || ::fsync(fd.get()) != 0) fail("{}: flush to disk failed: {}", path, reason());
}

void publish(const std::string& temporary, const std::string& final_path, const std::string& what) {
  require_replaceable(final_path, what);
  if (std::rename(temporary.c_str(), final_path.c_str()) != 0) {
    const std::string why = reason();
    fail("{} {}: cannot rename {} to it: {}", what, final_path, temporary, why);
  }
}

void FileGroup::add(const std::string& temporary, const std::string& final_path) {
  files_.emplace_back(temporary, final_path);
}

void FileGroup::discard() noexcept {
  for (const auto& file : files_) std::remove(file.first.c_str());
  files_.clear();
}

void FileGroup::publish(const std::string& token) {
  if (files_.empty()) return;
  const std::string folder = graph::format::parent_folder(files_.front().second);
  Descriptor lock(::open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
  if (lock.get() < 0 || ::flock(lock.get(), LOCK_EX) != 0) {
    const std::string why = reason();
    const std::string first = files_.front().second;
    discard();
    fail("{}: cannot lock the folder to publish {}: {}", folder, first, why);
  }

  std::vector<std::string> backups(files_.size());
  const auto remove_backups = [&] {
    for (const auto& backup : backups)
      if (!backup.empty()) std::remove(backup.c_str());
  };
  try {
    for (const auto& file : files_) require_replaceable(file.second, "output");
    for (size_t i = 0; i < files_.size(); ++i) {
      const std::string& final_path = files_[i].second;
      if (::access(final_path.c_str(), F_OK) != 0) continue;
      const std::string backup = final_path + ".old-" + token;
      if (::link(final_path.c_str(), backup.c_str()) != 0)
        fail("{}: cannot replace it (keeping the old file aside failed: {}); nothing was changed",
             final_path, reason());
      backups[i] = backup;
    }
  } catch (...) {
    remove_backups();
    discard();
    throw;
  }

  for (size_t i = 0; i < files_.size(); ++i) {
    if (std::rename(files_[i].first.c_str(), files_[i].second.c_str()) == 0) continue;
    const std::string why = reason();
    // Put back what was there before, so the old graph stays whole.
    for (size_t j = 0; j < i; ++j) {
      if (!backups[j].empty())
        std::rename(backups[j].c_str(), files_[j].second.c_str());
      else
        std::remove(files_[j].second.c_str());
    }
    for (size_t j = i; j < files_.size(); ++j) std::remove(files_[j].first.c_str());
    remove_backups();
    const std::string failed_name = files_[i].second;
    files_.clear();
    fail("{}: cannot rename the new file into place: {}; the previous files are unchanged",
         failed_name, why);
  }
  remove_backups();
  ::fsync(lock.get());  // the renames themselves reach the disk
  files_.clear();
}

}  // namespace wg::io
