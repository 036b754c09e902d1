// SPDX-License-Identifier: Apache-2.0 OR MIT

module mlkem/tests/hpke/go

go 1.26
