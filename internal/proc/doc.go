// Package proc starts tandem's child processes (solvers, closed boxes, warm
// JVM drivers) so that none outlives tandem and none escapes its limits.
//
// Every process is started by [Start] (or [StartPiped] for a conversation
// over pipes) and gets:
//
//   - its own process group, so a kill reaches the children that stay in it;
//
//   - PR_SET_PDEATHSIG SIGKILL, so it dies with tandem even after kill -9.
//     The signal fires when the thread that forked the child exits, so every
//     fork happens on one OS thread that is locked for the life of tandem;
//
//   - one of two isolation modes, chosen once per tandem process
//     ([Isolation]):
//
//     cgroup: a cgroup v2 of its own (created with CLONE_INTO_CGROUP, so
//     there is no moment outside it), killed as a whole with cgroup.kill,
//     with CPU accounted for the whole tree from cpu.stat and memory.max set
//     when the memory controller is delegated. A child that calls setsid
//     stays in the cgroup.
//
//     pgroup (the fallback, where cgroup v2 is absent or not writable, or
//     TANDEM_ISOLATION=pgroup): the process group is killed, and tandem makes
//     itself a child subreaper, so descendants that left the group (setsid)
//     are reparented to tandem when their parent dies; they are recognized
//     by an environment variable every started process carries
//     (TANDEM_PROC=owner/seq), killed and reaped, and their CPU is added to
//     their process's usage. A descendant that clears its environment is
//     not found in this mode.
//
//   - RLIMIT_CPU and RLIMIT_AS per process, plus limits on the whole tree
//     (CPU time and resident memory), checked by [Proc.CheckTree], which a
//     caller polls while it waits.
//
// A guardian process (tandem itself, re-executed with TANDEM_PROC_GUARDIAN
// set; see [init]) is started with the first child. It only waits for its
// standard input to reach end of file, which happens when tandem exits in
// any way, kill -9 included, and then kills everything tandem left: the
// whole cgroup subtree, or every process carrying tandem's TANDEM_PROC tag.
package proc
