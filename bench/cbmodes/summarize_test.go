package main

import (
	"encoding/json"
	"os"
	"reflect"
	"testing"
	"time"
)

// TestSummarizeMatchesResults: summarize, run again on the committed
// results.json's runs, gives the mode table and union check stored there.
func TestSummarizeMatchesResults(t *testing.T) {
	b, err := os.ReadFile("results.json")
	if err != nil {
		t.Fatal(err)
	}
	var stored report
	if err := json.Unmarshal(b, &stored); err != nil {
		t.Fatal(err)
	}
	timeout, err := time.ParseDuration(stored.Timeout)
	if err != nil {
		t.Fatal(err)
	}
	var ms []string
	for _, s := range stored.Modes {
		ms = append(ms, s.Mode)
	}
	again := report{Runs: stored.Runs}
	summarize(&again, ms, timeout)
	if !reflect.DeepEqual(again.Modes, stored.Modes) || !reflect.DeepEqual(again.Missed, stored.Missed) || len(again.Union) != len(stored.Union) {
		t.Errorf("summarize gives\n%+v\nresults.json has\n%+v", again.Modes, stored.Modes)
	}
}
