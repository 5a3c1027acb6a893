package satfuzz

import (
	"regexp"
	"strings"
)

// A crash's signature is what identifies its root cause: the exception's
// type (or the panic's message, the signal), and the top frames of its
// stack inside the solver. Never the trace's options or data: one crash
// reached under six fuzzed option sets is one bug. The message of a crash
// finding is "error: TYPE at F1 < F2 < F3" (innermost frame first).

// MaxFrames is how many of the solver's innermost frames a crash signature
// keeps: enough to tell two NullPointerExceptions in different methods
// apart, few enough that callers reaching one fault by different paths
// stay one bug.
const MaxFrames = 3

var (
	// A Java frame, as printStackTrace writes it (the serve driver prefixes
	// its lines with "c ").
	javaFrame = regexp.MustCompile(`^(?:c\s+)?\s*at\s+(?:[\w.]+/)?([\w$.]+)\.([\w$<>]+)\(`)
	// A Go frame's function line in debug.Stack output.
	goFrame = regexp.MustCompile(`^([\w./\-]+?\.(?:\(\*?[\w]+\)\.)?[\w]+(?:\.func\d+)*(?:\[[^\]]*\])?)\(`)
)

// topFrames returns " at F1 < F2 < F3", the innermost MaxFrames frames of
// the stack trace in out that are inside the solver: Java frames outside
// the JDK and the driver, Go frames after the panic outside the runtime,
// up to satfuzz's own adapter. It returns "" when out has no stack trace.
func topFrames(out []byte) string {
	lines := strings.Split(string(out), "\n")
	var frames []string
	if fs := javaFrames(lines); len(fs) > 0 {
		frames = fs
	} else {
		frames = goFrames(lines)
	}
	if len(frames) == 0 {
		return ""
	}
	return " at " + strings.Join(frames, " < ")
}

func javaFrames(lines []string) []string {
	var fs []string
	for _, l := range lines {
		m := javaFrame.FindStringSubmatch(l)
		if m == nil {
			if len(fs) > 0 && strings.Contains(l, "Caused by") {
				break // the first exception's frames only
			}
			continue
		}
		class := m[1]
		if strings.HasPrefix(class, "java.") || strings.HasPrefix(class, "jdk.") || strings.HasPrefix(class, "sun.") || class == "Driver" || strings.HasPrefix(class, "Driver$") {
			if len(fs) > 0 && (class == "Driver" || strings.HasPrefix(class, "Driver$")) {
				break // back in the driver: the solver's part is over
			}
			continue
		}
		fs = append(fs, class[strings.LastIndexByte(class, '.')+1:]+"."+m[2])
		if len(fs) == MaxFrames {
			break
		}
	}
	return fs
}

func goFrames(lines []string) []string {
	var fs []string
	afterPanic := false
	for _, l := range lines {
		if strings.HasPrefix(l, "panic(") {
			afterPanic = true
			continue
		}
		if !afterPanic || strings.HasPrefix(l, "\t") {
			continue
		}
		m := goFrame.FindStringSubmatch(l)
		if m == nil {
			continue
		}
		fn := m[1]
		if strings.HasPrefix(fn, "runtime.") || strings.HasPrefix(fn, "runtime/") {
			continue
		}
		if strings.HasPrefix(fn, "tandem/satfuzz") {
			break // the target's adapter: the solver's part is over
		}
		fs = append(fs, fn[strings.LastIndexByte(fn, '/')+1:])
		if len(fs) == MaxFrames {
			break
		}
	}
	return fs
}

// crashKind keeps what identifies a crash: "signal SIGSEGV" or "exit 134",
// then the kind of its first line of standard error (an exception's type,
// see errorKind).
func crashKind(c string) string {
	head, rest, ok := strings.Cut(c, ": ")
	if !ok {
		return c
	}
	rest = strings.TrimPrefix(rest, `Exception in thread "main" `)
	return head + ": " + errorKind(rest)
}
