// SPDX-License-Identifier: Apache-2.0 OR MIT

package main

// The timing method of make bench-compare, as bench/bench.c and
// bench/compare/rust/timing implement it: warm-up of perPass/4+10 calls per
// case; passes that cycle through all cases, timing perPass single calls
// each (monotonic clock, then rdtsc, the call, rdtsc, monotonic clock); the
// median and quartiles of all calls and the lowest per-pass median.

import (
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"time"
)

type benchCase struct {
	set, op string
	run     func()
}

type stats struct{ median, p25, p75 uint64 }

func summarize(v []uint64) stats {
	slices.Sort(v)
	n := len(v)
	return stats{v[n/2], v[n/4], v[(3*n)/4]}
}

type result struct {
	Set      string `json:"set"`
	Op       string `json:"op"`
	Median   uint64 `json:"ticks_median"`
	P25      uint64 `json:"ticks_p25"`
	P75      uint64 `json:"ticks_p75"`
	BestPass uint64 `json:"ticks_best_pass_median"`
	NsMedian uint64 `json:"ns_median"`
}

type report struct {
	Library    string   `json:"library"`
	Backend    string   `json:"backend"`
	TickUnit   string   `json:"tick_unit"`
	Iterations int      `json:"iterations"`
	Passes     int      `json:"passes"`
	TickHz     float64  `json:"tick_hz"`
	Results    []result `json:"results"`
}

// tickRate is ticks per second against the monotonic clock over 100 ms.
func tickRate() float64 {
	n0 := time.Now()
	t0 := ticks()
	for time.Since(n0) < 100*time.Millisecond {
	}
	t1 := ticks()
	return float64(t1-t0) / time.Since(n0).Seconds()
}

func measure(cases []benchCase, perPass, passes int) []result {
	total := perPass * passes
	tS := make([][]uint64, len(cases))
	nS := make([][]uint64, len(cases))
	best := make([]uint64, len(cases))
	for i, c := range cases {
		tS[i] = make([]uint64, total)
		nS[i] = make([]uint64, total)
		best[i] = ^uint64(0)
		for k := 0; k < perPass/4+10; k++ {
			c.run()
		}
	}
	pass := make([]uint64, perPass)
	for p := 0; p < passes; p++ {
		for i, c := range cases {
			t := tS[i][p*perPass : (p+1)*perPass]
			ns := nS[i][p*perPass : (p+1)*perPass]
			for k := range t {
				n0 := time.Now()
				t0 := ticks()
				c.run()
				t[k] = ticks() - t0
				ns[k] = uint64(time.Since(n0))
			}
			copy(pass, t)
			best[i] = min(best[i], summarize(pass).median)
		}
	}
	res := make([]result, len(cases))
	for i, c := range cases {
		ts, ns := summarize(tS[i]), summarize(nS[i])
		res[i] = result{c.set, c.op, ts.median, ts.p25, ts.p75, best[i], ns.median}
	}
	return res
}

func runCases(library, backend string, iterations, passes int, jsonPath string, cases []benchCase) error {
	if iterations < 1000 || passes < 1 || iterations%passes != 0 || iterations/passes < 50 {
		return fmt.Errorf("at least 1000 iterations, in passes of at least 50 that divide them")
	}
	hz := tickRate()
	res := measure(cases, iterations/passes, passes)
	fmt.Printf("%s, %s: median of %d calls per operation in %d passes (%s; ns)\n",
		library, backend, iterations, passes, tickUnit)
	for _, r := range res {
		fmt.Printf("| %s | %s | %d (%d ns) | quietest pass %d |\n", r.Set, r.Op, r.Median, r.NsMedian, r.BestPass)
	}
	if jsonPath == "" {
		return nil
	}
	out, err := json.MarshalIndent(report{library, backend, tickUnit, iterations, passes, hz, res}, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(jsonPath, append(out, '\n'), 0o644)
}
