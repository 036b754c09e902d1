// SPDX-License-Identifier: Apache-2.0 OR MIT

//go:build !amd64

package main

import "time"

const tickUnit = "ns (no cycle counter)"

var origin = time.Now()

func ticks() uint64 { return uint64(time.Since(origin)) }
