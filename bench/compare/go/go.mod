// SPDX-License-Identifier: Apache-2.0 OR MIT
module mlkem-compare/gobench

go 1.24
