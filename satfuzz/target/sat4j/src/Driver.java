// Trace driver of tandem's SAT API fuzzer for Sat4j 2.3.5 (Debian sat4j).
// Reads a satfuzz trace (no call indices) on stdin and prints one answer
// line per call (see satfuzz.ParseResponses):
//   ok | s SATISFIABLE|UNSATISFIABLE|UNKNOWN | m LITS 0 | m none |
//   u LITS 0 | u none | n internal=N external=M | x Exception: message
// Build: javac -cp /usr/share/java/org.sat4j.core.jar Driver.java
// Run with -ea: the thesis found its API bugs with assertions on.
//
// Without arguments the driver runs one trace and exits (after an x line
// too; its stack trace goes to stderr). With the argument "serve" it runs
// trace after trace in one warm JVM: each trace is ended by a line "." on
// stdin and answered up to a line "." on stdout, and starts from fresh
// state (options, clauses, solver, Sat4j's static random generators).
// After an x line the stack trace follows as "c " comment lines and the
// rest of the trace is skipped up to its ".". A VirtualMachineError
// (OutOfMemoryError, StackOverflowError, ...) prints its x line and exits
// with status 3: the JVM is not trusted afterwards. The driver exits when
// stdin ends.
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;

import org.sat4j.core.VecInt;
import org.sat4j.minisat.SolverFactory;
import org.sat4j.minisat.constraints.ClausalDataStructureWL;
import org.sat4j.minisat.core.DataStructureFactory;
import org.sat4j.minisat.core.LearningStrategy;
import org.sat4j.minisat.core.SearchParams;
import org.sat4j.minisat.core.IPhaseSelectionStrategy;
import org.sat4j.minisat.core.LearnedConstraintsEvaluationType;
import org.sat4j.minisat.core.RestartStrategy;
import org.sat4j.minisat.core.SimplificationType;
import org.sat4j.minisat.core.Solver;
import org.sat4j.minisat.learning.ActiveLearning;
import org.sat4j.minisat.learning.FixedLengthLearning;
import org.sat4j.minisat.learning.PercentLengthLearning;
import org.sat4j.minisat.orders.PureOrder;
import org.sat4j.minisat.orders.RandomLiteralSelectionStrategy;
import org.sat4j.minisat.orders.RandomWalkDecorator;
import org.sat4j.minisat.orders.TabuListDecorator;
import org.sat4j.minisat.orders.VarOrderHeap;
import org.sat4j.minisat.restarts.FixedPeriodRestarts;
import org.sat4j.minisat.restarts.LubyRestarts;
import org.sat4j.opt.MinOneDecorator;
import org.sat4j.specs.ContradictionException;
import org.sat4j.specs.ISolver;
import org.sat4j.specs.IVecInt;
import org.sat4j.specs.TimeoutException;
import org.sat4j.tools.ClausalCardinalitiesDecorator;
import org.sat4j.tools.Minimal4CardinalityModel;
import org.sat4j.tools.Minimal4InclusionModel;
import org.sat4j.tools.ModelIterator;
import org.sat4j.tools.OptToSatAdapter;
import org.sat4j.tools.SearchEnumeratorListener;
import org.sat4j.tools.SolutionFoundListener;

public class Driver {
  static PrintStream out;
  static List<String[]> options = new ArrayList<>();
  static List<int[]> clauses = new ArrayList<>();
  static int maxVar = 0, declared = 0;

  static void say(String s) {
    out.println(s);
    out.flush();
  }

  // configure builds a solver from the option lines. "solver" picks a
  // predefined solver of SolverFactory; the other options configure it when
  // it is a plain Solver, in a fixed order whatever the order of the lines
  // (the last line of an option wins): data structure, search parameters,
  // order (with its period or tabu size), phase selection, random walk,
  // variable decay, learning strategy (after the order: ActiveLearning reads
  // it), restarts (FixedPeriodRestarts gets restartPeriod, default 100: its
  // constructor leaves the period at 0, which restarts before every decision
  // and never ends; LubyRestarts gets lubyFactor), simplification,
  // learned-constraint deletion, DB simplification, keeping the solver hot;
  // then "decorator" wraps whatever solver that is. Before the fixed order
  // the lines were applied as they came, in the option model's order, which
  // touched the order, phase, random walk and decay in this same sequence:
  // older traces replay the same.
  static ISolver configure() throws Exception {
    java.util.Map<String, String> o = new java.util.HashMap<>();
    ISolver s = SolverFactory.newDefault();
    for (String[] kv : options) {
      if (kv[0].equals("solver")) s = SolverFactory.instance().createSolverByName(kv[1]);
      else o.put(kv[0], kv[1]);
    }
    if (s instanceof Solver) configureSolver((Solver) s, o);
    String d = o.get("decorator");
    if (("MinOne".equals(d) || "Minimal4CardinalityModel".equals(d)) && s instanceof Solver
        && ((Solver<?>) s).getDSFactory() instanceof ClausalDataStructureWL) {
      // Both decorators add cardinality constraints, which the clause-only
      // data structure rejects (UnsupportedOperationException by design):
      // encode them as clauses, a configuration Sat4j supports.
      s = new ClausalCardinalitiesDecorator<ISolver>(s);
    }
    if (d != null) {
      switch (d) {
        case "none":
          break;
        case "MinOne":
          s = new OptToSatAdapter(new MinOneDecorator(s));
          break;
        case "Minimal4CardinalityModel":
          s = new Minimal4CardinalityModel(s);
          break;
        case "Minimal4InclusionModel":
          s = new Minimal4InclusionModel(s);
          break;
        case "ClausalCardinalitiesDecorator":
          s = new ClausalCardinalitiesDecorator<ISolver>(s);
          break;
        default:
          throw new IllegalArgumentException("unknown decorator " + d);
      }
    }
    return s;
  }

  static int intOpt(java.util.Map<String, String> o, String k, int def) {
    String v = o.get(k);
    return v == null ? def : Integer.parseInt(v);
  }

  @SuppressWarnings({"rawtypes", "unchecked"})
  static void configureSolver(Solver sv, java.util.Map<String, String> o) throws Exception {
    for (String k : o.keySet()) {
      if (!KNOWN.contains(k)) throw new IllegalArgumentException("unknown option " + k);
    }
    String v;
    if ((v = o.get("dataStructure")) != null) {
      sv.setDataStructureFactory((DataStructureFactory) Class.forName("org.sat4j.minisat.constraints." + v).getDeclaredConstructor().newInstance());
    }
    SearchParams sp = sv.getSearchParams();
    if ((v = o.get("claDecay")) != null) sp.setClaDecay(Double.parseDouble(v));
    if ((v = o.get("initConflictBound")) != null) sp.setInitConflictBound(Integer.parseInt(v));
    if ((v = o.get("conflictBoundIncFactor")) != null) sp.setConflictBoundIncFactor(Double.parseDouble(v));
    IPhaseSelectionStrategy phase = null;
    if ((v = o.get("phase")) != null) {
      phase = (IPhaseSelectionStrategy) Class.forName("org.sat4j.minisat.orders." + v).getDeclaredConstructor().newInstance();
    }
    if ((v = o.get("order")) != null) {
      IPhaseSelectionStrategy keep = phase != null ? phase : sv.getOrder().getPhaseSelectionStrategy();
      VarOrderHeap h = v.equals("PureOrder") ? new PureOrder(intOpt(o, "purePeriod", 20)) : new VarOrderHeap();
      h.setPhaseSelectionStrategy(keep);
      sv.setOrder(v.equals("TabuListDecorator") ? new TabuListDecorator(h, intOpt(o, "tabuSize", 10)) : h);
    }
    if (phase != null) sv.getOrder().setPhaseSelectionStrategy(phase);
    if ((v = o.get("randomWalk")) != null && sv.getOrder() instanceof VarOrderHeap) {
      sv.setOrder(new RandomWalkDecorator((VarOrderHeap) sv.getOrder(), Double.parseDouble(v)));
    }
    if ((v = o.get("varDecay")) != null) sv.getOrder().setVarDecay(Double.parseDouble(v));
    if ((v = o.get("learning")) != null) {
      int limit = intOpt(o, "learningLimit", -1);
      LearningStrategy l;
      switch (v) {
        case "FixedLengthLearning":
          l = limit < 0 ? new FixedLengthLearning() : new FixedLengthLearning(limit);
          break;
        case "PercentLengthLearning":
          l = limit < 0 ? new PercentLengthLearning() : new PercentLengthLearning(limit);
          break;
        case "ActiveLearning":
          l = limit < 0 ? new ActiveLearning() : new ActiveLearning(limit / 100.0);
          break;
        default:
          l = (LearningStrategy) Class.forName("org.sat4j.minisat.learning." + v).getDeclaredConstructor().newInstance();
      }
      sv.setLearningStrategy(l);
    }
    if ((v = o.get("restarts")) != null) {
      sv.setRestartStrategy((RestartStrategy) Class.forName("org.sat4j.minisat.restarts." + v).getDeclaredConstructor().newInstance());
    }
    if (sv.getRestartStrategy() instanceof FixedPeriodRestarts) {
      ((FixedPeriodRestarts) sv.getRestartStrategy()).setPeriod(intOpt(o, "restartPeriod", 100));
    }
    if ((v = o.get("lubyFactor")) != null && sv.getRestartStrategy() instanceof LubyRestarts) {
      ((LubyRestarts) sv.getRestartStrategy()).setFactor(Integer.parseInt(v));
    }
    if ((v = o.get("simplification")) != null) {
      // EXPENSIVE_SIMPLIFICATION_WLONLY is not in the enum, only a field.
      if (v.equals("EXPENSIVE_SIMPLIFICATION_WLONLY")) sv.setSimplifier(sv.EXPENSIVE_SIMPLIFICATION_WLONLY);
      else sv.setSimplifier(SimplificationType.valueOf(v));
    }
    if ((v = o.get("learnedConstraintsEvaluation")) != null) {
      sv.setLearnedConstraintsDeletionStrategy(LearnedConstraintsEvaluationType.valueOf(v));
    }
    if ((v = o.get("deletion")) != null) {
      switch (v) {
        case "memory_based":
          sv.setLearnedConstraintsDeletionStrategy(sv.memory_based);
          break;
        case "glucose":
          sv.setLearnedConstraintsDeletionStrategy(sv.glucose);
          break;
        case "fixedSize":
          sv.setLearnedConstraintsDeletionStrategy(sv.fixedSize(intOpt(o, "deletionSize", 1000)));
          break;
        default:
          throw new IllegalArgumentException("unknown deletion " + v);
      }
    }
    if ((v = o.get("dbSimplification")) != null) sv.setDBSimplificationAllowed(v.equals("true"));
    if ((v = o.get("keepSolverHot")) != null) sv.setKeepSolverHot(v.equals("true"));
  }

  // KNOWN are the options configureSolver reads.
  static final Set<String> KNOWN = new HashSet<>(java.util.Arrays.asList(
      "dataStructure", "claDecay", "initConflictBound", "conflictBoundIncFactor", "phase", "order",
      "purePeriod", "tabuSize", "randomWalk", "varDecay", "learning", "learningLimit", "restarts",
      "restartPeriod", "lubyFactor", "simplification", "learnedConstraintsEvaluation", "deletion",
      "deletionSize", "dbSimplification", "keepSolverHot", "decorator"));

  static String lits(String tag, int[] l) {
    StringBuilder b = new StringBuilder(tag);
    for (int x : l) b.append(' ').append(x);
    return b.append(" 0").toString();
  }

  // Trace is the state of one trace's run: the solver (built by the first
  // call after the options), the last solve's answer and its assumptions.
  static final class Trace {
    ISolver s;
    int last;
    boolean trivial, hadAssumptions;
    int[] assumptions = new int[0];
  }

  // The seed of Sat4j's static random generators (their class initializers').
  static final long SAT4J_SEED = 123456789L;
  static Random[] sat4jRandoms;

  // reset gives the next trace the state a fresh JVM would: no options or
  // clauses, and Sat4j's static random generators (random phase selection,
  // random walk) back at their initial seed.
  static Trace reset() throws Exception {
    options = new ArrayList<>();
    clauses = new ArrayList<>();
    maxVar = 0;
    declared = 0;
    if (sat4jRandoms == null) {
      Field f = RandomWalkDecorator.class.getDeclaredField("RAND");
      f.setAccessible(true);
      sat4jRandoms = new Random[] {RandomLiteralSelectionStrategy.RAND, (Random) f.get(null)};
    }
    for (Random r : sat4jRandoms) r.setSeed(SAT4J_SEED);
    return new Trace();
  }

  public static void main(String[] args) throws Exception {
    out = new PrintStream(new java.io.FileOutputStream(java.io.FileDescriptor.out), false);
    System.setOut(System.err); // anything Sat4j prints goes to stderr
    BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
    if (args.length == 1 && args[0].equals("serve")) {
      serve(in);
      return;
    }
    if (args.length != 0) {
      System.err.println("usage: Driver [serve]");
      System.exit(2);
    }
    Trace tr = new Trace();
    String line;
    while ((line = in.readLine()) != null) {
      try {
        if (!call(tr, line)) return;
      } catch (Throwable e) {
        say(xLine(e));
        e.printStackTrace();
        return;
      }
    }
  }

  // serve runs the traces of in, each ended by a line ".", until in ends.
  static void serve(BufferedReader in) throws Exception {
    Trace tr = reset();
    boolean skipping = false; // after an x line, up to the trace's "."
    String line;
    while ((line = in.readLine()) != null) {
      if (line.equals(".")) {
        say(".");
        tr = reset();
        skipping = false;
        continue;
      }
      if (skipping) continue;
      try {
        try {
          if (!call(tr, line)) skipping = true;
        } catch (VirtualMachineError e) {
          throw e;
        } catch (Throwable e) {
          say(xLine(e));
          StringWriter w = new StringWriter();
          e.printStackTrace(new PrintWriter(w));
          StringBuilder b = new StringBuilder();
          for (String l : w.toString().split("\\r?\\n")) b.append("c ").append(l).append('\n');
          out.print(b);
          out.flush();
          skipping = true;
        }
      } catch (VirtualMachineError e) {
        tr = null; // let the collector have the trace's solver before printing
        try {
          say(xLine(e));
        } finally {
          System.exit(3);
        }
      }
    }
  }

  static String xLine(Throwable e) {
    String m = e.getMessage();
    return "x " + e.getClass().getName() + (m == null ? "" : ": " + m.replace('\n', ' ').replace('\r', ' '));
  }

  // call runs one line of a trace and prints its answer; false: it printed
  // an x line of its own and the trace ends.
  static boolean call(Trace tr, String line) throws Exception {
    String[] t = line.split(" ");
    String call = t[0];
    switch (call) {
      case "init":
        say("ok");
        return true;
      case "option": {
        String[] kv = t[1].split("=", 2);
        options.add(kv);
        say("ok");
        return true;
      }
    }
    if (tr.s == null) tr.s = configure();
    ISolver s = tr.s;
    switch (call) {
      case "newVar":
        declared = Math.max(declared, Integer.parseInt(t[1]));
        maxVar = Math.max(maxVar, declared);
        s.newVar(Integer.parseInt(t[1]));
        say("ok");
        break;
      case "addClause": {
        int[] c = new int[t.length - 1];
        for (int i = 1; i < t.length; i++) {
          c[i - 1] = Integer.parseInt(t[i]);
          maxVar = Math.max(maxVar, Math.abs(c[i - 1]));
        }
        clauses.add(c);
        try {
          s.addClause(new VecInt(c));
        } catch (ContradictionException e) {
          tr.trivial = true; // the clauses are unsatisfiable: Sat4j says so at once
        }
        say("ok");
        break;
      }
      case "solve":
      case "assuming": {
        tr.assumptions = new int[t.length - 1];
        for (int i = 1; i < t.length; i++) tr.assumptions[i - 1] = Integer.parseInt(t[i]);
        tr.hadAssumptions = call.equals("assuming");
        if (tr.trivial) tr.last = 20;
        else {
          try {
            tr.last = s.isSatisfiable(new VecInt(tr.assumptions)) ? 10 : 20;
          } catch (TimeoutException e) {
            tr.last = 0;
          }
        }
        say(tr.last == 10 ? "s SATISFIABLE" : tr.last == 20 ? "s UNSATISFIABLE" : "s UNKNOWN");
        break;
      }
      case "model":
        say(tr.last == 10 ? lits("m", s.model()) : "m none");
        break;
      case "failed": {
        if (tr.last != 20 || !tr.hadAssumptions) say("u none");
        else if (tr.trivial) say("u 0");
        else {
          IVecInt e = s.unsatExplanation();
          say(e == null ? "u none" : lits("u", e.toArray()));
        }
        break;
      }
      case "enumerating":
        say("n " + enumerate(s, tr.trivial));
        break;
      default:
        say("x driver: unknown call " + call);
        return false;
    }
    return true;
  }

  // enumerate counts the models over 1..maxVar with the internal enumerator
  // (SearchEnumeratorListener on an identically configured solver) and the
  // external one (ModelIterator on the trace's solver), as the thesis does.
  // The internal count covers the used variables and the external one
  // nVars: both are scaled to 1..maxVar. -1: not applicable.
  static String enumerate(ISolver s, boolean trivial) throws Exception {
    if (trivial) return "internal=0 external=0";
    Set<Integer> used = new HashSet<>();
    for (int[] c : clauses) for (int l : c) used.add(Math.abs(l));
    long internal = -1;
    ISolver s2 = configure();
    if (declared > 0) s2.newVar(declared);
    boolean trivial2 = false;
    for (int[] c : clauses) {
      try {
        s2.addClause(new VecInt(c));
      } catch (ContradictionException e) {
        trivial2 = true;
      }
    }
    if (trivial2) internal = 0;
    else if (s2 instanceof Solver && !clauses.isEmpty() && maxVar - used.size() < 40) {
      SearchEnumeratorListener l = new SearchEnumeratorListener(SolutionFoundListener.VOID);
      ((Solver<?>) s2).setSearchListener(l);
      s2.isSatisfiable();
      internal = ((long) l.getNumberOfSolutionFound()) << (maxVar - used.size());
    }
    ModelIterator mi = new ModelIterator(s);
    int width = -1; // the variables a model covers: ModelIterator blocks over them
    while (mi.isSatisfiable()) {
      int[] m = mi.model();
      if (width < 0) width = m.length;
      if (mi.numberOfModelsFoundSoFar() > (1 << 16)) return "internal=" + internal + " external=-1";
    }
    long external = mi.numberOfModelsFoundSoFar();
    if (width >= 0 && width < maxVar) external <<= (maxVar - width);
    return "internal=" + internal + " external=" + external;
  }
}
