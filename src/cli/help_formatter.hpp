// --help output a person reads at a glance: option names without CLI11's flag values,
// value placeholders such as FILE, N or hdf5|tsv instead of validator descriptions, and
// defaults, requirements and conflicts in words.
#pragma once

#include <CLI/CLI.hpp>

#include <string>

namespace wg::cli {

class HelpFormatter : public CLI::Formatter {
 public:
  HelpFormatter();
  std::string make_option_name(const CLI::Option* option, bool is_positional) const override;
  std::string make_option_opts(const CLI::Option* option) const override;
  std::string make_option_desc(const CLI::Option* option) const override;
  std::string make_option_usage(const CLI::Option* option) const override;
};

// The placeholder for an option's value, from its type and validators ("FILE", "N",
// "hdf5|tsv"); exposed for tests.
std::string value_placeholder(const std::string& cli11_type_name);

}  // namespace wg::cli
