// SPDX-License-Identifier: Apache-2.0 OR MIT

package main

// rdtsc reads the time-stamp counter (rdtsc_amd64.s), the clock of every
// harness of make bench-compare on x86-64.
func rdtsc() uint64

const tickUnit = "rdtsc ticks"

func ticks() uint64 { return rdtsc() }
