#!/bin/sh
# Commands behind the numbers in docs/bandit.md (scaled down: 2 shared cores).
set -e
T=${TANDEM:-go run ./cmd/tandem}
# Performance mode, QF_FP Float64 (the paper's sort), target z3, refs cvc5 and cvc4.
$T bandit perf --target z3 --ref cvc5 --ref cvc4 --theory fp --timeout 2s --budget 60s --runs 3 --seed 1 --out bench/bandit/perf-fp
# Performance mode, QF_FP Float32.
$T bandit perf --target z3 --ref cvc5 --ref cvc4 --theory fp --fp-format 8,24 --timeout 2s --budget 60s --runs 3 --seed 1 --out bench/bandit/perf-fp32
# Performance mode, QF_SLIA, target z3.
$T bandit perf --target z3 --ref cvc5 --ref cvc4 --theory str --timeout 2s --budget 60s --runs 3 --seed 1 --out bench/bandit/perf-str
# Performance mode, QF_SLIA, all four fuzzers at 180 s per run.
$T bandit perf --target z3 --ref cvc5 --ref "cvc4 --strings-exp" --theory str --timeout 2s --budget 180s --runs 3 --seed 11 --jobs 2 > bench/bandit/perf-str-180s-all.txt
# Performance mode, QF_FP Float16 at 5 s, all four fuzzers, 4 min × 5 runs (cvc5 needs --fp-exp for FP16).
$T bandit perf --target z3 --ref "cvc5 --fp-exp" --ref cvc4 --theory fp --fp-format 5,11 --timeout 5s --budget 4m --runs 5 --seed 21 --jobs 2 --out bench/bandit/perf-fp16 > bench/bandit/perf-fp16.txt
# Performance mode, 8-bit floats (4,8) at 5 s, target z3.
$T bandit perf --target z3 --ref "cvc5 --fp-exp" --ref cvc4 --theory fp --fp-format 4,8 --timeout 5s --budget 4m --runs 5 --seed 51 --jobs 2 --out bench/bandit/perf-fp8 > bench/bandit/perf-fp8.txt
# Performance mode, FP16 at 5 s with cvc5 as the target (graded margins; not the target).
$T bandit perf --target "cvc5 --fp-exp" --ref z3 --theory fp --fp-format 5,11 --timeout 5s --budget 4m --runs 5 --seed 41 --jobs 2 --out bench/bandit/perf-fp16-cvc5 > bench/bandit/perf-fp16-cvc5.txt
# Performance mode, QF_SLIA at 5 s, all four fuzzers, 4 min × 5 runs.
$T bandit perf --target z3 --ref cvc5 --ref "cvc4 --strings-exp" --theory str --timeout 5s --budget 4m --runs 5 --seed 31 --jobs 2 --out bench/bandit/perf-str-5s > bench/bandit/perf-str-5s.txt
# Bug mode.
$T bandit bug --solver z3 --solver cvc5 --solver cvc4 --theory fp --fp-format 8,24 --timeout 2s --queries 200 --seed 1 --out bench/bandit/bug-fp32
$T bandit bug --solver z3 --solver cvc5 --solver "cvc4 --strings-exp" --theory str --timeout 2s --queries 300 --seed 2 --out bench/bandit/bug-str
# Re-measurement of 2026-11-26 (issue 26 §2): confirmed, CPU-timed margins, and the effort
# measure for z3 against its own old arithmetic solver; bin/tandem is go build -o bin/tandem ./cmd/tandem.
bin/tandem bandit perf --target 'z3 smt.arith.solver=2' --ref z3 --theory lia --measure effort --effort-limit 5000000 --timeout 10s --wall 60s --max-queries 250 --runs 5 --seed 7 -j 2 -q --out bench/bandit/effort-lia > bench/bandit/effort-lia.txt || [ $? -eq 10 ]
bin/tandem bandit perf --target z3 --ref cvc5 --theory str --timeout 2s --wall 30s --max-queries 120 --runs 3 --seed 1 -j 2 -q --out bench/bandit/cpu-str > bench/bandit/cpu-str.txt || [ $? -eq 10 ]
bin/tandem bandit perf --target z3 --ref cvc5 --theory fp --fp-format 8,24 --timeout 2s --wall 30s --max-queries 40 --runs 2 --seed 1 -j 2 -q --out bench/bandit/cpu-fp32 > bench/bandit/cpu-fp32.txt || [ $? -eq 10 ]
# (The commands above this block are from before the campaign harness: perf and bug
# now need a fresh --out directory, use --run-budget for --budget and -j for --jobs.)
# Simulated bandit (Thompson, ε-greedy, UCB1).
go test -run TestSimulatedBandit -v ./bandit/
