#include "systemc/config/config_text.h"

#include "kernel/input_error.h"

namespace gpucosim {

namespace {

struct Token {
  std::string text;
  uint64_t line;
  bool quoted;
};

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'; }

bool is_option_name(const Token& t) {
  if (t.quoted || t.text.size() < 2 || t.text[0] != '-') return false;
  char c = t.text[1];
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

std::vector<Token> tokenize(const std::string& text, const std::string& source) {
  std::vector<Token> out;
  uint64_t line = 1;
  size_t i = 0, n = text.size();
  while (i < n) {
    char c = text[i];
    if (c == '\n') { ++line, ++i; continue; }
    if (is_space(c)) { ++i; continue; }
    if (c == '#') {
      while (i < n && text[i] != '\n') ++i;
      continue;
    }
    Token tok{"", line, false};
    while (i < n && !is_space(text[i]) && text[i] != '#') {
      if (text[i] != '"') {
        tok.text += text[i++];
        continue;
      }
      tok.quoted = true;
      uint64_t open_line = line;
      ++i;
      while (i < n && text[i] != '"') {
        if (is_space(text[i])) {
          size_t run = i;
          bool breaks = false;
          while (i < n && is_space(text[i])) {
            if (text[i] == '\n') breaks = true, ++line;
            ++i;
          }
          if (!breaks) tok.text.append(text, run, i - run);
          continue;
        }
        tok.text += text[i++];
      }
      if (i >= n) throw InputError(source, open_line, "unterminated quote: expected a closing '\"'");
      ++i;  // closing quote
    }
    out.push_back(std::move(tok));
  }
  return out;
}

}  // namespace

std::vector<ConfigEntry> parse_config_text(const std::string& text, const std::string& source) {
  std::vector<Token> toks = tokenize(text, source);
  std::vector<ConfigEntry> out;
  for (size_t i = 0; i < toks.size(); ++i) {
    const Token& t = toks[i];
    if (!is_option_name(t))
      throw InputError(source, t.line, "expected an option name starting with '-', got '" + t.text + "'");
    if (i + 1 >= toks.size() || is_option_name(toks[i + 1]))
      throw InputError(source, t.line, t.text + ": expected a value after the option name");
    out.push_back({t.text.substr(1), toks[i + 1].text, t.line});
    ++i;
  }
  return out;
}

std::string quote_config_value(const std::string& value) {
  bool plain = !value.empty() && value.find_first_of(" \t#\"") == std::string::npos && value[0] != '-';
  return plain ? value : "\"" + value + "\"";
}

}  // namespace gpucosim
