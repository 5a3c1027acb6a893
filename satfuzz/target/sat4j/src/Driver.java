// Trace driver of tandem's SAT API fuzzer for Sat4j 2.3.5 (Debian sat4j).
// Reads a satfuzz trace (no call indices) on stdin and prints one answer
// line per call (see satfuzz.ParseResponses):
//   ok | s SATISFIABLE|UNSATISFIABLE|UNKNOWN | m LITS 0 | m none |
//   u LITS 0 | u none | n internal=N external=M | x Exception: message
// Build: javac -cp /usr/share/java/org.sat4j.core.jar Driver.java
// Run with -ea: the thesis found its API bugs with assertions on.
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.sat4j.core.VecInt;
import org.sat4j.minisat.SolverFactory;
import org.sat4j.minisat.core.IOrder;
import org.sat4j.minisat.core.IPhaseSelectionStrategy;
import org.sat4j.minisat.core.LearnedConstraintsEvaluationType;
import org.sat4j.minisat.core.RestartStrategy;
import org.sat4j.minisat.core.SimplificationType;
import org.sat4j.minisat.core.Solver;
import org.sat4j.minisat.orders.RandomWalkDecorator;
import org.sat4j.minisat.orders.VarOrderHeap;
import org.sat4j.specs.ContradictionException;
import org.sat4j.specs.ISolver;
import org.sat4j.specs.IVecInt;
import org.sat4j.specs.TimeoutException;
import org.sat4j.tools.ModelIterator;
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

  // configure builds a solver from the option lines, in order.
  static ISolver configure() throws Exception {
    ISolver s = SolverFactory.newDefault();
    for (String[] kv : options) {
      String k = kv[0], v = kv[1];
      if (k.equals("solver")) {
        s = SolverFactory.instance().createSolverByName(v);
        continue;
      }
      if (!(s instanceof Solver)) continue; // a predefined wrapper: options do not apply
      Solver<?> sv = (Solver<?>) s;
      switch (k) {
        case "restarts":
          sv.setRestartStrategy((RestartStrategy) Class.forName("org.sat4j.minisat.restarts." + v).getDeclaredConstructor().newInstance());
          break;
        case "phase":
          sv.getOrder().setPhaseSelectionStrategy((IPhaseSelectionStrategy) Class.forName("org.sat4j.minisat.orders." + v).getDeclaredConstructor().newInstance());
          break;
        case "simplification":
          sv.setSimplifier(SimplificationType.valueOf(v));
          break;
        case "learnedConstraintsEvaluation":
          sv.setLearnedConstraintsDeletionStrategy(LearnedConstraintsEvaluationType.valueOf(v));
          break;
        case "dbSimplification":
          sv.setDBSimplificationAllowed(v.equals("true"));
          break;
        case "randomWalk": {
          IOrder o = sv.getOrder();
          if (o instanceof VarOrderHeap) sv.setOrder(new RandomWalkDecorator((VarOrderHeap) o, Double.parseDouble(v)));
          break;
        }
        case "varDecay":
          sv.getOrder().setVarDecay(Double.parseDouble(v));
          break;
        default:
          throw new IllegalArgumentException("unknown option " + k);
      }
    }
    return s;
  }

  static String lits(String tag, int[] l) {
    StringBuilder b = new StringBuilder(tag);
    for (int x : l) b.append(' ').append(x);
    return b.append(" 0").toString();
  }

  public static void main(String[] args) throws Exception {
    out = new PrintStream(new java.io.FileOutputStream(java.io.FileDescriptor.out), false);
    System.setOut(System.err); // anything Sat4j prints goes to stderr
    BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
    ISolver s = null;
    String line;
    int last = 0;
    boolean trivial = false, hadAssumptions = false;
    int[] assumptions = new int[0];
    while ((line = in.readLine()) != null) {
      String[] t = line.split(" ");
      String call = t[0];
      try {
        switch (call) {
          case "init":
            say("ok");
            break;
          case "option": {
            String[] kv = t[1].split("=", 2);
            options.add(kv);
            say("ok");
            break;
          }
          default:
            if (s == null) s = configure();
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
                  trivial = true; // the clauses are unsatisfiable: Sat4j says so at once
                }
                say("ok");
                break;
              }
              case "solve":
              case "assuming": {
                assumptions = new int[t.length - 1];
                for (int i = 1; i < t.length; i++) assumptions[i - 1] = Integer.parseInt(t[i]);
                hadAssumptions = call.equals("assuming");
                if (trivial) last = 20;
                else {
                  try {
                    last = s.isSatisfiable(new VecInt(assumptions)) ? 10 : 20;
                  } catch (TimeoutException e) {
                    last = 0;
                  }
                }
                say(last == 10 ? "s SATISFIABLE" : last == 20 ? "s UNSATISFIABLE" : "s UNKNOWN");
                break;
              }
              case "model":
                say(last == 10 ? lits("m", s.model()) : "m none");
                break;
              case "failed": {
                if (last != 20 || !hadAssumptions) say("u none");
                else if (trivial) say("u 0");
                else {
                  IVecInt e = s.unsatExplanation();
                  say(e == null ? "u none" : lits("u", e.toArray()));
                }
                break;
              }
              case "enumerating":
                say("n " + enumerate(s, trivial));
                break;
              default:
                say("x driver: unknown call " + call);
                return;
            }
        }
      } catch (Throwable e) {
        String m = e.getMessage();
        say("x " + e.getClass().getName() + (m == null ? "" : ": " + m.replace('\n', ' ')));
        e.printStackTrace();
        return;
      }
    }
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
