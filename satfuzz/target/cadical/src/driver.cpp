// Trace driver of tandem's SAT API fuzzer for CaDiCaL's C++ API.
// Reads a satfuzz trace (no call indices) on stdin, one call per line, and
// prints one answer line per call (see satfuzz.ParseResponses):
//   ok | s SATISFIABLE|UNSATISFIABLE|UNKNOWN | m LITS 0 | m none |
//   u LITS 0 | u none | n blocking=COUNT | x MESSAGE
// Output is flushed after every line, so a crash keeps the answers before it.
// Build: g++ -O2 -o driver driver.cpp -lcadical
#include <cadical.hpp>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <sstream>
#include <string>
#include <unistd.h>
#include <vector>

static const long MAX_ENUM = 1 << 16;

static FILE *out;

// say prints one protocol line and flushes it.
static void say(const std::string &l) {
  fputs(l.c_str(), out);
  fputc('\n', out);
  fflush(out);
}

int main(int argc, char **argv) {
  if (argc == 2 && !strcmp(argv[1], "--version")) {
    printf("%s\n", CaDiCaL::Solver::version());
    return 0;
  }
  // The protocol goes to the original stdout; whatever the library prints
  // on stdout (messages of its internal checker) goes to stderr.
  int fd = dup(1);
  if (fd < 0 || dup2(2, 1) < 0 || !(out = fdopen(fd, "w"))) return 3;
  CaDiCaL::Solver *s = nullptr;
  std::string line;
  std::vector<int> assumptions;
  int maxvar = 0, last = 0;
  bool had_assumptions = false;
    while (std::getline(std::cin, line)) {
    std::istringstream in(line);
    std::string call;
    in >> call;
    if (call == "init") {
      s = new CaDiCaL::Solver();
      say(std::string() + "ok");
    } else if (!s) {
      say(std::string() + "x driver: call before init");
      return 0;
    } else if (call == "option") {
      std::string kv;
      in >> kv;
      size_t eq = kv.find('=');
      std::string k = kv.substr(0, eq), v = kv.substr(eq + 1);
      int val = v == "true" ? 1 : v == "false" ? 0 : (int)std::atoll(v.c_str());
      if (!s->set(k.c_str(), val)) {
        say(std::string() + "x set: option " + k + " rejected");
        return 0;
      }
      say(std::string() + "ok");
    } else if (call == "newVar") {
      int n = 0;
      in >> n;
      if (n > maxvar) maxvar = n;
      if (n > 0) s->reserve(n);
      say(std::string() + "ok");
    } else if (call == "addClause") {
      int l;
      while (in >> l) {
        if (std::abs(l) > maxvar) maxvar = std::abs(l);
        s->add(l);
      }
      s->add(0);
      say(std::string() + "ok");
    } else if (call == "assuming" || call == "solve") {
      assumptions.clear();
      int l;
      while (in >> l) {
        if (std::abs(l) > maxvar) maxvar = std::abs(l);
        assumptions.push_back(l);
        s->assume(l);
      }
      had_assumptions = call == "assuming";
      last = s->solve();
      say(std::string() + (last == 10 ? "s SATISFIABLE" : last == 20 ? "s UNSATISFIABLE" : "s UNKNOWN"));
    } else if (call == "model") {
      if (last != 10) {
        say(std::string() + "m none");
        continue;
      }
      std::string o = "m";
      int n = s->vars();
      for (int v = 1; v <= n && v <= maxvar; v++) {
        int x = s->val(v);
        o += " " + std::to_string(x > 0 ? v : -v);
      }
      say(o + " 0");
    } else if (call == "failed") {
      if (last != 20 || !had_assumptions) {
        say(std::string() + "u none");
        continue;
      }
      std::string o = "u";
      for (int a : assumptions)
        if (s->failed(a)) o += " " + std::to_string(a);
      say(o + " 0");
    } else if (call == "enumerating") {
      // External enumeration: one blocking clause over 1..maxvar per model.
      long count = 0;
      for (;;) {
        int r = s->solve();
        if (r == 20) break;
        if (r != 10 || count >= MAX_ENUM) { count = -1; break; }
        count++;
        if (maxvar == 0) break;
        // Read the whole model first: val is invalid once adding started.
        std::vector<int> block;
        for (int v = 1; v <= maxvar; v++) {
          int x = v <= s->vars() ? s->val(v) : -v;
          block.push_back(x > 0 ? -v : v);
        }
        for (int l : block) s->add(l);
        s->add(0);
      }
      say(std::string() + "n blocking=" + std::to_string(count));
    } else {
      say(std::string() + "x driver: unknown call " + call);
      return 0;
    }
  }
  delete s;
  return 0;
}
