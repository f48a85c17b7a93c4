#include "src/cli/help_formatter.hpp"

#include <sstream>
#include <vector>

namespace wg::cli {

namespace {

std::vector<std::string> split(const std::string& text, char separator) {
  std::vector<std::string> parts;
  std::string part;
  std::istringstream in(text);
  while (std::getline(in, part, separator)) parts.push_back(part);
  return parts;
}

bool starts_with(const std::string& text, const std::string& prefix) {
  return text.compare(0, prefix.size(), prefix) == 0;
}

// "{a,b,c}" or "value in {a->1,b->0} OR {1,0}" (a transformer) -> "a|b|c".
std::string choices(const std::string& description) {
  const auto open = description.find('{');
  const auto close = description.find('}', open);
  std::string joined;
  for (std::string item : split(description.substr(open + 1, close - open - 1), ',')) {
    const auto arrow = item.find("->");
    if (arrow != std::string::npos) item.resize(arrow);
    joined += (joined.empty() ? "" : "|") + item;
  }
  return joined;
}

std::string base_placeholder(const std::string& type) {
  if (type == "INT" || type == "UINT") return "N";
  if (type == "FLOAT") return "X";
  return type.empty() ? "VALUE" : type;
}

}  // namespace

std::string value_placeholder(const std::string& cli11_type_name) {
  const std::vector<std::string> parts = split(cli11_type_name, ':');
  std::string placeholder = base_placeholder(parts.empty() ? "" : parts.front());
  std::string range;
  for (size_t i = 1; i < parts.size(); ++i) {
    const std::string& part = parts[i];
    if (starts_with(part, "{") || starts_with(part, "value in {")) return choices(part);
    if (part == "FILE" || part == "DIR" || part == "PATH(existing)") placeholder = part;
    const auto bracket = part.find(" in [");
    if (bracket != std::string::npos) {
      // "UINT in [1 - 30]" -> "N (1 to 30)"
      placeholder = base_placeholder(part.substr(0, bracket));
      std::string bounds = part.substr(bracket + 5, part.size() - bracket - 6);
      const auto dash = bounds.find(" - ");
      if (dash != std::string::npos) bounds.replace(dash, 3, " to ");
      range = " (" + bounds + ")";
    }
  }
  return placeholder + range;
}

HelpFormatter::HelpFormatter() { column_width(34); }

std::string HelpFormatter::make_option_name(const CLI::Option* option, bool is_positional) const {
  if (is_positional) return option->get_name(true, false);
  std::string names;
  for (const std::string& name : option->get_snames())
    names += (names.empty() ? "-" : ", -") + name;
  for (const std::string& name : option->get_lnames())
    names += (names.empty() ? "--" : ", --") + name;
  return names;
}

std::string HelpFormatter::make_option_opts(const CLI::Option* option) const {
  if (!option->get_option_text().empty()) return " " + option->get_option_text();
  std::ostringstream out;
  // Flags (--help, --quiet) have no value and no type name.
  if (option->get_type_size() != 0 && !option->get_type_name().empty()) {
    out << " " << value_placeholder(option->get_type_name());
    if (option->get_expected_min() > 1) out << " x" << option->get_expected_min();
  }
  return out.str();
}

std::string HelpFormatter::make_option_desc(const CLI::Option* option) const {
  std::string text = option->get_description();
  const auto add = [&text](const std::string& sentence) {
    text += (text.empty() || text.back() == ' ' ? "" : ". ") + sentence;
  };
  if (option->get_required()) add("Required");
  if (option->get_type_size() != 0 && !option->get_default_str().empty())
    add("Default: " + option->get_default_str());
  std::string needs;
  for (const CLI::Option* other : option->get_needs())
    needs += (needs.empty() ? "" : " and ") + make_option_name(other, false);
  if (!needs.empty()) add("Needs " + needs);
  std::string excludes;
  for (const CLI::Option* other : option->get_excludes())
    excludes += (excludes.empty() ? "" : ", ") + make_option_name(other, false);
  if (!excludes.empty()) add("Not with " + excludes);
  return text;
}

std::string HelpFormatter::make_option_usage(const CLI::Option* option) const {
  const std::string name = make_option_name(option, true);
  return option->get_required() ? name : "[" + name + "]";
}

}  // namespace wg::cli
