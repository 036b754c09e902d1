// SPDX-License-Identifier: Apache-2.0 OR MIT

module mlkem.test/tlspeer

go 1.26
